/** What the login verbs share: the profile they write and its base URL, and the closing line. */
import type { Workspace } from '../../api/schemas.js';
import { listWorkspaces } from '../../api/workspaces.js';
import type { Context } from '../../context.js';
import type { ConfigStore, OAuthUser, ProfileWorkspace, TokenStorage } from '../../core/auth/store.js';
import { DEFAULT_PROFILE, isValidProfileName } from '../../core/auth/store.js';
import { AuthError, CancelledError, UsageError } from '../../core/errors.js';
import { parseBaseUrl } from '../../core/http/base-url.js';
import type { ApiClient } from '../../core/http/http.js';
import { quote } from '../../core/text/quote.js';

export interface LoginTarget {
  profileName: string;
  store: ConfigStore;
  baseUrl: string;
}

/**
 * The profile a login saves into and the server it logs in to, checked before any secret is asked
 * for. A profile that holds a login is replaced only with `force` or the user's yes; but a login
 * with the token it holds already (`pipedToken`, read when needed) replaces nothing: it saves the
 * profile again, which moves a token kept in the file to the keyring.
 */
export async function loginTarget(
  ctx: Context,
  force: boolean,
  pipedToken?: () => Promise<string>,
): Promise<LoginTarget> {
  const profileName = ctx.globals.profile ?? ctx.env.WFD_PROFILE ?? DEFAULT_PROFILE;
  if (!isValidProfileName(profileName)) {
    throw new UsageError(
      `invalid profile name ${quote(profileName)}: use letters, digits, dot, dash or underscore`,
    );
  }
  const store = await ctx.config();
  const baseUrl = ctx.globals.baseUrl ?? ctx.env.WFD_BASE_URL ?? store.profile(profileName)?.baseUrl;
  if (!baseUrl) {
    throw new UsageError('no base URL to log in to', {
      hint: 'pass --base-url https://HOST (the host root, without /v1) or set WFD_BASE_URL',
    });
  }
  parseBaseUrl(baseUrl);
  const existing = store.profile(profileName);
  if (existing && !force && !(pipedToken && (await holdsToken(store, profileName, baseUrl, pipedToken)))) {
    const holds = existing.workspace
      ? `workspace ${existing.workspace.name} at ${existing.baseUrl}`
      : existing.baseUrl;
    if (!ctx.io.canPrompt())
      throw new UsageError(`profile ${quote(profileName)} already holds a login (${holds})`, {
        hint: `pass --force to replace it, or --profile NAME to save another`,
      });
    if (!(await ctx.io.confirm(`Profile "${profileName}" already holds a login (${holds}). Replace it?`)))
      throw new CancelledError(`login cancelled: profile ${quote(profileName)} is unchanged`);
  }
  return { profileName, store, baseUrl };
}

/** Whether the profile holds the login of `token` at `baseUrl` (a keyring that does not answer: no). */
async function holdsToken(
  store: ConfigStore,
  profileName: string,
  baseUrl: string,
  token: () => Promise<string>,
): Promise<boolean> {
  const given = await token();
  const held = await store.withTokens(profileName).catch((error: unknown) => {
    if (error instanceof AuthError) return undefined;
    throw error;
  });
  return held?.authType === 'token' && held.token === given && held.baseUrl === baseUrl;
}

/** Where a login keeps its token: the system keyring, unless --insecure-storage chose the config file. */
export function tokenStorageOf(options: { insecureStorage?: boolean | undefined }): TokenStorage {
  return options.insecureStorage ? 'file' : 'keyring';
}

/** The workspace a token is bound to (the first and only one `GET /v1/workspaces` lists). */
export async function boundWorkspace(client: ApiClient): Promise<ProfileWorkspace | undefined> {
  const workspace: Workspace | undefined = (await client.request(listWorkspaces())).data[0];
  return workspace ? { id: workspace.id, slug: workspace.slug, name: workspace.name } : undefined;
}

/** `✓ Logged in to workspace Acme (acme) as Alice <alice@x>; saved as profile "default"` */
export function loggedInLine(
  target: Pick<LoginTarget, 'profileName' | 'baseUrl'>,
  workspace: ProfileWorkspace | undefined,
  user?: OAuthUser,
): string {
  const where = workspace ? `workspace ${workspace.name} (${workspace.slug})` : target.baseUrl;
  const who = user?.email ? ` as ${user.name ? `${user.name} <${user.email}>` : user.email}` : '';
  return `✓ Logged in to ${where}${who}; saved as profile "${target.profileName}"`;
}

/** `no profile named "x"`, with the saved profiles (or how to make one) as its hint. */
export function noProfileNamed(store: ConfigStore, name: string): UsageError {
  const known = Object.keys(store.profiles());
  return new UsageError(`no profile named ${quote(name)}`, {
    hint: known.length ? `saved profiles: ${known.join(', ')}` : 'log in first: `wfd auth login`',
  });
}
