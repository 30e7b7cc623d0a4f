/**
 * Uploaded bytes, by attachment id. Every write goes through `put`, so another
 * store (files in a data directory) can take this one's place.
 */
export interface BlobStore {
  /** Keeps the bytes of a new attachment. */
  put(id: string, bytes: Buffer): void;
  /** The bytes of an attachment, or undefined when none were stored under its id. */
  get(id: string): Buffer | undefined;
  /** Attachments stored and their bytes in total. */
  stats(): { count: number; bytes: number };
}

/** Blobs in memory, for the life of the sandbox. */
export class MemoryBlobStore implements BlobStore {
  readonly #blobs = new Map<string, Buffer>();
  #bytes = 0;

  put(id: string, bytes: Buffer): void {
    this.#bytes += bytes.length - (this.#blobs.get(id)?.length ?? 0);
    this.#blobs.set(id, bytes);
  }

  get(id: string): Buffer | undefined {
    return this.#blobs.get(id);
  }

  stats(): { count: number; bytes: number } {
    return { count: this.#blobs.size, bytes: this.#bytes };
  }
}
