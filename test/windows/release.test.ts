/**
 * A release as `npm run release` makes it, checked file by file: SHA256SUMS matches, the tarball
 * is ready to publish (`npm publish --dry-run`, the fields the registry shows) and installs
 * globally into a temporary prefix, the Linux executable runs with an empty environment, and
 * the Windows one under Wine with an empty environment lists cases and exports attachments from
 * a sandbox. The Debian package holds what it should, with the fields an index takes; in CI (or
 * with WFD_TEST_DEB_INSTALL=1, as root) it is installed on this machine by the README's line,
 * used from fresh login shells, then removed. Then every install line of README.md and docs/
 * runs as written against that release (registry lines are marked `# once published` and
 * skipped until the package is published).
 * Here, not in the main run: the release rebuilds dist/, which the other tests run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, lines, runWfd, type StartedSandbox, tempDir, useSandbox } from '../e2e/harness.js';
import { shellBlocks } from '../support/markdown-commands.js';
import { inLoginShell, loginEnv, typeAtPrompt } from './login-shell.js';
import { newPrefix, runWindows, skipWindows, type WinePrefix, windowsPath } from './wine.js';

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  description: string;
  homepage: string;
  license: string;
  man: string[];
};
const TARBALL = `${pkg.name}-${pkg.version}.tgz`;
const DEB = `wfd_${pkg.version.replace('-', '~')}_amd64.deb`;
const ARTIFACTS = [TARBALL, 'wfd-linux-x64', 'wfd-win-x64.exe', DEB];
/** The Homebrew formula and the Scoop manifest, made from SHA256SUMS for the files at RELEASE_URL. */
const MANIFESTS = ['wfd.rb', 'wfd.json'];
const RELEASE_URL = `https://downloads.example.com/wfd/v${pkg.version}`;

/** What the executable links, as Node's official Linux binaries do. */
const DEPENDS = 'libc6 (>= 2.28), libgcc-s1 (>= 3.4), libstdc++6 (>= 7)';
/** The newest symbol version of each library that those package versions define (GCC 7's libstdc++). */
const LIBRARY_VERSIONS = { GLIBC: '2.28', GCC: '3.4', GLIBCXX: '3.4.24', CXXABI: '1.3.11' };
/**
 * The .deb is installed on this machine (and removed) in CI, or when asked with
 * WFD_TEST_DEB_INSTALL=1 (as root); elsewhere its contents are checked without installing it.
 */
