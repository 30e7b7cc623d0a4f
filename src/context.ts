/**
 * The Context handed to every command's run function. Its getters are lazy and memoised, so
 * `--help` and offline commands never read the config file or open a socket, and tests build
 * one with a memory IO, their own environment and connections to a fake server (`connect`).
 */
import type { Command } from 'commander';
import type { Credentials } from './core/auth/credentials.js';
import type { ConfigStore } from './core/auth/store.js';
import type { RateLimits } from './core/budget/rules.js';
import type { SharedBudget } from './core/budget/shared-budget.js';
import { UsageError } from './core/errors.js';
import type { ApiClient, TokenSource } from './core/http/http.js';
import type { NodeHttpTransportOptions } from './core/http/node-transport.js';
import { once } from './core/once.js';
import type { GlobalOptions } from './global-options.js';
import type { IO } from './output/io.js';
import type { OutputSettings } from './output/settings.js';

export const DEFAULT_CONCURRENCY = 4;

/** Runs wfd in this process with other streams and environment; returns the exit code. */
export type Runner = (argv: string[], streams: { io: IO; env: NodeJS.ProcessEnv }) => Promise<number>;

export interface Context {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  /** the output flags, already checked */
  readonly output: OutputSettings;
  readonly version: string;
  now(): Date;
  /** waits `ms` milliseconds: the pauses of a command that polls (instant in tests) */
  sleep(ms: number): Promise<void>;
  /** the config file (conf), opened on first use */
  config(): Promise<ConfigStore>;
  /** token and base URL after precedence rules; throws only on a named profile that does not exist */
  credentials(): Promise<Credentials>;
  /**
   * The bearer token of the resolved credentials: fixed (WFD_TOKEN, a personal token), or an
   * OAuth profile's, renewed when due and after a 401. Throws AuthError when there is none.
   */
  tokenSource(): Promise<TokenSource>;
  /** the API client for the resolved credentials; throws AuthError/UsageError when they are missing */
  api(): Promise<ApiClient>;
  /**
   * A client for a base URL and token given explicitly (login verifies a token before saving it;
   * none for the OAuth endpoints); `profileRateLimit` is the profile's own rate limit, if any;
   * `client` the OAuth client of the token (its hourly budget is the client's).
   */
  apiFor(
    baseUrl: string,
    auth: string | TokenSource | undefined,
    profileRateLimit?: string,
    client?: string,
  ): Promise<ApiClient>;
  /** opens a URL in the user's browser (OAuth login) */
  openBrowser(url: string): Promise<void>;
  /** a --debug line on stderr */
  debug(line: string): void;
  /** the whole command tree (help topics, completion scripts) */
  program(): Promise<Command>;
  /** runs another wfd command line in this process (the sandbox demo) */
  runWfd: Runner;
  /** closes the connections of every client it made, so the process can exit */
  close(): Promise<void>;
}

export interface ContextInit {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  output: OutputSettings;
  version: string;
  now?: () => Date;
  /** the HTTP seam: opens each connection of every client (run tests: to their fake server) */
  connect?: NodeHttpTransportOptions['connect'];
  /** waits of retries and the rate limiter; tests make them instant */
  sleep?: (ms: number) => Promise<void>;
  program?: () => Promise<Command>;
  runWfd?: Runner;
  /** the browser seam: tests follow the URL themselves */
  openBrowser?: (url: string) => Promise<void>;
  /** the config's `browser`: a command given the URL as its last argument, instead of the system's way */
  browser?: string;
}

