/**
 * The start-up rules, as one load budget: for each kind of command, the Node built-ins and the
 * files of the package it may load, and the costly first uses it may make (ICU's data, behind
 * Intl and the locale methods; perf_hooks, behind `performance`). A change that loads more fails
 * here with the name of what it loaded; it may well be worth it, and then the budget says so.
 * And the size of dist/wfd.cjs, which every command reads and compiles. (What the bundle runs of the
 * packages inside dist/wfd.cjs no trace can see: test/unit/output/startup.test.ts keeps heavy
 * packages out of the modules every start runs.) And the code cache of bin/code-cache.js on
 * each Node line, with the real bundle: damaged, edited, turned off.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, onTerminal, tempDir, useSandbox } from './harness.js';
import { lineTest, nodeLines, requireNode } from './node-lines.js';

const ROOT = join(BIN, '../..');
const dir = tempDir('wfd-startup-');
afterAll(() => dir.remove());

// A preload that writes, at exit, the public built-ins Node loaded, the files required, and the
// first uses it watched: each loads what no command needs before its output (ICU's number
// formats, dates, collation and break rules, some 10-15 ms; perf_hooks, 1-2 ms).
const TRACE = join(dir.path, 'trace.cjs');
writeFileSync(
  TRACE,
  `const firstUses = new Set();
const watch = (owner, key, name) => {
  const record = () => firstUses.add(name);
  owner[key] = new Proxy(owner[key], {
    apply: (target, self, args) => (record(), Reflect.apply(target, self, args)),
    construct: (target, args, newTarget) => (record(), Reflect.construct(target, args, newTarget)),
  });
};
for (const name of ['Collator', 'DateTimeFormat', 'DisplayNames', 'ListFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Segmenter'])
  if (Intl[name]) watch(Intl, name, 'Intl.' + name);
for (const [type, keys] of [[Number, ['toLocaleString']], [BigInt, ['toLocaleString']], [Array, ['toLocaleString']], [Date, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']], [String, ['localeCompare', 'toLocaleLowerCase', 'toLocaleUpperCase']]])
  for (const key of keys) watch(type.prototype, key, type.name + '.prototype.' + key);
const performance = Object.getOwnPropertyDescriptor(globalThis, 'performance');
Object.defineProperty(globalThis, 'performance', { ...performance, get() { firstUses.add('performance'); return performance.get.call(this); } });
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
  require('node:fs').writeFileSync(process.env.WFD_TRACE_FILE, JSON.stringify({ builtins, files: Object.keys(require.cache), firstUses: [...firstUses] }));
});`,
);

interface Loaded {
  builtins: string[];
  files: string[];
  /** the costly first uses the preload watched, by name (`Intl.Segmenter`, `performance`) */
  firstUses: string[];
}

let traces = 0;
/** The env that traces a run into a file of its own; `read()` gives what it loaded. */
function traced(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; read(): Loaded } {
  const file = join(dir.path, `trace-${traces++}.json`);
  return {
    env: { ...env, NODE_OPTIONS: `--require ${TRACE}`, WFD_TRACE_FILE: file },
    read: () => JSON.parse(readFileSync(file, 'utf8')),
  };
}

/** What an empty script loads: Node's own start, which no command can avoid. */
function nodeAlone(): Set<string> {
  const empty = join(dir.path, 'empty.js');
  writeFileSync(empty, '');
  const trace = traced(baseEnv());
  expect(spawnSync(process.execPath, [empty], { env: trace.env }).status).toBe(0);
  return new Set(trace.read().builtins);
}

/** What a run loaded beyond Node's own start: public built-ins, files by their path in the package, first uses. */
function beyondNode(loaded: Loaded, alone: Set<string>): string[] {
  const builtins = loaded.builtins.filter(
    (name) => builtinModules.includes(name) && !name.startsWith('internal/') && !alone.has(name),
  );
  const files = loaded.files.filter((file) => file !== TRACE).map((file) => relative(ROOT, file));
  const firstUses = loaded.firstUses.map((name) => `first use of ${name}`);
  return [...builtins.map((name) => `node:${name}`), ...files, ...firstUses].sort();
}

const QUICK = ['bin/wfd.js', 'bin/quick-answers.js'];
const PROGRAM = [...QUICK, 'bin/code-cache.js', 'dist/wfd.cjs', 'node:module', 'node:vm', 'node:zlib'];
// commander requires node:child_process (which requires node:dgram and node:net, and that
// node:diagnostics_channel on Node 20) when it loads.
const COMMANDER = ['node:child_process', 'node:dgram', 'node:net', 'node:diagnostics_channel'];
// What printing through process.stdout (a stream) loads.
const STREAMS = ['node:stream', 'node:stream/promises', 'node:string_decoder', 'node:process'];
const HTTP = [
  'node:http',
  'node:_http_agent',
  'node:_http_client',
  'node:_http_common',
  'node:_http_incoming',
  'node:_http_outgoing',
  'node:_http_server',
  'node:os',
  'node:timers/promises',
];

