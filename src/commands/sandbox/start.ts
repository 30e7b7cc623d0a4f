import { once } from 'node:events';
import { createServer } from 'node:net';
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { ConfigStore, Profile } from '../../core/auth/store.js';
import { UsageError, WfdError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';
import { FORMATS } from '../../output/render.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { banner } from './banner.js';
import type { SandboxCertificate } from './certificate.js';
import { dataDirFailure, dataDirWarning } from './data-dir-errors.js';
import { START } from './flags.js';

/** The port the README's URLs name; a second sandbox started without --port takes a free one. */
const DEFAULT_PORT = 4010;

export const StartSandboxOptions = verbSchema(START);
export type StartSandboxOptions = z.output<typeof StartSandboxOptions>;

export async function runStartSandbox(options: StartSandboxOptions, ctx: Context): Promise<void> {
  const { startSandbox, parseRateLimit, parseFaults, FaultsError } = await import('../../sandbox/index.js');
  try {
    parseRateLimit(options.rateLimit);
  } catch {
    throw new UsageError(
      `invalid --rate-limit ${quote(options.rateLimit)}: expected spec, off, or N/DURATION such as 20/10s`,
    );
  }
  let faultsOn: boolean;
  try {
    faultsOn = Object.keys(parseFaults(options.faults)).length > 0;
  } catch (error) {
    if (!(error instanceof FaultsError)) throw error;
    throw new UsageError(`invalid --faults ${quote(options.faults)}: ${error.problem}`, {
      hint: 'for example --faults 429:0.1,503:0.05,reset:0.02,slow:0.02; the shares add up to at most 1',
    });
  }
  if (options.tlsHostname && !options.tls)
    throw new UsageError('--tls-hostname names a name of the TLS certificate: give --tls too');
  const certificate = options.tls ? await tlsCertificate(ctx, options) : undefined;
  const port = options.port ?? (await defaultPort(ctx, options.host));
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      port,
      host: options.host,
      allowedHosts: options.allowedHost ?? [],
      ...(certificate ? { tls: { key: certificate.key, cert: certificate.cert } } : {}),
      dataDir: options.dataDir,
      pruneUploads: options.pruneUploads,
      seed: options.seed,
      cases: options.cases,
      forms: options.forms,
      attachments: options.attachments,
      largeAttachmentBytes: options.largeAttachmentBytes,
      docintelDelayMs: options.docintelDelay,
      maxUploadBytes: options.maxUploadBytes,
      rateLimit: options.rateLimit,
      faults: options.faults,
      slowMs: options.slowMs,
      oauthTokenTtl: Math.round(options.oauthTokenTtl / 1000),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new WfdError(`port ${port} is already in use`, {
        hint: 'pass --port 0 to pick a free port',
      });
    }
    throw await dataDirFailure(error);
  }
  for (const notice of sandbox.notices) ctx.io.errorLine(dataDirWarning(notice));
  const saveProfile = options.profile !== false;
  // A config that cannot be written must not leave the server running behind the error.
  const saved = saveProfile
    ? await saveProfiles(ctx, sandbox).catch(async (error: unknown) => {
        await sandbox.close();
        throw error;
      })
    : undefined;
  const faults = faultsOn ? { spec: options.faults, slowMs: options.slowMs } : undefined;
  await announce(ctx, { ...sandbox, caFile: certificate?.caPath ?? null }, saved, faults);
  const how = await Promise.race([
    once(process, 'SIGINT').then(() => 'Ctrl-C'),
    once(process, 'SIGTERM').then(() => 'SIGTERM'),
  ]);
  await sandbox.close();
  // Port-named profiles name this run's port only: kept, they would pile up, each a dead address.
  const removed = saved?.kept ? await removeProfiles(ctx, sandbox).catch(() => []) : [];
  const stopped = `sandbox stopped by ${how}`;
  ctx.io.errorLine(removed.length > 0 ? `${stopped}; removed profiles ${removed.join(', ')}` : stopped);
}

/**
 * 4010 when it is free; else 0 (a free port), said on stderr: the README's second sandbox (a big
 * data set, faults) then starts beside the first, and saves `sandbox-PORT` profiles.
 */
async function defaultPort(ctx: Context, host: string): Promise<number> {
  const probe = createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(DEFAULT_PORT, host, () => probe.close(() => resolve(true)));
  });
  if (free) return DEFAULT_PORT;
  ctx.io.errorLine(`port ${DEFAULT_PORT} is in use (another sandbox?): listening on a free port instead`);
  return 0;
}

/** What `saveProfiles` did: the profiles' prefix, whether the first became current, whose were kept. */
interface SavedProfiles {
  prefix: string;
  current: boolean;
  /** the base URL of another sandbox, still running, whose `sandbox` profiles were left alone */
  kept?: string;
}

/**
 * Saves the profiles, `sandbox` (the first workspace) and `sandbox-<slug>`; the first becomes
 * the current one when there is none. Profiles of another sandbox that is still running are
 * never re-pointed (its users' `--profile sandbox` would break while it runs): this one's are
 * then named by its port, `sandbox-PORT` and `sandbox-PORT-<slug>`. Their tokens stay in
 * config.json, never the keyring: a local emulator's, printed in its banner.
 */