const installDeb = process.env.CI === 'true' || process.env.WFD_TEST_DEB_INSTALL === '1';
/** The README's line that installs the .deb. */
const DEB_LINE = /^(sudo )?apt(-get)? install \.\/wfd_/;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe.skipIf(skipWindows)('npm run release', () => {
  const dir = tempDir('wfd-release-');
  const release = join(dir.path, 'release');
  let prefix: WinePrefix;
  let sandbox: StartedSandbox;
  let linuxEnv: NodeJS.ProcessEnv;
  /** what `npm run release` printed on stderr */
  let said: string;
  useSandbox(
    ['--cases', '20', '--forms', '8', '--attachments', '10', '--large-attachment-bytes', '100000'],
    (f) => {
      sandbox = f.sandbox;
      linuxEnv = f.env;
    },
  );

  beforeAll(() => {
    prefix = newPrefix();
    const made = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/release.mjs'), '--out', release, '--url', `${RELEASE_URL}/`],
      {
        cwd: ROOT,
        env: { ...process.env, WINEPREFIX: prefix.path },
        encoding: 'utf8',
        timeout: 600_000,
      },
    );
    if (made.status !== 0) throw new Error(`npm run release failed:\n${made.stderr}`);
    said = made.stderr;
  }, 620_000);
  afterAll(() => {
    prefix?.remove();
    dir.remove();
  });

  it('holds the tarball, both executables, the .deb and SHA256SUMS, and the sums match', () => {
    expect(readdirSync(release).sort()).toEqual(['SHA256SUMS', ...ARTIFACTS, ...MANIFESTS].sort());
    const sums = lines(readFileSync(join(release, 'SHA256SUMS'), 'utf8'));
    expect(sums).toEqual(ARTIFACTS.sort().map((name) => `${sha256(join(release, name))}  ${name}`));
    const check = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: release, encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it("says no warning when it succeeds: postject's expected ones are kept back", () => {
    expect(said).not.toMatch(/warning|signature seems corrupted/i);
    expect(said).toContain('built ');
  });

  it('has a Homebrew formula and a Scoop manifest naming the files by their sums', () => {
    const formula = readFileSync(join(release, 'wfd.rb'), 'utf8');
    expect(formula).toMatch(/^class Wfd < Formula\n/);
    expect(formula).toContain(
      `  url "${RELEASE_URL}/${TARBALL}"\n  sha256 "${sha256(join(release, TARBALL))}"\n`,
    );
    expect(formula).toContain(`  homepage "${pkg.homepage}"\n`);
    expect(formula).toContain(`/node_modules/${pkg.name}/man/*.1`);
    expect(JSON.parse(readFileSync(join(release, 'wfd.json'), 'utf8'))).toEqual({
      version: pkg.version,
      description: pkg.description,
      homepage: pkg.homepage,
      license: pkg.license,
      architecture: {
        '64bit': {
          url: `${RELEASE_URL}/wfd-win-x64.exe#/wfd.exe`,
          hash: sha256(join(release, 'wfd-win-x64.exe')),
        },
      },
      bin: 'wfd.exe',
    });
  });

  it('is ready to publish: npm publish --dry-run passes, with the fields the registry shows', () => {
    const tarball = join(release, TARBALL);
    const published = spawnSync('npm', ['publish', '--dry-run', '--json', tarball], {
      cwd: dir.path,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    expect(published.status, published.stderr).toBe(0);
    expect(JSON.parse(published.stdout)[pkg.name]).toMatchObject({ id: `${pkg.name}@${pkg.version}` });
    expect(published.stderr).not.toMatch(
      /auto-corrected|npm warn publish (?!This command requires you to be logged in)/,
    );

    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'wfd-cli',
      version: pkg.version,
      bin: { wfd: 'bin/wfd.js' },
      license: 'MIT',
      engines: { node: expect.stringContaining('20.18') },
      repository: { type: 'git', url: expect.stringMatching(/^git\+https:\/\//) },
    });
    // The checkout's scripts (a `prepare` among them) have no use in a tarball.
    expect(manifest.scripts).toBeUndefined();
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    expect(manifest.files).toEqual(expect.arrayContaining(['bin', 'dist', 'man', 'completions']));
    expect((manifest.man as string[]).length).toBeGreaterThan(10);
    for (const page of manifest.man as string[]) expect(files).toContain(`package/${page}\n`);
  });

  it('installs globally from the tarball into a temporary prefix, and runs', () => {
    // Its dependency (the keyring binding) packed from node_modules: no registry, no cache.
    const deps = join(dir.path, 'deps');
    mkdirSync(deps);
    const scope = join(ROOT, 'node_modules', '@napi-rs');
    const keyring = readdirSync(scope)
      .filter((name) => name === 'keyring' || name.startsWith('keyring-'))
      .map((name) => join(scope, name));
    execFileSync('npm', [
      'pack',
      ...keyring,
      '--ignore-scripts',
      '--pack-destination',
      deps,
      '--loglevel=error',
    ]);
    const installed = join(dir.path, 'prefix');
    const env = baseEnv({
      npm_config_cache: join(dir.path, 'npm-cache'),
      npm_config_update_notifier: 'false',
      WFD_CONFIG_DIR: join(dir.path, 'config'),
    });
    const install = spawnSync(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        installed,
        join(release, TARBALL),
        ...readdirSync(deps).map((name) => join(deps, name)),
        '--offline',
        '--no-audit',
        '--no-fund',
      ],
      { env, encoding: 'utf8', cwd: dir.path },
    );
    expect(install.status, install.stderr).toBe(0);
    // No install script to allow (npm 11 warns of any, `prepare` too, though a tarball runs none).
    expect(install.stderr).not.toContain('install-scripts');
    const version = spawnSync(join(installed, 'bin', 'wfd'), ['--version'], { env, encoding: 'utf8' });
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  it('has a Linux executable that runs with an empty environment', async () => {
    const version = spawnSync(join(release, 'wfd-linux-x64'), ['--version'], { env: {}, encoding: 'utf8' });
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  describe('its Windows executable, under Wine with an empty environment', () => {
    const exe = () => join(release, 'wfd-win-x64.exe');
    // Nothing but what the run needs: no PATH to a node, no config but its own.
    const bare = () => ({
      WFD_BASE_URL: sandbox.baseUrl,
      WFD_TOKEN: sandbox.workspaces[0]!.token,
      WFD_RATE_LIMIT: 'off',
      WFD_CONFIG_DIR: windowsPath(join(dir.path, 'win-config')),
    });

    it('prints its version', async () => {
      const result = await runWindows(prefix, exe(), ['--version'], { env: {} });
      expect(result).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    });

    it('lists cases', async () => {
      const result = await runWindows(prefix, exe(), ['cases', 'list', '--limit', '4', '-q'], {
        env: bare(),
      });
      expect(result.code, result.stderr).toBe(0);
      const linux = await runWfd(['cases', 'list', '--limit', '4', '-q'], { env: linuxEnv });
      expect(lines(result.stdout)).toEqual(lines(linux.stdout));
    });

    it('logs in keeping the token in config.json, and says so, as doctor does, with who can read it', async () => {
      const token = join(dir.path, 'token.txt');
      writeFileSync(token, `${sandbox.workspaces[0]!.token}\n`);
      const env = { WFD_CONFIG_DIR: windowsPath(join(dir.path, 'exe-login')) };
      const login = await runWindows(
        prefix,
        exe(),
        ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl],
        { env, stdinFile: token },
      );
      expect(login.code, login.stderr).toBe(0);
      const readers = 'readable as its folder allows: under your user profile, by your Windows account';
      expect(login.stderr).toMatch(/is saved in\s+Z:\\.*\\config\.json/);
      expect(login.stderr.replace(/\s+/g, ' ')).toContain(readers);
      expect(login.stderr.replace(/\s+/g, ' ')).toContain('(a single executable has none)');
      const doctor = await runWindows(prefix, exe(), ['doctor'], { env });
      const said = doctor.stdout.replace(/\s+/g, ' ');
      expect(said).toContain(`logins keep tokens in config.json (${readers}`);
      expect(said).toContain('the single executable has none, and keeps tokens in config.json');
      expect(said).toContain('token storage default in config.json');
      expect(said).not.toMatch(/D-Bus|Secret Service|0600/);
    });

    it('exports attachments, the manifest true to the files', async () => {
      const out = join(dir.path, 'export');
      const result = await runWindows(prefix, exe(), ['attachments', 'export', '--dir', windowsPath(out)], {
        env: bare(),
      });
      expect(result.code, result.stderr).toBe(0);
      const files = lines(readFileSync(join(out, 'manifest.ndjson'), 'utf8'))
        .map((line) => JSON.parse(line) as { type?: string; path: string; sha256: string })
        .filter((entry) => entry.type === undefined);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(sha256(join(out, ...file.path.split('/')))).toBe(file.sha256);
    });
  });

  describe('its Debian package', () => {
    const unpacked = join(dir.path, 'deb');
    const deb = () => join(release, DEB);

    it('has the fields a package index takes, the version of package.json', () => {
      const fields = controlFields(execFileSync('dpkg-deb', ['-f', deb()], { encoding: 'utf8' }));
      expect(fields).toMatchObject({
        Package: 'wfd',
        Version: pkg.version,
        Architecture: 'amd64',
        Maintainer: expect.stringMatching(/^[^<>]+ <[^@<>\s]+@[^@<>\s]+>$/),
        Depends: DEPENDS,
        Section: 'utils',
        Priority: 'optional',
        Homepage: pkg.homepage,
        'Installed-Size': expect.stringMatching(/^\d+$/),
        // A synopsis, then a long description of lines under 80 columns.
        Description: expect.stringMatching(/^.{10,79}\n( .{1,78}\n?)+$/),
      });
      // What an index makes of it: dpkg-scanpackages reads the package as an archive does.
      const scanned = spawnSync('dpkg-scanpackages', ['.'], { cwd: release, encoding: 'utf8' });
      expect(scanned.stderr).not.toMatch(/warn|error/i);
      const entry = controlFields(scanned.stdout);
      expect(entry).toMatchObject({ Package: 'wfd', Filename: `./${DEB}`, SHA256: sha256(deb()) });
    });

    it('holds the executable, every man page gzipped, the completions and a copyright file', () => {
      execFileSync('dpkg-deb', ['-x', deb(), unpacked]);
      const listing = execFileSync('dpkg-deb', ['-c', deb()], { encoding: 'utf8' });
      expect(listing).toMatch(/^-rwxr-xr-x root\/root .* \.\/usr\/bin\/wfd$/m);
      const owners = /^(drwxr-xr-x|-rw-r--r--|-rwxr-xr-x) root\/root /;
      expect(lines(listing).filter((line) => !owners.test(line))).toEqual([]);
      expect(sha256(join(unpacked, 'usr/bin/wfd'))).toBe(sha256(join(release, 'wfd-linux-x64')));
      for (const page of pkg.man) {
        const packed = join(unpacked, 'usr/share/man/man1', `${basename(page)}.gz`);
        expect(gunzipSync(readFileSync(packed)).toString(), page).toBe(
          readFileSync(join(ROOT, page), 'utf8'),
        );
      }
      // The scripts the generator wrote (completions/, kept in step by its test), each where
      // its shell looks with no configuration.
      for (const [script, place] of [
        ['wfd.bash', 'usr/share/bash-completion/completions/wfd'],
        ['_wfd', 'usr/share/zsh/vendor-completions/_wfd'],
        ['wfd.fish', 'usr/share/fish/vendor_completions.d/wfd.fish'],
      ]) {
        expect(readFileSync(join(unpacked, place!), 'utf8')).toBe(
          readFileSync(join(ROOT, 'completions', script!), 'utf8'),
        );
      }
      const copyright = readFileSync(join(unpacked, 'usr/share/doc/wfd/copyright'), 'utf8');
      expect(copyright).toMatch(
        /^Format: https:\/\/www\.debian\.org\/doc\/packaging-manuals\/copyright-format\/1\.0\/$/m,
      );
      expect(copyright).toContain(`License: ${pkg.license}\n Permission is hereby granted`);
      expect(copyright).toMatch(/Node\.js v\d+\.\d+\.\d+/);
    });

    it('asks for no C or C++ library newer than its Depends field promises', () => {
      // The package's usr/bin/wfd is this file (the test above).
      const symbols = execFileSync('objdump', ['-T', join(release, 'wfd-linux-x64')], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      // What libc6 2.28, libgcc-s1 3.4 and libstdc++6 7 (GCC 7's) define, by version node.
      for (const [node, newest] of Object.entries(LIBRARY_VERSIONS)) {
        const asked = [...symbols.matchAll(new RegExp(`\\b${node}_([\\d.]+)`, 'g'))].map((m) => m[1]!);
        expect(asked.length, node).toBeGreaterThan(0);
        for (const version of new Set(asked))
          expect(newer(version, newest), `${node}_${version}`).toBe(false);
      }
    });

    describe.skipIf(!installDeb)('installed with apt, used from fresh login shells, removed', () => {
      const home = join(dir.path, 'admin');
      let env: NodeJS.ProcessEnv;
      /** The package's paths that this machine had before: shared folders such as /usr/share/man/man1. */
      let before: Set<string>;
      let paths: string[];

      beforeAll(() => {
        if (process.getuid?.() !== 0) throw new Error('installing the .deb needs root');
        if (spawnSync('dpkg', ['-s', 'wfd']).status === 0)
          throw new Error('wfd is installed on this machine already (dpkg -s wfd): remove it first');
        const listed = execFileSync('dpkg-deb', ['-c', deb()], { encoding: 'utf8' });
        paths = lines(listed).map((line) => line.slice(line.indexOf(' ./') + 2).replace(/\/$/, '') || '/');
        before = new Set(paths.filter((path) => existsSync(path)));
        // The README's line, as written (as root here, without sudo: CI machines have none).
        const line = installLines().find(({ text }) => DEB_LINE.test(text));
        if (!line) throw new Error('README.md has no `apt install ./wfd_*.deb` line');
        const installed = spawnSync('/bin/sh', ['-c', line.text.replace(/^sudo /, '')], {
          cwd: release,
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 300_000,
        });
        if (installed.status !== 0)
          throw new Error(`${line.text} failed:\n${installed.stdout}${installed.stderr}`);
        env = loginEnv(home, {
          WFD_BASE_URL: sandbox.baseUrl,
          WFD_TOKEN: sandbox.workspaces[0]!.token,
          WFD_RATE_LIMIT: 'off',
          WFD_CONFIG_DIR: join(home, 'config'),
        });
      }, 320_000);
      afterAll(() => {
        // Never left on the machine, whatever failed.
        spawnSync('dpkg', ['--purge', 'wfd'], { stdio: 'ignore' });
      });

      it('puts wfd on PATH and its pages where man finds them', () => {
        const result = inLoginShell('command -v wfd; wfd --version; man -w wfd; man -w wfd-cases-list', env);
        expect(result.stderr).toBe('');
        expect(lines(result.stdout)).toEqual([
          '/usr/bin/wfd',
          pkg.version,
          '/usr/share/man/man1/wfd.1.gz',
          '/usr/share/man/man1/wfd-cases-list.1.gz',
        ]);
      });

      it('lists cases from a sandbox', () => {
        const result = inLoginShell('wfd cases list --limit 3 -q', env);
        expect(result.status, result.stderr).toBe(0);
        expect(lines(result.stdout)).toHaveLength(3);
      });

      it.each([
        // bash: the first TAB loads the script (bash-completion's loader) and completes `case`,
        // the second rings, the third lists; zsh lists at the second; fish at the first.
        ['bash', 'wfd ca\t\t\t', /case-templates +cases/],
        ['zsh', 'wfd ca\t\t', /case-templates +-- List case templates\ncases +-- List, read/],
        ['fish', 'wfd ca\t', /cases +\(List, read[^\n]*\ncase-templates +\(List case templates\)/],
      ] as const)(
        '%s completes `wfd ca<TAB>` with nothing in its rc files about wfd',
        async (shell, keys, list) => {
          const screen = await typeAtPrompt(shell, keys, list, env);
          expect(screen).toMatch(list);
        },
        90_000,
      );

      it('removed with apt, leaves nothing of it on the machine', () => {
        const removed = spawnSync('apt-get', ['remove', '-y', '-o', 'DPkg::Lock::Timeout=120', 'wfd'], {
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          encoding: 'utf8',
        });
        expect(removed.status, removed.stderr).toBe(0);
        expect(spawnSync('dpkg', ['-s', 'wfd'], { encoding: 'utf8' }).stderr).toMatch(/not installed/);
        expect(paths.filter((path) => existsSync(path) && !before.has(path))).toEqual([]);
        const result = inLoginShell('command -v wfd; man -w wfd', env);
        expect(result.stdout).toBe('');
      });
    });
  });

  describe('the install lines of README.md and docs/, as written', () => {
    it('each runs against this release (registry lines: marked and skipped until published)', () => {
      const work = join(dir.path, 'reader');
      const checkout = join(work, 'pipeline');
      const home = join(work, 'home');
      const globalPrefix = join(work, 'global');
      const systemBin = join(work, 'usr-local-bin');
      for (const folder of [checkout, home, systemBin, join(checkout, '.github', 'wfd')])
        mkdirSync(folder, { recursive: true });
      // A reader's folder holds the release's files; a pipeline's checkout, the sums committed.
      for (const name of readdirSync(release)) copyFileSync(join(release, name), join(work, name));
      copyFileSync(join(release, 'SHA256SUMS'), join(checkout, '.github', 'wfd', 'SHA256SUMS'));
      const env = baseEnv({
        HOME: home,
        PATH: [join(globalPrefix, 'bin'), join(home, '.local', 'bin'), systemBin, process.env.PATH].join(':'),
        npm_config_prefix: globalPrefix,
        // The keyring dependency comes from the registry, as for any reader: through this
        // machine's cache (`npm ci` filled it) and its network settings.
        npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
        npm_config_prefer_offline: 'true',
        ...passThrough([
          'NODE_EXTRA_CA_CERTS',
          'SSL_CERT_FILE',
          'SSL_CERT_DIR',
          'HTTPS_PROXY',
          'https_proxy',
          'HTTP_PROXY',
          'http_proxy',
          'NO_PROXY',
          'no_proxy',
        ]),
        npm_config_update_notifier: 'false',
        npm_config_fund: 'false',
        npm_config_audit: 'false',
        npm_config_ignore_scripts: 'true',
        WFD_RELEASE_URL: `file://${release}`,
        MANPAGER: 'cat',
        MANWIDTH: '80',
      });

      const ran: string[] = [];
      const failures: string[] = [];
      for (const { where, text } of installLines()) {
        if (REGISTRY.test(text)) {
          // Not published yet: the line must say so, and is skipped.
          if (!text.endsWith('# once published'))
            failures.push(`${where}: a registry line not marked "# once published": ${text}`);
          continue;
        }
        const how = HOW.find(([pattern]) => pattern.test(text));
        if (!how) {
          failures.push(`${where}: an install line this test does not know how to run: ${text}`);
          continue;
        }
        const [, cwd] = how;
        if (cwd === 'ci' || cwd === 'deb') continue;
        const line = text.replaceAll('/usr/local/bin', systemBin);
        const result = spawnSync('/bin/sh', ['-c', line], {
          cwd:
            cwd === 'clone'
              ? ROOT
              : line.includes('.github/wfd') || line.startsWith('curl')
                ? checkout
                : work,
          env,
          encoding: 'utf8',
          timeout: 180_000,
        });
        if (result.status !== 0) failures.push(`${where} exited ${result.status}: ${text}\n${result.stderr}`);
        ran.push(text);
      }
      expect(failures).toEqual([]);
      // What those lines installed runs: the package, the executable, the link to the clone.
      for (const wfd of [
        join(globalPrefix, 'bin', 'wfd'),
        join(home, '.local', 'bin', 'wfd'),
        join(systemBin, 'wfd'),
      ]) {
        expect(spawnSync(wfd, ['--version'], { env, encoding: 'utf8' }).stdout, wfd).toBe(`${pkg.version}\n`);
      }
      expect(ran).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^sha256sum -c --ignore-missing SHA256SUMS/),
          'npm install --global ./wfd-cli-*.tgz',
          expect.stringMatching(/^install -D -m 755 wfd-linux-x64 ~\/.local\/bin\/wfd/),
          'man ./man/wfd-cases-list.1',
          expect.stringMatching(/^curl -fsSLO "\$WFD_RELEASE_URL\/wfd-cli-/),
          expect.stringMatching(/^npm link/),
        ]),
      );
    }, 300_000);
  });
});

/** A line that installs (or checks, or reads the pages of) wfd. */
const INSTALL =
  /^(npm (install|i|ci|link)\b|npx (--yes )?--package|sha256sum -c|install (-D )?-m|man \.\/|(sudo )?apt(-get)? install|curl .*(\.tgz|SHA256SUMS|wfd-linux-x64|wfd-win-x64))/;

/** The fields of a Debian control stanza; a continued field keeps its lines (` line`). */
function controlFields(stanza: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let last = '';
  for (const line of stanza.split('\n')) {
    if (line.startsWith(' ') && last) fields[last] += `\n${line}`;
    else if (/^[\w-]+:/.test(line)) {
      last = line.slice(0, line.indexOf(':'));
      fields[last] = line.slice(last.length + 1).trim();
    }
  }
  return fields;
}

/** Whether dotted version `a` is newer than `b`. */
function newer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(x!.length, y!.length); i++) {
    if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) > (y![i] ?? 0);
  }
  return false;
}

/** The variables of `names` this process has. */
function passThrough(names: readonly string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(
    names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]),
  );
}
/** A line that installs from the npm registry, which has no wfd-cli yet. */
const REGISTRY = /^(npm (install|i) (--global|-g) wfd-cli\b|npx (--yes )?--package wfd-cli\b)/;
/**
 * How each kind of line runs: in the clone, in a reader's folder of release files, by CI itself,
 * or by the Debian package's test above (it installs on the machine).
 */
