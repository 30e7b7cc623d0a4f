import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/main.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import { BIN, baseEnv, onTerminal, tempDir } from './harness.js';

// bin/quick-answers.js prints a help page on a pipe from dist/help, written by the build: each
// must be, byte for byte, what the program prints for that command line.
const PAGES = join(BIN, '../../dist/help');

/** The words naming every command of the tree, aliases too ([] for the root). */
function commandWords(command: Command, words: string[] = []): string[][] {
  return [
    words,
    ...command.commands.flatMap((sub) =>
      [sub.name(), ...sub.aliases()].flatMap((name) => commandWords(sub, [...words, name])),
    ),
  ];
}
const COMMANDS = commandWords(buildProgram({ io: createMemoryIO().io, env: {}, version: '0' }));

async function rendered(args: string[], env: Record<string, string> = {}): Promise<string> {
  const memory = createMemoryIO({ env });
  expect(await run(['node', 'wfd', ...args], { io: memory.io, env })).toBe(0);
  return memory.stdout();
}

function spawned(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { env: baseEnv(env), encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe('the version written by the build', () => {
  it('is what the program says, and what bin/quick-answers.js prints without it', () => {
    const program = spawnSync(
      process.execPath,
      ['-e', "require(process.argv[1]).run(['node', 'wfd', '--version'])", join(BIN, '../../dist/wfd.cjs')],
      { env: baseEnv(), encoding: 'utf8' },
    );
    expect(program.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
    expect(readFileSync(join(BIN, '../../dist/version.txt'), 'utf8')).toBe(program.stdout);
    expect(spawned(['--version'])).toBe(program.stdout);
  });
});

describe('the help pages written by the build', () => {
  it('are one for each command and alias, and no more', () => {
    const names = COMMANDS.map((words) => `${['wfd', ...words].join(' ')}.txt`);
    expect(readdirSync(PAGES).sort()).toEqual(names.sort());
  });

  it.each(COMMANDS.map((words) => [['wfd', ...words].join(' '), words] as const))(
    '%s --help is the page the program prints',
    async (name, words) => {
      expect(readFileSync(join(PAGES, `${name}.txt`), 'utf8')).toBe(await rendered([...words, '--help']));
    },
  );
});

/**
 * `wfd <words> --help` for every page, each after a line `@@@ <name>`, run in one shell: on an
 * 80-column pseudo-terminal (`script`, whose output has CRLF line ends) or piped.
 */
function everyPage(env: Record<string, string>, terminal: boolean): Map<string, string> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const lines = COMMANDS.map(
    (words) =>
      `echo '@@@ ${['wfd', ...words].join(' ')}'; ${[process.execPath, BIN, ...words, '--help'].map(quote).join(' ')}`,
  );
  const shell = join(mkdtempSync(join(tmpdir(), 'wfd-pages-')), 'pages.sh');
  writeFileSync(shell, `${terminal ? 'stty cols 80\n' : ''}${lines.join('\n')}\n`);
  const result = terminal
    ? spawnSync('script', ['-qec', `bash '${shell}'`, '/dev/null'], {
        // No pager: the page as the program writes it to the terminal.
        env: baseEnv({ TERM: 'xterm', WFD_PAGER: 'cat', ...env }),
        encoding: 'utf8',
      })
    : spawnSync('bash', [shell], { env: baseEnv(env), encoding: 'utf8' });
  rmSync(dirname(shell), { recursive: true });
  expect(result.status, result.stderr).toBe(0);
  const pages = new Map<string, string>();
  for (const part of result.stdout.replace(/\r\n/g, '\n').split(/^@@@ /m).slice(1)) {
    const end = part.indexOf('\n');
    pages.set(part.slice(0, end), part.slice(end + 1));
  }
  return pages;
}

// Each case runs the binary once a page (about 70 pages): more than the default 30 s on a busy machine.
describe('every page the build wrote is what the binary prints', { timeout: 120_000 }, () => {
  const stored = () =>
    new Map(
      readdirSync(PAGES).map((file) => [file.replace(/\.txt$/, ''), readFileSync(join(PAGES, file), 'utf8')]),
    );

  // The stored page, served without the program (bin/quick-answers.js).
  it('piped', () => {
    expect(everyPage({}, false)).toEqual(stored());
  });

  // FORCE_COLOR leaves the answer to the program, which lays each page out itself.
  it('piped, laid out by the program', () => {
    expect(everyPage({ FORCE_COLOR: '0' }, false)).toEqual(stored());
  });

  // At an 80-column terminal the stored page is served too (through the pager, cat here).
  it('on an 80-column terminal', () => {
    expect(everyPage({}, true)).toEqual(stored());
  });

  it('on an 80-column terminal, laid out by the program', () => {
    expect(everyPage({ FORCE_COLOR: '0' }, true)).toEqual(stored());
  });
});

describe('a page served at a terminal goes through the pager the program would use', () => {
  const dir = tempDir('wfd-pager-');
  afterAll(() => dir.remove());
  const page = () => readFileSync(join(PAGES, 'wfd cases list.txt'), 'utf8');

  it('WFD_PAGER', () => {
    const out = join(dir.path, 'from-env.txt');
    const screen = onTerminal(['cases', 'list', '--help'], { env: baseEnv({ WFD_PAGER: `cat > '${out}'` }) });
    expect(screen).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(page());
  });

  it('the config file’s pager, over PAGER', () => {
    const out = join(dir.path, 'from-config.txt');
    const config = join(dir.path, 'config');
    mkdirSync(config, { mode: 0o700 });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ settings: { pager: `cat > '${out}'` } }), {
      mode: 0o600,
    });
    const env = baseEnv({ WFD_CONFIG_DIR: config, PAGER: 'false' });
    onTerminal(['cases', 'list', '--help'], { env: { ...env, WFD_PAGER: undefined } });
    expect(readFileSync(out, 'utf8')).toBe(page());
  });
});

describe('the binary prints', () => {
  it('a stored page on a pipe, with --help or -h', async () => {
    const page = await rendered(['cases', 'list', '--help']);
    expect(spawned(['cases', 'list', '--help'])).toBe(page);
    expect(spawned(['cases', 'ls', '-h'])).toBe(page);
    expect(spawned(['--help'])).toBe(await rendered(['--help']));
  });

  it("the program's page at another width, and in colour when forced", async () => {
    const wide = await rendered(['cases', 'list', '--help'], { COLUMNS: '100' });
    expect(wide).not.toBe(await rendered(['cases', 'list', '--help']));
    expect(spawned(['cases', 'list', '--help'], { COLUMNS: '100' })).toBe(wide);
    const forced = await rendered(['cases', 'list', '--help'], { FORCE_COLOR: '1' });
    expect(spawned(['cases', 'list', '--help'], { FORCE_COLOR: '1' })).toBe(forced);
  });

  it('the version for --version, -V and -v', () => {
    const { version } = JSON.parse(readFileSync(join(BIN, '../../package.json'), 'utf8'));
    for (const flag of ['--version', '-V', '-v']) expect(spawned([flag])).toBe(`${version}\n`);
  });

  it('what the program says to a command line no page answers', async () => {
    for (const args of [
      ['cases', 'lst', '--help'],
      ['nouns', '--help'],
    ]) {
      const memory = createMemoryIO();
      const code = await run(['node', 'wfd', ...args], { io: memory.io, env: {} });
      const result = spawnSync(process.execPath, [BIN, ...args], { env: baseEnv(), encoding: 'utf8' });
      expect([result.status, result.stdout, result.stderr]).toEqual([code, memory.stdout(), memory.stderr()]);
    }
  });
});
