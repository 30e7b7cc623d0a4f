import { once } from 'node:events';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import type { RunningSandbox } from '../../sandbox/server.js';
import { defineVerb } from '../verb.js';

export const StartSandboxOptions = z.object({
  port: z.number().int(),
  host: z.string(),
  seed: z.number().int(),
  cases: z.number().int(),
  rateLimit: z.string(),
  /** false with --no-profile; a string when a global --profile came before `sandbox` */
  profile: z.unknown(),
});
export type StartSandboxOptions = z.infer<typeof StartSandboxOptions>;

export async function runStartSandbox(options: StartSandboxOptions, ctx: Context): Promise<void> {
  const { startSandbox, parseRateLimit } = await import('../../sandbox/server.js');
  try {
    parseRateLimit(options.rateLimit);
  } catch (error) {
    const { UsageError } = await import('../../core/errors.js');
    throw new UsageError(`--rate-limit: ${(error as Error).message}`);
  }
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      port: options.port,
      host: options.host,
      seed: options.seed,
      cases: options.cases,
      rateLimit: options.rateLimit,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new WfdError(`port ${options.port} is already in use`, {
        hint: 'pass --port 0 to pick a free port',
      });
    }
    throw error;
  }
  const saveProfile = options.profile !== false;
  if (saveProfile) await saveProfiles(ctx, sandbox);
  await announce(ctx, sandbox, saveProfile);
  await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  await sandbox.close();
  ctx.io.errorLine('sandbox stopped');
}

async function saveProfiles(ctx: Context, sandbox: RunningSandbox): Promise<void> {
  const store = await ctx.config();
  sandbox.workspaces.forEach((workspace, index) => {
    store.saveProfile(index === 0 ? 'sandbox' : `sandbox-${workspace.slug}`, {
      baseUrl: sandbox.baseUrl,
      token: workspace.token,
      authType: 'token',
      workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
      savedAt: ctx.now().toISOString(),
    });
  });
}

async function announce(ctx: Context, sandbox: RunningSandbox, savedProfiles: boolean): Promise<void> {
  const format = ctx.outputFormat();
  if (format === 'json' || format === 'ndjson') {
    const { baseUrl, workspaces } = sandbox;
    await ctx.io.write(`${JSON.stringify({ baseUrl, workspaces })}\n`);
    return;
  }
  const lines = [`wfd sandbox listening on ${sandbox.baseUrl}`, ''];
  sandbox.workspaces.forEach((w, index) => {
    const profile = savedProfiles ? `  profile ${index === 0 ? 'sandbox' : `sandbox-${w.slug}`}` : '';
    lines.push(`  ${w.slug.padEnd(10)} ${w.name.padEnd(20)} token ${w.token}${profile}`);
  });
  lines.push('');
  if (savedProfiles) lines.push('Try:  wfd --profile sandbox cases list', '');
  lines.push('Press Ctrl-C to stop.');
  await ctx.io.write(`${lines.join('\n')}\n`);
}

export const verb = defineVerb(StartSandboxOptions, runStartSandbox);