const HOW: readonly [RegExp, 'clone' | 'release' | 'ci' | 'deb'][] = [
  [DEB_LINE, 'deb'],
  // A clone's `npm install` is what .ci/run's `npm ci` does, from the same lock file.
  [/^npm (install|i|ci)( |$)(?!.*\.tgz)/, 'ci'],
  [/^npm link\b/, 'clone'],
  [/^man \.\//, 'clone'],
  [/^(sha256sum|npm install --global \.\/|install |curl )/, 'release'],
];

/** The install lines of README.md and docs/*.md: shell blocks, and the `run:` steps of YAML blocks. */
function installLines(): { where: string; text: string }[] {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const found: { where: string; text: string }[] = [];
  for (const page of pages) {
    const markdown = readFileSync(join(ROOT, page), 'utf8');
    for (const block of shellBlocks(markdown))
      for (const command of block.commands)
        found.push({ where: `${page}:${command.line}`, text: command.text });
    for (const step of yamlRunLines(markdown)) found.push({ where: `${page}:${step.line}`, text: step.text });
  }
  return found.filter(({ text }) => INSTALL.test(text));
}

/** The command lines of the `run:` steps of a page's ```yaml blocks. */
function yamlRunLines(markdown: string): { line: number; text: string }[] {
  const rows = markdown.split('\n');
  const out: { line: number; text: string }[] = [];
  let inYaml = false;
  let runIndent = -1;
  rows.forEach((row, index) => {
    if (/^```ya?ml\s*$/.test(row)) inYaml = true;
    else if (row === '```') inYaml = false;
    if (!inYaml) return;
    const indent = row.length - row.trimStart().length;
    if (runIndent >= 0 && (row.trim() === '' || indent > runIndent)) {
      const text = row.trim();
      if (text && !text.startsWith('#')) out.push({ line: index + 1, text });
      return;
    }
    runIndent = -1;
    const run = /^(\s*)(- )?run: (.*)$/.exec(row);
    if (!run) return;
    if (run[3] === '|') runIndent = run[1]!.length;
    else out.push({ line: index + 1, text: run[3]! });
  });
  return out;
}