export function createContext(init: ContextInit): Context {
  const { io, env, globals } = init;
  const clients: ApiClient[] = [];
  const missing = (what: string) => () => {
    throw new Error(`wfd: this context was built without ${what}`);
  };

  const ctx: Context = {
    io,
    env,
    globals,
    output: init.output,
    version: init.version,
    now: init.now ?? (() => new Date()),
    sleep: init.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    config: once(() => openConfig(env, io)),
    credentials: once(() => resolveCredentials(ctx)),
    tokenSource: once(() => tokenSourceOf(ctx)),
    // credentials + token source + the HTTP client
    api: once(async () => {
      const { requireCredentials } = await import('./core/auth/credentials.js');
      const credentials = await ctx.credentials();
      const { baseUrl } = requireCredentials(credentials);
      const profile = credentials.profile;
      const client = profile?.authType === 'oauth' ? profile.oauth?.clientId : undefined;
      return ctx.apiFor(baseUrl, await ctx.tokenSource(), profile?.rateLimit, client);
    }),
    async apiFor(baseUrl, auth, profileRateLimit, budgetClient) {
      const client = await newClient(init, ctx, { baseUrl, auth, profileRateLimit, budgetClient });
      clients.push(client);
      return client;
    },
    openBrowser: (url) => openBrowser(init, url),
    debug(line) {
      if (globals.debug) io.errorLine(`[debug] ${line}`);
    },
    program: init.program ?? missing('the command tree'),
    runWfd: init.runWfd ?? missing('a runner'),
    async close() {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
  return ctx;
}

/**
 * The config file: WFD_CONFIG_DIR (else the platform's config folder) + the file system + the
 * system keyring (its process, which loads the native binding, starts only when a token is read
 * or saved there).
 */
async function openConfig(env: NodeJS.ProcessEnv, io: IO): Promise<ConfigStore> {
  const [{ ConfigStore }, { configDir }, { systemKeyring }, { keyringProcess }] = await Promise.all([
    import('./core/auth/store.js'),
    import('./core/auth/config-paths.js'),
    import('./core/auth/keyring.js'),
    import('./core/auth/keyring-process.js'),
  ]);
  return ConfigStore.open(configDir(env), {
    keyring: systemKeyring(env, process.platform, keyringProcess(env)),
    notice: (line) => io.errorLine(`wfd: ${line}`),
  });
}

/** The credentials: config + env + --profile/--base-url (+ the keyring, for a profile's token kept there). */
async function resolveCredentials(ctx: Context): Promise<Credentials> {
  const { loadCredentials } = await import('./core/auth/credentials.js');
  const { env, globals } = ctx;
  return loadCredentials(await ctx.config(), {
    env,
    ...(globals.profile ? { profileFlag: globals.profile } : {}),
    ...(globals.baseUrl ? { baseUrlFlag: globals.baseUrl } : {}),
  });
}

/**
 * The bearer token: credentials + config (an OAuth profile is renewed through it) + a client of
 * the token endpoint.
 */
async function tokenSourceOf(ctx: Context): Promise<TokenSource> {
  const { requireCredentials, refusedTokenHint } = await import('./core/auth/credentials.js');
  const credentials = await ctx.credentials();
  const { token } = requireCredentials(credentials);
  const { profile, profileName } = credentials;
  const refusedHint = await refusedTokenHint(credentials);
  if (credentials.source !== 'profile' || profile?.authType !== 'oauth' || !profileName) {
    return { token: async () => token, ...(refusedHint ? { refusedHint } : {}) };
  }
  const { RefreshingToken } = await import('./core/auth/refresh.js');
  return new RefreshingToken({
    store: await ctx.config(),
    profileName,
    ...(refusedHint ? { refusedHint } : {}),
    now: ctx.now,
    tokenClient: (origin) => ctx.apiFor(origin, undefined),
    debug: (line) => ctx.debug(line),
  });
}

/** What `apiFor` makes a client of (see there). */
interface ClientTarget {
  baseUrl: string;
  auth: string | TokenSource | undefined;
  profileRateLimit: string | undefined;
  budgetClient: string | undefined;
}

/**
 * An API client with this run's settings: the flags' time-outs and retries, WFD_MAX_WAIT, the
 * rate limits (--request-rate > WFD_RATE_LIMIT > the profile's > the spec's) shared with the
 * other processes on the token, and every token it handles hidden from stderr.
 */
async function newClient(init: ContextInit, ctx: Context, target: ClientTarget): Promise<ApiClient> {
  const { io, env, globals } = ctx;
  const { baseUrl, auth } = target;
  const [{ ApiClient }, { RateLimiter }] = await Promise.all([
    import('./core/http/http.js'),
    import('./core/budget/limiter.js'),
  ]);
  const limits = await rateLimits(globals, env, target.profileRateLimit);
  // Shared with the other processes on this token, over real connections (not a test's fake).
  const sharing = limits.rules.length > 0 && !init.connect;
  const token = sharing ? (typeof auth === 'string' ? auth : await auth?.token()) : undefined;
  const maxWaitMs = env.WFD_MAX_WAIT ? await maxWait(env.WFD_MAX_WAIT) : undefined;
  const shared = token
    ? await sharedBudget(env, baseUrl, token, target.budgetClient, limits, globals, maxWaitMs, ctx)
    : undefined;
  const notice = (line: string) => io.errorLine(`wfd: ${line}`);
  return new ApiClient({
    limiter: new RateLimiter(limits, {
      ...(init.sleep ? { sleep: init.sleep } : {}),
      notice,
      ...(shared ? { shared } : {}),
      ...(maxWaitMs !== undefined ? { maxWaitMs } : {}),
    }),
    baseUrl,
    ...(typeof auth === 'string'
      ? { token: hideToken(io, auth) }
      : auth
        ? { auth: hidingTokens(io, auth) }
        : {}),
    userAgent: `wfd/${init.version}`,
    ...(globals.requestTimeout !== undefined ? { timeoutMs: globals.requestTimeout } : {}),
    ...(globals.minDownloadRate !== undefined ? { minDownloadRate: globals.minDownloadRate } : {}),
    ...(globals.retries !== undefined ? { retries: globals.retries } : {}),
    ...(maxWaitMs !== undefined ? { maxWaitMs } : {}),
    ...(globals.debug ? { debug: (line: string) => ctx.debug(line) } : {}),
    ...(init.connect ? { connect: init.connect } : {}),
    env,
    ...(init.sleep ? { sleep: init.sleep } : {}),
    notice,
  });
}

/** Opens a URL: the test's seam, the config's `browser`, else the platform's way (the `open` package). */
async function openBrowser(init: ContextInit, url: string): Promise<void> {
  if (init.openBrowser) return init.openBrowser(url);
  if (init.browser) {
    const { runBrowserCommand } = await import('./core/process/browser-command.js');
    return runBrowserCommand(init.browser, url, init.env);
  }
  const { default: open } = await import('open');
  await open(url);
}

/** `token`, hidden from every stderr line from now on (a server may echo it in an error). */
function hideToken(io: IO, token: string): string {
  io.hideSecret(token);
  return token;
}

/** `source`, with every token it hands out hidden from stderr as `hideToken` does. */
function hidingTokens(io: IO, source: TokenSource): TokenSource {
  const hide = (token: string | undefined) => (token ? hideToken(io, token) : token);
  const refresh = source.refresh?.bind(source);
  return {
    token: async () => hide(await source.token()),
    ...(refresh ? { refresh: async (stale: string) => hide(await refresh(stale)) } : {}),
    ...(source.refusedHint ? { refusedHint: source.refusedHint } : {}),
  };
}

/** WFD_MAX_WAIT: the longest wfd waits (a Retry-After, a client-side hold), at most a day (timers end at 2^31 ms). */
async function maxWait(text: string): Promise<number> {
  const { parseDuration } = await import('./core/text/duration.js');
  const ms = parseDuration(text);
  if (ms === undefined || ms > 86_400_000)
    throw new UsageError(`invalid WFD_MAX_WAIT "${text}": expected a duration up to 24h, such as 15m`);
  return ms;
}

/** The rate budget this process shares with the others on `token` (src/core/budget/shared-budget.ts). */
async function sharedBudget(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  token: string,
  client: string | undefined,
  limits: RateLimits,
  globals: GlobalOptions,
  maxWaitMs: number | undefined,
  ctx: Context,
): Promise<SharedBudget> {
  const [{ SharedBudget, budgetDir }, { parseBaseUrl }, { DEFAULT_TIMEOUT_MS }, { DEFAULT_MAX_WAIT_MS }] =
    await Promise.all([
      import('./core/budget/shared-budget.js'),
      import('./core/http/base-url.js'),
      import('./core/http/http.js'),
      import('./core/budget/limiter.js'),
    ]);
  return new SharedBudget({
    dir: budgetDir(env),
    origin: parseBaseUrl(baseUrl).origin,
    token,
    ...(client ? { client } : {}),
    rules: limits.rules,
    // A reservation lasts as long as a request may: the client's own default timeout.
    requestTimeoutMs: globals.requestTimeout ?? DEFAULT_TIMEOUT_MS,
    maxWaitMs: maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
    notice: (line) => ctx.io.errorLine(`wfd: ${line}`),
    debug: (line) => ctx.debug(line),
  });
}

/** The client-side rate limits in force; a malformed setting is a usage error naming its source. */
async function rateLimits(
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
  profileRateLimit: string | undefined,
): Promise<RateLimits> {
  const { parseRateLimits } = await import('./core/budget/rules.js');
  const [source, text] =
    globals.requestRate !== undefined
      ? ['--request-rate', globals.requestRate]
      : env.WFD_RATE_LIMIT
        ? ['WFD_RATE_LIMIT', env.WFD_RATE_LIMIT]
        : profileRateLimit !== undefined
          ? ["the profile's rateLimit", profileRateLimit]
          : ['', 'spec'];
  try {
    return source ? { ...parseRateLimits(text), source } : parseRateLimits(text);
  } catch (error) {
    throw new UsageError(`invalid ${source} "${text}": ${(error as Error).message}`);
  }
}
