import { once } from 'node:events';
import type { z } from 'zod';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { UsageError, WfdError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import type { RunningSandbox } from '../../sandbox/server.js';
import { banner } from './banner.js';
import { dataDirFailure, dataDirWarning } from './data-dir-errors.js';
import { START } from './flags.js';

export const StartSandboxOptions = verbSchema(START);
export type StartSandboxOptions = z.output<typeof StartSandboxOptions>;

export async function runStartSandbox(options: StartSandboxOptions, ctx: Context): Promise<void> {
  const { startSandbox, parseRateLimit, parseFaults, FaultsError } = await import('../../sandbox/server.js');
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
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      port: options.port,
      host: options.host,
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
      throw new WfdError(`port ${options.port} is already in use`, {
        hint: 'pass --port 0 to pick a free port',
      });
    }
    throw await dataDirFailure(error);
  }
  for (const notice of sandbox.notices) ctx.io.errorLine(dataDirWarning(notice));
  const saveProfile = options.profile !== false;
  // A config that cannot be written must not leave the server running behind the error.
  const madeCurrent = saveProfile
    ? await saveProfiles(ctx, sandbox).catch(async (error: unknown) => {
        await sandbox.close();
        throw error;
      })
    : false;
  const faults = faultsOn ? { spec: options.faults, slowMs: options.slowMs } : undefined;
  await announce(ctx, sandbox, saveProfile ? (madeCurrent ? 'current' : 'saved') : 'none', faults);
  await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  await sandbox.close();
  ctx.io.errorLine('sandbox stopped');
}

/**
 * Saves the profiles; the first becomes the current one when there is none. True when it did.
 * Their tokens stay in config.json, never the keyring: a local emulator's, printed in its banner.
 */
async function saveProfiles(ctx: Context, sandbox: RunningSandbox): Promise<boolean> {
  const store = await ctx.config();
  return store.update((config) => {
    sandbox.workspaces.forEach((workspace, index) => {
      config.profiles[index === 0 ? 'sandbox' : `sandbox-${workspace.slug}`] = {
        baseUrl: sandbox.baseUrl,
        token: workspace.token,
        authType: 'token',
        workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
        savedAt: ctx.now().toISOString(),
      };
    });
    const current = config.currentProfile;
    if (current !== undefined && Object.hasOwn(config.profiles, current)) return false;
    config.currentProfile = 'sandbox';
    return true;
  });
}

async function announce(
  ctx: Context,
  sandbox: RunningSandbox,
  profiles: 'none' | 'saved' | 'current',
  faults: { spec: string; slowMs: number } | undefined,
): Promise<void> {
  const format = ctx.output.format;
  if (format === 'json' || format === 'ndjson') {
    const { baseUrl, workspaces, oauth, dataDir } = sandbox;
    await ctx.io.write(`${JSON.stringify({ baseUrl, workspaces, oauth, dataDir })}\n`);
    return;
  }
  await ctx.io.write(banner({ ...sandbox, profiles, ...(faults ? { faults } : {}) }));
}

export const verb = defineVerb(START, StartSandboxOptions, runStartSandbox);
