/** Pieces shared by the case and case-template handlers. */
import {
  assertOwnWorkspace,
  type CollectionDef,
  type CollectionQuery,
  parseCollectionQuery,
  selectRecords,
} from '../collection.js';
import type { RequestContext, Services } from '../context.js';
import { type FilterField, type ParamFilter, param } from '../filter.js';
import type { RecordBase } from '../store.js';

/** Method 1 parameters that cases and templates share. */
export function commonParams<T extends RecordBase>(): Record<string, ParamFilter<T>> {
  return {
    reference: param.exact((r) => r.reference),
    archived: param.isSet((r) => r.archivedAt),
    'owner[id]': param.uuid((r) => r.owner.id),
    'owner[email]': param.email((r) => r.owner.email),
    'workspace[id]': param.uuid((r) => r.workspace.id),
    'workspace[slug]': param.exact((r) => r.workspace.slug),
  };
}

/** Method 2 relations that cases and templates share. */
export function commonRelations<T extends RecordBase>(): Record<string, Record<string, FilterField<T>>> {
  return {
    owner: {
      id: { type: 'uuid', get: (r) => r.owner.id },
      email: { type: 'string', get: (r) => r.owner.email },
    },
    workspace: {
      id: { type: 'uuid', get: (r) => r.workspace.id },
      slug: { type: 'string', get: (r) => r.workspace.slug },
    },
  };
}

/** Method 2 attributes that cases and templates share. */
export function commonAttributes<T extends RecordBase>(): Record<string, FilterField<T>> {
  return {
    id: { type: 'uuid', get: (r) => r.id },
    title: { type: 'string', get: (r) => r.title },
    reference: { type: 'string', get: (r) => r.reference },
    archived_at: { type: 'date', get: (r) => r.archivedAt },
    created_at: { type: 'date', get: (r) => r.createdAt },
    updated_at: { type: 'date', get: (r) => r.updatedAt },
  };
}

/**
 * Validates a list or count request and returns its query and the matching
 * records of the token's workspace, sorted (cached until the next write).
 */
export function queryRecords<T extends RecordBase>(
  req: RequestContext,
  services: Services,
  def: CollectionDef<T>,
  records: readonly T[],
): { query: CollectionQuery<T>; results: readonly T[] } {
  const query = parseCollectionQuery(req.query, def);
  assertOwnWorkspace(req.query, req.auth.workspace);
  const key = `${req.auth.workspace.id}/${query.key}`;
  const results = services.cache.get(key, services.store.version, () => selectRecords(records, query));
  return { query, results };
}
