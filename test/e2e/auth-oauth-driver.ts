/**
 * Drives `wfd auth login --oauth` of the built binary as a user without a browser would: reads
 * the authorize URL it prints, signs in and decides on the sandbox's pages over plain HTTP, then
 * lands on the redirect (the loopback, over HTTPS) or pastes it (--manual).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, request } from 'node:https';
import { join } from 'node:path';
import { BIN, type RunResult, type SandboxInfo } from './harness.js';

export interface OAuthLoginOptions {
  env: NodeJS.ProcessEnv;
  /** --manual (paste) instead of the loopback listener */
  manual?: boolean;
  /** the slug of the workspace to approve (default: the second one) */
  workspace?: string;
  decision?: 'approve' | 'deny';
  args?: string[];
  /** called with the running process once it printed the authorize URL */
  whileWaiting?: (child: ChildProcessWithoutNullStreams) => Promise<void> | void;
}

/** A running `wfd auth login --oauth`, and the authorize URL once it printed it. */
export function startOAuthLogin(
  sandbox: { baseUrl: string; oauth: { client_id: string } },
  options: OAuthLoginOptions,
): { child: ChildProcessWithoutNullStreams; url: Promise<string>; result: Promise<RunResult> } {
  const args = [
    'auth',
    'login',
    '--oauth',
    '--client-id',
    sandbox.oauth.client_id,
    '--base-url',
    sandbox.baseUrl,
    '--no-browser',
    ...(options.manual ? ['--manual'] : []),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, [BIN, ...args], { env: options.env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let found: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    found = resolve;
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    const match = /^ {2}(http\S+\/authorize\?\S+)$/m.exec(stderr);
    if (match) found(match[1]!);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  const result = new Promise<RunResult>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, url, result };
}

/** The whole login: sign in as alice, choose the workspace, decide; the CLI's result. */
export async function oauthLogin(sandbox: SandboxInfo, options: OAuthLoginOptions): Promise<RunResult> {
  const login = startOAuthLogin(sandbox, options);
  const authorizeUrl = await Promise.race([
    login.url,
    login.result.then((r) => Promise.reject(new Error(r.stderr))),
  ]);
  await options.whileWaiting?.(login.child);
  const workspace = sandbox.workspaces.find(
    (w) => w.slug === (options.workspace ?? sandbox.workspaces[1]!.slug),
  )!;
  const landed = await authorize(sandbox, authorizeUrl, workspace.id, options.decision ?? 'approve');
  if (options.manual) login.child.stdin.end(`${landed}\n`);
  else await visit(landed);
  return login.result;
}

/**
 * Signs in and decides on the sandbox's pages; returns the URL the browser would land on. `ca`:
 * the CA that a TLS sandbox's certificate is signed by, which the browser trusts.
 */
export async function authorize(
  sandbox: Pick<SandboxInfo, 'baseUrl'>,
  authorizeUrl: string,
  workspaceId: string,
  decision: 'approve' | 'deny',
  ca?: string,
): Promise<string> {
  const start = (await page(authorizeUrl, undefined, ca)).body;
  const consent = await page(
    `${sandbox.baseUrl}/authorize/sign-in`,
    { session: hidden(start, 'session'), csrf: hidden(start, 'csrf'), email: 'alice.martin@acme.example' },
    ca,
  );
  const done = await page(
    `${sandbox.baseUrl}/authorize/consent`,
    {
      session: hidden(consent.body, 'session'),
      csrf: hidden(consent.body, 'csrf'),
      workspace: workspaceId,
      decision,
    },
    ca,
  );
  if (done.status !== 303 || !done.location) throw new Error(`consent answered ${done.status}: ${done.body}`);
  return done.location;
}

/** A GET, or a POST of `form`, without following redirects: what a browser's request gets back. */
function page(
  url: string,
  form: Record<string, string> | undefined,
  ca: string | undefined,
): Promise<{ status: number; location?: string; body: string }> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    send(
      url,
      {
        method: form ? 'POST' : 'GET',
        agent: false,
        ...(ca ? { ca: readFileSync(ca) } : {}),
        headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            ...(res.headers.location ? { location: res.headers.location } : {}),
          }),
        );
      },
    )
      .on('error', reject)
      .end(body);
  });
}

/** A GET over HTTPS that accepts the loopback's self-signed certificate, as the user did. */
export function visit(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { rejectUnauthorized: false, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no field ${name} in the page:\n${html}`);
  return match[1]!;
}

/** The saved config of a config folder. */
export function savedConfig(dir: string): {
  currentProfile?: string;
  profiles: Record<string, { token: string; oauth?: { refreshToken?: string; expiresAt?: string } }>;
} {
  return JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
}

/** A sandbox test hook (POST with a JSON body, or GET/DELETE). */
export async function hook(
  sandbox: SandboxInfo,
  method: string,
  path: string,
  body?: object,
): Promise<unknown> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox${path}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}