/** What each kind of command may load beyond Node's own start. */
const BUDGET: Record<string, string[]> = {
  '--version': QUICK, // the version the build wrote (dist/version.txt) is read, not required
  'help, piped': QUICK, // the page the build wrote (dist/help) is read, not required
  // The page the build wrote, through the pager: the setting is read from the config file
  // (node:os for the home folder), the pager started (node:child_process).
  'help at a terminal': [...QUICK, 'dist/quick-pager.cjs', ...COMMANDER, ...STREAMS, 'node:tty', 'node:os'],
  // At another width the program lays the page out, and pages it.
  'help at a wide terminal': [...PROGRAM, ...COMMANDER, ...STREAMS, 'node:tty', 'node:os'],
  'cases get': [...PROGRAM, ...COMMANDER, ...STREAMS, ...HTTP],
  'cases list': [...PROGRAM, ...COMMANDER, ...STREAMS, ...HTTP],
  'sandbox start': [
    ...PROGRAM,
    ...COMMANDER,
    ...STREAMS,
    ...HTTP,
    // The emulator: fastify, its seed's PDF attachments, its webhook deliveries.
    'dist/sandbox.cjs',
    'dist/pdf-lib.cjs',
    'node:_tls_common',
    'node:_tls_wrap',
    'node:assert',
    'node:async_hooks',
    'node:crypto',
    'node:cluster',
    'node:console',
    'node:dns',
    'node:events',
    'node:fs/promises',
    'node:http2',
    'node:https',
    'node:perf_hooks',
    'node:querystring',
    'node:readline',
    'node:tls',
    'node:url',
    'node:util',
    'node:util/types',
    'node:worker_threads',
    'node:zlib',
    // Its banner is laid out in columns, measured by grapheme.
    'first use of Intl.Segmenter',
  ],
};

/** The id of the sandbox's first case, for `cases get`. */
function firstCaseId(env: NodeJS.ProcessEnv): string {
  const list = spawnSync(process.execPath, [BIN, 'cases', 'list', '--limit', '1', '-o', 'plain'], {
    env,
    encoding: 'utf8',
  });
  return list.stdout.split('\t')[0]!;
}

function overBudget(kind: string, loaded: Loaded, alone: Set<string>): string[] {
  return beyondNode(loaded, alone).filter((name) => !BUDGET[kind]!.includes(name));
}

