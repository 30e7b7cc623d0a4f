import { z } from 'zod';
import { listWorkspaces } from '../../api/workspaces.js';
import type { Context } from '../../context.js';
import { DEFAULT_PROFILE, isValidProfileName } from '../../core/auth/store.js';
import { parseBaseUrl } from '../../core/base-url.js';
import { ApiError, AuthError, UsageError } from '../../core/errors.js';
import { defineVerb } from '../verb.js';

export const LoginOptions = z.object({ withToken: z.boolean().optional() });
export type LoginOptions = z.infer<typeof LoginOptions>;

export async function runLogin(options: LoginOptions, ctx: Context): Promise<void> {
  const profileName = ctx.globals.profile ?? ctx.env.WFD_PROFILE ?? DEFAULT_PROFILE;
  if (!isValidProfileName(profileName)) {
    throw new UsageError(
      `invalid profile name "${profileName}": use letters, digits, dot, dash or underscore`,
    );
  }
  const store = await ctx.config();
  const baseUrl = ctx.globals.baseUrl ?? ctx.env.WFD_BASE_URL ?? store.profile(profileName)?.baseUrl;
  if (!baseUrl) {
    throw new UsageError('no base URL to log in to', {
      hint: 'pass --base-url https://HOST (the host root, without /v1) or set WFD_BASE_URL',
    });
  }
  // Checked before the token is read, so a typo does not cost the user a paste.
  parseBaseUrl(baseUrl);
  const token = await readToken(options, ctx);
  const client = await ctx.apiFor(baseUrl, token);
  let workspaces: Awaited<ReturnType<typeof listWorkspaces>>;
  try {
    workspaces = await listWorkspaces(client);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new AuthError(`the token was refused by ${baseUrl}: ${error.message}`, {
        hint: 'check that you copied the whole token, and that it was not revoked',
      });
    }
    throw error;
  }
  const workspace = workspaces[0];
  store.saveProfile(profileName, {
    baseUrl,
    token,
    authType: 'token',
    ...(workspace ? { workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name } } : {}),
    savedAt: ctx.now().toISOString(),
  });
  store.setCurrent(profileName);
  const where = workspace ? `workspace ${workspace.name} (${workspace.slug})` : baseUrl;
  ctx.io.errorLine(`✓ Logged in to ${where}; saved as profile "${profileName}"`);
}

/** From stdin with --with-token, else a hidden prompt; never from an argument (it would land in shell history). */
async function readToken(options: LoginOptions, ctx: Context): Promise<string> {
  let token: string;
  if (options.withToken) {
    token = (await ctx.io.readStdin()).trim();
  } else if (ctx.io.canPrompt()) {
    token = (await ctx.io.promptSecret('Paste your API token: ')).trim();
  } else {
    throw new UsageError('no token given and cannot prompt here', {
      hint: 'pipe it in: `wfd auth login --with-token < token.txt`, or set WFD_TOKEN for a single run',
    });
  }
  if (token.length === 0) throw new UsageError('the token is empty');
  if (/\s/.test(token))
    throw new UsageError('the token contains whitespace: paste the token only, on one line');
  return token;
}

export const verb = defineVerb(LoginOptions, runLogin);
