/**
 * A download's chunks written to a file as they arrive, with blocking writes on the calling
 * thread. An export writes hundreds of files some 64 KB at a time: an asynchronous write is a
 * round trip through libuv's thread pool (a thread woken, the main thread descheduled on a busy
 * machine), which costs more than the write itself, a copy into the page cache; and a stream
 * pipeline adds an AbortController and its DOMException per file. curl writes this way too.
 * Only the open, which may wait on the file system's journal to create the file, goes through
 * the pool.
 */
import { closeSync, constants, open, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { FILE_MODE } from './file-modes.js';

const { O_WRONLY, O_CREAT, O_TRUNC, O_APPEND, O_EXCL } = constants;
/**
 * Where the platform has it: never through a symbolic link at the path itself (ELOOP instead).
 * Windows has no O_NOFOLLOW (0 here): a link there needs an administrator or developer mode to
 * make, and the export folder is checked for links before it is written to (export-folder.ts).
 */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const FLAGS = {
  w: O_WRONLY | O_CREAT | O_TRUNC,
  a: O_WRONLY | O_CREAT | O_APPEND,
  wx: O_WRONLY | O_CREAT | O_EXCL,
} as const;

/**
 * Opens `path` to write (`w`), append (`a`) or create (`wx`) and returns its file descriptor;
 * a symbolic link at `path` is not followed, and a file made is FILE_MODE at most.
 */
export function openFile(path: string, flags: keyof typeof FLAGS): Promise<number> {
  return new Promise((resolve, reject) =>
    open(path, FLAGS[flags] | O_NOFOLLOW, FILE_MODE, (error, fd) => (error ? reject(error) : resolve(fd))),
  );
}

/**
 * Writes every chunk of `source` to `fd` (then closes it), telling `onChunk` of each once
 * written. Rejects with the source's failure, or the write's (the source is then destroyed).
 */
export async function writeChunks(
  fd: number,
  source: AsyncIterable<Uint8Array>,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const take = (chunk: Uint8Array) => {
    writeFully(fd, chunk);
    onChunk(chunk);
  };
  try {
    if (source instanceof Readable) {
      source.on('data', (chunk: Uint8Array) => {
        try {
          take(chunk);
        } catch (error) {
          source.destroy(error as Error);
        }
      });
      await finished(source);
    } else {
      for await (const chunk of source) take(chunk);
    }
  } finally {
    closeSync(fd);
  }
}

function writeFully(fd: number, data: Uint8Array): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(fd, data, offset);
}