describe('the load budget of each kind of command', () => {
  let alone: Set<string>;
  let env: NodeJS.ProcessEnv;
  let id: string;
  beforeAll(() => {
    alone = nodeAlone();
  });
  useSandbox([], (fixture) => {
    env = fixture.env;
    id = firstCaseId(env);
  });

  const run = (args: string[], base: NodeJS.ProcessEnv = baseEnv()) => {
    const trace = traced(base);
    const result = spawnSync(process.execPath, [BIN, ...args], { env: trace.env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return trace.read();
  };

  it('--version', () => {
    expect(overBudget('--version', run(['--version']), alone)).toEqual([]);
  });

  it.each([[['--help']], [['cases', 'list', '--help']], [['auth', 'login', '-h']]])(
    'help, piped: %j',
    (args) => {
      const loaded = run(args);
      expect(overBudget('help, piped', loaded, alone)).toEqual([]);
      expect(beyondNode(loaded, alone)).not.toContain('dist/wfd.cjs');
    },
  );

  it.each([[['--help']], [['cases', 'list', '--help']]])('help at a terminal: %j', (args) => {
    const trace = traced(baseEnv());
    // A pager that is started, and ends with its input.
    expect(onTerminal(args, { env: { ...trace.env, WFD_PAGER: 'cat -' } })).toMatch(/^Usage: wfd/m);
    const loaded = trace.read();
    expect(overBudget('help at a terminal', loaded, alone)).toEqual([]);
    // The page the build wrote, paged: none of the program.
    expect(beyondNode(loaded, alone)).not.toContain('dist/wfd.cjs');
  });

  it('help at a 100-column terminal', () => {
    const trace = traced(baseEnv());
    expect(onTerminal(['cases', 'list', '--help'], { env: trace.env, columns: 100 })).toMatch(/^Usage: wfd/m);
    const loaded = trace.read();
    expect(overBudget('help at a wide terminal', loaded, alone)).toEqual([]);
    expect(beyondNode(loaded, alone)).toContain('dist/wfd.cjs');
  });

  it('cases get', () => {
    expect(overBudget('cases get', run(['cases', 'get', id, '-o', 'plain'], env), alone)).toEqual([]);
  });

  it('cases get --jq: jq (WebAssembly, a file of its own) for --jq only', () => {
    const loaded = beyondNode(run(['cases', 'get', id, '--jq', '.id'], env), alone);
    expect(loaded).toContain('dist/jq.cjs');
    expect(loaded.filter((name) => !BUDGET['cases get']!.includes(name))).toEqual(['dist/jq.cjs']);
  });

  it('cases list', () => {
    expect(
      overBudget('cases list', run(['cases', 'list', '--limit', '10', '-o', 'plain'], env), alone),
    ).toEqual([]);
  });

  it('sandbox start', async () => {
    const trace = traced(baseEnv({ WFD_CONFIG_DIR: dir.path }));
    const child = spawn(
      process.execPath,
      [BIN, 'sandbox', 'start', '--port', '0', '--no-profile', '-o', 'json'],
      {
        env: trace.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`sandbox start ended (${code}) before it was ready`)));
    });
    expect(JSON.parse(out).base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('exit', resolve));
    const loaded = trace.read();
    expect(overBudget('sandbox start', loaded, alone)).toEqual([]);
    expect(beyondNode(loaded, alone)).toContain('dist/sandbox.cjs');
  });

  it('every file of dist/ that a command runs is ASCII (V8 would keep it as two bytes a character)', () => {
    const files = readdirSync(join(ROOT, 'dist')).filter((name) => name.endsWith('.cjs'));
    expect(files).toContain('wfd.cjs');
    const wider = files.filter((name) =>
      /[\u0080-\u00ff]/.test(readFileSync(join(ROOT, 'dist', name), 'latin1')),
    );
    expect(wider).toEqual([]);
  });

  it('the trace sees what a command loads beyond its budget', () => {
    // `completion bash` prints a script, but a budget of help's would not allow the program.
    expect(overBudget('help, piped', run(['completion', 'bash']), alone)).toContain('dist/wfd.cjs');
  });

  it('the trace sees the first use of ICU and of perf_hooks', () => {
    const script = join(dir.path, 'first-uses.js');
    writeFileSync(
      script,
      "(1234).toLocaleString(); new Intl.Segmenter(); 'a'.localeCompare('b'); performance.now();",
    );
    const trace = traced(baseEnv());
    expect(spawnSync(process.execPath, [script], { env: trace.env }).status).toBe(0);
    expect(trace.read().firstUses.sort()).toEqual([
      'Intl.Segmenter',
      'Number.prototype.toLocaleString',
      'String.prototype.localeCompare',
      'performance',
    ]);
  });
});

/**
 * Every command reads, checks and compiles the whole of dist/wfd.cjs at each start (the code
 * cache saves the compiling only), so a heavy package imported there costs every command: such a
 * package is a part of its own (HEAVY in scripts/bundle.mjs). Raise the budget for code that
 * belongs there, with the figures of `npm run bench` before and after in the same commit.
 */
const BUNDLE_BUDGET_BYTES = 850_000;

describe('the size of dist/wfd.cjs', () => {
  it(`is at most ${BUNDLE_BUDGET_BYTES} bytes`, () => {
    expect(statSync(join(ROOT, 'dist', 'wfd.cjs')).size).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
  });
});

describe('help to a reader that went away, and to a file', () => {
  it('ends quietly, and is whole', () => {
    const help = spawnSync(process.execPath, [BIN, 'cases', 'list', '--help'], { encoding: 'utf8' });
    const file = join(dir.path, 'help.txt');
    const shell = (command: string) =>
      // --norc: stdin is a socket here, and bash -c then reads ~/.bashrc as if run by sshd.
      spawnSync('bash', ['--norc', '-c', `set -o pipefail; ${command}`], {
        env: baseEnv(),
        encoding: 'utf8',
      });
    const closed = shell(`'${process.execPath}' '${BIN}' cases list --help | true`);
    expect(closed.status, closed.stderr).toBe(0);
    expect(closed.stderr).toBe('');
    const toFile = shell(`'${process.execPath}' '${BIN}' cases list --help > '${file}'`);
    expect(toFile.status, toFile.stderr).toBe(0);
    expect(help.stdout).toContain('--parent-status');
    expect(readFileSync(file, 'utf8')).toBe(help.stdout);
  });
});

/** `bytes` with `count` of them, from a random place, changed to random others. */
function damage(bytes: Buffer, count: number): Buffer {
  const at = Math.floor(Math.random() * (bytes.length - count));
  const noise = randomBytes(count);
  for (let i = 0; i < count; i++) bytes[at + i]! ^= noise[i]! | 1;
  return bytes;
}

