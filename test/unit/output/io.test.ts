import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CancelledError, UsageError } from '../../../src/core/errors.js';
import { createSystemIO } from '../../../src/output/io.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';

/** A stdout whose every write fails with `code`, counting the writes that reach it. */
function failingStdout(code: string): { stream: Writable; writes: () => number } {
  let writes = 0;
  const stream = new Writable({
    write(_chunk, _encoding, callback) {
      writes++;
      callback(Object.assign(new Error(`write ${code}`), { code }));
    },
  });
  return { stream, writes: () => writes };
}

function systemIO(stdout: Writable, stderr: Writable = new Writable({ write: (_c, _e, cb) => cb() })) {
  return createSystemIO({}, { stdin: process.stdin, stdout, stderr });
}

describe('colorEnabled', () => {
  const cases: [string, { stdoutTTY: boolean; env: Record<string, string> }, boolean][] = [
    ['on for a TTY', { stdoutTTY: true, env: {} }, true],
    ['off when stdout is not a TTY', { stdoutTTY: false, env: {} }, false],
    ['off under NO_COLOR', { stdoutTTY: true, env: { NO_COLOR: '1' } }, false],
    ['on when NO_COLOR is empty', { stdoutTTY: true, env: { NO_COLOR: '' } }, true],
    ['forced on by FORCE_COLOR without a TTY', { stdoutTTY: false, env: { FORCE_COLOR: '1' } }, true],
    ['forced on by an empty FORCE_COLOR', { stdoutTTY: false, env: { FORCE_COLOR: '' } }, true],
    ['FORCE_COLOR beats NO_COLOR', { stdoutTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }, true],
    ['off with FORCE_COLOR=0 on a TTY', { stdoutTTY: true, env: { FORCE_COLOR: '0' } }, false],
    ['off with FORCE_COLOR=false on a TTY', { stdoutTTY: true, env: { FORCE_COLOR: 'false' } }, false],
    // gh's CLICOLOR and CLICOLOR_FORCE
    ['off with CLICOLOR=0 on a TTY', { stdoutTTY: true, env: { CLICOLOR: '0' } }, false],
    ['on with CLICOLOR=1 on a TTY', { stdoutTTY: true, env: { CLICOLOR: '1' } }, true],
    ['forced on by CLICOLOR_FORCE=1 without a TTY', { stdoutTTY: false, env: { CLICOLOR_FORCE: '1' } }, true],
    ['not forced by CLICOLOR_FORCE=0', { stdoutTTY: false, env: { CLICOLOR_FORCE: '0' } }, false],
    [
      'CLICOLOR_FORCE beats NO_COLOR, as in gh',
      { stdoutTTY: false, env: { CLICOLOR_FORCE: '1', NO_COLOR: '1' } },
      true,
    ],
    [
      'FORCE_COLOR=0 beats CLICOLOR_FORCE',
      { stdoutTTY: true, env: { CLICOLOR_FORCE: '1', FORCE_COLOR: '0' } },
      false,
    ],
  ];
  it.each(cases)('%s', (_name, opts, expected) => {
    expect(createMemoryIO(opts).io.colorEnabled()).toBe(expected);
  });

  it('--no-color (setColorDisabled) wins over FORCE_COLOR and can be undone', () => {
    const { io } = createMemoryIO({ stdoutTTY: true, env: { FORCE_COLOR: '1' } });
    io.setColorDisabled(true);
    expect(io.colorEnabled()).toBe(false);
    io.setColorDisabled(false);
    expect(io.colorEnabled()).toBe(true);
  });
});

