/**
 * The Context handed to every command's run function. Its getters are lazy and memoised,
 * so `--help` and offline commands never read the config file or open a socket, and tests
 * can build one with a test IO and their own environment.
 */

import type { Credentials } from './core/auth/credentials.js';
import type { ConfigStore } from './core/auth/store.js';
import { UsageError } from './core/errors.js';
import type { ApiClient } from './core/http.js';
import type { IO } from './output/io.js';
import type { OutputFormat } from './output/render.js';

/** The global options every command accepts (DESIGN.md, "Command contract"). */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  output?: string;
  json?: boolean;
  fields?: string;
  query?: string;
  quiet?: boolean;
  /** false with --no-color */
  color?: boolean;
  /** false with --no-input */
  input?: boolean;
  debug?: boolean;
  timeout?: number;
  retries?: number;
  concurrency?: number;
}

export const OUTPUT_FORMATS = ['table', 'plain', 'json', 'ndjson', 'csv'] as const;
export const DEFAULT_CONCURRENCY = 4;

export interface Context {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  readonly version: string;
  now(): Date;
  /** the config file (conf), opened on first use */
  config(): Promise<ConfigStore>;
  /** token and base URL after precedence rules; throws only on a named profile that does not exist */
  credentials(): Promise<Credentials>;
  /** the API client for the resolved credentials; throws AuthError/UsageError when they are missing */
  api(): Promise<ApiClient>;
  /** a client for a base URL and token given explicitly (login verifies a token before saving it) */
  apiFor(baseUrl: string, token: string | undefined): Promise<ApiClient>;
  /** the output format: -o, --json, or table on a TTY and plain otherwise */
  outputFormat(): OutputFormat;
  /** a --debug line on stderr */
  debug(line: string): void;
  /** closes the connections of every client it made, so the process can exit */
  close(): Promise<void>;
}

export interface ContextInit {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  version: string;
  now?: () => Date;
}

export function createContext(init: ContextInit): Context {
  const { io, env, globals } = init;
  let config: Promise<ConfigStore> | undefined;
  let credentials: Promise<Credentials> | undefined;
  let api: Promise<ApiClient> | undefined;
  const clients: ApiClient[] = [];

  const ctx: Context = {
    io,
    env,
    globals,
    version: init.version,
    now: init.now ?? (() => new Date()),
    // conf: reads WFD_CONFIG_DIR
    config() {
      config ??= import('./core/auth/store.js').then(({ ConfigStore }) =>
        ConfigStore.open(env.WFD_CONFIG_DIR),
      );
      return config;
    },
    // config + env + --profile/--base-url
    credentials() {
      credentials ??= (async () => {
        const { resolveCredentials } = await import('./core/auth/credentials.js');
        return resolveCredentials(await ctx.config(), {
          env,
          ...(globals.profile ? { profileFlag: globals.profile } : {}),
          ...(globals.baseUrl ? { baseUrlFlag: globals.baseUrl } : {}),
        });
      })();
      return credentials;
    },
    // credentials + undici
    api() {
      api ??= (async () => {
        const { requireCredentials } = await import('./core/auth/credentials.js');
        const { token, baseUrl } = requireCredentials(await ctx.credentials());
        return ctx.apiFor(baseUrl, token);
      })();
      return api;
    },
    async apiFor(baseUrl, token) {
      const { ApiClient } = await import('./core/http.js');
      const client = new ApiClient({
        baseUrl,
        ...(token ? { token } : {}),
        userAgent: `wfd/${init.version}`,
        ...(globals.timeout !== undefined ? { timeoutMs: globals.timeout * 1000 } : {}),
        ...(globals.retries !== undefined ? { retries: globals.retries } : {}),
        ...(globals.debug ? { debug: (line: string) => ctx.debug(line) } : {}),
        notice: (line: string) => io.errorLine(`wfd: ${line}`),
      });
      clients.push(client);
      return client;
    },
    outputFormat() {
      if (globals.json) return 'json';
      if (globals.output) {
        if (!(OUTPUT_FORMATS as readonly string[]).includes(globals.output)) {
          throw new UsageError(
            `invalid --output "${globals.output}" (expected one of ${OUTPUT_FORMATS.join(', ')})`,
          );
        }
        return globals.output as OutputFormat;
      }
      return io.isStdoutTTY() ? 'table' : 'plain';
    },
    debug(line) {
      if (globals.debug) io.errorLine(`[debug] ${line}`);
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
  return ctx;
}
