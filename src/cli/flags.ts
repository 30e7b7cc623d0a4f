/**
 * A verb's arguments and flags as plain data, declared once: commander's options are built from
 * them at start-up (options.ts) and the verb's zod schema when it runs (flag-schema.ts). The
 * filter, sort and paging flags of list commands are made here from the resource tables.
 * Loaded on every start: no commander, no zod.
 */
import { DEFAULT_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/paging.js';
import type { FilterFlag, ResourceDef } from '../resources/types.js';
import type { Completion, CompletionValue } from './completion-values.js';

/**
 * How a flag's value is read and checked.
 * - `text`, `uuid`, `email`, `file`: a word (a UUID or an e-mail is checked where it is used,
 *   with a message naming what it is: `invalid case id "x"`; a file is a path or `-`).
 * - `enum`: one of `values`, checked when parsed.
 * - `switch`: true when given (`negatable`: also `--no-flag`, false); `negated`: `--no-flag`
 *   only, false when given and true otherwise.
 * - `integer` (within `min`/`max`), `duration` (milliseconds, within `min`/`max`): checked
 *   as commander reads them, so a bad value is refused before anything else.
 */
export type FlagKind =
  | 'text'
  | 'uuid'
  | 'email'
  | 'file'
  | 'enum'
  | 'switch'
  | 'negated'
  | 'integer'
  | 'duration';

/** Checks of a word's text, with the messages the schema reports. */
export interface TextChecks {
  /** the value is trimmed first */
  readonly trim?: true;
  /** an empty value is refused: `must not be empty` */
  readonly nonEmpty?: true;
  /** the value must match, else `message` */
  readonly pattern?: { readonly regex: RegExp; readonly message: string };
}

/** One flag of a verb. */
export interface FlagDef extends TextChecks {
  /** the long flag without dashes (`output-file`); its value is stored under `outputFile` */
  readonly flag: string;
  /** a one-letter alias: `O` for `-O` */
  readonly short?: string;
  /** the value's name in help: `--template <slug>` (default `value`) */
  readonly value?: string;
  readonly kind: FlagKind;
  readonly help: string;
  readonly required?: true;
  /** given several times, the values are collected in order */
  readonly repeatable?: true;
  /** a switch that also has a hidden `--no-flag` form */
  readonly negatable?: true;
  readonly hidden?: true;
  /** the value when the flag is not given, and how help shows it */
  readonly default?: string | number;
  readonly defaultHelp?: string;
  /** `enum`: the values; other kinds: what completion offers */
  readonly values?: readonly CompletionValue[];
  /** what completion offers, when not `values` (profile names, comma lists) */
  readonly completion?: Completion;
  /** `integer`: bounds; `duration`: bounds in milliseconds */
  readonly min?: number;
  readonly max?: number;
}

/** One positional argument of a verb; stored under its name in camel case (`form-id` -> `formId`). */
export interface ArgDef extends TextChecks {
  readonly name: string;
  readonly help: string;
  /** `[name]` rather than `<name>` */
  readonly optional?: true;
  /** `<name...>`: one or more */
  readonly variadic?: true;
  /** a path (or `-`): not sent, so its undecoded bytes are reported where it is opened */
  readonly file?: true;
  /** the only values it takes, checked when parsed (`<shell>`) */
  readonly values?: readonly string[];
  readonly completion?: Completion | readonly CompletionValue[];
}

/** Everything a verb takes on the command line, in the order its help lists it. */
export interface VerbFlags {
  readonly args?: readonly ArgDef[];
  readonly flags: readonly FlagDef[];
}

/** `--dry-run`, on every mutating verb. */
export const DRY_RUN = {
  flag: 'dry-run',
  kind: 'switch',
  help: 'print the request that would be sent, and send nothing',
} as const satisfies FlagDef;

/** `--limit`, `--all`, `--page`, `--page-size`. */
const PAGING_FLAGS = [
  {
    flag: 'limit',
    short: 'L',
    value: 'n',
    kind: 'integer',
    min: 1,
    help: `show at most n rows (default ${DEFAULT_LIMIT})`,
  },
  { flag: 'all', kind: 'switch', help: 'fetch every page' },
  { flag: 'page', value: 'n', kind: 'integer', min: 1, help: 'fetch this one page (raw paging)' },
  {
    flag: 'page-size',
    value: 'n',
    kind: 'integer',
    min: 1,
    help: `rows per page with --page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
  },
] as const satisfies readonly FlagDef[];

/**
 * The method-1 filter flags of a resource, in the spec's order; booleans with their `--no-`
 * form. Their values are checked by kind when the query is built (core/list-query/params.ts),
 * so here they are words, repeatable where the spec takes an array.
 */
export function filterFlags(resource: ResourceDef): FlagDef[] {
  return resource.filters.map((filter): FlagDef => {
    if (filter.kind === 'boolean')
      return { flag: filter.flag, kind: 'switch', negatable: true, help: filter.help };
    return {
      flag: filter.flag,
      value: filter.value ?? 'value',
      kind: 'text',
      help: filterHelp(filter),
      ...('arrayParam' in filter && filter.arrayParam ? { repeatable: true } : {}),
      ...(filter.kind === 'enum' ? { values: filter.values } : {}),
      ...(filter.kind === 'text' && filter.complete ? { completion: { kind: filter.complete } } : {}),
    };
  });
}

function filterHelp(filter: FilterFlag): string {
  return filter.kind === 'enum' ? `${filter.help}: ${filter.values.join(', ')}` : filter.help;
}

/** --filter and --where (the spec's method 2), for resources that take them. */
export function methodTwoFlags(resource: ResourceDef): FlagDef[] {
  if (!resource.filterable) return [];
  return [
    {
      flag: 'filter',
      value: 'json',
      kind: 'text',
      help: 'JSON filter of the API (method 2); see `wfd help filters`',
    },
    {
      flag: 'where',
      value: 'clause',
      kind: 'text',
      repeatable: true,
      help: "filter clause such as 'created_at >= 2026-01-01' (repeatable, ANDed)",
    },
  ];
}

/** --sort, with the resource's sortable fields in help and completion. */
function sortFlag(resource: ResourceDef): FlagDef {
  const fields = resource.openSort
    ? `${resource.sortable.join(', ')} or a template field`
    : resource.sortable.join(', ');
  return {
    flag: 'sort',
    value: 'field',
    kind: 'text',
    help: `sort by field, -field for descending: ${fields}`,
    values: resource.sortable.flatMap((field) => [field, `-${field}`]),
  };
}

/** `<noun> list`: filters, --filter/--where, --sort and paging. */
export function listFlags(resource: ResourceDef): VerbFlags {
  return {
    flags: [...filterFlags(resource), ...methodTwoFlags(resource), sortFlag(resource), ...PAGING_FLAGS],
  };
}

/** `<noun> count`: filters, --filter/--where, and --group-by where the resource has group fields. */
export function countFlags(resource: ResourceDef): VerbFlags {
  const flags = [...filterFlags(resource), ...methodTwoFlags(resource)];
  const groups = resource.groupFields;
  if (!groups) return { flags };
  const example = [...groups.slice(0, 3), groups.find((field) => field.includes('.'))].filter(Boolean);
  return {
    flags: [
      ...flags,
      {
        flag: 'group-by',
        value: 'fields',
        kind: 'text',
        help: `count per value of these fields, comma-separated (such as ${example.join(', ')})`,
        completion: { kind: 'values', values: groups, list: true },
      },
    ],
  };
}

/**
 * `<noun> archive|unarchive <ids...>`: the ids (or `-`) and --dry-run; `noun` is singular,
 * `idForms` the forms of id taken besides a UUID and their cost.
 */
export function bulkIdsFlags(noun: string, idForms?: string) {
  return {
    args: [
      {
        name: 'ids',
        variadic: true,
        help: `${noun} ids, or - to read them from stdin (one per line)${idForms ? `; ${idForms}` : ''}`,
      },
    ],
    flags: [DRY_RUN],
  } as const satisfies VerbFlags;
}

/** A verb that takes no argument and no flag of its own. */
export const NO_FLAGS = { flags: [] } as const satisfies VerbFlags;
