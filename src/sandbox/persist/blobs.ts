/**
 * Uploaded bytes in a data directory: one file per attachment, `blobs/<id>`. An upload is written
 * to a temporary file in the folder as it arrives (never held in memory); the next commit
 * flushes it to disk and renames it to its id before the journal names it, so a journal never
 * names bytes that are not there. Afterwards it is read from its file when downloaded.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore, BlobWriter } from '../attachments/blobs.js';
import { FILE_MODE, syncDir } from './files.js';

/** An upload kept under its id, whose file is not yet flushed and renamed. */
interface Pending {
  readonly temporary: string;
  readonly handle: Promise<FileHandle>;
}

export class FileBlobStore implements BlobStore {
  readonly #dir: string;
  /** Uploads kept, not yet flushed, by id. */
  readonly #pending = new Map<string, Pending>();
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

  /** The folder of the files. */
  get path(): string {
    return this.#dir;
  }

  receive(): BlobWriter {
    // A dot name: start-up removes what a crash left of it, and never takes it for an upload.
    const temporary = join(this.#dir, `.upload-${randomBytes(8).toString('hex')}.tmp`);
    const opening = open(temporary, 'wx', FILE_MODE);
    // Its failure reaches the first write (or the flush); it must not count as unhandled meanwhile.
    opening.catch(() => {});
    let size = 0;
    return {
      write: async (bytes) => {
        const file = await opening;
        for (let written = 0; written < bytes.length; ) {
          written += (await file.write(bytes, written)).bytesWritten;
        }
        size += bytes.length;
      },
      keep: (id) => {
        this.#pending.set(id, { temporary, handle: opening });
        this.#count++;
        this.#bytes += size;
      },
      discard: async () => {
        const file = await opening.catch(() => undefined);
        if (!file) return;
        await file.close();
        await unlink(temporary);
      },
    };
  }

  get(id: string): Buffer | undefined {
    const pending = this.#pending.get(id);
    // A flush may have renamed it since it was found pending: then it is under its id.
    return (pending && readIfThere(pending.temporary)) ?? readIfThere(join(this.#dir, id));
  }

  stats(): { count: number; bytes: number } {
    return { count: this.#count, bytes: this.#bytes };
  }

  /** Puts the uploads kept since the last flush on disk under their ids, each whole, before this resolves. */
  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const kept = [...this.#pending];
    for (const [id, { temporary, handle }] of kept) {
      const file = await handle;
      await file.sync();
      await file.close();
      await rename(temporary, join(this.#dir, id));
      this.#pending.delete(id);
    }
    // One folder flush puts every rename above on disk.
    await syncDir(this.#dir);
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

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
