/**
 * An IO over in-memory streams, for tests and for `sandbox demo`, which reads the ids printed by
 * one command to run the next. Apart from io.ts so that start-up never loads node:stream for it.
 */
import { PassThrough, Writable } from 'node:stream';
import { type IO, StreamIO } from './io.js';

/** Options of `createMemoryIO`: which streams pretend to be TTYs, stdin's text, the environment (empty by default), the width. */
export interface MemoryIOOptions {
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  stdinTTY?: boolean;
  stdin?: string;
  env?: Record<string, string | undefined>;
  columns?: number;
}

function captureStream(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8');
      callback();
    },
  });
  return { stream, text: () => text };
}

/** An IO over in-memory streams, with the captured stdout and stderr text: for tests, and for `sandbox demo` to read ids. */
export function createMemoryIO(opts: MemoryIOOptions = {}): { io: IO; stdout(): string; stderr(): string } {
  const stdout = captureStream();
  const stderr = captureStream();
  // A terminal's stderr knows its width, which long error lines are wrapped to.
  if (opts.stderrTTY && opts.columns) Object.assign(stderr.stream, { columns: opts.columns });
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  const io = new StreamIO(stdin, stdout.stream, stderr.stream, {
    env: opts.env ?? {},
    stdoutTTY: opts.stdoutTTY ?? false,
    stderrTTY: opts.stderrTTY ?? false,
    stdinTTY: opts.stdinTTY ?? false,
    columns: () => opts.columns,
  });
  return { io, stdout: stdout.text, stderr: stderr.text };
}
