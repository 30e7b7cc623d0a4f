/** Pieces shared by the handlers: the filters cases and templates share, records named by a UUID in the path. */
import type { QueryParams } from '../collection.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid, standardError, type ValidationIssue } from '../errors.js';
import { type ParamFilter, param } from '../filter.js';
import type { RecordBase, WorkspaceRecord } from '../store.js';
import { UUID_RE } from '../text.js';

/** Method 1 parameters that cases and templates share. */
export function commonParams<T extends RecordBase>(): Record<string, ParamFilter<T>> {
  return {
    reference: param.exact((r) => r.reference),
    archived: param.isSet((r) => r.archivedAt),
    'owner[id]': param.uuid((r) => r.owner.id),
    'owner[email]': param.exact((r) => r.owner.email),
    'workspace[id]': param.uuid((r) => r.workspace.id),
    'workspace[slug]': param.exact((r) => r.workspace.slug),
  };
}

/** How to read the method-2 fields cases and templates share. */
export function commonGetters<T extends RecordBase>() {
  return {
    attributes: {
      id: (r: T) => r.id,
      title: (r: T) => r.title,
      reference: (r: T) => r.reference,
      archived_at: (r: T) => r.archivedAt,
      created_at: (r: T) => r.createdAt,
      updated_at: (r: T) => r.updatedAt,
    },
    relationships: {
      owner: { id: (r: T) => r.owner.id, email: (r: T) => r.owner.email },
      workspace: { id: (r: T) => r.workspace.id, slug: (r: T) => r.workspace.slug },
    },
  };
}

/**
 * The record named by the `id` path parameter, in the token's workspace.
 * @param what the record's name in the 404 message, e.g. `Case`
 * @throws SandboxError 400 for a malformed UUID, 404 when unknown, 403 in another workspace
 */
export function findOwn<R>(
  req: RequestContext,
  what: string,
  find: (id: string) => R | undefined,
  workspaceOf: (record: R) => WorkspaceRecord,
): R {
  const id = req.params.id!;
  if (!UUID_RE.test(id)) {
    throw invalid('Invalid path parameters', [
      { message: 'must be a UUID', path: ['id'], type: 'invalid_format' },
    ]);
  }
  const record = find(id);
  if (record === undefined) throw standardError(404, `${what} not found`);
  if (workspaceOf(record) !== req.auth.workspace) throw forbidden();
  return record;
}

/**
 * Checks a query's parameters, for endpoints without a list query.
 * @param valueIssue the problem with an allowed parameter's value, if any
 * @throws SandboxError 400 listing, in query order, each parameter not in `allowed` and each value refused
 */
export function checkParams(
  query: QueryParams,
  allowed: readonly string[],
  valueIssue: (name: string, value: QueryParams[string]) => ValidationIssue | undefined = () => undefined,
): void {
  const issues = Object.entries(query).flatMap(([name, value]) => {
    const issue = allowed.includes(name)
      ? valueIssue(name, value)
      : { message: `unknown query parameter ${name}`, path: [name], type: 'unrecognized_keys' };
    return issue ? [issue] : [];
  });
  if (issues.length > 0) throw invalid('Invalid query parameters', issues);
}
