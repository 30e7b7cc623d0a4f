/**
 * Filter flags that take a record as the tables show it, as every command that takes an id
 * does: `--template TPL-ACME-05` or `--template dda33cf5` (a case template's reference or the
 * first 8+ characters of its id, found as `cases create --template` finds it: one GET), and
 * `--workspace a087eaf3` (the first 8+ characters of a workspace's id, which `workspaces list`
 * shows at a terminal). The API's filters take whole ids, or a workspace's slug, so such a value
 * is looked up first and the filter sends what it found. A whole id or a slug costs no request.
 */
import { listWorkspaces } from '../../api/workspaces.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../core/errors.js';
import type { FilterFlagValues } from '../../core/list-query/params.js';
import { isUuid } from '../../core/list-query/values.js';
import { quote } from '../../core/text/quote.js';
import type { ResourceDef } from '../../resources/types.js';
import { CASE_TEMPLATE_LOOKUP } from './id-lookups.js';
import { assertIdForm, isIdPrefix, resolveId, resolveIdAmong } from './resolve-id.js';

/** A filter flag whose value may name a record to look up. */
interface NamedFilter {
  /** the option's key (`template`) */
  key: string;
  /** whether `value` is to be looked up (a whole id is not); a UsageError when it names nothing that could be */
  named: (value: string) => boolean;
  /** what the filter sends for `value` */
  resolve: (ctx: Context, value: string) => Promise<string>;
}

const WORKSPACES_HINT = 'run `wfd workspaces list` to see the workspaces of this token';

const NAMED_FILTERS: readonly NamedFilter[] = [
  {
    key: 'template',
    named: (value) => {
      if (isUuid(value)) return false;
      assertIdForm(value, CASE_TEMPLATE_LOOKUP);
      return true;
    },
    resolve: async (ctx, value) => resolveId(await ctx.api(), value, CASE_TEMPLATE_LOOKUP),
  },
  {
    key: 'workspace',
    named: isIdPrefix,
    resolve: workspaceSlug,
  },
];

/**
 * The filters of `options` that name records to look up (none for most commands: then the query
 * is built with no request). A value that cannot name one is a UsageError, before any request.
 */
export function namedFilters(resource: ResourceDef, options: FilterFlagValues): string[] {
  return NAMED_FILTERS.filter(({ key, named }) => {
    const value = options[key];
    return typeof value === 'string' && resource.filters.some((f) => f.flag === key) && named(value);
  }).map(({ key }) => key);
}

/** `options` with the values of `keys` (from `namedFilters`) looked up. */
export async function resolveNamedFilters<O extends FilterFlagValues>(
  ctx: Context,
  options: O,
  keys: readonly string[],
): Promise<O> {
  const resolved: Record<string, unknown> = { ...options };
  for (const filter of NAMED_FILTERS) {
    if (keys.includes(filter.key))
      resolved[filter.key] = await filter.resolve(ctx, String(options[filter.key]));
  }
  return resolved as O;
}

/**
 * The slug of the token's workspace that `given` names: its own slug (a slug may be all hex), or
 * the first characters of its id. Sent as a slug, an id prefix would name no workspace, and the
 * API would answer "no access"; the token's workspaces (one request, a personal token reaches one)
 * tell which it is.
 */
async function workspaceSlug(ctx: Context, given: string): Promise<string> {
  const { data: workspaces } = await (await ctx.api()).request(listWorkspaces());
  if (workspaces.some((workspace) => workspace.slug === given)) return given;
  const prefix = given.toLowerCase();
  if (!workspaces.some((workspace) => workspace.id.toLowerCase().startsWith(prefix)))
    throw new ApiError(`no workspace of this token has the slug or the id prefix ${quote(given)}`, {
      status: 404,
      hint: WORKSPACES_HINT,
    });
  const id = await resolveIdAmong(given, async () => workspaces, {
    noun: 'workspace',
    listHint: WORKSPACES_HINT,
    describe: (workspace) => `${workspace.slug}  ${workspace.name}`,
  });
  return workspaces.find((workspace) => workspace.id === id)!.slug;
}
