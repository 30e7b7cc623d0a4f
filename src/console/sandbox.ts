/**
 * The console's requests to the sandbox that serves it: the test hooks (`/_sandbox/...`, no
 * token) and quiet reads (`/_sandbox/quiet/v1/...`: `/v1` reads with the chosen workspace's
 * token that the sandbox neither logs, nor limits, nor faults).
 */

/** A seeded workspace and its token (`GET /_sandbox/workspaces`). */
export interface Workspace {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly token: string;
}

/** An answer that was not 2xx: its status and the message of the sandbox's error body. */
export class SandboxAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends a request to a hook and reads its JSON answer. @throws SandboxAnswerError */
export async function hook<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  return answer<T>(res);
}

/** `GET /v1{path}` as a quiet read with `token`. @throws SandboxAnswerError */
export async function quietRead<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`/_sandbox/quiet/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return answer<T>(res);
}

async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (!res.ok) throw new SandboxAnswerError(res.status, errorMessage(body) ?? `HTTP ${res.status}`);
  return body as T;
}

/** The message of any of the API's three error shapes, with the details of a validation error. */
function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const details = Array.isArray(errors)
    ? errors.map((e: { message?: string; detail?: string }) => e.message ?? e.detail).filter(Boolean)
    : [];
  if (typeof message === 'string') return details.length > 0 ? `${message}: ${details.join('; ')}` : message;
  return details.length > 0 ? details.join('; ') : undefined;
}
