/** `wfd help filters`, generated from the resource tables so it lists every flag there is. */

import { exampleLines } from '../../cli/example-lines.js';
import { DEFAULT_LIMIT } from '../../resources/paging.js';
import type { FilterFlag, ResourceDef } from '../../resources/types.js';

function flagLine(filter: FilterFlag): [string, string] {
  if (filter.kind === 'boolean') return [`--${filter.flag}, --no-${filter.flag}`, filter.help];
  const help = filter.kind === 'enum' ? `${filter.help}: ${filter.values.join(', ')}` : filter.help;
  const repeat = 'arrayParam' in filter && filter.arrayParam ? ' (repeatable)' : '';
  return [`--${filter.flag} <${filter.value ?? 'value'}>`, `${help}${repeat}`];
}

function resourceSection(resource: ResourceDef): string {
  const rows = resource.filters.map(flagLine);
  const width = Math.max(0, ...rows.map(([flag]) => flag.length));
  const lines = rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`);
  const sort = resource.openSort
    ? `${resource.sortable.join(', ')}, or a form template field`
    : resource.sortable.join(', ');
  lines.push(`  --sort: ${sort} (prefix - for descending)`);
  if (resource.filterable) {
    const attributes = Object.keys(resource.attributes);
    const relations = Object.entries(resource.relations).flatMap(([rel, fields]) =>
      Object.keys(fields).map((field) => `${rel}.${field}`),
    );
    const open = resource.openFields ? ', and the form template fields' : '';
    lines.push(`  --where/--filter fields: ${[...attributes, ...relations].join(', ')}${open}`);
  } else {
    lines.push('  no filters: the API lists them with pagination and sort only');
  }
  return `${resource.noun}:\n${lines.join('\n')}`;
}

/** The topic's text; examples broken to fit `width` as help pages break them (they still paste). */
export function filtersHelp(resources: readonly ResourceDef[], width: number): string {
  return `Filtering lists and counts

Flags are the API's direct filters; enumerations, ids and e-mails are checked before any request (exit 2).

${resources.map(resourceSection).join('\n\n')}

--where CLAUSE (repeatable; all clauses are joined with AND):
  field op value            created_at >= 2026-01-01
  relation.field op value   owner.email ilike %@acme.com
  operators: = != > >= < <= like ilike   (like/ilike: % is the wildcard)
  values: null true false, numbers, dates, 'quoted' or "quoted" strings, bare words
  dates: 2026-01-31 or 2026-01-31T09:30 (local time, as \`date +%F\` prints it), with a zone (2026-01-31T09:30:00Z, +01:00), today and yesterday (from local midnight), or an age: 90m, 24h, 7d, 2w (that long ago; -24h too); a quoted date is sent as written
  null only with = and !=; > >= < <= only on numbers and dates
  relation.id compares the related record's id: template.id = 3f0c...

--filter JSON: the API's JSON filter, checked before sending, for example
  --filter '{"attributes":{"archived_at":{"$eq":null}}}'
  --filter '{"relationships":{"owner":{"attributes":{"email":{"$eq":"a@x.io"}}}}}'
  operators: $eq $ne $gt $lt $ge $le $like $ilike
--filter and --where combine (AND) and may be used with the flags.

Paging: --limit N (default ${DEFAULT_LIMIT}), --all (every page, streamed), or --page N --page-size N.

Examples:
${EXAMPLES.flatMap((example) => exampleLines(example, width)).join('\n')}
`;
}

const EXAMPLES = [
  "wfd cases list --where 'created_at >= 2026-01-01' --where 'archived_at = null'",
  'wfd cases count --parent-status pending --where "contact.email like %@example.org"',
  'wfd forms list --flow kyc --flow intake --no-archived --sort -created_at',
];
