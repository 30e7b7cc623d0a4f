/**
 * The checks of `wfd doctor`, each a small function over what the previous ones found. Each says
 * ok, warn or fail, what it saw, and the fix. None of them needs a working config file.
 */
import { stat } from 'node:fs/promises';
import { listWorkspaces } from '../../api/workspaces.js';
import type { Context } from '../../context.js';
import type { Credentials } from '../../core/auth/credentials.js';
import { describeRules, type RateLimits, SPEC_LIMITS } from '../../core/budget/rules.js';
import { NetworkError, WfdError } from '../../core/errors.js';
import { parseBaseUrl } from '../../core/http/base-url.js';
import type { StreamedResponse } from '../../core/http/http.js';
import { isLoopback, isPlainHttpAnswer } from '../../core/http/network-error.js';
import { hasFileModes, keyringRemedy, privateFileAccess } from '../../core/process/platform.js';
import { plural } from '../../core/text/counts.js';
import { formatDuration } from '../../core/text/duration.js';

export type Status = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  check: string;
  status: Status;
  detail: string;
  fix: string | null;
}

const ok = (check: string, detail: string): CheckResult => ({ check, status: 'ok', detail, fix: null });
const warn = (check: string, detail: string, fix: string): CheckResult => ({
  check,
  status: 'warn',
  detail,
  fix,
});
const fail = (check: string, detail: string, fix: string): CheckResult => ({
  check,
  status: 'fail',
  detail,
  fix,
});

/** Group and other bits of a mode, as `0755`. */
function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}

/** The config folder and file: present, readable, and private (they hold tokens). */
export async function checkLocalState(ctx: Context): Promise<CheckResult[]> {
  const store = await ctx.config();
  const results: CheckResult[] = [];
  const dirStat = await stat(store.dir).catch(() => undefined);
  if (!dirStat)
    results.push(
      ok(
        'config folder',
        `${store.dir} (not created yet: wfd makes it${hasFileModes() ? ' 0700' : ''} when it saves)`,
      ),
    );
  else if (!dirStat.isDirectory())
    results.push(
      fail('config folder', `${store.dir} is not a folder`, `move it aside, or set WFD_CONFIG_DIR`),
    );
  // Windows has no modes to check (stat says 0777): the folder's ACL decides (src/core/process/platform.ts).
  else if (!hasFileModes()) results.push(ok('config folder', `${store.dir} (${privateFileAccess()})`));
  else if ((dirStat.mode & 0o077) !== 0 && (dirStat.mode & 0o1000) === 0)
    results.push(
      warn(
        'config folder',
        `${store.dir} is ${octal(dirStat.mode)}: other users can look inside`,
        `chmod 700 ${store.dir}`,
      ),
    );
  else results.push(ok('config folder', `${store.dir} (${octal(dirStat.mode)})`));

  const fileStat = await stat(store.path).catch(() => undefined);
  if (!fileStat) {
    results.push(ok('config file', `${store.path} (none yet)`));
    return results;
  }
  try {
    const count = Object.keys(store.profiles()).length;
    if (!hasFileModes()) results.push(ok('config file', `${store.path} (${plural(count, 'profile')})`));
    else if ((fileStat.mode & 0o077) !== 0)
      results.push(
        fail(
          'config file',
          `${store.path} is ${octal(fileStat.mode)}: other users can read its tokens`,
          `chmod 600 ${store.path}`,
        ),
      );
    else
      results.push(ok('config file', `${store.path} (${octal(fileStat.mode)}, ${plural(count, 'profile')})`));
  } catch (error) {
    const problem = error instanceof WfdError ? error : new WfdError(String(error));
    results.push(
      fail('config file', problem.message, problem.hint ?? `move ${store.path} aside and log in again`),
    );
  }
  return results;
}

/**
 * Whether the system keyring answers, and where each profile keeps its token: the keyring, or
 * config.json. A keyring that does not answer is a warning: of a lost token when a profile keeps its
 * token there, else of where the next login will keep its token.
 */
export async function checkTokenStorage(ctx: Context): Promise<CheckResult[]> {
  const store = await ctx.config();
  let names: string[];
  try {
    names = Object.keys(store.profiles());
  } catch {
    // The config file check says what is wrong with the file.
    return [];
  }
  const inKeyring = names.filter((name) => store.tokenStorage(name) === 'keyring');
  const problem = await store.keyringProblem();
  const results: CheckResult[] = [];
  if (!problem) results.push(ok('keyring', `${store.keyringName} answers: logins keep their tokens there`));
  else if (inKeyring.length > 0)
    results.push(
      warn(
        'keyring',
        `${store.keyringName} does not answer: ${problem}; it holds the token of ${plural(inKeyring.length, 'profile')}: ${inKeyring.join(', ')}`,
        `${keyringRemedy()}; or log in again with --insecure-storage`,
      ),
    );
  // Nothing is lost yet, but it is no ✓: the next login keeps its token in a file.
  else
    results.push(
      warn(
        'keyring',
        `${store.keyringName} does not answer: ${problem}`,
        `logins keep tokens in config.json (${privateFileAccess()}) meanwhile; to use the keyring, ${keyringRemedy()}`,
      ),
    );
  if (names.length > 0) {
    const where = names.map(
      (name) => `${name} in ${inKeyring.includes(name) ? 'the keyring' : 'config.json'}`,
    );
    results.push(ok('token storage', where.join(', ')));
  }
  return results;
}

