/**
 * The one holder of terminal facts: the three streams, whether each is a TTY, colour, prompting,
 * width, spinners. Commands and renderers ask `io` instead of reading `process` (STYLE.md pattern 4).
 *
 * Imported on every run, `--version` and `--help` included, so it loads no chalk, ora or other
 * output library at module level: `startSpinner` imports ora when a spinner is really shown.
 */
import type { WriteStream } from 'node:tty';
import type { Ora } from 'ora';
import { UsageError } from '../core/errors.js';
import { escapeControls } from '../core/quote.js';
import { readSecret } from './secret-prompt.js';

/** A progress indicator on stderr; a silent stand-in when stderr or stdout is not a TTY. */
export interface Spinner {
  text: string;
  succeed(text?: string): void;
  fail(text?: string): void;
  stop(): void;
}

/** Streams and terminal facts of one run. */
export interface IO {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  isStdoutTTY(): boolean;
  isStderrTTY(): boolean;
  isStdinTTY(): boolean;
  /**
   * Whether stdout output may carry ANSI colour. Off after `setColorDisabled(true)` (--no-color,
   * machine formats) whatever the environment; else FORCE_COLOR decides when set ('0' or 'false'
   * turn colour off, any other value on, as in chalk); else off under a non-empty NO_COLOR; else
   * on exactly when stdout is a TTY.
   */
  colorEnabled(): boolean;
  /** --no-color, and machine formats (json/ndjson/csv) call this. */
  setColorDisabled(disabled: boolean): void;
  /** --no-input: never prompt. */
  setNoInput(noInput: boolean): void;
  /** stdin and stdout are TTYs and --no-input is not set. */
  canPrompt(): boolean;
  /** stdout's columns on a terminal; else (a pipe, a terminal reporting 0) COLUMNS when it is a positive number; else 80. */
  terminalWidth(): number;
  /**
   * Writes to stdout, honouring back-pressure: resolves once the chunk is accepted (await it in
   * loops that stream many rows). After the reader went away (EPIPE, as in `| head -1`) it
   * resolves at once and drops the chunk; any other write error rejects.
   */
  write(chunk: string): Promise<void>;
  /** Writes out what `write` is holding back (see `TerminalFacts.coalesce`); resolves when accepted. */
  flush(): Promise<void>;
  /**
   * Writes out what is held back, then `chunk`, without waiting: for the last words of an
   * interrupted run (closing a JSON array), when there is no time to wait for 'drain'.
   */
  writeLast(chunk: string): void;
  /** True once the reader of stdout went away; long streams check it to stop early. */
  stdoutClosed(): boolean;
  /**
   * A line to stderr (message + '\n'), control characters but tab and newline in caret
   * notation: messages echo API text and user input, which must not drive the terminal.
   */
  errorLine(message: string): void;
  /**
   * An ora spinner on stderr when stdout and stderr are both TTYs; otherwise a no-op with the same
   * methods. Both streams are then one terminal, so the first `write` to stdout stops it.
   */
  startSpinner(label: string): Promise<Spinner>;
  /** Hidden-input prompt on a TTY (for a token); the question goes to stderr. Throws UsageError if !canPrompt(). */
  promptSecret(question: string): Promise<string>;
  /** A yes/no question on a terminal (stderr), No unless the answer starts with y. Throws UsageError if !canPrompt(). */
  confirm(question: string): Promise<boolean>;
  /** All of stdin as text (for `--with-token`, `--body -`, ids on stdin). */
  readStdin(): Promise<string>;
}