async function saveProfiles(ctx: Context, sandbox: RunningSandbox): Promise<SavedProfiles> {
  const store = await ctx.config();
  await pruneStoppedSandboxes(ctx, sandbox);
  const other = store.profile('sandbox')?.baseUrl;
  const kept = other && other !== sandbox.baseUrl && (await answers(other)) ? other : undefined;
  const prefix = kept ? `sandbox-${new URL(sandbox.baseUrl).port}` : 'sandbox';
  const current = await store.update((config) => {
    sandbox.workspaces.forEach((workspace, index) => {
      config.profiles[index === 0 ? prefix : `${prefix}-${workspace.slug}`] = {
        baseUrl: sandbox.baseUrl,
        token: workspace.token,
        authType: 'token',
        workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
        savedAt: ctx.now().toISOString(),
      };
    });
    const current = config.currentProfile;
    if (current !== undefined && Object.hasOwn(config.profiles, current)) return false;
    config.currentProfile = prefix;
    return true;
  });
  return { prefix, current, ...(kept ? { kept } : {}) };
}

/** `sandbox-PORT` and `sandbox-PORT-<slug>`: the profiles of a sandbox started beside another. */
const PORT_NAMED = /^sandbox-\d+(?:-.+)?$/;

/**
 * Removes the port-named profiles this sandbox saved, where they still hold its address and
 * tokens (a later sandbox on the same port may have saved its own). Returns their names.
 */
async function removeProfiles(ctx: Context, sandbox: RunningSandbox): Promise<string[]> {
  const tokens = new Set(sandbox.workspaces.map((workspace) => workspace.token));
  return removePortNamed(
    await ctx.config(),
    (profile) => profile.baseUrl === sandbox.baseUrl && tokens.has(String(profile.token)),
  );
}

/** Removes the port-named profiles `which` picks (and a current profile that is gone); their names. */
function removePortNamed(store: ConfigStore, which: (profile: Profile) => boolean): Promise<string[]> {
  return store.update((config) => {
    const names = Object.keys(config.profiles).filter(
      (name) => PORT_NAMED.test(name) && which(config.profiles[name]!),
    );
    for (const name of names) delete config.profiles[name];
    if (config.currentProfile !== undefined && !Object.hasOwn(config.profiles, config.currentProfile))
      delete config.currentProfile;
    return names;
  });
}

/**
 * Removes the port-named profiles of sandboxes that no longer answer (killed, so they could not
 * remove their own): a start cleans up after them.
 */
async function pruneStoppedSandboxes(ctx: Context, sandbox: RunningSandbox): Promise<void> {
  const store = await ctx.config();
  const addresses = new Set(
    Object.entries(store.profiles())
      .filter(([name, profile]) => PORT_NAMED.test(name) && profile.baseUrl !== sandbox.baseUrl)
      .map(([, profile]) => profile.baseUrl),
  );
  const stopped = new Set<string>();
  await Promise.all(
    [...addresses].map(async (address) => {
      if (!(await answers(address))) stopped.add(address);
    }),
  );
  if (stopped.size > 0) await removePortNamed(store, (profile) => stopped.has(profile.baseUrl));
}

/** How long a sandbox named by a saved profile has to answer before it is taken for stopped. */
const PROBE_MS = 1500;

/**
 * Whether a server answers at `baseUrl` (any HTTP status, or a TLS certificate this process does
 * not trust, as a `--tls` sandbox's may be): a sandbox that stopped refuses the connection.
 */
async function answers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(new URL('/_sandbox/requests?since=0', baseUrl), { signal: AbortSignal.timeout(PROBE_MS) });
    return true;
  } catch (error) {
    const { certificateFailure } = await import('../../core/http/tls-failure.js');
    return certificateFailure(error, baseUrl) !== undefined;
  }
}

/** The certificate of a TLS sandbox: its names, the listen address and --tls-hostname's. */
async function tlsCertificate(ctx: Context, options: StartSandboxOptions): Promise<SandboxCertificate> {
  const [{ configDir }, { sandboxCertificate }] = await Promise.all([
    import('../../core/auth/config-paths.js'),
    import('./certificate.js'),
  ]);
  const listen = options.host === '0.0.0.0' || options.host === '::' ? [] : [options.host];
  return sandboxCertificate(configDir(ctx.env), [...listen, ...(options.tlsHostname ?? [])], ctx.now());
}

async function announce(
  ctx: Context,
  sandbox: RunningSandbox & { caFile: string | null },
  saved: SavedProfiles | undefined,
  faults: { spec: string; slowMs: number } | undefined,
): Promise<void> {
  // JSON on one line, the first of stdout, for a script that reads it while the sandbox runs.
  if (FORMATS[ctx.output.format].json !== undefined) {
    const { baseUrl, workspaces, oauth, dataDir, caFile } = sandbox;
    const profile = saved ? { profile: saved.prefix } : {};
    const openapi = `${baseUrl}/openapi.json`;
    // snake_case, as the API's records and the rest of wfd's own JSON.
    const line = {
      base_url: baseUrl,
      workspaces,
      oauth,
      data_dir: dataDir,
      ca_file: caFile,
      openapi,
      console: `${baseUrl}/`,
      ...profile,
    };
    await ctx.io.write(`${JSON.stringify(line)}
`);
    return;
  }
  const profiles = saved ? (saved.current ? 'current' : 'saved') : 'none';
  await ctx.io.write(
    banner({
      ...sandbox,
      profiles,
      ...(saved ? { profilePrefix: saved.prefix } : {}),
      ...(saved?.kept ? { keptFor: saved.kept } : {}),
      ...(faults ? { faults } : {}),
    }),
  );
}

export const verb = defineVerb(START, StartSandboxOptions, runStartSandbox);