/** Which credentials are in effect, and where each part comes from. */
export async function checkCredentials(
  ctx: Context,
): Promise<{ results: CheckResult[]; credentials?: Credentials }> {
  let credentials: Credentials;
  try {
    credentials = await ctx.credentials();
  } catch (error) {
    const problem = error instanceof WfdError ? error : new WfdError(String(error));
    return { results: [fail('credentials', problem.message, problem.hint ?? 'run `wfd auth login`')] };
  }
  const results: CheckResult[] = [];
  const profile = credentials.profileName ? `profile "${credentials.profileName}"` : undefined;
  const from =
    credentials.source === 'env'
      ? 'WFD_TOKEN'
      : ctx.globals.profile
        ? `${profile} (--profile)`
        : ctx.env.WFD_PROFILE
          ? `${profile} (WFD_PROFILE)`
          : `${profile} (the current profile)`;
  if (credentials.tokenError && credentials.source !== 'env')
    results.push(
      fail(
        'credentials',
        credentials.tokenError.message,
        credentials.tokenError.hint ?? 'run `wfd auth login`',
      ),
    );
  else if (!credentials.token)
    results.push(
      fail(
        'credentials',
        credentials.profileName ? `${profile} has no token` : 'no token: not logged in',
        'run `wfd auth login`, `wfd auth switch NAME`, or set WFD_TOKEN (`wfd sandbox start` saves a profile to try)',
      ),
    );
  else {
    const kind = credentials.profile?.authType === 'oauth' ? 'an OAuth token' : 'a personal token';
    const kept =
      credentials.source === 'env'
        ? ''
        : `, kept in ${credentials.tokenStorage === 'keyring' ? 'the system keyring' : 'config.json'}`;
    results.push(ok('credentials', `${kind} from ${from}${kept}`));
  }
  const urlSource = { flag: '--base-url', env: 'WFD_BASE_URL', profile: profile ?? 'the profile', none: '' }[
    credentials.baseUrlSource
  ];
  if (!credentials.baseUrl)
    results.push(
      fail(
        'base URL',
        'none: wfd does not know which server to talk to',
        'pass --base-url, set WFD_BASE_URL, or log in',
      ),
    );
  else {
    try {
      parseBaseUrl(credentials.baseUrl);
      results.push(ok('base URL', `${credentials.baseUrl} from ${urlSource}`));
    } catch (error) {
      results.push(
        fail(
          'base URL',
          (error as WfdError).message,
          'fix the base URL of the profile, --base-url or WFD_BASE_URL',
        ),
      );
    }
  }
  return { results, credentials };
}

/** OAuth: when the access token expires and whether it can be renewed unattended. */
export function checkOAuth(credentials: Credentials, now: Date): CheckResult[] {
  const grant = credentials.profile?.authType === 'oauth' ? credentials.profile.oauth : undefined;
  if (!grant || credentials.source === 'env') return [];
  const left = grant.expiresAt ? Date.parse(grant.expiresAt) - now.getTime() : undefined;
  const when =
    left === undefined
      ? 'with no known expiry'
      : left > 0
        ? `expires in ${formatDuration(left)}`
        : `expired ${formatDuration(-left)} ago`;
  if (!grant.refreshToken)
    return [
      left !== undefined && left <= 0
        ? fail('OAuth token', `${when}; no refresh token`, 'log in again: `wfd auth login --oauth`')
        : warn(
            'OAuth token',
            `${when}; no refresh token (scope without offline_access)`,
            'log in with --scope offline_access',
          ),
    ];
  return [
    ok(
      'OAuth token',
      `${when}; a refresh token renews it${left !== undefined && left <= 0 ? ' at the next request' : ''}`,
    ),
  ];
}

/**
 * One request (GET /v1/workspaces) tells whether the server is reachable, over TLS or not, the
 * token valid and for which workspace, how far the clocks differ, and what the rate limit says.
 */
