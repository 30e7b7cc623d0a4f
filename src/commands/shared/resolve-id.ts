/**
 * Ids as people type them: a full UUID (used as is, no request), an unambiguous prefix of at
 * least 8 characters (as git takes a commit), or, for records that have one, the reference the
 * tables show (`ACME-000132`).
 *
 * The spec has no id-prefix parameter, but its method-2 filter takes `$like` on any attribute,
 * `id` included: one list request of one small page, `{"attributes":{"id":{"$like":"5b0e6f7e%"}}}`,
 * tells whether a prefix names none, one or several records. A reference is the method-1
 * `reference` filter, also one request. So a prefix or a reference costs one GET (a hex word of
 * a case that is no id prefix two: the prefix, then the reference; a reference in lower case
 * that matches nothing two: as typed, then in upper case).
 */
import { ApiError, UsageError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http/http.js';
import type { ApiRequest, QueryParams } from '../../core/http/request.js';
import { isUuid } from '../../core/list-query/values.js';
import { type Page, pageRequest } from '../../core/paginate.js';
import { escapeControls, quote } from '../../core/text/quote.js';

/** The shortest prefix taken, as git's default abbreviation. */
const MIN_PREFIX = 8;
/** The longest text tried as a reference (a 400 KB line of garbage is no reference). */
const MAX_REFERENCE = 100;
/** How many candidates an ambiguous prefix lists. */
const SHOWN_CANDIDATES = 10;

const PREFIX_RE = /^[0-9a-f][0-9a-f-]*$/i;

/** How to name one kind of record in the errors of a lookup. */
export interface RecordNaming<T extends { id: string }> {
  /** `case`, `form`: names the record in errors */
  noun: string;
  /** its plural, where not `noun` + s (`deliveries`) */
  nouns?: string;
  /** what to run to see the ids */
  listHint: string;
  /** a candidate's words after its id: title, reference */
  describe: (record: T) => string;
}

/** How to find one kind of record by prefix (and reference), and how to name a candidate. */
export interface IdLookup<T extends { id: string }> extends RecordNaming<T> {
  /** the list request the lookup sends (one page of a few rows) */
  list: (query: QueryParams) => ApiRequest<Page<T>>;
  /** whether the record has a `reference` filter (cases, case templates) */
  byReference: boolean;
}

/** True when `value` could be the start of a UUID: hex digits and hyphens, 8 or more characters. */
export function isIdPrefix(value: string): boolean {
  return value.length >= MIN_PREFIX && value.length < 36 && PREFIX_RE.test(value);
}

/**
 * Checks the form of `given` before any request: a UUID, a prefix, or (with a reference filter)
 * any non-empty text. UsageError otherwise.
 */
export function assertIdForm<T extends { id: string }>(given: string, lookup: IdLookup<T>): string {
  if (hasIdForm(given, lookup)) return given;
  throw new UsageError(`invalid ${lookup.noun} id ${quote(given)}: expected ${idFormsOf(lookup)}`);
}

/** True when `given` is a UUID, a prefix, or (with a reference filter) a plausible reference. */
export function hasIdForm<T extends { id: string }>(given: string, lookup: IdLookup<T>): boolean {
  return isUuid(given) || isIdPrefix(given) || (lookup.byReference && isReference(given));
}

/**
 * A reference as people quote it: 1 to 100 characters, no control characters, not only spaces,
 * and no `{{` (a Go template, from gh's `--template` habit: refused, not looked up).
 */
function isReference(value: string): boolean {
  return (
    value.trim() !== '' &&
    value.length <= MAX_REFERENCE &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    !/[\u0000-\u001f\u007f-\u009f]/.test(value) &&
    !value.includes('{{')
  );
}

/** What `lookup` takes, for error messages: `a UUID or its first 8+ characters`. */
export function idFormsOf<T extends { id: string }>(lookup: IdLookup<T>): string {
  return lookup.byReference
    ? `a UUID, its first ${MIN_PREFIX}+ characters or a reference`
    : `a UUID or its first ${MIN_PREFIX}+ characters`;
}

/**
 * The full id `given` names. A UUID is returned at once; a prefix or reference is looked up
 * (see the module comment for the cost). No match is a 404 (exit 5); several are a UsageError
 * (exit 2) that lists them.
 */
export async function resolveId<T extends { id: string }>(
  client: ApiClient,
  given: string,
  lookup: IdLookup<T>,
): Promise<string> {
  assertIdForm(given, lookup);
  if (isUuid(given)) return given;
  if (isIdPrefix(given)) {
    const filter = JSON.stringify({ attributes: { id: { $like: `${given.toLowerCase()}%` } } });
    const found = await findSome(client, lookup, [['filter', filter]]).catch((error: unknown) => {
      // A server that keeps `$like` for text columns refuses it on ids: say so rather than guess.
      if (error instanceof ApiError && error.status === 400)
        throw new UsageError(`the API refused an id-prefix lookup of ${lookup.noun}s (${error.message})`, {
          hint: `give the full ${lookup.noun} id; ${lookup.listHint}`,
        });
      throw error;
    });
    if (found.length === 1) return found[0]!.id;
    if (found.length > 1) throw ambiguous(given, 'id prefix', found, lookup);
  }
  if (lookup.byReference) {
    const found = await findSome(client, lookup, [['reference', given]]);
    if (found.length === 1) return found[0]!.id;
    if (found.length > 1) throw ambiguous(given, 'reference', found, lookup);
    // The API's reference filter matches letter case too; references are upper case as the
    // tables show them, so `acme-000089` is taken as `ACME-000089` (one more GET).
    const upper = given.toUpperCase();
    if (upper !== given && !isIdPrefix(given)) {
      const named = await findSome(client, lookup, [['reference', upper]]);
      if (named.length === 1) return named[0]!.id;
      if (named.length > 1) throw ambiguous(upper, 'reference', named, lookup);
    }
  }
  const named = !isIdPrefix(given)
    ? 'reference'
    : lookup.byReference
      ? 'id prefix or reference'
      : 'id prefix';
  // `5b0e6f7` was meant as an id: say what a prefix needs rather than only that no reference matched.
  const short = PREFIX_RE.test(given) && given.length < MIN_PREFIX;
  const prefixRule = short ? `; an id prefix needs ${MIN_PREFIX} characters` : '';
  throw new ApiError(`no ${lookup.noun} has the ${named} ${quote(given)}${prefixRule}`, {
    status: 404,
    hint: lookup.listHint,
  });
}

/**
 * The full id `given` names among the records `read` answers whole in one request (the sandbox's
 * webhook deliveries, which it keeps in one feed rather than pages): a UUID as is, no request; a
 * prefix the one record whose id starts with it. No match is a 404 (exit 5), several a UsageError.
 */
export async function resolveIdAmong<T extends { id: string }>(
  given: string,
  read: () => Promise<readonly T[]>,
  naming: RecordNaming<T>,
): Promise<string> {
  if (isUuid(given)) return given;
  if (!isIdPrefix(given))
    throw new UsageError(
      `invalid ${naming.noun} id ${quote(given)}: expected a UUID or its first ${MIN_PREFIX}+ characters`,
    );
  const prefix = given.toLowerCase();
  const found = (await read()).filter((record) => record.id.toLowerCase().startsWith(prefix));
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) throw ambiguous(given, 'id prefix', found.slice(0, SHOWN_CANDIDATES), naming);
  throw new ApiError(`no ${naming.noun} has the id prefix ${quote(given)}`, {
    status: 404,
    hint: naming.listHint,
  });
}

