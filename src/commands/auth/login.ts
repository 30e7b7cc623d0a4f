import * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { redirectUriProblem } from '../../core/auth/authorization.js';
import { ApiError, AuthError, UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';
import { LOGIN } from './flags.js';
import { boundWorkspace, loggedInLine, loginTarget, tokenStorageOf } from './shared.js';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const OAUTH_ONLY = ['clientId', 'redirectUri', 'manual', 'scope', 'timeout'] as const;

const LoginFlags = verbSchema(LOGIN).check(
  z.superRefine((options, issues) => {
    if (options.oauth && options.withToken) {
      issues.addIssue({
        code: 'custom',
        path: ['withToken'],
        message: 'reads a personal token: it cannot be used with --oauth',
      });
    }
    for (const key of OAUTH_ONLY) {
      if (!options.oauth && options[key] !== undefined) {
        issues.addIssue({ code: 'custom', path: [key], message: 'is an OAuth option: add --oauth' });
      }
    }
    if (options.redirectUri !== undefined) {
      const problem = redirectUriProblem(options.redirectUri, !options.manual);
      if (problem) {
        issues.addIssue({
          code: 'custom',
          path: ['redirectUri'],
          message: `${quote(options.redirectUri)}: ${problem}`,
        });
      }
    }
  }),
);
export const LoginOptions = z.pipe(
  LoginFlags,
  z.transform((options: z.output<typeof LoginFlags>) => ({
    ...options,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
  })),
);
export type LoginOptions = z.output<typeof LoginOptions>;

/** A personal token (prompt or stdin), or with --oauth the browser sign-in (./oauth-login.ts). */
export async function runLogin(options: LoginOptions, ctx: Context): Promise<void> {
  // A token on stdin is read before a replaced profile is refused: the same token replaces nothing.
  let piped: Promise<string> | undefined;
  const pipedToken = options.withToken ? () => (piped ??= readToken(options, ctx)) : undefined;
  const target = await loginTarget(ctx, options.force === true, pipedToken);
  if (options.oauth) {
    const { loginWithOAuth } = await import('./oauth-login.js');
    return loginWithOAuth(options, target, ctx);
  }
  const token = await (pipedToken?.() ?? readToken(options, ctx));
  const client = await ctx.apiFor(target.baseUrl, token);
  let workspace: Awaited<ReturnType<typeof boundWorkspace>>;
  try {
    workspace = await boundWorkspace(client);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new AuthError(`the token was refused by ${target.baseUrl}: ${error.message}`, {
        hint: 'check that you copied the whole token, and that it was not revoked',
      });
    }
    throw error;
  }
  await target.store.saveProfile(
    target.profileName,
    {
      baseUrl: target.baseUrl,
      token,
      authType: 'token',
      ...(workspace ? { workspace } : {}),
      savedAt: ctx.now().toISOString(),
      ...(ctx.globals.requestRate !== undefined ? { rateLimit: ctx.globals.requestRate } : {}),
    },
    { tokenStorage: tokenStorageOf(options) },
  );
  ctx.io.errorLine(loggedInLine(target, workspace));
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
      hint: 'pipe it in: `wfd auth login --with-token < token.txt`, set WFD_TOKEN for a single run, or use --oauth',
    });
  }
  if (token.length === 0) throw new UsageError('the token is empty');
  if (/\s/.test(token))
    throw new UsageError('the token contains whitespace: paste the token only, on one line');
  return token;
}

export const verb = defineVerb(LOGIN, LoginOptions, runLogin);
