/**
 * The keys a newcomer presses between the sections of `wfd sandbox demo`, one at a time. On a
 * terminal stdin is in raw mode while a key is awaited, so Enter or q acts at once; otherwise
 * (a test's memory stream) each character is a key, `\r\n` and `\n` being Enter.
 */
import type { ReadStream } from 'node:tty';

export interface KeyReader {
  /** The next key, or undefined once stdin has ended. */
  next(): Promise<string | undefined>;
  /** Stops listening: stdin is left paused and out of raw mode. */
  close(): void;
}

export function keyReader(stdin: NodeJS.ReadableStream): KeyReader {
  const tty = stdin as Partial<ReadStream>;
  const keys: string[] = [];
  let ended = false;
  let waiting: ((key: string | undefined) => void) | undefined;
  let listening = false;

  const deliver = () => {
    if (!waiting || (keys.length === 0 && !ended)) return;
    const resolve = waiting;
    waiting = undefined;
    resolve(keys.shift());
  };
  const onData = (chunk: Buffer | string) => {
    keys.push(...String(chunk).replace(/\r\n/g, '\n'));
    deliver();
  };
  const onEnd = () => {
    ended = true;
    deliver();
  };
  const raw = (on: boolean) => {
    if (tty.isTTY && typeof tty.setRawMode === 'function') tty.setRawMode(on);
  };

  return {
    async next() {
      if (!listening) {
        listening = true;
        stdin.on('data', onData);
        stdin.on('end', onEnd);
      }
      raw(true);
      stdin.resume();
      try {
        return await new Promise<string | undefined>((resolve) => {
          waiting = resolve;
          deliver();
        });
      } finally {
        stdin.pause();
        raw(false);
      }
    },
    close() {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
    },
  };
}
