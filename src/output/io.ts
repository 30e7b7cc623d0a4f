/**
 * The one holder of terminal facts: the three streams, whether each is a TTY, colour, prompting,
 * width, spinners, the pager. Commands and renderers ask `io` instead of reading `process`, so a test hands them memory streams.
 *
 * Imported on every run, `--version` and `--help` included, so it loads no chalk, ora or other
 * output library at module level: `startSpinner` imports ora when a spinner is really shown.
 */
import { fstatSync, writeSync } from 'node:fs';
import type { WriteStream } from 'node:tty';
import type { Ora } from 'ora';
import { UsageError } from '../core/errors.js';
import { readUtf8 } from '../core/files/utf8-text.js';
import { redactToken } from '../core/http/redact.js';
import { escapeControls } from '../core/text/quote.js';
import {
  type PagerSetting,
  pagerFailureLines,
  pagerSetting,
  pagesNothing,
  type RunningPager,
  startPager,
} from './pager.js';
import { readSecret } from './secret-prompt.js';
import { countColumns, createTextMetrics } from './text-metrics.js';
import { wrapBlock } from './wrap-block.js';

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
   * turn colour off, any other value on, as in chalk); else on under CLICOLOR_FORCE (but '0');
   * else off under a non-empty NO_COLOR or CLICOLOR=0; else the `color` setting; else on
   * exactly when stdout is a TTY.
   */
  colorEnabled(): boolean;
  /** --no-color, and machine formats (json/ndjson/csv) call this. */
  setColorDisabled(disabled: boolean): void;
  /** The `color` setting: `always` and `never` decide where no flag or environment variable does. */
  setColorPreference(preference: 'auto' | 'always' | 'never'): void;
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
  /**
   * Writes `text` to stdout before returning, for the whole output of a short run (help, the
   * version). On a pipe or a file nothing else has opened, it goes straight to the file
   * descriptor: opening process.stdout on a pipe loads Node's stream and net modules.
   */
  writeOut(text: string): void;
  /** True once the reader of stdout went away; long streams check it to stop early. */
  stdoutClosed(): boolean;
  /**
   * A line to stderr (message + '\n'), control characters but tab and newline in caret
   * notation: messages echo API text and user input, which must not drive the terminal.
   */
  errorLine(message: string): void;
  /**
   * Hides `secret` (the run's token) in every later `errorLine`, as its first characters and an
   * ellipsis: a server may echo it in an error, a hint or a debug line.
   */
  hideSecret(secret: string): void;
  /**
   * An ora spinner on stderr when stdout and stderr are both TTYs; otherwise a no-op with the same
   * methods. Both streams are then one terminal, so the first `write` to stdout stops it.
   */
  startSpinner(label: string): Promise<Spinner>;
  /**
   * From now on, stdout goes through the user's pager, when stdout is a terminal and a pager is
   * set (WFD_PAGER, else the config's `pager`, else PAGER, else `less` (none on Windows), with LESS=FRX when LESS is
   * unset: output shorter than a screen is printed and the pager quits). A no-op otherwise, and
   * for `cat` or an empty value. Once the pager is quit, `stdoutClosed()` is true, so long
   * lists stop fetching, and the run still exits 0. A pager that fails (cannot start, or ends
   * with an error before it read more than a pipe holds) loses nothing: what it was given and
   * the rest go to the terminal, after a warning that names it and how to change it.
   */
  startPager(): Promise<void>;
  /**
   * Ends the pager's input and waits until the user has quit it; stdout is the terminal again
   * (no-op without a pager).
   */
  stopPager(): Promise<void>;
  /** No pager from now on: for a run that paces its own output (`sandbox demo`). */
  disablePager(): void;
  /** Hidden-input prompt on a TTY (for a token); the question goes to stderr. Throws UsageError if !canPrompt(). */
  promptSecret(question: string): Promise<string>;
  /** A yes/no question on a terminal (stderr), No unless the answer starts with y. Throws UsageError if !canPrompt(). */
  confirm(question: string): Promise<boolean>;
  /** All of stdin as UTF-8 text, up to MAX_VALUE_BYTES (for `--with-token`, `--body -`); a UsageError otherwise. */
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
  /** stdout's file descriptor when it is a pipe or a file (never a terminal), for `writeOut`. */
  stdoutFd?: number | undefined;
  /**
   * The pager's command line (run by the shell) and where it was set, when stdout is the
   * process's own terminal; absent where output cannot be paged (in-memory streams).
   */
  pager?: () => PagerSetting;
}

