import { z } from 'zod';
import { listWorkspaces } from '../../api/workspaces.js';
import type { Context } from '../../context.js';
import { requireCredentials } from '../../core/auth/credentials.js';
import { ApiError } from '../../core/errors.js';
import { redactToken } from '../../core/redact.js';
import { renderItem } from '../../output/render.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';

export const StatusOptions = z.object({});

const BASE_URL_SOURCES = {
  flag: () => '--base-url',
  env: () => 'WFD_BASE_URL',
  profile: (name: string | undefined) => `profile ${name}`,
  none: () => 'none',
} as const;

/** Prints where the credentials come from and checks the token live; exit 3 when it is refused. */
export async function runStatus(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const credentials = await ctx.credentials();
  const { token, baseUrl } = requireCredentials(credentials);
  const render = renderOptions(ctx, {
    columns: [],
    knownFields: ['profile', 'source', 'baseUrl', 'baseUrlFrom', 'token', 'workspace', 'valid', 'configFile'],
  });
  const client = await ctx.apiFor(baseUrl, token);
  let workspace: Record<string, unknown> | undefined;
  let failure: ApiError | undefined;
  try {
    workspace = (await listWorkspaces(client))[0];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    failure = error;
  }
  const status = {
    profile: credentials.profileName ?? null,
    source: credentials.source === 'env' ? 'WFD_TOKEN' : `profile ${credentials.profileName}`,
    baseUrl,
    baseUrlFrom: BASE_URL_SOURCES[credentials.baseUrlSource](credentials.profileName),
    token: redactToken(token),
    workspace: workspace ? { id: workspace.id, slug: workspace.slug, name: workspace.name } : null,
    valid: !failure,
    configFile: store.path,
  };
  await renderItem(ctx.io, render, status);
  if (failure) throw failure;
}

export const verb = defineVerb(StatusOptions, runStatus);