describe('terminal facts', () => {
  it('canPrompt needs stdin and stdout TTYs and no --no-input', () => {
    expect(createMemoryIO({ stdinTTY: true, stdoutTTY: true }).io.canPrompt()).toBe(true);
    expect(createMemoryIO({ stdinTTY: false, stdoutTTY: true }).io.canPrompt()).toBe(false);
    expect(createMemoryIO({ stdinTTY: true, stdoutTTY: false }).io.canPrompt()).toBe(false);
    const { io } = createMemoryIO({ stdinTTY: true, stdoutTTY: true });
    io.setNoInput(true);
    expect(io.canPrompt()).toBe(false);
  });

  it('terminalWidth is the columns, else a positive COLUMNS (a pipe, `-o table | less`), else 80', () => {
    expect(createMemoryIO({ columns: 120 }).io.terminalWidth()).toBe(120);
    expect(createMemoryIO({ columns: 120, env: { COLUMNS: '60' } }).io.terminalWidth()).toBe(120);
    expect(createMemoryIO({ env: { COLUMNS: '60' } }).io.terminalWidth()).toBe(60);
    expect(createMemoryIO({ columns: 0, env: { COLUMNS: '60' } }).io.terminalWidth()).toBe(60);
    for (const bad of ['0', '-5', 'wide', '']) {
      expect(createMemoryIO({ env: { COLUMNS: bad } }).io.terminalWidth()).toBe(80);
    }
    expect(createMemoryIO().io.terminalWidth()).toBe(80);
  });

  it('errorLine shows control characters in caret notation, keeping tabs and line breaks', () => {
    const test = createMemoryIO();
    const esc = String.fromCharCode(27);
    test.io.errorLine(`error: invalid case id "${esc}]0;pwned\u0007${esc}[2J"\n\tat x\r\u009b\u007f`);
    expect(test.stderr()).toBe('error: invalid case id "^[]0;pwned^G^[[2J"\n\tat x^M^[^?\n');
  });

  it("errorLine wraps a long line at a terminal's width, past its label, and keeps it whole when piped", () => {
    const message = `error: invalid --where clause "foo >= 3": unknown field "foo" (expected one of ${'field_name, '.repeat(8)}or a relation field)`;
    const terminal = createMemoryIO({ stderrTTY: true, columns: 60 });
    terminal.io.errorLine(message);
    const lines = terminal.stderr().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith('       ') && line[7] !== ' ')).toBe(true);
    expect(lines.map((line) => line.trim()).join(' ')).toBe(message);
    const piped = createMemoryIO({ stderrTTY: false, columns: 60 });
    piped.io.errorLine(message);
    expect(piped.stderr()).toBe(`${message}\n`);
  });

  it('the system IO reads isTTY and columns from its streams', () => {
    const stdout = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), {
      isTTY: true,
      columns: 100,
    });
    const io = systemIO(stdout);
    expect(io.isStdoutTTY()).toBe(true);
    expect(io.isStderrTTY()).toBe(false);
    expect(io.terminalWidth()).toBe(100);
    expect(io.colorEnabled()).toBe(true);
  });
});

