/**
 * A list or count query: method-1 params, then `filter` (the JSON of `--filter` and `--where`
 * merged, not yet URL-encoded), then `sort`. Everything runs before any request, so each bad
 * input is a UsageError (exit 2) naming the flag and what was expected. Paging params are
 * planned by paginate.ts.
 */
import type { ResourceDef } from '../../resources/types.js';
import { UsageError } from '../errors.js';
import { flagKey } from '../text/flag-key.js';
import { quote } from '../text/quote.js';
import { parseFilterJson } from './json-filter.js';
import { mergeFilters } from './merge.js';
import { type FilterFlagValues, filterParams } from './params.js';
import type { QueryParam } from './types.js';
import { isEmail, isUuid } from './values.js';
import { compileWhere } from './where.js';

// Open sorts (forms) take template fields too, so only the shape is checked.
const OPEN_SORT_FIELD_RE = /^[a-z_][a-z0-9_.]*$/;

/** Checks `--sort field` / `--sort -field` against the resource's sortable fields; returns it unchanged. */
export function checkSort(resource: ResourceDef, sort: string): string {
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  const { sortable } = resource;
  if (resource.openSort ? OPEN_SORT_FIELD_RE.test(field) : sortable.includes(field)) return sort;
  const fields = resource.openSort ? `${sortable.join(', ')} or a form template field` : sortable.join(', ');
  throw new UsageError(`invalid --sort ${quote(sort)}: expected one of ${fields}; prefix - for descending`);
}

/** What a list or count command collected from its flags. */
export interface ListQueryInput {
  /** Method-1 filter flags (commander's options object is fine: other keys are ignored). */
  flags?: FilterFlagValues;
  /** `--filter` JSON text. */
  filter?: string | undefined;
  /** `--where` clauses, ANDed. */
  where?: string[] | undefined;
  sort?: string | undefined;
  /** what `today` and `24h` in `--where` are relative to */
  now?: Date;
}

/** The query parameters of a list or count request, checked. */
export function buildListQuery(resource: ResourceDef, input: ListQueryInput): QueryParam[] {
  checkDecoded(resource, input);
  const { flags, where } = partialOwner(resource, input.flags, input.where);
  const out: QueryParam[] = flags ? filterParams(resource, flags) : [];
  const fromJson = input.filter === undefined ? undefined : parseFilterJson(input.filter, resource);
  const fromWhere = where?.length ? compileWhere(where, resource, input.now) : undefined;
  const filter = mergeFilters(fromJson, fromWhere);
  if (filter) out.push(['filter', JSON.stringify(filter)]);
  if (input.sort !== undefined) out.push(['sort', checkSort(resource, input.sort)]);
  return out;
}

/** A word that may be part of an e-mail address: `alice`, `@acme.example`. */
const EMAIL_PART_RE = /^[\w.+@-]+$/;

/**
 * `--owner alice`: the API's owner filters take a whole e-mail or an id, so part of an e-mail
 * becomes the method-2 clause `owner.email ilike %alice%` (what `--contact` is for contacts), on
 * resources that take method 2. A whole e-mail or an id stays the method-1 filter.
 */
function partialOwner(
  resource: ResourceDef,
  flags: FilterFlagValues | undefined,
  where: string[] | undefined,
): { flags: FilterFlagValues | undefined; where: string[] | undefined } {
  const owner = flags?.owner;
  if (
    typeof owner !== 'string' ||
    isEmail(owner) ||
    isUuid(owner) ||
    !EMAIL_PART_RE.test(owner) ||
    !resource.filterable ||
    !resource.relations.owner?.email
  )
    return { flags, where };
  const { owner: _, ...rest } = flags!;
  return { flags: rest, where: [...(where ?? []), `owner.email ilike %${owner}%`] };
}

const REPLACEMENT = '\uFFFD';

/**
 * Node decodes the arguments as UTF-8 and turns bytes that are not (a Latin-1 terminal, a file
 * name) into U+FFFD: sent as it is, the filter would silently match something else. Refused.
 */
function checkDecoded(resource: ResourceDef, input: ListQueryInput): void {
  const given: [string, unknown][] = [
    ...resource.filters.map((filter): [string, unknown] => [
      `--${filter.flag}`,
      input.flags?.[flagKey(filter.flag)],
    ]),
    ['--filter', input.filter],
    ...(input.where ?? []).map((clause): [string, unknown] => ['--where', clause]),
  ];
  for (const [flag, value] of given) {
    for (const text of [value].flat()) {
      if (typeof text !== 'string' || !text.includes(REPLACEMENT)) continue;
      throw new UsageError(
        `invalid ${flag} ${quote(text)}: it holds U+FFFD, the mark of bytes that are not UTF-8 (the argument was changed when it was read)`,
        {
          hint: 'give the value in UTF-8 (a UTF-8 terminal, or iconv -t UTF-8); wfd never sends a changed filter',
        },
      );
    }
  }
}
