/** `wfd doctor` against a sandbox: healthy, a revoked token, a loose file mode, a broken config. */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, onTerminal, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

interface Check {
  check: string;
  status: string;
  detail: string;
  fix: string | null;
}

async function doctor(extra: NodeJS.ProcessEnv): Promise<{ code: number | null; checks: Check[] }> {
  const result = await runWfd(['doctor', '-o', 'json'], { env: { ...env, ...extra } });
  return { code: result.code, checks: JSON.parse(result.stdout) as Check[] };
}

const statusOf = (checks: Check[], name: string) => checks.find((c) => c.check === name)?.status;

describe('wfd doctor', () => {
  it('healthy: every check ok, exit 0; a line per check on a pipe', async () => {
    const { code, checks } = await doctor({});
    expect(code).toBe(0);
    expect(checks.map((c) => c.check)).toEqual([
      'config folder',
      'config file',
      'keyring',
      'credentials',
      'base URL',
      'proxy',
      'CA certificates',
      'server',
      'TLS',
      'token',
      'clock',
      'rate limit',
    ]);
    expect(checks.filter((c) => c.status !== 'ok').map((c) => c.check)).toEqual(['keyring']);
    expect(checks.find((c) => c.check === 'proxy')?.detail).toBe(
      `none (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY unset): ${sandbox.baseUrl} is reached directly`,
    );
    // The harness has no D-Bus session: no keyring, a warning (not a ✓) of where logins keep tokens.
    expect(checks.find((c) => c.check === 'keyring')).toEqual({
      check: 'keyring',
      status: 'warn',
      detail:
        'the system keyring (Secret Service) does not answer: no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)',
      fix: 'logins keep tokens in config.json (mode 0600) meanwhile; to use the keyring, start the D-Bus session of a Secret Service (GNOME Keyring, KWallet) and unlock it',
    });
    expect(checks.find((c) => c.check === 'token')?.detail).toBe(
      'valid, for workspace Acme Corporation (acme)',
    );
    const plain = await runWfd(['doctor'], { env });
    expect(plain.stdout).toMatch(/^✓ token +valid, for workspace Acme Corporation \(acme\)$/m);
  });

  it('rate limit: names the limits wfd keeps and who set them, WFD_RATE_LIMIT and --request-rate included', async () => {
    const detail = (checks: Check[]) => checks.find((c) => c.check === 'rate limit')?.detail;
    expect(detail((await doctor({})).checks)).toBe(
      "not reported by the server; wfd keeps under 100 requests per minute and 1,000 per hour (the API's limits; --request-rate or WFD_RATE_LIMIT change them)",
    );
    expect(detail((await doctor({ WFD_RATE_LIMIT: '4/1s' })).checks)).toBe(
      'not reported by the server; wfd keeps under 4 requests per second (WFD_RATE_LIMIT)',
    );
    expect(detail((await doctor({ WFD_RATE_LIMIT: 'off' })).checks)).toBe(
      'not reported by the server; wfd sets no limit of its own (WFD_RATE_LIMIT)',
    );
    const flag = await runWfd(['doctor', '-o', 'json', '--request-rate', '20/2s,200/2m'], { env });
    expect(detail(JSON.parse(flag.stdout) as Check[])).toBe(
      'not reported by the server; wfd keeps under 20 requests per 2s and 200 per 2m (--request-rate)',
    );
  });

  it('at 80 columns: every line fits, details and fixes wrapped under their column', async () => {
    const screen = onTerminal(['doctor'], { env, columns: 80 }).trimEnd().split('\n');
    for (const line of screen) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(screen).toContain(
      '! keyring          the system keyring (Secret Service) does not answer: no D-Bus',
    );
    expect(screen).toContain('                   session (DBUS_SESSION_BUS_ADDRESS is not set)');
    expect(screen.filter((line) => /^[✓!✗] /.test(line))).toHaveLength(12);
  });

  it('https:// against the plain-HTTP sandbox: "does not speak TLS", exit 8; doctor fails the TLS check alike', async () => {
    const tls = sandbox.baseUrl.replace(/^http:/, 'https:');
    const list = await runWfd(['cases', 'list', '--base-url', tls], { env });
    expect(list.code).toBe(8);
    expect(list.stderr).toBe(
      `error: ${tls} does not speak TLS: it answered in plain HTTP\nhint: try ${sandbox.baseUrl} as the base URL\n`,
    );
    const { code, checks } = await doctor({ WFD_BASE_URL: tls });
    expect(code).toBe(1);
    expect(checks.find((c) => c.check === 'TLS')).toEqual({
      check: 'TLS',
      status: 'fail',
      detail: `${tls} does not speak TLS: it answered in plain HTTP`,
      fix: `try ${sandbox.baseUrl} as the base URL`,
    });
  });

  it("CA certificates: Node's roots, NODE_EXTRA_CA_CERTS's file counted, a file Node cannot read warned", async () => {
    const dir = tempDir();
    try {
      const pem = join(dir.path, 'ca.pem');
      const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
      writeFileSync(pem, cert + cert);
      const counted = await doctor({ NODE_EXTRA_CA_CERTS: pem });
      expect(counted.checks.find((c) => c.check === 'CA certificates')?.detail).toMatch(
        new RegExp(`^Node's own roots; NODE_EXTRA_CA_CERTS ${pem} \\(2 certificates\\); `),
      );
      const missing = join(dir.path, 'missing.pem');
      const warned = await doctor({ NODE_EXTRA_CA_CERTS: missing });
      expect(warned.checks.find((c) => c.check === 'CA certificates')).toEqual({
        check: 'CA certificates',
        status: 'warn',
        detail: `NODE_EXTRA_CA_CERTS names ${missing}, which cannot be read: Node ignores it`,
        fix: 'point NODE_EXTRA_CA_CERTS at a PEM file of the CA certificates to trust',
      });
    } finally {
      dir.remove();
    }
  });

  it('a proxy variable wfd cannot use fails the proxy check, and the server is not tried', async () => {
    const { code, checks } = await doctor({
      WFD_BASE_URL: 'https://api.example.test',
      HTTPS_PROXY: 'socks5://p:1080',
    });
    expect(code).toBe(1);
    expect(checks.find((c) => c.check === 'proxy')).toMatchObject({
      status: 'fail',
      detail:
        'HTTPS_PROXY names a socks5 proxy ("socks5://p:1080"); wfd speaks to http:// and https:// proxies',
    });
    expect(checks.map((c) => c.check)).not.toContain('server');
  });

  it('a revoked token fails with the fix, exit 1', async () => {
    const token = sandbox.workspaces[1]!.token;
    await fetch(`${sandbox.baseUrl}/_sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const { code, checks } = await doctor({ WFD_TOKEN: token });
    expect(code).toBe(1);
    const check = checks.find((c) => c.check === 'token')!;
    expect(check).toMatchObject({
      status: 'fail',
      fix: 'run `wfd auth login` (or `wfd auth refresh` for OAuth)',
    });
  });

  it('a config file others can read fails; a loose folder warns; a broken file is named, and the rest still runs', async () => {
    const dir = tempDir();
    try {
      const config = join(dir.path, 'cfg');
      mkdirSync(config, { mode: 0o755 });
      chmodSync(config, 0o755);
      writeFileSync(join(config, 'config.json'), '{"profiles":{}}', { mode: 0o644 });
      chmodSync(join(config, 'config.json'), 0o644);
      const loose = await doctor({ WFD_CONFIG_DIR: config });
      expect(loose.code).toBe(1);
      expect(statusOf(loose.checks, 'config folder')).toBe('warn');
      expect(loose.checks.find((c) => c.check === 'config file')).toMatchObject({
        status: 'fail',
        fix: `chmod 600 ${join(config, 'config.json')}`,
      });
      writeFileSync(join(config, 'config.json'), '{broken');
      const broken = await doctor({ WFD_CONFIG_DIR: config });
      expect(broken.checks.find((c) => c.check === 'config file')?.detail).toBe(
        `the config file ${join(config, 'config.json')} is not valid JSON`,
      );
      expect(statusOf(broken.checks, 'token')).toBe('ok');
      // Without WFD_TOKEN, a broken file leaves no credentials: still one line each, no crash.
      const alone = await runWfd(['doctor'], { env: baseEnv({ WFD_CONFIG_DIR: config }) });
      expect(alone.code).toBe(1);
      expect(alone.stdout).toMatch(/^✗ config file /m);
      expect(alone.stderr).not.toMatch(/at .*\.js:\d+/);
    } finally {
      dir.remove();
    }
  });
});
