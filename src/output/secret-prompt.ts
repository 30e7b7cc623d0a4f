/**
 * Hidden input on a terminal, for tokens: no echo, so a secret never lands on screen or in
 * a terminal recording, and never needs to be passed on the command line.
 */
import type { ReadStream } from 'node:tty';
import { CancelledError } from '../core/errors.js';

const ENTER = new Set(['\r', '\n']);
const BACKSPACE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';

/**
 * Writes `question` to `output`, then reads one line from `input` without echoing it.
 * Resolves on Enter, Ctrl-D or end of input; rejects with CancelledError on Ctrl-C.
 */
export function readSecret(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  question: string,
): Promise<string> {
  // Raw mode turns off the terminal's echo and line editing; streams that are not a TTY lack it.
  // On before the question shows: a token pasted the moment it appears must not be echoed.
  const tty = input as Partial<ReadStream>;
  tty.setRawMode?.(true);
  output.write(question);
  input.setEncoding('utf8');

  return new Promise((resolve, reject) => {
    let secret = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.off('end', onEnd);
      tty.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(secret);
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (ENTER.has(char) || char === CTRL_D) return finish();
        // Raw mode swallows SIGINT, so Ctrl-C has to be honoured here.
        if (char === CTRL_C) return finish(new CancelledError('cancelled'));
        if (BACKSPACE.has(char)) secret = Array.from(secret).slice(0, -1).join('');
        else if (char >= ' ') secret += char;
      }
    };
    const onEnd = () => finish();
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
