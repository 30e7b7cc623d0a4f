/**
 * The list endpoints (`/cases`, `/case_templates`, `/forms`, `/form_templates`) and their counts
 * answer alike: check the query, select and sort the workspace's records (cached until the next
 * write), then a page of them. What differs is data, a Listing; one handler serves them all.
 */
import {
  assertOwnWorkspace,
  type CollectionDef,
  type CollectionQuery,
  parseCollectionQuery,
  selectRecords,
} from '../collection.js';
import { type Handler, ok, type RequestContext, type Services } from '../context.js';
import { pageOf } from '../paging.js';
import type { WorkspaceRecord } from '../store.js';

/** One list endpoint, at `/v1/<collection.name>`. */
export interface Listing<T extends { readonly id: string }> {
  /** its filters, relations and sort fields */
  readonly collection: CollectionDef<T>;
  /** the workspace's records, and the version of the store that holds them (equal versions, equal results) */
  records(services: Services, workspace: WorkspaceRecord): { records: readonly T[]; version: number };
  /** a record as a list item */
  view(record: T): unknown;
}

/**
 * Validates a list or count request and returns its query and the matching records of the
 * token's workspace, sorted (cached until the next write).
 */
export function queryListing<T extends { readonly id: string }>(
  req: RequestContext,
  services: Services,
  listing: Listing<T>,
): { query: CollectionQuery<T>; results: readonly T[] } {
  const query = parseCollectionQuery(req.query, listing.collection);
  assertOwnWorkspace(req.query, req.auth.workspace);
  const { records, version } = listing.records(services, req.auth.workspace);
  const key = `${req.auth.workspace.id}/${query.key}`;
  const results = services.cache.get(key, version, () => selectRecords(records, query));
  return { query, results };
}

/** GET /v1/<name>: the handler of a listing, answering the paginated envelope of its records. */
export function listHandler<T extends { readonly id: string }>(listing: Listing<T>): Handler {
  return (req, services) => {
    const { query, results } = queryListing(req, services, listing);
    return ok(pageOf(results, query.page, (record) => listing.view(record)));
  };
}
