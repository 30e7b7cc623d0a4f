/**
 * The sandbox as a library, as another project uses it: the packed tarball installed into a
 * temporary project, whose own vitest suite starts the embedded sandbox, and whose TypeScript
 * checks the types. The import loads none of the CLI.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './harness.js';

const ROOT = join(import.meta.dirname, '../..');
const dir = tempDir('wfd-embed-');
const npm = (args: string[]) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir.path,
    encoding: 'utf8',
    timeout: 180_000,
  });

const SUITE = `import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock, type RunningSandbox, startSandbox } from 'wfd-cli/sandbox';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, cases: 40, forms: 10, rateLimit: 'off', clock: new ManualClock() });
});
afterAll(() => sandbox.close());

it('serves the API with a token per workspace', async () => {
  const [acme] = sandbox.workspaces;
  const res = await fetch(\`\${sandbox.baseUrl}/v1/cases?page[size]=5\`, { headers: { authorization: \`Bearer \${acme!.token}\` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { meta: { total_count: number } };
  expect(body.meta.total_count).toBe(32);
});

it('refuses a request without a token, as the spec says', async () => {
  const res = await fetch(\`\${sandbox.baseUrl}/v1/cases\`);
  expect(res.status).toBe(401);
  expect(sandbox.oauth.client_id).toMatch(/^wfd-sandbox-/);
});
`;

beforeAll(() => {
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir.path, '--loglevel=error'], {
    cwd: ROOT,
  });
  const tarball = readdirSync(dir.path).find((name) => name.endsWith('.tgz'))!;
  const versions = (name: string) =>
    JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  writeFileSync(
    join(dir.path, 'package.json'),
    JSON.stringify({ name: 'embedder', private: true, type: 'module' }),
  );
  writeFileSync(join(dir.path, 'sandbox.test.ts'), SUITE);
  writeFileSync(
    join(dir.path, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['typed.ts'],
    }),
  );
  writeFileSync(
    join(dir.path, 'typed.ts'),
    `import { type SandboxOptions, startSandbox } from 'wfd-cli/sandbox';
const options: SandboxOptions = { seed: 1, cases: 10, maxUploadBytes: 1024 };
export const started: Promise<{ baseUrl: string }> = startSandbox(options);
// @ts-expect-error an unknown option is a type error
startSandbox({ nope: true });
`,
  );
  npm(['install', `./${tarball}`, `vitest@${versions('vitest')}`, `typescript@${versions('typescript')}`]);
}, 240_000);
afterAll(() => dir.remove());

describe('wfd-cli/sandbox in another project', () => {
  it("runs that project's vitest suite against the embedded sandbox", () => {
    const result = spawnSync('npx', ['vitest', 'run', '--reporter=dot'], {
      cwd: dir.path,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2 passed/);
  });

  it('is typed: TypeScript accepts its options and refuses an unknown one', () => {
    const result = spawnSync('npx', ['tsc', '-p', '.'], {
      cwd: dir.path,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('loads none of the CLI', () => {
    // The export is a CommonJS bundle (dist/sandbox.cjs) that requires the heavy packages it
    // uses (dist/pdf-lib.cjs...): require's cache lists every file of the package it loaded.
    const check = `import { createRequire } from 'node:module';
const m = await import('wfd-cli/sandbox');
// Node 23 and later also name the whole CommonJS exports object 'module.exports'.
console.log(Object.keys(m).filter((name) => name !== 'default' && name !== 'module.exports').join(','));
console.log(Object.keys(createRequire(import.meta.url).cache).join('\\n'));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', check], {
      cwd: dir.path,
      encoding: 'utf8',
    });
    const [names, ...loaded] = result.stdout.trim().split('\n');
    expect(names, result.stderr).toBe(
      'DataDirError,FaultsError,JournalDamagedError,JournalShortError,JournalTruncatedError,LockedError,ManualClock,SeedMismatchError,parseFaults,parseRateLimit,resetDataDir,startSandbox',
    );
    expect(loaded.some((file) => file.endsWith('/wfd-cli/dist/sandbox.cjs'))).toBe(true);
    // Not the CLI (dist/wfd.cjs: our modules and commander).
    expect(loaded.filter((file) => /\/wfd-cli\/dist\/wfd\.cjs$/.test(file))).toEqual([]);
  });
});
