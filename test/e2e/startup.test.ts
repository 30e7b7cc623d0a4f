import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, tempDir } from './harness.js';

// Every module the real binary loads is recorded at exit: require's cache (bin/wfd.js and the
// bundle are CommonJS, and the bundle requires the packages it uses) and Node's own modules.
// The start-up files make no import() (scripts/bundle.mjs checks), so nothing escapes the list.
const dir = tempDir('wfd-startup-');
writeFileSync(
  join(dir.path, 'trace.cjs'),
  `process.on('exit', () => {
  const loaded = [...Object.keys(require.cache), ...process.moduleLoadList];
  require('node:fs').appendFileSync(process.env.WFD_TRACE_FILE, loaded.join('\\n') + '\\n');
});`,
);

afterAll(() => dir.remove());

const HEAVY = [
  'undici',
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

function modulesLoadedBy(args: string[]): string[] {
  const trace = join(dir.path, `trace-${args.join('-')}.txt`);
  writeFileSync(trace, '');
  const result = spawnSync(process.execPath, ['--require', join(dir.path, 'trace.cjs'), BIN, ...args], {
    env: baseEnv({ WFD_TRACE_FILE: trace }),
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
}

/** Packages loaded from node_modules, or from the chunk the build bundled them into (`undici-<hash>.cjs`). */
function heavyIn(urls: string[]): string[] {
  const bundled = (url: string) => /\/dist\/chunks\/([^/]+)-\w+\.cjs$/.exec(url)?.[1]?.split('+') ?? [];
  return HEAVY.filter((name) =>
    urls.some((url) => url.includes(`/node_modules/${name}/`) || bundled(url).includes(name)),
  );
}

describe('start-up loads no heavy module', () => {
  for (const args of [['--version'], ['--help'], ['cases', 'list', '--help'], ['auth', 'login', '--help']]) {
    it(`wfd ${args.join(' ')}`, () => {
      const urls = modulesLoadedBy(args);
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

  it('the build leaves a code cache for every chunk that V8 accepts', () => {
    // As bin/wfd.js compiles them; a rejected cache would go unnoticed but for the time it costs.
    const check = `const { readdirSync, readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');
const dir = ${JSON.stringify(join(BIN, '../../dist/chunks'))};
const chunks = readdirSync(dir).filter((name) => name.endsWith('.cjs'));
const rejected = chunks.filter((name) => {
  const file = join(dir, name);
  const cachedData = readFileSync(file + '.v8cache');
  return new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData }).cachedDataRejected;
});
process.stdout.write(JSON.stringify({ chunks: chunks.length, rejected }));`;
    const result = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const { chunks, rejected } = JSON.parse(result.stdout);
    expect(chunks).toBeGreaterThan(20);
    expect(rejected).toEqual([]);
  });

  it('the trace does see heavy modules when a command runs', () => {
    const urls = modulesLoadedBy(['completion', 'bash']);
    expect(heavyIn(urls)).toContain('zod');
  });
});
