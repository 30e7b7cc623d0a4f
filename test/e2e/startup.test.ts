import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, tempDir } from './harness.js';

// A module-resolution hook records every module the real binary loads.
const dir = tempDir('wfd-startup-');
writeFileSync(
  join(dir.path, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.WFD_TRACE_FILE, result.url + '\\n');
  return result;
}`,
);
writeFileSync(
  join(dir.path, 'register.mjs'),
  `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);`,
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
  const result = spawnSync(process.execPath, ['--import', join(dir.path, 'register.mjs'), BIN, ...args], {
    env: baseEnv({ WFD_TRACE_FILE: trace }),
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
}

function heavyIn(urls: string[]): string[] {
  return HEAVY.filter((name) => urls.some((url) => url.includes(`/node_modules/${name}/`)));
}

describe('start-up loads no heavy module', () => {
  for (const args of [['--version'], ['--help'], ['cases', 'list', '--help'], ['auth', 'login', '--help']]) {
    it(`wfd ${args.join(' ')}`, () => {
      const urls = modulesLoadedBy(args);
      expect(urls.some((url) => url.endsWith('/dist/wfd.js'))).toBe(true);
      expect(heavyIn(urls)).toEqual([]);
    });
  }

  it('the trace does see heavy modules when a command runs', () => {
    const urls = modulesLoadedBy(['completion', 'bash']);
    expect(heavyIn(urls)).toContain('zod');
  });
});