/** The streams behind an IO; `createSystemIO` takes them from `process` unless given. */
export interface IOStreams {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface TerminalFacts {
  env: Record<string, string | undefined>;
  stdoutTTY: boolean;
  stderrTTY: boolean;
  /** undefined: asked of stdin when first needed */
  stdinTTY?: boolean | undefined;
  columns(): number | undefined;
  /**
   * Gather small writes into chunks of up to COALESCE_BYTES before they reach stdout. One
   * write per row costs a system call per row on a pipe (about a quarter of `--all -o ndjson`
   * time in `npm run bench`); the gathered text is written when the chunk fills, when the
   * event loop turns (so rows still stream page by page), before any stderr line, and on flush.
   */
  coalesce?: boolean;
}

const DEFAULT_WIDTH = 80;
const COALESCE_BYTES = 64 * 1024;

const silentSpinner: Spinner = { text: '', succeed() {}, fail() {}, stop() {} };

/** ora behind the Spinner interface, with uncoloured symbols when colour is off (ora alone only knows NO_COLOR). */
class OraSpinner implements Spinner {
  constructor(
    private readonly ora: Ora,
    private readonly color: boolean,
  ) {}
  get text(): string {
    return this.ora.text;
  }
  set text(text: string) {
    this.ora.text = text;
  }
  succeed(text?: string): void {
    if (this.color) this.ora.succeed(text);
    else this.ora.stopAndPersist({ symbol: '✔', ...(text === undefined ? {} : { text }) });
  }
  fail(text?: string): void {
    if (this.color) this.ora.fail(text);
    else this.ora.stopAndPersist({ symbol: '✖', ...(text === undefined ? {} : { text }) });
  }
  stop(): void {
    // Stopped by the first stdout write and again by its owner: a stopped ora would still move the cursor.
    if (this.ora.isSpinning) this.ora.stop();
  }
}

export class StreamIO implements IO {
  private colorDisabled = false;
  private noInput = false;
  private closed = false;
  private failure: Error | undefined;
  private pending = '';
  private flushScheduled = false;
  private spinner: Spinner | undefined;

  #stdin: NodeJS.ReadableStream | (() => NodeJS.ReadableStream);

  constructor(
    /** a function for process.stdin, which costs every start a few milliseconds when touched */
    stdin: NodeJS.ReadableStream | (() => NodeJS.ReadableStream),
    readonly stdout: NodeJS.WritableStream,
    readonly stderr: NodeJS.WritableStream,
    private readonly facts: TerminalFacts,
  ) {
    this.#stdin = stdin;
    // Without a listener an EPIPE (`wfd cases list | head -1`) would crash with a stack trace.
    stdout.on('error', (error: NodeJS.ErrnoException) => {
      this.closed = true;
      if (error.code !== 'EPIPE') this.failure = error;
    });
    // A closed stderr leaves nowhere to report anything; ignore it rather than crash.
    stderr.on('error', () => {});
  }

