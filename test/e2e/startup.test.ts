import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, tempDir, useSandbox } from './harness.js';
import { lineTest, nodeLines, requireNode } from './node-lines.js';

// Every module the real binary loads is recorded at exit: require's cache (bin/wfd.js and the
// bundle are CommonJS, and the bundle requires the packages it uses) and Node's own modules.
// The bundle requires its chunks (scripts/bundle.mjs turns import() into require), so nothing
// escapes the list.
const dir = tempDir('wfd-startup-');
writeFileSync(
  join(dir.path, 'trace.cjs'),
  `process.on('exit', () => {
  const loaded = [...Object.keys(require.cache), ...process.moduleLoadList];
  require('node:fs').appendFileSync(process.env.WFD_TRACE_FILE, loaded.join('\\n') + '\\n');
});`,
);

afterAll(() => dir.remove());

/** The files of the install: the package's bin and dist folders. */
function installedFiles(): string[] {
  const root = join(BIN, '../..');
  return ['bin', 'dist']
    .flatMap((folder) => readdirSync(join(root, folder), { recursive: true }).map(String))
    .sort();
}

const HEAVY = [
  'zod',
  'chalk',
  'cli-table3',
  'string-width',
  'ora',
  'fastify',
  'pdf-lib',
  'conf',
  'csv-stringify',
];

