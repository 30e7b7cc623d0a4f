/**
 * Debian's squid as the proxy of the proxy tests, started by the tests themselves on a loopback
 * port with a configuration of their own, whose `hosts_file` alone knows the test host names
 * (`api.wfd.test` → 127.0.0.1): a request that does not go through the proxy cannot even resolve
 * its host. Required in CI (CI=true; .ci/run installs it), skipped elsewhere without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SQUID = '/usr/sbin/squid';
export const squidInstalled = spawnSync(SQUID, ['-v']).status === 0;
/** Skip the proxy tests only where squid is missing and this is not CI. */
export const skipSquid = !squidInstalled && process.env.CI !== 'true';

export interface Squid {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** the lines of its access log so far: `time elapsed client CODE/status bytes METHOD URL user ...` */
  accessLog(): string[];
  stop(): Promise<void>;
}

export interface SquidOptions {
  /** host name → address, the names only the proxy resolves */
  hosts: Record<string, string>;
  /** user → password: when given, every request must carry one of them (else 407) */
  users?: Record<string, string>;
}

/** A port nobody listens on at the moment it is asked for. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startSquid(options: SquidOptions): Promise<Squid> {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-squid-'));
  const port = await freePort();
  const file = (name: string) => join(dir, name);
  writeFileSync(
    file('hosts'),
    Object.entries(options.hosts)
      .map(([name, address]) => `${address} ${name}\n`)
      .join(''),
  );
  const auth = options.users ? authHelper(dir, options.users) : [];
  writeFileSync(
    file('squid.conf'),
    [
      `http_port 127.0.0.1:${port}`,
      'pid_filename none',
      'cache deny all',
      `access_log stdio:${file('access.log')}`,
      `cache_log ${file('cache.log')}`,
      'cache_store_log none',
      `coredump_dir ${dir}`,
      `hosts_file ${file('hosts')}`,
      // No other name resolves, and quickly: nothing answers DNS on this port.
      'dns_nameservers 127.0.0.1',
      'dns_timeout 1 seconds',
      'shutdown_lifetime 0 seconds',
      // The whole request line in the log, query included.
      'strip_query_terms off',
      ...auth,
      `http_access allow localhost${options.users ? ' authenticated' : ''}`,
      'http_access deny all',
      '',
    ].join('\n'),
  );
  // Started as root, squid runs as Debian's `proxy` user, who must write its logs here.
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'proxy'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'proxy'], { encoding: 'utf8' }).stdout);
    chownSync(dir, uid, gid);
  }
  const child = spawn(SQUID, ['-N', '-f', file('squid.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await listening(port, child, () => `${stderr}${readOr(file('cache.log'))}`);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () => readOr(file('access.log')).split('\n').filter(Boolean),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Squid's configuration lines for Basic credentials, checked by a helper against `users`. */
function authHelper(dir: string, users: Record<string, string>): string[] {
  // Squid hands the helper `user password` lines, percent-decoded; the helper answers OK or ERR.
  writeFileSync(
    join(dir, 'users'),
    Object.entries(users)
      .map(([user, password]) => `${user} ${password}\n`)
      .join(''),
  );
  const helper = join(dir, 'auth.sh');
  writeFileSync(
    helper,
    `#!/bin/sh\nwhile read -r line; do\n  if grep -qxF -- "$line" '${join(dir, 'users')}'; then echo OK; else echo ERR; fi\ndone\n`,
  );
  chmodSync(helper, 0o755);
  return [
    `auth_param basic program ${helper}`,
    'auth_param basic children 1',
    'auth_param basic realm wfd-test',
    'acl authenticated proxy_auth REQUIRED',
  ];
}

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Resolves once squid accepts connections on `port`; rejects with its log if it exits first. */
async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`squid exited at start:\n${log()}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`squid did not listen within 20s:\n${log()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
