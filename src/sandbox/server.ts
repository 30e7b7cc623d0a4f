/**
 * Starts and stops a sandbox: seeds its state (and replays a data directory into it), builds
 * the app and listens. The CLI imports this module lazily (it loads fastify).
 */
import { baseUrlOf } from './address.js';
import { createApp } from './app.js';
import { MemoryBlobStore } from './attachments/blobs.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from './attachments/upload.js';
import { connectionTimeouts } from './connection-timeouts.js';
import { checkSlowMs, DEFAULT_SLOW_MS, FaultsError, parseFaults } from './faults/config.js';
import { FaultInjector } from './faults/injector.js';
import { certificateNames, hostNames } from './host-guard.js';
import type { OAuthClient } from './oauth/clients.js';
import { DataDir } from './persist/data-dir.js';
import {
  DataDirError,
  JournalDamagedError,
  JournalShortError,
  JournalTruncatedError,
  SeedMismatchError,
} from './persist/errors.js';
import { LockedError } from './persist/lock.js';
import { parseRateLimit, type RateLimitConfig } from './rate-limit.js';
import { type SeedParameters, seedParameters, seedState } from './state.js';
import { type Clock, realTime, type Scheduler } from './time.js';

export {
  type Clock,
  DataDirError,
  FaultsError,
  JournalDamagedError,
  JournalShortError,
  JournalTruncatedError,
  LockedError,
  type OAuthClient,
  parseFaults,
  parseRateLimit,
  type RateLimitConfig,
  type Scheduler,
  SeedMismatchError,
};

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve HTTPS with this key and certificate (PEM); plain HTTP without. */
  tls?: { key: string; cert: string };
  /**
   * Host names the sandbox answers to besides localhost, 127.0.0.1, [::1], any IP address and
   * `host`: a request whose Host header names another is refused (421), since a page of another
   * site can reach a local server through DNS rebinding. Add the names a proxy or another
   * machine reaches it by.
   */
  allowedHosts?: readonly string[];
  /**
   * Keep the state in this directory (made when missing) across restarts; without it the state
   * lives in memory and ends with the sandbox. The directory holds the seed parameters below
   * and the changes since: leave them out to use the stored ones (others are refused).
   */
  dataDir?: string;
  /**
   * Remove the upload files of the data directory that no record names (default false: they are
   * kept, and a notice counts them). No start removes them otherwise.
   */
  pruneUploads?: boolean;
  /** A data directory's journal is compacted into its snapshot past this size and the snapshot's (default 8 MiB). */
  compactJournalBytes?: number;
  /** PRNG seed of the data and tokens (default 1). */
  seed?: number;
  /** Cases in total across workspaces (default 200). */
  cases?: number;
  /** Forms in total across workspaces (default 150). */
  forms?: number;
  /**
   * Attachments in total across workspaces (default 100), on the completed
   * responses of templates that take files. Their bytes are made when read.
   */
  attachments?: number;
  /** Size of each large seeded attachment, one in ten (default 8 MiB; 1 GiB for a memory test). */
  largeAttachmentBytes?: number;
  /** The size limit of the files of one upload request together, in bytes (default 25 MiB); more gets a 413. */
  maxUploadBytes?: number;
  /** From the creation of a document intelligence job to its outcome, in ms (default 2000). */
  docintelDelayMs?: number;
  /** 'spec' (default) | 'off' | 'N/DURATION' such as '5/1s' or '100/1m'. */
  rateLimit?: string;
  /** Faults injected into /v1 requests, drawn from the seed: 'off' (default) or '429:0.1,503:0.05,reset:0.02,slow:0.02'. */
  faults?: string;
  /** How long a `slow` fault holds an answer back, in ms (default 1000). */
  slowMs?: number;
  /** OAuth clients provisioned besides the seed's default one. */
  oauthClients?: readonly OAuthClient[];
  /** Lifetime of OAuth access tokens in seconds, 1 to 86400 (default: the spec's 86400). */
  oauthTokenTtl?: number;
  /** The wait before each webhook retry, as many retries as delays (default 1 s, 5 s, 25 s). */
  webhookRetryDelaysMs?: readonly number[];
  /** Time-out of one webhook attempt (default 5 s). */
  webhookTimeoutMs?: number;
  /**
   * Time-outs of slow clients, in ms: the head must arrive within `headersTimeoutMs` (default
   * 15 s) and the whole request within `requestTimeoutMs` (default 300 s), else the connection
   * gets a 408 and is closed; an idle keep-alive connection is closed after `keepAliveTimeoutMs`
   * (default 5 s).
   */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /** Time and deferred work; real by default. Tests pass a ManualClock to move time themselves. */
  clock?: Clock & Scheduler;
}

/** A seeded workspace and the one token bound to it. */
export interface SandboxWorkspace {
  id: string;
  slug: string;
  name: string;
  token: string;
}

export interface RunningSandbox {
  /** The host root, e.g. `http://127.0.0.1:4010` (resource endpoints are under `/v1`). */
  baseUrl: string;
  workspaces: SandboxWorkspace[];
  /** The seed's default OAuth client (its loopback redirect URIs match any port). */
  oauth: OAuthClient;
  /** The data directory (absolute), or null when the state lives in memory. */
  dataDir: string | null;
  /**
   * What the start found in the data directory worth telling, one line each: a torn last journal
   * record it dropped, upload files no record names. Empty without a data directory.
   */
  notices: string[];
  /** Stops listening, closes open connections, and with a data directory commits and releases it. */
  close(): Promise<void>;
}