describe('write', () => {
  it('resolves only once a slow stdout has taken the chunk (back-pressure)', async () => {
    const stdout = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        setTimeout(callback, 5);
      },
    });
    const io = systemIO(stdout);
    await io.write('abc');
    expect(stdout.writableLength).toBe(0);
    expect(stdout.writableNeedDrain).toBe(false);
  });

  it('ends quietly when the reader goes away (EPIPE) and drops later writes', async () => {
    const { stream, writes } = failingStdout('EPIPE');
    const io = systemIO(stream);
    await io.write('first\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(io.stdoutClosed()).toBe(true);
    await io.write('second\n');
    await io.write('third\n');
    expect(writes()).toBe(1);
  });

  it('rejects on any other write error, so the run does not exit 0 with truncated output', async () => {
    const { stream } = failingStdout('ENOSPC');
    const io = systemIO(stream);
    // A piped stdout gathers small writes: the failure shows at the flush that writes them.
    await io.write('first\n');
    await expect(io.flush()).rejects.toThrow('write ENOSPC');
    await expect(io.write('second\n')).rejects.toThrow('write ENOSPC');
  });

  it('gathers small writes on a pipe and writes them when the event loop turns', async () => {
    const chunks: string[] = [];
    const io = systemIO(
      new Writable({
        write: (chunk, _e, cb) => {
          chunks.push(chunk.toString());
          cb();
        },
      }),
    );
    await io.write('a\n');
    await io.write('b\n');
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(['a\nb\n']);
    await io.write('c\n');
    io.errorLine('an error keeps its place after the rows before it');
    expect(chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('survives a closed stderr', async () => {
    const { stream } = failingStdout('EPIPE');
    const io = systemIO(new Writable({ write: (_c, _e, cb) => cb() }), stream);
    io.errorLine('lost');
    await new Promise((resolve) => setImmediate(resolve));
    expect(io.stdoutClosed()).toBe(false);
  });

  it('captures stdout and stderr in the test IO', async () => {
    const test = createMemoryIO();
    await test.io.write('data\n');
    test.io.errorLine('note');
    expect(test.stdout()).toBe('data\n');
    expect(test.stderr()).toBe('note\n');
  });
});

describe('startSpinner', () => {
  it('is a silent no-op unless stdout and stderr are both TTYs', async () => {
    for (const opts of [
      { stdoutTTY: false, stderrTTY: true },
      { stdoutTTY: true, stderrTTY: false },
    ]) {
      const test = createMemoryIO(opts);
      const spinner = await test.io.startSpinner('Loading');
      spinner.text = 'Still loading';
      spinner.succeed('Done');
      spinner.fail('Failed');
      spinner.stop();
      expect(test.stderr()).toBe('');
      expect(test.stdout()).toBe('');
    }
  });

  it('draws on stderr on a TTY, with a plain symbol when colour is off', async () => {
    const test = createMemoryIO({ stdoutTTY: true, stderrTTY: true, env: { NO_COLOR: '1' } });
    const spinner = await test.io.startSpinner('Loading');
    spinner.text = 'Downloading';
    expect(spinner.text).toBe('Downloading');
    spinner.succeed('Downloaded 3 files');
    expect(test.stderr()).toContain('Loading');
    expect(test.stderr()).toContain('✔ Downloaded 3 files\n');
    expect(test.stdout()).toBe('');
  });

  it('keeps its line within the terminal: a longer text is cut with an ellipsis', async () => {
    const test = createMemoryIO({ stdoutTTY: true, stderrTTY: true, columns: 40, env: { NO_COLOR: '1' } });
    const long = 'Document intelligence job 0b4b1c2e-9a5e-4c36-8a3f-2f1d5c7e9b10: processing…';
    const spinner = await test.io.startSpinner(long);
    spinner.text = long;
    expect(spinner.text).toBe(long);
    spinner.stop();
    expect(test.stderr()).toContain('Document intelligence job 0b4b1c2e-9…');
    expect(test.stderr()).not.toContain('processing');
  });

  it('reports failure with a cross', async () => {
    const test = createMemoryIO({ stdoutTTY: true, stderrTTY: true });
    test.io.setColorDisabled(true);
    const spinner = await test.io.startSpinner('Uploading');
    spinner.fail('Upload failed');
    expect(test.stderr()).toContain('✖ Upload failed\n');
  });
});

describe('promptSecret', () => {
  it('reads a line without echoing it, honouring backspace', async () => {
    const test = createMemoryIO({ stdinTTY: true, stdoutTTY: true, stdin: 'wfd_ab\u007fc\nrest' });
    await expect(test.io.promptSecret('Token: ')).resolves.toBe('wfd_ac');
    expect(test.stderr()).toBe('Token: \n');
    expect(test.stdout()).toBe('');
  });

  it('returns what was typed when input ends without a newline', async () => {
    const test = createMemoryIO({ stdinTTY: true, stdoutTTY: true, stdin: 'wfd_xyz' });
    await expect(test.io.promptSecret('Token: ')).resolves.toBe('wfd_xyz');
  });

  it('cancels on Ctrl-C', async () => {
    const test = createMemoryIO({ stdinTTY: true, stdoutTTY: true, stdin: 'wfd\u0003' });
    await expect(test.io.promptSecret('Token: ')).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses when it cannot prompt', async () => {
    await expect(createMemoryIO({ stdin: 'x\n' }).io.promptSecret('Token: ')).rejects.toBeInstanceOf(
      UsageError,
    );
    const { io } = createMemoryIO({ stdinTTY: true, stdoutTTY: true, stdin: 'x\n' });
    io.setNoInput(true);
    await expect(io.promptSecret('Token: ')).rejects.toThrow('--no-input');
  });
});

describe('readStdin', () => {
  it('returns all of stdin', async () => {
    await expect(createMemoryIO({ stdin: 'c_1\nc_2\n' }).io.readStdin()).resolves.toBe('c_1\nc_2\n');
  });
});

describe('spinner on a zero-width terminal', () => {
  it('stays silent when stderr reports 0 columns', async () => {
    const stderr = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { isTTY: true, columns: 0 });
    const stdout = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { isTTY: true, columns: 0 });
    let written = 0;
    const original = stderr.write.bind(stderr);
    stderr.write = ((chunk: unknown, ...rest: never[]) => {
      written++;
      return original(chunk as string, ...rest);
    }) as typeof stderr.write;
    const io = createSystemIO({}, { stdin: process.stdin, stdout, stderr });
    const spinner = await io.startSpinner('Fetching');
    spinner.stop();
    expect(written).toBe(0);
  });
});
