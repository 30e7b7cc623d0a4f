/**
 * A file as a Writable whose writes are made at once, on the calling thread. An export writes
 * hundreds of files some 64 KB at a time: each asynchronous write is a round trip through libuv's
 * thread pool (a thread woken, the main thread descheduled on a busy machine), which costs more
 * than the write itself, a copy into the page cache. curl writes the same way. Only the open,
 * which may wait on the file system's journal to create the file, goes through the pool.
 */
import { closeSync, open, writeSync, writevSync } from 'node:fs';
import { Writable } from 'node:stream';

/** Opens `path` with `flags` ('w', 'a', 'wx'); a failure to open rejects here, not as an 'error' event. */
export async function openSyncWriteStream(path: string, flags: string): Promise<Writable> {
  const fd = await new Promise<number>((resolve, reject) =>
    open(path, flags, (error, fd) => (error ? reject(error) : resolve(fd))),
  );
  let closed = false;
  // Closing a file just written is quick (it flushes nothing): at once too.
  const close = () => {
    if (!closed) {
      closed = true;
      closeSync(fd);
    }
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      try {
        writeFully(fd, chunk);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    writev(chunks, callback) {
      try {
        const buffers = chunks.map(({ chunk }) => chunk as Buffer);
        const written = writevSync(fd, buffers);
        const total = buffers.reduce((n, buffer) => n + buffer.length, 0);
        // A short write (rare on a file) is finished from where it stopped.
        if (written < total) writeFully(fd, Buffer.concat(buffers).subarray(written));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    final(callback) {
      try {
        close();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    destroy(error, callback) {
      try {
        close();
      } catch {
        // Closing after a failure: the first error is the one to report.
      }
      callback(error);
    },
  });
}

function writeFully(fd: number, data: Buffer): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(fd, data, offset);
}
