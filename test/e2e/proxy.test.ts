/**
 * wfd behind a real proxy: Debian's squid on a loopback port, whose `hosts_file` alone knows
 * `api.wfd.test` (127.0.0.1), so a request that does not go through it cannot resolve the API's
 * host. An http base URL (absolute-form requests), an https one through CONNECT (to `sandbox
 * start --tls`), lower-case variables, NO_PROXY, a proxy asking for a password, one that is down,
 * a few MB up and down, an export resumed, an OAuth login, `wfd api`, webhook registration and
 * `wfd doctor`, each seen in squid's access log.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedFiles } from '../support/exported-files.js';
import { freePort, type Squid, skipSquid, startSquid } from '../support/squid.js';
import { authorize, startOAuthLogin, visit } from './auth-oauth-driver.js';
import {
  BIN,
  baseEnv,
  lines,
  type RunResult,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
} from './harness.js';

const HOST = 'api.wfd.test';
const PASSWORD = 'p@ss:w0rd';
const ENCODED_PASSWORD = encodeURIComponent(PASSWORD);

const work = tempDir('wfd-proxy-');
afterAll(() => work.remove());

/** The access-log lines squid writes while `run` runs (it writes each once the exchange ended). */
async function logged(
  squid: Squid,
  run: () => Promise<RunResult>,
): Promise<{ result: RunResult; log: string[] }> {
  const before = squid.accessLog().length;
  const result = await run();
  // A line lands when squid has closed the exchange, a moment after wfd read the answer.
  for (let wait = 0; wait < 20 && squid.accessLog().length === before; wait++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { result, log: squid.accessLog().slice(before) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(skipSquid)('behind a proxy (squid)', () => {
  let squid: Squid;
  /** a squid that asks for alice's password */
  let guarded: Squid;
  let plain: StartedSandbox;
  let tls: StartedSandbox & { caFile: string };
  let httpBase: string;
  let httpsBase: string;
  /** a port nothing listens on: a proxy that is down */
  let deadProxy: string;
  let env: NodeJS.ProcessEnv;
  /** the environment of a run against the TLS sandbox, which trusts its CA */
  let tlsEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const hosts = { [HOST]: '127.0.0.1' };
    [squid, guarded] = await Promise.all([
      startSquid({ hosts }),
      startSquid({ hosts, users: { alice: PASSWORD } }),
    ]);
    const sandboxEnv = baseEnv({ WFD_CONFIG_DIR: join(work.path, 'sandbox-config') });
    const common = [
      '--no-profile',
      '--rate-limit',
      'off',
      '--attachments',
      '20',
      '--large-attachment-bytes',
      '300000',
    ];
    [plain, tls] = (await Promise.all([
      // Named api.wfd.test behind the proxy: a name the sandbox answers (its DNS-rebinding guard).
      startSandbox([...common, '--allowed-host', HOST], sandboxEnv),
      startSandbox([...common, '--tls', '--tls-hostname', HOST], sandboxEnv),
    ])) as [StartedSandbox, StartedSandbox & { caFile: string }];
    httpBase = `http://${HOST}:${new URL(plain.baseUrl).port}`;
    httpsBase = `https://${HOST}:${new URL(tls.baseUrl).port}`;
    deadProxy = `http://127.0.0.1:${await freePort()}`;
    env = baseEnv({
      WFD_CONFIG_DIR: join(work.path, 'client-config'),
      WFD_TOKEN: plain.workspaces[0]!.token,
      WFD_BASE_URL: httpBase,
      WFD_RATE_LIMIT: 'off',
    });
    tlsEnv = {
      ...env,
      WFD_TOKEN: tls.workspaces[0]!.token,
      WFD_BASE_URL: httpsBase,
      NODE_EXTRA_CA_CERTS: tls.caFile,
    };
  }, 60_000);
  afterAll(async () => {
    await Promise.all([squid?.stop(), guarded?.stop(), plain?.stop(), tls?.stop()]);
  });

  it('without a proxy the test host does not even resolve', async () => {
    const result = await runWfd(['cases', 'list', '--limit', '1', '--retries', '0'], { env });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`error: cannot resolve the host of ${httpBase}`);
  });

  it('HTTP_PROXY: an http base URL is asked of the proxy in absolute form', async () => {
    const { result, log } = await logged(squid, () =>
      runWfd(['cases', 'list', '--limit', '2', '--debug'], { env: { ...env, HTTP_PROXY: squid.url } }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toHaveLength(2);
    expect(result.stderr).toContain(
      `[debug] connection to ${httpBase} through the proxy ${squid.url} (from HTTP_PROXY)`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      new RegExp(
        ` TCP_MISS/200 \\d+ GET ${httpBase}/v1/cases\\?page%5Bnumber%5D=1&page%5Bsize%5D=2 - HIER_DIRECT/127\\.0\\.0\\.1 `,
      ),
    );
  });

  it('a workspace named by its id prefix is looked up through the proxy too', async () => {
    const prefix = plain.workspaces[0]!.id.slice(0, 8);
    const direct = await runWfd(['cases', 'count', '--workspace', plain.workspaces[0]!.slug], {
      env: { ...env, HTTP_PROXY: squid.url },
    });
    const { result, log } = await logged(squid, () =>
      runWfd(['cases', 'count', '--workspace', prefix], { env: { ...env, HTTP_PROXY: squid.url } }),
    );
    expect([result.code, result.stdout], result.stderr).toEqual([0, direct.stdout]);
    expect(log.map((line) => line.match(/ GET (\S+) /)?.[1])).toEqual([
      `${httpBase}/v1/workspaces`,
      `${httpBase}/v1/cases/count?workspace%5Bslug%5D=${plain.workspaces[0]!.slug}`,
    ]);
  });

  it('lower case wins where both are set (http_proxy over HTTP_PROXY)', async () => {
    const result = await runWfd(['cases', 'count'], {
      env: { ...env, http_proxy: squid.url, HTTP_PROXY: deadProxy },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(Number(result.stdout)).toBeGreaterThan(0);
  });

  it('HTTPS_PROXY: an https base URL is tunnelled with CONNECT, the request itself unseen by the proxy', async () => {
    const { result, log } = await logged(squid, () =>
      runWfd(['cases', 'list', '--limit', '2'], { env: { ...tlsEnv, HTTPS_PROXY: squid.url } }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toHaveLength(2);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(new RegExp(` TCP_TUNNEL/200 \\d+ CONNECT ${HOST}:${new URL(httpsBase).port} - `));
    expect(log.join('\n')).not.toContain('/v1/');
  });

  it('ALL_PROXY (lower case) serves a scheme that has no variable of its own', async () => {
    const { result, log } = await logged(squid, () =>
      runWfd(['cases', 'count'], { env: { ...tlsEnv, all_proxy: squid.url } }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(log.join('\n')).toContain(`CONNECT ${HOST}:`);
  });

  it.each(['.wfd.test', 'wfd.test', '*.wfd.test', `${HOST}:${0}`, '*'])(
    'NO_PROXY=%s: reached directly, where the name does not resolve',
    async (entry) => {
      const noProxy = entry.replace(':0', `:${new URL(httpBase).port}`);
      const run = { ...env, HTTP_PROXY: squid.url, NO_PROXY: `other.test,${noProxy}` };
      const { result, log } = await logged(squid, () =>
        runWfd(['cases', 'count', '--retries', '0', '--debug'], { env: run }),
      );
      expect(result.code).toBe(8);
      expect(result.stderr).toContain(`[debug] connection to ${httpBase} directly (NO_PROXY has ${noProxy})`);
      expect(result.stderr).toContain(`error: cannot resolve the host of ${httpBase}`);
      expect(log).toEqual([]);
    },
  );

  it('NO_PROXY of other names, addresses and CIDR ranges leaves the API behind the proxy', async () => {
    const result = await runWfd(['cases', 'count'], {
      env: { ...env, HTTP_PROXY: squid.url, no_proxy: 'wfd.test.example,10.0.0.0/8,192.168.1.1,::1' },
    });
    expect(result.code, result.stderr).toBe(0);
  });

  it('a loopback base URL is reached directly even with a proxy that is down', async () => {
    const result = await runWfd(['cases', 'count', '--debug'], {
      env: { ...env, WFD_BASE_URL: plain.baseUrl, HTTP_PROXY: deadProxy, ALL_PROXY: deadProxy },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `[debug] connection to ${plain.baseUrl} directly (a loopback address is never sent through a proxy)`,
    );
  });

  describe('a proxy that asks for a password', () => {
    it.each([
      ['https', 'no credentials', ''],
      ['http', 'no credentials', ''],
      ['https', 'a wrong password', 'alice:wrong-secret@'],
      ['http', 'a wrong password', 'alice:wrong-secret@'],
    ])('%s with %s: exit 3, naming the proxy and its variable', async (scheme, _what, credentials) => {
      const variable = scheme === 'https' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
      const proxy = guarded.url.replace('//', `//${credentials}`);
      const run = { ...(scheme === 'https' ? tlsEnv : env), [variable]: proxy };
      const result = await runWfd(['cases', 'count', '--debug'], { env: run });
      expect(result.code).toBe(3);
      const shown = guarded.url.replace('//', `//${credentials.replace('wrong-secret', '***')}`);
      const refused = credentials
        ? `refused its credentials (HTTP 407 Proxy Authentication Required)`
        : `asks for credentials (HTTP 407 Proxy Authentication Required)`;
      expect(result.stderr).toContain(`error: the proxy ${shown} (from ${variable}) ${refused}\n`);
      expect(result.stderr).toContain(`hint: put the proxy's user name and password in ${variable}`);
      expect(result.stderr).not.toContain('wrong-secret');
    });

    it('the right one, percent-encoded in the URL: through, as alice, the password never printed', async () => {
      const proxy = guarded.url.replace('//', `//alice:${ENCODED_PASSWORD}@`);
      // DEBUG=* would make the proxy agents print their URL, password and all, were they not silenced.
      for (const [run, variable] of [
        [{ ...tlsEnv, HTTPS_PROXY: proxy, DEBUG: '*' }, 'HTTPS_PROXY'],
        [{ ...env, HTTP_PROXY: proxy, DEBUG: '*' }, 'HTTP_PROXY'],
      ] as const) {
        const { result, log } = await logged(guarded, () =>
          runWfd(['cases', 'count', '--debug'], { env: run }),
        );
        expect(result.code, result.stderr).toBe(0);
        expect(log.at(-1)).toMatch(/ alice HIER_DIRECT\//);
        expect(result.stderr).toContain(
          `through the proxy ${guarded.url.replace('//', '//alice:***@')} (from ${variable})`,
        );
        for (const secret of [
          PASSWORD,
          ENCODED_PASSWORD,
          Buffer.from(`alice:${PASSWORD}`).toString('base64'),
        ])
          expect(result.stderr).not.toContain(secret);
      }
    });
  });

  it('a proxy that is down: exit 8, naming the proxy (its password masked) and its variable', async () => {
    const proxy = deadProxy.replace('//', '//alice:secret@');
    const result = await runWfd(['cases', 'count'], { env: { ...tlsEnv, HTTPS_PROXY: proxy } });
    expect(result.code).toBe(8);
    expect(result.stderr).toBe(
      `error: cannot connect to the proxy ${deadProxy.replace('//', '//alice:***@')} (from HTTPS_PROXY): connection refused\n` +
        `hint: check HTTPS_PROXY, or reach ${HOST} without the proxy: NO_PROXY=${HOST}\n`,
    );
  });

  it('a CONNECT the proxy refuses: exit 8, naming the proxy', async () => {
    const unknown = httpsBase.replace(HOST, 'unknown.wfd.test');
    const result = await runWfd(['cases', 'count', '--base-url', unknown], {
      env: { ...tlsEnv, HTTPS_PROXY: squid.url },
    });
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: the proxy ${squid.url} \\(from HTTPS_PROXY\\) refused to connect to unknown\\.wfd\\.test:\\d+ \\(HTTP 5\\d\\d [A-Za-z ]+\\)\n`,
      ),
    );
  });

  it('a few MB uploaded and downloaded through CONNECT come back byte for byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const source = join(work.path, 'three-mb.bin');
    writeFileSync(source, bytes);
    const run = { ...tlsEnv, HTTPS_PROXY: squid.url };
    const upload = await runWfd(['attachments', 'upload', source], { env: run, timeoutMs: 60_000 });
    expect(upload.code, upload.stderr).toBe(0);
    const [id] = lines(upload.stdout);
    const target = join(work.path, 'three-mb.back');
    const download = await runWfd(['attachments', 'download', id!, '-O', target], {
      env: run,
      timeoutMs: 60_000,
    });
    expect(download.code, download.stderr).toBe(0);
    expect(sha256(readFileSync(target))).toBe(sha256(bytes));
  });

  it('an export killed midway and resumed through the proxy has the files of a direct export', async () => {
    const direct = join(work.path, 'export-direct');
    const clean = await runWfd(['attachments', 'export', '--dir', direct], {
      env: { ...env, WFD_BASE_URL: plain.baseUrl },
      timeoutMs: 60_000,
    });
    expect(clean.code, clean.stderr).toBe(0);
    const dir = join(work.path, 'export-proxied');
    const run = { ...env, HTTP_PROXY: squid.url };
    const killed = await new Promise<NodeJS.Signals | null>((resolve, reject) => {
      // Slowed down so that the kill lands among the downloads.
      const child = spawn(process.execPath, [BIN, 'attachments', 'export', '--dir', dir], {
        env: { ...run, WFD_RATE_LIMIT: '25/1s' },
      });
      let printed = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        printed += chunk.split('\n').length - 1;
        if (printed >= 3) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve(signal));
    });
    expect(killed).toBe('SIGKILL');
    expect(exportedFiles(dir).length).toBeLessThan(exportedFiles(direct).length);
    const { result, log } = await logged(squid, () =>
      runWfd(['attachments', 'export', '--dir', dir, '--resume'], { env: run, timeoutMs: 60_000 }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(exportedFiles(dir)).toEqual(exportedFiles(direct));
    expect(log.some((line) => line.includes(`GET ${httpBase}/v1/attachments/`))).toBe(true);
  }, 120_000);

  it('an OAuth login: discovery and the check of its workspace go through the proxy', async () => {
    const config = join(work.path, 'oauth-config');
    const run = baseEnv({
      WFD_CONFIG_DIR: config,
      WFD_CLIENT_SECRET: tls.oauth.client_secret,
      NODE_EXTRA_CA_CERTS: tls.caFile,
      HTTPS_PROXY: squid.url,
    });
    const before = squid.accessLog().length;
    const login = startOAuthLogin({ baseUrl: httpsBase, oauth: tls.oauth }, { env: run, args: ['--debug'] });
    const url = await Promise.race([
      login.url,
      login.result.then((r) => Promise.reject(new Error(r.stderr))),
    ]);
    // The browser's part, on this machine: the sandbox's pages, then the loopback callback.
    const landed = await authorize(tls, url, tls.workspaces[1]!.id, 'approve', tls.caFile);
    await visit(landed);
    const result = await login.result;
    expect(result.code, result.stderr).toBe(0);
    const through = `through the proxy ${squid.url} (from HTTPS_PROXY)`;
    // Discovery, then the workspace of the new token: two clients, a connection each.
    expect(result.stderr.split(`[debug] connection to ${httpsBase} ${through}`)).toHaveLength(3);
    // The token endpoint the server names is on this machine: reached directly.
    expect(result.stderr).toContain(
      `[debug] connection to ${tls.baseUrl} directly (a loopback address is never sent through a proxy)`,
    );
    const log = squid.accessLog().slice(before);
    expect(log.filter((line) => line.includes(`CONNECT ${HOST}:`))).toHaveLength(2);
    const list = await runWfd(['cases', 'count'], { env: run });
    expect(list.code, list.stderr).toBe(0);
  });

  it('wfd api and webhook registration go through the proxy', async () => {
    const run = { ...env, HTTP_PROXY: squid.url };
    const api = await logged(squid, () => runWfd(['api', '/workspaces'], { env: run }));
    expect(api.result.code, api.result.stderr).toBe(0);
    expect(api.log.join('\n')).toContain(`GET ${httpBase}/v1/workspaces`);
    const form = lines((await runWfd(['forms', 'list', '--limit', '1', '-q'], { env: run })).stdout)[0]!;
    const add = await logged(squid, () =>
      runWfd(['webhooks', 'add', form, 'https://hooks.example.test/wfd', '--events', 'responses:completed'], {
        env: run,
      }),
    );
    expect(add.result.code, add.result.stderr).toBe(0);
    expect(add.log.join('\n')).toContain(`PATCH ${httpBase}/v1/forms/${form}`);
  });

  it('wfd doctor shows the proxy in effect and reaches the API through it', async () => {
    const { result, log } = await logged(squid, () =>
      runWfd(['doctor'], { env: { ...tlsEnv, HTTPS_PROXY: squid.url } }),
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^✓ proxy +${httpsBase} is reached through ${squid.url} \\(from HTTPS_PROXY\\)$`, 'm'),
    );
    expect(result.stdout).toMatch(
      new RegExp(
        `^✓ CA certificates +Node's own roots; NODE_EXTRA_CA_CERTS ${tls.caFile} \\(1 certificate\\)`,
        'm',
      ),
    );
    expect(result.stdout).toMatch(
      new RegExp(
        `^✓ server +${httpsBase} answered 200 through the proxy ${squid.url} \\(from HTTPS_PROXY\\)$`,
        'm',
      ),
    );
    expect(log.join('\n')).toContain(`CONNECT ${HOST}:`);
  });

  it('a certificate of an unknown CA through the proxy: exit 8, naming the issuer and the ways to trust it', async () => {
    const { NODE_EXTRA_CA_CERTS: _trusted, ...untrusting } = tlsEnv;
    const result = await runWfd(['cases', 'count'], { env: { ...untrusting, HTTPS_PROXY: squid.url } });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(
      `error: cannot connect to ${httpsBase}: its TLS certificate was refused (unable to verify the first certificate); issued by "wfd sandbox local CA"\n`,
    );
    expect(result.stderr).toContain('NODE_EXTRA_CA_CERTS=/path/to/ca.pem, or NODE_USE_SYSTEM_CA=1');
  });
});