function modulesLoadedBy(args: string[], env: Record<string, string> = {}): string[] {
  const trace = join(dir.path, `trace-${args.join('-')}.txt`);
  writeFileSync(trace, '');
  const result = spawnSync(process.execPath, ['--require', join(dir.path, 'trace.cjs'), BIN, ...args], {
    env: baseEnv({ WFD_TRACE_FILE: trace, ...env }),
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
}

/** Packages loaded from node_modules, or from the chunk the build bundled them into (`zod-<hash>.cjs`). */
function heavyIn(urls: string[]): string[] {
  const bundled = (url: string) => /\/dist\/chunks\/([^/]+)-\w+\.cjs$/.exec(url)?.[1]?.split('+') ?? [];
  return HEAVY.filter((name) =>
    urls.some((url) => url.includes(`/node_modules/${name}/`) || bundled(url).includes(name)),
  );
}

describe('start-up loads no heavy module', () => {
  for (const args of [['--version'], ['--help'], ['cases', 'list', '--help'], ['auth', 'login', '--help']]) {
    it(`wfd ${args.join(' ')} loads no bundle: the answer is ready (bin/quick-answers.js)`, () => {
      const urls = modulesLoadedBy(args);
      expect(urls.filter((url) => url.includes('/dist/'))).toEqual([]);
      expect(urls).not.toContain('NativeModule net');
    });
    // At a width other than 80, the program lays out the page itself (a version has no width).
    it.skipIf(args[0] === '--version')(`wfd ${args.join(' ')}, at 100 columns`, () => {
      const urls = modulesLoadedBy(args, { COLUMNS: '100' });
      expect(heavyIn(urls)).toEqual([]);
      // Help and the version go to the piped stdout without opening process.stdout, which
      // would load Node's stream and net modules (io.writeOut).
      expect(urls).not.toContain('NativeModule net');
      // The entry, the start-up chunk and small shared chunks (esbuild's helpers): no command's
      // chunk, which esbuild names after the command's module (list-<hash>.cjs).
      const ours = urls.filter((url) => url.includes('/dist/'));
      expect(ours.some((url) => url.endsWith('/dist/wfd.cjs'))).toBe(true);
      expect(ours.some((url) => url.endsWith('/dist/chunks/startup.cjs'))).toBe(true);
      expect(ours.filter((url) => !/\/dist\/(wfd|chunks\/(startup|chunk-\w+))\.cjs$/.test(url))).toEqual([]);
    });
  }

  it('help to a reader that went away ends quietly, and help to a file is whole', () => {
    const help = spawnSync(process.execPath, [BIN, 'cases', 'list', '--help'], { encoding: 'utf8' });
    const file = join(dir.path, 'help.txt');
    const shell = (command: string) =>
      spawnSync('bash', ['-c', `set -o pipefail; ${command}`], { env: baseEnv(), encoding: 'utf8' });
    const closed = shell(`'${process.execPath}' '${BIN}' cases list --help | true`);
    expect(closed.status, closed.stderr).toBe(0);
    expect(closed.stderr).toBe('');
    const toFile = shell(`'${process.execPath}' '${BIN}' cases list --help > '${file}'`);
    expect(toFile.status, toFile.stderr).toBe(0);
    expect(help.stdout).toContain('--parent-status');
    expect(readFileSync(file, 'utf8')).toBe(help.stdout);
  });

  describe("compiled code is kept in the user's cache folder, where V8 accepts it, and nowhere else", () => {
    for (const nodeLine of nodeLines()) {
      const { title, skip } = lineTest(nodeLine);
      it.skipIf(skip)(title, () => {
        const node = requireNode(nodeLine);
        // bin/code-cache.js's cache, under WFD_CACHE_DIR as under ~/.cache/wfd; it says what V8
        // did with each file under NODE_DEBUG_NATIVE=COMPILE_CACHE, as Node's own cache does.
        // The install folder is never written to.
        const cache = join(dir.path, `cache-${nodeLine.line}`);
        const before = installedFiles();
        const run = (extra: Record<string, string> = {}) => {
          // At 100 columns: the page is the program's, not the build's (bin/quick-answers.js).
          const result = spawnSync(node, [BIN, 'cases', 'list', '--help'], {
            env: baseEnv({
              WFD_CACHE_DIR: cache,
              NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
              COLUMNS: '100',
              ...extra,
            }),
            encoding: 'utf8',
          });
          expect(result.status, result.stderr).toBe(0);
          return result.stderr;
        };
        run();
        const second = run();
        expect(installedFiles()).toEqual(before);
        // One folder for this Node version, its flags and this build.
        expect(readdirSync(join(cache, 'compile-cache'))).toHaveLength(1);
        expect(second).toMatch(/dist\/chunks\/startup\.cjs was accepted/);
        expect(second).not.toMatch(/was rejected/);
        // Other V8 flags get a cache of their own, which V8 accepts as well.
        run({ NODE_OPTIONS: '--max-old-space-size=4096' });
        const flagged = run({ NODE_OPTIONS: '--max-old-space-size=4096' });
        expect(flagged).toMatch(/dist\/chunks\/startup\.cjs was accepted/);
        expect(flagged).not.toMatch(/was rejected/);
        // NODE_DISABLE_COMPILE_CACHE turns it off.
        const off = join(dir.path, `off-${nodeLine.line}`);
        const disabled = spawnSync(node, [BIN, '--version'], {
          env: baseEnv({ WFD_CACHE_DIR: off, NODE_DISABLE_COMPILE_CACHE: '1' }),
        });
        expect(disabled.status).toBe(0);
        expect(existsSync(join(off, 'compile-cache'))).toBe(false);
      });
    }
  });

  it('the trace does see heavy modules when a command runs', () => {
    const urls = modulesLoadedBy(['completion', 'bash']);
    expect(heavyIn(urls)).toContain('zod');
  });
});

describe('a one-shot API command loads what its request needs, and no more', () => {
  let env: Record<string, string> = {};
  useSandbox([], (fixture) => {
    const keys = ['WFD_TOKEN', 'WFD_BASE_URL', 'WFD_CONFIG_DIR'];
    env = Object.fromEntries(keys.map((key) => [key, fixture.env[key] ?? '']));
  });

  it('cases get ID with WFD_TOKEN: no login or OAuth code, no keyring binding, no fs/promises', () => {
    const list = spawnSync(process.execPath, [BIN, 'cases', 'list', '--limit', '1', '-o', 'plain'], {
      env: baseEnv(env),
      encoding: 'utf8',
    });
    expect(list.status, list.stderr).toBe(0);
    const id = list.stdout.split('\t')[0]!;
    const urls = modulesLoadedBy(['cases', 'get', id, '-o', 'plain'], env);
    const chunks = urls.filter((url) => url.includes('/dist/chunks/')).map((url) => url.replace(/.*\//, ''));
    // A fixed token has no login command to suggest and nothing to renew.
    expect(chunks.filter((name) => /^(login-command|refresh|oauth|authorization)-/.test(name))).toEqual([]);
    expect(urls.filter((url) => url.includes('keyring') && !/\/keyring-\w+\.cjs$/.test(url))).toEqual([]);
    // The config file is read with node:fs; the promise API is for the commands that write it.
    expect(urls).not.toContain('NativeModule fs/promises');
    // jq (WebAssembly, its own chunk) is for --jq only.
    expect(urls.filter((url) => /\/dist\/chunks\/jq-\w+\.cjs$/.test(url))).toEqual([]);
    const filtered = modulesLoadedBy(['cases', 'get', id, '--jq', '.id'], env);
    expect(filtered.filter((url) => /\/dist\/chunks\/jq-\w+\.cjs$/.test(url))).toHaveLength(1);
    // Each file is a lookup, a read and a compilation: the start-up chunk, the API runtime (one
    // chunk, scripts/bundle.mjs), zod and the command's own code. esbuild's own split made about 50.
    const ours = urls.filter((url) => url.includes('/dist/')).map((url) => url.replace(/.*\/dist\//, ''));
    expect(ours).toEqual(
      expect.arrayContaining([
        'wfd.cjs',
        'chunks/startup.cjs',
        expect.stringMatching(/^chunks\/api-runtime-code-\w+\.cjs$/),
        expect.stringMatching(/^chunks\/zod-\w+\.cjs$/),
        expect.stringMatching(/^chunks\/get-\w+\.cjs$/),
      ]),
    );
    expect(ours.length).toBeLessThanOrEqual(12);
  });
});