/** A stream, or a function that makes it when first needed (process.stdout costs a few milliseconds when touched). */
type Lazy<T> = T | (() => T);

const DEFAULT_WIDTH = 80;
const COALESCE_BYTES = 64 * 1024;

const silentSpinner: Spinner = { text: '', succeed() {}, fail() {}, stop() {} };

/** A pager at work: stdout is its pipe until it ends. */
interface Paging {
  running: RunningPager;
  /** the terminal, stdout again once the pager is gone */
  terminal: Lazy<NodeJS.WritableStream>;
  /** its pipe failed: it is gone, and whether it failed or was quit is not known yet */
  broken: boolean;
  /** settles once the pager's end is dealt with */
  settled: Promise<void>;
}

/**
 * ora behind the Spinner interface, with uncoloured symbols when colour is off (ora alone only
 * knows NO_COLOR), and its line kept within the terminal: a longer one wraps, and each frame then
 * leaves a copy of its first line behind.
 */
class OraSpinner implements Spinner {
  #text: string;
  constructor(
    private readonly ora: Ora,
    private readonly color: boolean,
    private readonly fit: (text: string) => string,
  ) {
    this.#text = ora.text;
  }
  get text(): string {
    return this.#text;
  }
  set text(text: string) {
    this.#text = text;
    this.ora.text = this.fit(text);
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
  private colorPreference: 'auto' | 'always' | 'never' = 'auto';
  private pager: Paging | undefined;
  /** a pager was started and not yet stopped (it may have ended on its own) */
  private paged = false;
  private pagerDisabled = false;
  private noInput = false;
  private closed = false;
  private failure: Error | undefined;
  private pending = '';
  private flushScheduled = false;
  private spinner: Spinner | undefined;
  private readonly secrets = new Set<string>();

  #stdin: Lazy<NodeJS.ReadableStream>;
  #stdout: Lazy<NodeJS.WritableStream>;
  #stderr: Lazy<NodeJS.WritableStream>;

  constructor(
    stdin: Lazy<NodeJS.ReadableStream>,
    stdout: Lazy<NodeJS.WritableStream>,
    stderr: Lazy<NodeJS.WritableStream>,
    private readonly facts: TerminalFacts,
  ) {
    this.#stdin = stdin;
    this.#stdout = typeof stdout === 'function' ? stdout : this.#watchStdout(stdout);
    this.#stderr = typeof stderr === 'function' ? stderr : this.#watchStderr(stderr);
  }

  get stdin(): NodeJS.ReadableStream {
    if (typeof this.#stdin === 'function') this.#stdin = this.#stdin();
    return this.#stdin;
  }

  get stdout(): NodeJS.WritableStream {
    if (typeof this.#stdout === 'function') this.#stdout = this.#watchStdout(this.#stdout());
    return this.#stdout;
  }

  get stderr(): NodeJS.WritableStream {
    if (typeof this.#stderr === 'function') this.#stderr = this.#watchStderr(this.#stderr());
    return this.#stderr;
  }

  #watchStdout(stdout: NodeJS.WritableStream): NodeJS.WritableStream {
    // Without a listener an EPIPE (`wfd cases list | head -1`) would crash with a stack trace.
    return stdout.on('error', (error: NodeJS.ErrnoException) => {
      this.closed = true;
      if (error.code !== 'EPIPE') this.failure = error;
    });
  }

  #watchStderr(stderr: NodeJS.WritableStream): NodeJS.WritableStream {
    // A closed stderr leaves nowhere to report anything; ignore it rather than crash.
    return stderr.on('error', () => {});
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
    const { env } = this.facts;
    const force = env.FORCE_COLOR;
    if (force !== undefined) return force !== '0' && force !== 'false';
    // gh's variables (bixense.com/clicolors): CLICOLOR_FORCE beats NO_COLOR, as it does in gh.
    if (env.CLICOLOR_FORCE && env.CLICOLOR_FORCE !== '0') return true;
    if (env.NO_COLOR || env.CLICOLOR === '0') return false;
    if (this.colorPreference !== 'auto') return this.colorPreference === 'always';
    return this.facts.stdoutTTY;
  }
  setColorDisabled(disabled: boolean): void {
    this.colorDisabled = disabled;
  }
  setColorPreference(preference: 'auto' | 'always' | 'never'): void {
    this.colorPreference = preference;
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
    if (!this.closed && !this.failure) this.#toStdout(data);
  }
  private writeNow(chunk: string): Promise<void> {
    if (this.closed || this.#toStdout(chunk)) return Promise.resolve();
    // A pager that is gone: the terminal or nothing, once it is known which.
    return this.pager?.broken ? this.pager.settled : this.drained();
  }
  /** Writes to stdout; false when the stream holds it back (or the pager is gone). */
  #toStdout(text: string): boolean {
    const { pager } = this;
    if (!pager) return this.stdout.write(text);
    pager.running.record(text);
    return !pager.broken && this.stdout.write(text);
  }
  writeOut(text: string): void {
    const fd = this.facts.stdoutFd;
    if (fd === undefined || typeof this.#stdout !== 'function' || this.pending) {
      if (!this.closed) this.#toStdout(text);
      return;
    }
    const data = Buffer.from(text);
    let offset = 0;
    try {
      while (offset < data.length) offset += writeSync(fd, data, offset);
    } catch (error) {
      // The reader went away (`wfd --help | head -1`): nothing more to say.
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') this.closed = true;
      // A non-blocking pipe that is full: the stream waits for room.
      else this.stdout.write(data.subarray(offset));
    }
  }
  stdoutClosed(): boolean {
    return this.closed;
  }
  errorLine(message: string): void {
    // Keep stdout and stderr in order when both go to one place (`2>&1`).
    if (this.pending) this.flush().catch(() => {});
    let text = message;
    for (const secret of this.secrets) text = text.replaceAll(secret, redactToken(secret));
    this.stderr.write(`${this.fitStderr(escapeControls(text))}
`);
  }
  hideSecret(secret: string): void {
    // A short value would hide ordinary words; tokens are long.
    if (secret.length >= 8) this.secrets.add(secret);
  }
  /**
   * On a terminal, a long line is wrapped at its width, continuations indented past the line's
   * `error: `/`hint: ` label; piped, a message stays one line, for grep and log parsers.
   */
  private fitStderr(text: string): string {
    const columns = this.facts.stderrTTY ? (this.stderr as Partial<WriteStream>).columns : undefined;
    if (!columns || columns < 40 || text.length <= columns) return text;
    const label = /^[a-z]+: /.exec(text)?.[0].length ?? 0;
    return wrapBlock(text, columns, createTextMetrics(countColumns), label);
  }

  async startPager(): Promise<void> {
    if (this.pager || this.pagerDisabled || this.closed || !this.facts.stdoutTTY || !this.facts.pager) return;
    const setting = this.facts.pager();
    if (pagesNothing(setting.command.trim())) return;
    await this.flush();
    const running = await startPager(setting, this.facts.env);
    const paging: Paging = { running, terminal: this.#stdout, broken: false, settled: Promise.resolve() };
    paging.settled = running.ended.then((failure) => this.#pagerEnded(paging, failure));
    this.pager = paging;
    this.paged = true;
    this.spinner?.stop();
    // Its pipe fails when it is gone (EPIPE): what that means is known once it has ended.
    this.#stdout = running.input.on('error', () => {
      paging.broken = true;
    });
  }
  async stopPager(): Promise<void> {
    if (!this.paged) return;
    this.paged = false;
    const { pager } = this;
    if (pager) {
      await this.flush().catch(() => {});
      pager.running.input.end();
      await pager.settled;
    }
    // The terminal again, open (a pager quit early closed only its own pipe).
    this.closed = false;
    this.failure = undefined;
  }
  /**
   * The pager is gone. Quit (or done): nothing more is wanted, so the rest of the output is
   * dropped and long lists stop. Failed: what it was given goes to the terminal, and so does the
   * rest; it is not started again in this run.
   */
  #pagerEnded(paging: Paging, failure: string | undefined): void {
    this.pager = undefined;
    this.#stdout = paging.terminal;
    if (failure === undefined) {
      this.closed = true;
      return;
    }
    this.pagerDisabled = true;
    const unread = paging.running.unread();
    for (const line of pagerFailureLines(paging.running.setting, failure, unread !== undefined)) {
      this.errorLine(line);
    }
    if (unread === undefined) this.closed = true;
    else if (unread) this.stdout.write(unread);
  }
  disablePager(): void {
    this.pagerDisabled = true;
  }

  async startSpinner(label: string): Promise<Spinner> {
    // A spinner would draw over the pager's screen.
    if (!this.facts.stdoutTTY || !this.facts.stderrTTY || this.pager) return { ...silentSpinner };
    // A terminal that reports 0 columns (`script`, some CI pseudo-terminals) sends ora's line
    // arithmetic into an endless loop of cursor moves: no spinner there.
    if ((this.stderr as Partial<WriteStream>).columns === 0) return { ...silentSpinner };
    const { ora } = await import('./ora-part.js');
    const color = this.colorEnabled();
    const columns = (this.stderr as Partial<WriteStream>).columns;
    const metrics = createTextMetrics(countColumns);
    // The frame and a space take two columns; one more is left so the cursor never wraps.
    const fitLine = (text: string) => (columns ? metrics.fit(text, columns - 3).text : text);
    // discardStdin would take over process.stdin, which may be the data a command is reading.
    const spinner = ora({
      text: fitLine(label),
      stream: this.stderr,
      isEnabled: true,
      discardStdin: false,
      color: color ? 'cyan' : false,
    });
    this.spinner = new OraSpinner(spinner.start(), color, fitLine);
    this.spinner.text = label;
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
    // Wrapped as error lines are, so the terminal never breaks a URL of the question.
    this.stderr.write(`${this.fitStderr(`${question} [y/N]`)} `);
    const { createInterface } = await import('node:readline');
    const lines = createInterface({ input: this.stdin, terminal: false });
    try {
      for await (const line of lines) return /^\s*y(es)?\s*$/i.test(line);
      return false;
    } finally {
      lines.close();
    }
  }

  readStdin(): Promise<string> {
    return readUtf8(this.stdin);
  }

  /** Resolves on 'drain', or when the stream closes or fails (rejecting unless the reader just went away). */
  private drained(): Promise<void> {
    // The pager's pipe, or the terminal once the pager is gone.
    const stream = this.stdout;
    return new Promise((resolve, reject) => {
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        stream.off('error', settle);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      stream.on('drain', settle);
      stream.on('close', settle);
      // Registered after the constructor's listener, so `failure` is already set when this runs.
      stream.on('error', settle);
    });
  }
}

function isTTY(stream: NodeJS.ReadableStream | NodeJS.WritableStream): boolean {
  return (stream as Partial<WriteStream>).isTTY === true;
}

/** The IO of a real run, over `process` streams (or the given ones) and the given environment. */
export function createSystemIO(env: NodeJS.ProcessEnv = process.env, streams?: IOStreams): IO {
  if (streams) {
    const { stdin, stdout, stderr } = streams;
    return new StreamIO(stdin, stdout, stderr, {
      env,
      stdoutTTY: isTTY(stdout),
      stderrTTY: isTTY(stderr),
      columns: () => (stdout as Partial<WriteStream>).columns,
      coalesce: !isTTY(stdout),
    });
  }
  // Facts about process.stdout and process.stderr are asked when first needed, and a pipe or a
  // file is told from a terminal without opening the stream (see `writeOut`).
  const stdoutFd = neverATerminal(1) ? 1 : undefined;
  let stdoutTTY: boolean | undefined;
  let stderrTTY: boolean | undefined;
  return new StreamIO(
    () => process.stdin,
    () => process.stdout,
    () => process.stderr,
    {
      env,
      get stdoutTTY() {
        stdoutTTY ??= stdoutFd === undefined && isTTY(process.stdout);
        return stdoutTTY;
      },
      get stderrTTY() {
        stderrTTY ??= !neverATerminal(2) && isTTY(process.stderr);
        return stderrTTY;
      },
      columns() {
        return this.stdoutTTY ? process.stdout.columns : undefined;
      },
      get coalesce() {
        return !this.stdoutTTY;
      },
      stdoutFd,
      pager: () => pagerSetting(env),
    },
  );
}

/** A pipe, a socket or a file: known without opening the stream. A character device may be a terminal (or /dev/null). */
function neverATerminal(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isFile() || stat.isSocket();
  } catch {
    return false;
  }
}