export async function checkServer(
  ctx: Context,
  baseUrl: string,
  /** the proxy the base URL is reached through (checkProxy) */
  through?: string,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const { origin } = parseBaseUrl(baseUrl);
  const tls = origin.startsWith('https:');
  let answer: StreamedResponse;
  let limits = SPEC_LIMITS;
  try {
    const client = await ctx.api();
    limits = client.limiter?.limits ?? SPEC_LIMITS;
    answer = await client.exchange(listWorkspaces());
  } catch (error) {
    if (error instanceof NetworkError && isPlainHttpAnswer(error))
      return [fail('TLS', error.message, error.hint ?? 'try http:// as the base URL')];
    const tlsProblem = tlsCode(error);
    if (tlsProblem)
      return [
        error instanceof NetworkError
          ? fail('TLS', error.message, error.hint ?? 'check the base URL')
          : fail(
              'TLS',
              `the certificate of ${origin} is not trusted (${tlsProblem})`,
              'check the base URL; for a private CA set NODE_EXTRA_CA_CERTS',
            ),
      ];
    if (error instanceof NetworkError)
      return [fail('server', error.message, error.hint ?? 'check the base URL and the network')];
    throw error;
  }
  results.push(
    ok('server', `${origin} answered ${answer.status}${through ? ` through the proxy ${through}` : ''}`),
  );
  results.push(
    tls
      ? ok('TLS', 'https, certificate trusted')
      : isLoopback(origin)
        ? ok('TLS', 'plain http on this machine (the sandbox)')
        : warn(
            'TLS',
            `plain http to ${origin}: the token crosses the network unencrypted`,
            'use the https:// base URL',
          ),
  );
  const text = await readText(answer);
  if (answer.status === 200) {
    const workspace = parseWorkspace(text);
    results.push(ok('token', workspace ? `valid, for workspace ${workspace}` : 'valid'));
  } else if (answer.status === 401)
    results.push(
      fail(
        'token',
        'refused by the server (401): invalid, expired or revoked',
        'run `wfd auth login` (or `wfd auth refresh` for OAuth)',
      ),
    );
  else if (answer.status === 403)
    results.push(fail('token', 'no access (403)', 'use a token of the workspace you need'));
  else
    results.push(
      warn('token', `could not be checked: the server answered ${answer.status}`, 'try again later'),
    );
  results.push(checkClock(answer, ctx.now()));
  results.push(checkRateHeadroom(answer, limits));
  return results;
}

function checkClock(answer: StreamedResponse, now: Date): CheckResult {
  const date = Date.parse(String(answer.headers.date ?? ''));
  if (Number.isNaN(date)) return ok('clock', 'the server sends no Date header to compare with');
  const skew = now.getTime() - date;
  const size = formatDuration(Math.abs(skew));
  const which = skew > 0 ? 'ahead of' : 'behind';
  if (Math.abs(skew) > 5 * 60_000)
    return fail(
      'clock',
      `this machine is ${size} ${which} the server`,
      'set the clock (NTP): token expiry and Retry-After depend on it',
    );
  if (Math.abs(skew) > 30_000)
    return warn('clock', `this machine is ${size} ${which} the server`, 'set the clock (NTP)');
  return ok('clock', `within ${Math.abs(skew) < 1000 ? 'a second' : size} of the server`);
}

function checkRateHeadroom(answer: StreamedResponse, limits: RateLimits): CheckResult {
  const remaining = answer.headers['ratelimit-remaining'] ?? answer.headers['x-ratelimit-remaining'];
  const limit = answer.headers['ratelimit-limit'] ?? answer.headers['x-ratelimit-limit'];
  const setBy = limits.source ?? "the API's limits; --request-rate or WFD_RATE_LIMIT change them";
  const kept =
    limits.rules.length === 0
      ? `wfd sets no limit of its own (${setBy})`
      : `wfd keeps under ${describeRules(limits.rules)} (${setBy})`;
  if (remaining === undefined) return ok('rate limit', `not reported by the server; ${kept}`);
  const left = `${remaining}${limit === undefined ? '' : ` of ${limit}`} requests left in the window`;
  // The API's own limits go without saying where the server reports them.
  const detail = limits.source ? `${left}; ${kept}` : left;
  return Number(remaining) === 0
    ? warn('rate limit', detail, 'wait for the window to pass')
    : ok('rate limit', detail);
}

async function readText(answer: StreamedResponse): Promise<string> {
  answer.body.setEncoding('utf8');
  let text = '';
  for await (const chunk of answer.body) text += chunk;
  return text;
}

function parseWorkspace(text: string): string | undefined {
  try {
    const first = (JSON.parse(text) as { data?: { name?: string; slug?: string }[] }).data?.[0];
    return first ? `${first.name} (${first.slug})` : undefined;
  } catch {
    return undefined;
  }
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_)/;

function tlsCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && TLS_CODES.test(code)) return code;
  }
  return undefined;
}
