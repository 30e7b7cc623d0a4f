/**
 * Uploaded bytes, by attachment id. Every write goes through `receive`, so another
 * store (files in a data directory) can take this one's place.
 */
export interface BlobStore {
  /** Starts taking the bytes of one upload as they arrive, before it has an id. */
  receive(): BlobWriter;
  /** The bytes of an attachment, or undefined when none were stored under its id. */
  get(id: string): Buffer | undefined;
  /** Attachments stored and their bytes in total. */
  stats(): { count: number; bytes: number };
}

/** The bytes of one upload on their way in. */
export interface BlobWriter {
  /** Takes the next bytes; resolves when they may be reused. */
  write(bytes: Buffer): Promise<void>;
  /** Keeps what was written as the bytes of attachment `id`. */
  keep(id: string): void;
  /** Drops what was written (a refused upload). */
  discard(): Promise<void>;
}

/** Blobs in memory, for the life of the sandbox. */
export class MemoryBlobStore implements BlobStore {
  readonly #blobs = new Map<string, Buffer>();
  #bytes = 0;

  receive(): BlobWriter {
    const chunks: Buffer[] = [];
    return {
      write: async (bytes) => {
        chunks.push(bytes);
      },
      keep: (id) => {
        const bytes = Buffer.concat(chunks);
        this.#bytes += bytes.length - (this.#blobs.get(id)?.length ?? 0);
        this.#blobs.set(id, bytes);
      },
      discard: async () => {
        chunks.length = 0;
      },
    };
  }

  get(id: string): Buffer | undefined {
    return this.#blobs.get(id);
  }

  stats(): { count: number; bytes: number } {
    return { count: this.#blobs.size, bytes: this.#bytes };
  }
}