/** The full ids of `given`, each resolved as `resolveId` does; UUIDs cost nothing. */
export async function resolveIds<T extends { id: string }>(
  client: ApiClient,
  given: readonly string[],
  lookup: IdLookup<T>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const one of given) ids.push(await resolveId(client, one, lookup));
  return [...new Set(ids)];
}

async function findSome<T extends { id: string }>(
  client: ApiClient,
  lookup: IdLookup<T>,
  query: QueryParams,
): Promise<T[]> {
  const page = await client.request(pageRequest(lookup.list(query), 1, SHOWN_CANDIDATES));
  return page.data;
}

function ambiguous<T extends { id: string }>(
  given: string,
  what: string,
  found: readonly T[],
  lookup: RecordNaming<T>,
): UsageError {
  const lines = found.map((record) => escapeControls(`  ${record.id}  ${lookup.describe(record)}`.trimEnd()));
  const more = found.length === SHOWN_CANDIDATES ? '\n  ...' : '';
  return new UsageError(
    `${what} ${quote(given)} is ambiguous: it matches several ${lookup.nouns ?? `${lookup.noun}s`}:\n${lines.join('\n')}${more}`,
    { hint: 'give more characters of the id, or the full id' },
  );
}

/**
 * Why `given` is no whole id, for records the API cannot list (responses, attachments, signatures,
 * jobs): a prefix cannot be looked up, so the reason says so rather than only what is expected.
 */
export function wholeIdReason(given: string, noun: string): string {
  return isIdPrefix(given)
    ? `the API has no list of ${noun}s to look a prefix up in, so give the whole id`
    : 'expected a UUID';
}

/** For records the API cannot list: a UUID, else a UsageError that says why (`hint`: where to see the ids). */
export function assertWholeId(given: string, noun: string, hint?: string): string {
  if (isUuid(given)) return given;
  throw new UsageError(`invalid ${noun} id ${quote(given)}: ${wholeIdReason(given, noun)}`, { hint });
}
