/**
 * Whose data the console shows and whose token its reads and "try it" send: a seeded workspace
 * (the first by default: the sandbox is local, its tokens are no secret from its user), or a
 * token typed on the page (an OAuth access token an integration got, say). Kept for the tab's
 * session, so the reference page opens with the same choice.
 */
import { hook, quietRead, type Workspace } from './sandbox.js';

/** What the console acts as: a token, and the workspace it belongs to once known. */
export interface Identity {
  readonly token: string;
  /** The workspace's slug and name; undefined while unknown, or for a token the sandbox refused. */
  readonly workspace?: { readonly slug: string; readonly name: string };
  /** Why a typed token cannot be used. */
  readonly problem?: string;
}

const KEY = 'wfd-console-identity';
let workspaces: readonly Workspace[] = [];
let current: Identity | undefined;
const listeners = new Set<(identity: Identity) => void>();

/** The seeded workspaces, read once. */
export async function loadWorkspaces(): Promise<readonly Workspace[]> {
  if (workspaces.length === 0) {
    workspaces = (await hook<{ workspaces: Workspace[] }>('/_sandbox/workspaces')).workspaces;
  }
  return workspaces;
}

/** The identity in force: the session's choice, else the first workspace. */
export async function identity(): Promise<Identity> {
  if (current) return current;
  const all = await loadWorkspaces();
  const saved = sessionStorage.getItem(KEY);
  const seeded = all.find((w) => w.slug === saved) ?? (saved?.startsWith('token:') ? undefined : all[0]);
  current = seeded ? fromWorkspace(seeded) : await fromToken(saved!.slice('token:'.length));
  return current;
}

/** Acts as the seeded workspace `slug`. */
export async function chooseWorkspace(slug: string): Promise<void> {
  const workspace = (await loadWorkspaces()).find((w) => w.slug === slug);
  if (!workspace) return;
  sessionStorage.setItem(KEY, slug);
  announce(fromWorkspace(workspace));
}

/** Acts as the holder of `token`: its workspace is asked of the sandbox. */
export async function chooseToken(token: string): Promise<Identity> {
  const chosen = await fromToken(token.trim());
  if (!chosen.problem) sessionStorage.setItem(KEY, `token:${chosen.token}`);
  announce(chosen);
  return chosen;
}

/** Calls `listener` each time another identity is chosen. */
export function onIdentityChange(listener: (identity: Identity) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(identity: Identity): void {
  current = identity;
  for (const listener of listeners) listener(identity);
}

function fromWorkspace(workspace: Workspace): Identity {
  return { token: workspace.token, workspace: { slug: workspace.slug, name: workspace.name } };
}

async function fromToken(token: string): Promise<Identity> {
  try {
    const answer = await quietRead<{ data: Array<{ slug: string; name: string }> }>('/workspaces', token);
    const workspace = answer.data[0];
    return workspace ? { token, workspace } : { token, problem: 'the token reaches no workspace' };
  } catch (error) {
    return { token, problem: `the sandbox refused the token (${(error as Error).message})` };
  }
}