/** The files of an install (bin and dist), to see that nothing is written there. */
function installedFiles(root: string): string[] {
  return ['bin', 'dist']
    .flatMap((folder) => readdirSync(join(root, folder), { recursive: true }).map(String))
    .sort();
}

describe("the code cache, in the user's cache folder, on each Node line", () => {
  let env: NodeJS.ProcessEnv;
  let id: string;
  useSandbox([], (fixture) => {
    env = fixture.env;
    id = firstCaseId(env);
  });

  for (const nodeLine of nodeLines()) {
    const { title, skip } = lineTest(nodeLine);
    it.skipIf(skip)(
      `${title}: random bytes in every cache file change nothing, and the cache is made again`,
      () => {
        const node = requireNode(nodeLine);
        const cache = join(dir.path, `damaged-${nodeLine.line}`);
        const before = installedFiles(ROOT);
        const run = () => {
          const result = spawnSync(node, [BIN, 'cases', 'get', id, '-o', 'plain'], {
            env: { ...env, WFD_CACHE_DIR: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
            encoding: 'utf8',
          });
          return { status: result.status, stdout: result.stdout, stderr: result.stderr };
        };
        const first = run();
        expect(first.status, first.stderr).toBe(0);
        expect(first.stderr).toMatch(/wrote \S+\/wfd\.cjs/);
        expect(run().stderr).toMatch(/dist\/wfd\.cjs was accepted/);
        const folder = join(cache, 'compile-cache', readdirSync(join(cache, 'compile-cache'))[0]!);
        const files = readdirSync(folder).map((name) => join(folder, name));
        expect(files.length).toBeGreaterThan(0);
        for (let trial = 0; trial < 8; trial++) {
          for (const file of files) {
            const bytes = readFileSync(file);
            writeFileSync(file, damage(bytes, trial % 2 ? 1 : 16));
          }
          const damaged = run();
          expect([damaged.status, damaged.stdout], damaged.stderr).toEqual([0, first.stdout]);
          expect(damaged.stderr).toMatch(/dist\/wfd\.cjs was damaged/);
          expect(damaged.stderr).toMatch(/wrote \S+\/wfd\.cjs/);
          expect(run().stderr, `trial ${trial}`).toMatch(/dist\/wfd\.cjs was accepted/);
        }
        expect(installedFiles(ROOT)).toEqual(before);
      },
      // Some 80 starts of node: seconds on a quiet machine, a minute on a loaded one.
      120_000,
    );

    it.skipIf(skip)(`${title}: a same-length edit of an installed bundle file runs the new code`, () => {
      const node = requireNode(nodeLine);
      const install = join(dir.path, `install-${nodeLine.line}`);
      for (const part of ['bin', 'dist', 'package.json'])
        cpSync(join(ROOT, part), join(install, part), { recursive: true });
      const cache = join(dir.path, `edited-${nodeLine.line}`);
      const run = () =>
        spawnSync(node, [join(install, 'bin/wfd.js'), 'completion', 'bash'], {
          env: baseEnv({ WFD_CACHE_DIR: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }),
          encoding: 'utf8',
        });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(run().stderr).toMatch(/was accepted/);
      // The same number of bytes, another word in what the command prints.
      const bundle = join(install, 'dist/wfd.cjs');
      const source = readFileSync(bundle, 'utf8');
      const word = /# bash completion for wfd/.exec(source)?.[0];
      expect(word).toBeDefined();
      writeFileSync(bundle, source.replaceAll('# bash completion for wfd', '# BASH completion for wfd'));
      expect(readFileSync(bundle).length).toBe(Buffer.byteLength(source));
      const edited = run();
      expect(edited.status, edited.stderr).toBe(0);
      expect(edited.stdout).toContain('# BASH completion for wfd');
      expect(edited.stdout).not.toContain('# bash completion for wfd');
      expect(edited.stderr).toMatch(/was damaged or made from other code/);
      expect(run().stderr).toMatch(/was accepted/);
    });
  }

  it('NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    const off = join(dir.path, 'off');
    const result = spawnSync(process.execPath, [BIN, 'completion', 'bash'], {
      env: baseEnv({ WFD_CACHE_DIR: off, NODE_DISABLE_COMPILE_CACHE: '1' }),
    });
    expect(result.status).toBe(0);
    expect(existsSync(join(off, 'compile-cache'))).toBe(false);
    const on = spawnSync(process.execPath, [BIN, 'completion', 'bash'], {
      env: baseEnv({ WFD_CACHE_DIR: off }),
    });
    expect(on.status).toBe(0);
    expect(existsSync(join(off, 'compile-cache'))).toBe(true);
  });
});
