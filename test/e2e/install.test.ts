/**
 * The package as users install it: the packed tarball installed globally into a temporary
 * prefix, on each supported Node line, then run from another folder. Its man pages land where
 * `man` finds them. scripts/bundle.mjs bundles every library but one: the runtime dependency
 * `@napi-rs/keyring` (a native binding, with a package per platform). So that the install needs
 * neither the registry nor whatever the npm cache holds, that dependency and its platform
 * packages are packed from node_modules and installed beside the tarball, from files, with an
 * empty cache of their own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, tempDir } from './harness.js';
import { lineTest, nodeLines, requireNode } from './node-lines.js';

const ROOT = join(import.meta.dirname, '../..');
const dir = tempDir('wfd-install-');
const dependencies = join(dir.path, 'dependencies');
let tarball: string;
let dependencyTarballs: string[];

/** The installed `@napi-rs/keyring` and the platform packages of it npm put here. */
function keyringDirs(): string[] {
  const scope = join(ROOT, 'node_modules', '@napi-rs');
  return readdirSync(scope)
    .filter((name) => name === 'keyring' || name.startsWith('keyring-'))
    .map((name) => join(scope, name))
    .filter((path) => existsSync(join(path, 'package.json')));
}

beforeAll(() => {
  // --ignore-scripts: the build this suite runs against is the one packed.
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir.path, '--loglevel=error'], {
    cwd: ROOT,
  });
  tarball = join(dir.path, readdirSync(dir.path).find((name) => name.endsWith('.tgz'))!);
  mkdirSync(dependencies);
  execFileSync(
    'npm',
    ['pack', ...keyringDirs(), '--ignore-scripts', '--pack-destination', dependencies, '--loglevel=error'],
    { cwd: ROOT },
  );
  dependencyTarballs = readdirSync(dependencies).map((name) => join(dependencies, name));
}, 120_000);
afterAll(() => dir.remove());

describe('the packed tarball', () => {
  it('ships what runs: the bin, the bundle, completions and man pages, under 400 files', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(files.length).toBeLessThan(400);
    expect(files).toEqual(
      expect.arrayContaining([
        'package/bin/wfd.js',
        'package/bin/code-cache.js',
        'package/dist/wfd.cjs',
        'package/dist/sandbox.cjs',
        'package/dist/sandbox.d.ts',
      ]),
    );
    // At most 24 files of code besides the help pages the build wrote: the parts of
    // scripts/bundle.mjs and the sandbox console's files (21 today).
    expect(
      files.filter((file) => file.startsWith('package/dist/') && !file.startsWith('package/dist/help/'))
        .length,
    ).toBeLessThanOrEqual(24);
    // Not the single executable (`npm run build:binary` writes it under dist/), nor source maps.
    expect(files.filter((file) => /^package\/dist\/(bin|sea)\/|\.map$/.test(file))).toEqual([]);
  });
});

describe('the packed tarball, installed globally', () => {
  for (const nodeLine of nodeLines()) {
    const { title, skip } = lineTest(nodeLine);
    it.skipIf(skip)(
      title,
      () => {
        const node = requireNode(nodeLine);
        const prefix = join(dir.path, `prefix-${nodeLine.line}`);
        const elsewhere = join(dir.path, `elsewhere-${nodeLine.line}`);
        mkdirSync(elsewhere);
        // npm and the installed `wfd` (#!/usr/bin/env node) run on this line's node; npm with a
        // home and a cache of its own, empty, as on a fresh machine.
        const env = baseEnv({
          PATH: [dirname(node), join(prefix, 'bin'), process.env.PATH].join(delimiter),
          WFD_CONFIG_DIR: join(dir.path, `config-${nodeLine.line}`),
          HOME: join(dir.path, `home-${nodeLine.line}`),
          npm_config_cache: join(dir.path, `npm-cache-${nodeLine.line}`),
          npm_config_userconfig: join(dir.path, `npmrc-${nodeLine.line}`),
          npm_config_update_notifier: 'false',
        });
        const run = (command: string, args: string[]) => {
          const result = spawnSync(command, args, {
            cwd: elsewhere,
            env,
            encoding: 'utf8',
            timeout: 120_000,
          });
          expect(result.status, `${command} ${args.join(' ')}: ${result.stdout}${result.stderr}`).toBe(0);
          return result;
        };

        // Beside wfd-cli at the top of the global folder, the dependency answers its `require`
        // and satisfies its range, so npm looks nothing up.
        const install = run('npm', [
          'install',
          '-g',
          '--prefix',
          prefix,
          tarball,
          ...dependencyTarballs,
          '--offline',
          '--no-audit',
          '--no-fund',
        ]);
        expect(install.stderr).not.toMatch(/EBADENGINE/);

        // wfd-cli's own `require` of its dependency finds the one installed beside it.
        const installed = join(prefix, 'lib', 'node_modules', 'wfd-cli', 'package.json');
        const keyring = run(node, [
          '-e',
          `console.log(typeof require('node:module').createRequire(${JSON.stringify(installed)})('@napi-rs/keyring').Entry)`,
        ]);
        expect(keyring.stdout.trim()).toBe('function');
        const version = run(join(prefix, 'bin', 'wfd'), ['--version']);
        expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
        const help = run('wfd', ['cases', 'list', '--help']);
        expect(help.stdout).toContain('--parent-status');
        // npm links the pages package.json's `man` lists into the prefix's man path.
        const manPath = join(prefix, 'share', 'man');
        expect(readdirSync(join(manPath, 'man1'))).toEqual(
          expect.arrayContaining(['wfd.1', 'wfd-cases-list.1']),
        );
        const man = spawnSync('man', ['-M', manPath, 'wfd-cases-list'], {
          env: { ...env, MANPAGER: 'cat', MANWIDTH: '80' },
          encoding: 'utf8',
        });
        // Where man-db is installed (not on every CI image), the page reads as the help does.
        if (!man.error) expect(man.stdout).toContain('--parent-status <status>');
        const demo = run('wfd', ['sandbox', 'demo']);
        expect(demo.stdout).toContain('now stopped');

        // The library export, by its name, as ES module and as CommonJS, from beside the install.
        const lib = join(prefix, 'lib');
        writeFileSync(
          join(lib, 'check.mjs'),
          `import { startSandbox } from 'wfd-cli/sandbox';
import { createRequire } from 'node:module';
const sandbox = await startSandbox({ seed: 7, cases: 5, rateLimit: 'off' });
const res = await fetch(sandbox.baseUrl + '/v1/cases', { headers: { authorization: 'Bearer ' + sandbox.workspaces[0].token } });
await sandbox.close();
const required = createRequire(import.meta.url)('wfd-cli/sandbox');
console.log(res.status, typeof required.startSandbox);`,
        );
        expect(run(node, [join(lib, 'check.mjs')]).stdout.trim()).toBe('200 function');
      },
      240_000,
    );
  }
});
