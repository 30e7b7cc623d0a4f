import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { requireCredentials } from '../../core/auth/credentials.js';
import { ApiError, AuthError } from '../../core/errors.js';
import { redactToken } from '../../core/http/redact.js';
import { privateFileAccess } from '../../core/process/platform.js';
import { escapeControls } from '../../core/text/quote.js';
import { readerOf, renderItem } from '../../output/render.js';
import { createTextMetrics } from '../../output/text-width.js';
import { absoluteTime, relativeTime } from '../../output/time.js';
import { wrapBlock } from '../../output/wrap-block.js';
import { renderOptions } from '../shared/output.js';
import { boundWorkspace } from './shared.js';

export const StatusOptions = verbSchema(NO_FLAGS);

const BASE_URL_SOURCES = {
  flag: () => '--base-url',
  env: () => 'WFD_BASE_URL',
  profile: (name: string | undefined) => `profile ${name}`,
  none: () => 'none',
} as const;

/**
 * Prints where the credentials come from, their kind, and for an OAuth login its user and
 * expiry, then checks the token live (renewing an OAuth token when due): exit 3 when refused.
 */
export async function runStatus(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const credentials = await ctx.credentials();
  const { baseUrl } = requireCredentials(credentials);
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  let workspace: Awaited<ReturnType<typeof boundWorkspace>>;
  let failure: ApiError | AuthError | undefined;
  try {
    workspace = await boundWorkspace(client);
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof AuthError)) throw error;
    failure = error;
  }
  // Read after the check: an OAuth token may have been renewed by it.
  const profile =
    credentials.source === 'profile' && credentials.profileName
      ? (store.profile(credentials.profileName) ?? credentials.profile)
      : undefined;
  const oauth = profile?.authType === 'oauth' ? profile.oauth : undefined;
  const status = {
    profile: credentials.profileName ?? null,
    source: credentials.source === 'env' ? 'WFD_TOKEN' : `profile ${credentials.profileName}`,
    auth: profile?.authType ?? 'token',
    base_url: baseUrl,
    base_url_from: BASE_URL_SOURCES[credentials.baseUrlSource](credentials.profileName),
    token: redactToken(profile?.token ?? credentials.token),
    workspace: workspace ?? null,
    user: oauth?.user ?? null,
    client_id: oauth?.clientId ?? null,
    expires_at: oauth?.expiresAt ?? null,
    valid: !failure,
    config_file: store.path,
    token_storage: credentials.source === 'env' ? 'env' : credentials.tokenStorage,
  };
  if (readerOf(render) === 'screen')
    await ctx.io.write(
      // Paths, URLs and a refusal's message make long lines: wrapped at words, under their `- `.
      wrapBlock(
        describeStatus(status, failure, ctx.now(), store.keyringName),
        ctx.io.terminalWidth(),
        createTextMetrics(),
      ),
    );
  else await renderItem(ctx.io, render, status);
  if (failure) throw failure;
}

type Status = {
  profile: string | null;
  source: string;
  auth: string;
  base_url: string;
  base_url_from: string;
  token: string;
  workspace: { name?: unknown; slug?: unknown } | null;
  user: { name?: string; email?: string } | null;
  client_id: string | null;
  expires_at: string | null;
  config_file: string;
  token_storage: string;
};

/** `auth status` on a terminal, in sentences as `gh auth status` writes them. */
function describeStatus(status: Status, failure: Error | undefined, now: Date, keyring: string): string {
  const where = status.workspace ? `${status.workspace.name} (${status.workspace.slug})` : status.base_url;
  const who = status.user?.name
    ? ` as ${status.user.name}${status.user.email ? ` <${status.user.email}>` : ''}`
    : '';
  const lines = [
    failure
      ? `✗ The credentials were refused by ${status.base_url}: ${failure.message}`
      : `✓ Logged in to ${where} at ${status.base_url}${who}`,
  ];
  const kind = status.auth === 'oauth' ? `an OAuth token of client ${status.client_id}` : 'a personal token';
  lines.push(`  - Credentials: ${kind} (${status.token}) from ${status.source}`);
  if (status.expires_at) {
    const left = Date.parse(status.expires_at) - now.getTime();
    const when = relativeTime(new Date(status.expires_at), now);
    lines.push(
      `  - The access token ${left > 0 ? 'expires' : 'expired'} ${when} (${absoluteTime(new Date(status.expires_at))}); it is renewed when due`,
    );
  }
  if (status.token_storage === 'keyring') lines.push(`  - Token kept in ${keyring}`);
  else if (status.token_storage === 'file')
    lines.push(`  - Token kept in ${status.config_file} (plain text, ${privateFileAccess()})`);
  lines.push(`  - Base URL from ${status.base_url_from}`, `  - Config file: ${status.config_file}`);
  return `${lines.map(escapeControls).join('\n')}\n`;
}

export const verb = defineVerb(NO_FLAGS, StatusOptions, runStatus, {
  fields: [
    'profile',
    'source',
    'auth',
    'base_url',
    'base_url_from',
    'token',
    'workspace',
    'user',
    'client_id',
    'expires_at',
    'valid',
    'config_file',
    'token_storage',
  ],
});
