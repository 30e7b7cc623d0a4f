/**
 * Uploaded bytes in a data directory: one file per attachment, `blobs/<id>`. A new upload is
 * held in memory until the next commit writes it (and flushes it to disk) before the journal
 * names it, so a journal never names bytes that are not there; afterwards it is read from its
 * file when downloaded.
 */
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { BlobStore } from '../attachments/blobs.js';
import { replaceFile, syncDir } from './files.js';

export class FileBlobStore implements BlobStore {
  readonly #dir: string;
  /** Uploads not written yet. */
  readonly #pending = new Map<string, Buffer>();
  #count = 0;
  #bytes = 0;

  /** `dir` must exist; the files already in it are counted. */
  constructor(dir: string) {
    this.#dir = dir;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      this.#count++;
      this.#bytes += statSync(join(dir, name)).size;
    }
  }

  put(id: string, bytes: Buffer): void {
    this.#pending.set(id, bytes);
    this.#count++;
    this.#bytes += bytes.length;
  }

  get(id: string): Buffer | undefined {
    const pending = this.#pending.get(id);
    if (pending) return pending;
    try {
      return readFileSync(join(this.#dir, id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  stats(): { count: number; bytes: number } {
    return { count: this.#count, bytes: this.#bytes };
  }

  /** Writes the uploads held in memory, each whole and on disk before this resolves. */
  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const written = [...this.#pending];
    for (const [id, bytes] of written) {
      await replaceFile(join(this.#dir, id), bytes, { syncDir: false });
    }
    // One folder flush puts every rename above on disk.
    await syncDir(this.#dir);
    for (const [id] of written) this.#pending.delete(id);
  }

  /** The folder of the files. */
  get path(): string {
    return this.#dir;
  }

  /**
   * Sorts out the files no attachment refers to, at start-up: temporary files a crash left (never
   * whole, never named) are removed; uploads no record names (bytes written by a commit that a
   * crash stopped before its journal record, or named by records a user cut off) are kept unless
   * `prune`, but no longer counted. Returns how many uploads no record names.
   */
  sortOut(isReferenced: (id: string) => boolean, prune: boolean): number {
    let stray = 0;
    for (const name of readdirSync(this.#dir)) {
      const path = join(this.#dir, name);
      if (name.startsWith('.')) {
        unlinkSync(path);
        continue;
      }
      if (isReferenced(name)) continue;
      stray++;
      this.#count--;
      this.#bytes -= statSync(path).size;
      if (prune) unlinkSync(path);
    }
    return stray;
  }
}