  get stdin(): NodeJS.ReadableStream {
    if (typeof this.#stdin === 'function') this.#stdin = this.#stdin();
    return this.#stdin;
  }

  isStdoutTTY(): boolean {
    return this.facts.stdoutTTY;
  }
  isStderrTTY(): boolean {
    return this.facts.stderrTTY;
  }
  isStdinTTY(): boolean {
    this.facts.stdinTTY ??= isTTY(this.stdin);
    return this.facts.stdinTTY;
  }

  colorEnabled(): boolean {
    if (this.colorDisabled) return false;
    const force = this.facts.env.FORCE_COLOR;
    if (force !== undefined) return force !== '0' && force !== 'false';
    if (this.facts.env.NO_COLOR) return false;
    return this.facts.stdoutTTY;
  }
  setColorDisabled(disabled: boolean): void {
    this.colorDisabled = disabled;
  }
  setNoInput(noInput: boolean): void {
    this.noInput = noInput;
  }
  canPrompt(): boolean {
    return this.facts.stdoutTTY && !this.noInput && this.isStdinTTY();
  }
  terminalWidth(): number {
    const columns = this.facts.columns();
    if (columns && columns > 0) return columns;
    const fromEnv = Number(this.facts.env.COLUMNS);
    return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_WIDTH;
  }

  write(chunk: string): Promise<void> {
    // A spinner line and stdout text on one terminal would overwrite each other.
    this.spinner?.stop();
    this.spinner = undefined;
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.resolve();
    if (!this.facts.coalesce) return this.writeNow(chunk);
    this.pending += chunk;
    if (this.pending.length >= COALESCE_BYTES) return this.flush();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush().catch(() => {});
      });
    }
    return Promise.resolve();
  }
  flush(): Promise<void> {
    const data = this.pending;
    this.pending = '';
    if (this.failure) return Promise.reject(this.failure);
    return data ? this.writeNow(data) : Promise.resolve();
  }
  writeLast(chunk: string): void {
    const data = this.pending + chunk;
    this.pending = '';
    if (!this.closed && !this.failure) this.stdout.write(data);
  }
  private writeNow(chunk: string): Promise<void> {
    if (this.closed || this.stdout.write(chunk)) return Promise.resolve();
    return this.drained();
  }
  stdoutClosed(): boolean {
    return this.closed;
  }
  errorLine(message: string): void {
    // Keep stdout and stderr in order when both go to one place (`2>&1`).
    if (this.pending) this.flush().catch(() => {});
    this.stderr.write(`${escapeControls(message)}\n`);
  }

  async startSpinner(label: string): Promise<Spinner> {
    if (!this.facts.stdoutTTY || !this.facts.stderrTTY) return { ...silentSpinner };
    // A terminal that reports 0 columns (`script`, some CI pseudo-terminals) sends ora's line
    // arithmetic into an endless loop of cursor moves: no spinner there.
    if ((this.stderr as Partial<WriteStream>).columns === 0) return { ...silentSpinner };
    const { default: ora } = await import('ora');
    const color = this.colorEnabled();
    // discardStdin would take over process.stdin, which may be the data a command is reading.
    const spinner = ora({
      text: label,
      stream: this.stderr,
      isEnabled: true,
      discardStdin: false,
      color: color ? 'cyan' : false,
    });
    this.spinner = new OraSpinner(spinner.start(), color);
    return this.spinner;
  }

  promptSecret(question: string): Promise<string> {
    if (!this.canPrompt()) {
      return Promise.reject(
        new UsageError('cannot prompt: stdin or stdout is not a terminal, or --no-input is set'),
      );
    }
    return readSecret(this.stdin, this.stderr, question);
  }

  async confirm(question: string): Promise<boolean> {
    if (!this.canPrompt())
      throw new UsageError('cannot ask: stdin or stdout is not a terminal, or --no-input is set');
    this.stderr.write(`${question} [y/N] `);
    const { createInterface } = await import('node:readline');
    const lines = createInterface({ input: this.stdin, terminal: false });
    try {
      for await (const line of lines) return /^\s*y(es)?\s*$/i.test(line);
      return false;
    } finally {
      lines.close();
    }
  }

  async readStdin(): Promise<string> {
    this.stdin.setEncoding('utf8');
    let text = '';
    for await (const chunk of this.stdin) text += chunk;
    return text;
  }

  /** Resolves on 'drain', or when the stream closes or fails (rejecting unless the reader just went away). */
  private drained(): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        this.stdout.off('drain', settle);
        this.stdout.off('close', settle);
        this.stdout.off('error', settle);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      this.stdout.on('drain', settle);
      this.stdout.on('close', settle);
      // Registered after the constructor's listener, so `failure` is already set when this runs.
      this.stdout.on('error', settle);
    });
  }
}

function isTTY(stream: NodeJS.ReadableStream | NodeJS.WritableStream): boolean {
  return (stream as Partial<WriteStream>).isTTY === true;
}

/** The IO of a real run, over `process` streams (or the given ones) and the given environment. */
export function createSystemIO(env: NodeJS.ProcessEnv = process.env, streams?: IOStreams): IO {
  const stdout = streams?.stdout ?? process.stdout;
  const stderr = streams?.stderr ?? process.stderr;
  return new StreamIO(streams?.stdin ?? (() => process.stdin), stdout, stderr, {
    env,
    stdoutTTY: isTTY(stdout),
    stderrTTY: isTTY(stderr),
    columns: () => (stdout as Partial<WriteStream>).columns,
    coalesce: !isTTY(stdout),
  });
}