const MAX_CASES = 1_000_000;
const MAX_TOKEN_TTL = 86_400;
const MAX_FORMS = 1_000_000;
const MAX_ATTACHMENTS = 1_000_000;
// Without a data directory, uploads are kept in memory.
const MAX_UPLOAD_BYTES = 2 ** 31;
// Large files are streamed from a generator, never held: the bound is what a test could want.
const MAX_LARGE_BYTES = 2 ** 40;
const MAX_DOCINTEL_DELAY_MS = 3_600_000;
const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 25_000];

/**
 * Seeds a sandbox (and replays its data directory) and starts listening.
 * @throws Error with a one-line message for invalid options, or when the port is taken;
 *   DataDirError (LockedError, SeedMismatchError) when the data directory cannot be used
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const requested = requestedSeed(options);
  const port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  const accessTokenTtl = options.oauthTokenTtl ?? MAX_TOKEN_TTL;
  const time = options.clock ?? realTime();
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const docintelDelayMs = options.docintelDelayMs ?? 2000;
  checkInteger('upload limit', maxUploadBytes, 1, MAX_UPLOAD_BYTES, ' (bytes)');
  if (options.compactJournalBytes !== undefined) {
    checkInteger('journal compaction size', options.compactJournalBytes, 1, MAX_LARGE_BYTES, ' (bytes)');
  }
  checkInteger('document intelligence delay', docintelDelayMs, 0, MAX_DOCINTEL_DELAY_MS, ' (ms)');
  const retryDelays = options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  if (!retryDelays.every((ms) => Number.isInteger(ms) && ms >= 0)) {
    throw new Error(`Invalid webhook retry delays ${retryDelays.join(',')}: expected integers >= 0 (ms)`);
  }
  checkInteger('port', port, 0, 65_535);
  checkInteger('OAuth token lifetime', accessTokenTtl, 1, MAX_TOKEN_TTL, ' (seconds)');
  const rateLimit = options.rateLimit ?? 'spec';
  parseRateLimit(rateLimit);
  const rates = parseFaults(options.faults ?? 'off');
  const slowMs = checkSlowMs(options.slowMs ?? DEFAULT_SLOW_MS);
  const givenClients = options.oauthClients ?? [];
  const timeouts = connectionTimeouts({
    headersMs: options.headersTimeoutMs,
    requestMs: options.requestTimeoutMs,
    keepAliveMs: options.keepAliveTimeoutMs,
  });

  const dir = options.dataDir === undefined ? undefined : await DataDir.open(options.dataDir, requested);
  try {
    const params = dir?.params ?? seedParameters(requested);
    const state = seedState(params, {
      clock: time,
      blobs: dir?.blobs ?? new MemoryBlobStore(),
      docintelDelayMs,
      accessTokenTtl,
    });
    const loaded = dir
      ? await dir.load(state, {
          clients: givenClients,
          compactBytes: options.compactJournalBytes,
          pruneUploads: options.pruneUploads,
        })
      : undefined;
    const journal = loaded?.journal;
    if (!dir) for (const client of givenClients) state.clients.provision(client);
    const app = createApp({
      state,
      maxUploadBytes,
      clock: time,
      scheduler: time,
      rateLimit,
      webhookRetryDelaysMs: retryDelays,
      webhookTimeoutMs: options.webhookTimeoutMs ?? 5000,
      faults: new FaultInjector(params.seed, { rates, slowMs }),
      timeouts,
      // The names of a TLS sandbox's certificate are names it is known by.
      hostNames: hostNames(host, [...(options.allowedHosts ?? []), ...certificateNames(options.tls?.cert)]),
      ...(options.tls ? { tls: options.tls } : {}),
      ...(journal ? { durable: () => journal.durable() } : {}),
    });
    await app.listen({ port, host });
    return {
      baseUrl: baseUrlOf(app.server),
      workspaces: state.store.tokens().map(({ workspace, token }) => ({
        id: workspace.id,
        slug: workspace.slug,
        name: workspace.name,
        token,
      })),
      oauth: state.defaultClient,
      dataDir: dir?.path ?? null,
      notices: loaded?.notices ?? [],
      close: async () => {
        await app.close();
        await dir?.close();
      },
    };
  } catch (error) {
    await dir?.discard();
    throw error;
  }
}

/**
 * The seed parameters the options give, checked; those left out are undefined (a data
 * directory, or the defaults, decide them).
 */
function requestedSeed(options: SandboxOptions): Partial<SeedParameters> {
  const { seed, cases, forms, attachments, largeAttachmentBytes } = options;
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    throw new Error(`Invalid seed ${seed}: expected an integer`);
  }
  if (cases !== undefined) checkInteger('case count', cases, 0, MAX_CASES);
  if (forms !== undefined) checkInteger('form count', forms, 0, MAX_FORMS);
  if (attachments !== undefined) checkInteger('attachment count', attachments, 0, MAX_ATTACHMENTS);
  if (largeAttachmentBytes !== undefined) {
    checkInteger('large attachment size', largeAttachmentBytes, 1, MAX_LARGE_BYTES, ' (bytes)');
  }
  return { seed, cases, forms, attachments, largeAttachmentBytes };
}

/** @throws Error with a one-line message unless `value` is an integer from `min` to `max` */
function checkInteger(what: string, value: number, min: number, max: number, unit = ''): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`Invalid ${what} ${value}: expected an integer from ${min} to ${max}${unit}`);
  }
}
