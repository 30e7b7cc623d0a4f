/**
 * The shapes of the resource tables: what the API says about one list
 * resource, as plain data. Commander options, local checks, the flag -> query mapping, the
 * `--sort` check, `wfd help filters` and completion values are all generated from these tables,
 * so a filter is declared once. This folder imports nothing: it is cheap to load at start-up.
 */

import type { Infer, Shape } from './schema.js';

/** The type of a method-2 attribute; decides which `--where` operators and values fit. */
export type AttributeType =
  | { readonly type: 'string' | 'boolean' | 'date' | 'uuid' | 'email' }
  | { readonly type: 'enum'; readonly values: readonly string[] };

/** Attribute name -> type. */
export type Attributes = Readonly<Record<string, AttributeType>>;

interface FlagBase {
  /** the long flag without dashes: `parent-status` */
  readonly flag: string;
  /** the value's name in help: `--owner <email|id>` */
  readonly value?: string;
  readonly help: string;
  /**
   * Values of another flag that people give this one (a parent status to `--status`): when a
   * list or count matched nothing, a hint names that flag.
   */
  readonly valuesOf?: { readonly flag: string; readonly values: readonly string[] };
  /**
   * When a list or count matched nothing, a count with this filter alone tells whether it
   * matches any record at all, and a hint says when it does not, naming what the value is of
   * (`an owner`: "no case has an owner matching "nobody"").
   */
  readonly probeAlone?: string;
}

/**
 * A method-1 filter flag and the query parameter(s) it becomes.
 * - `text`: any non-empty value; `repeatable` ones send one value as `param` and several as
 *   `arrayParam`, repeated (the spec's "single value or array").
 * - `enum`, `uuid`, `email`, `slug`: checked before any request.
 * - `boolean`: `--flag` sends true, `--no-flag` false.
 * - `uuid-or-email`, `uuid-or-slug`: the value's shape picks the parameter.
 */
export type FilterFlag = FlagBase &
  (
    | {
        readonly kind: 'text';
        readonly param: string;
        readonly arrayParam?: string;
        /** a partial match or a search, whose work the API bounds by the text's length */
        readonly maxLength?: number;
        /** completed with values the API uses (`statuses`: `wfd completion --statuses`) */
        readonly complete?: 'statuses';
      }
    | { readonly kind: 'uuid' | 'email' | 'slug' | 'boolean'; readonly param: string }
    | { readonly kind: 'enum'; readonly param: string; readonly values: readonly string[] }
    | { readonly kind: 'uuid-or-email'; readonly params: { readonly uuid: string; readonly email: string } }
    | { readonly kind: 'uuid-or-slug'; readonly params: { readonly uuid: string; readonly slug: string } }
  );

/**
 * How a column's values are shown for people: text is narrowed first on a narrow terminal, ids
 * and times are cut only when nothing else can give, times are relative, statuses coloured, a
 * person (`{given_name, family_name}`) is shown by full name. Plain, CSV and JSON ignore kinds.
 */
/**
 * `bytes`: a size, shown to people as `12.5 KiB` (plain, CSV and JSON keep the number). `url`: a
 * request target, shown to people percent-decoded (`?filter={"title":…}`); the others keep it as sent.
 * `short-id`: an id wfd looks up by prefix (`cases get 5b0e6f7e`), shown in a table on a
 * terminal by its first 8 characters, as git shows commits; whole everywhere else.
 */
export type ColumnKind =
  | 'text'
  | 'id'
  | 'short-id'
  | 'time'
  | 'status'
  | 'bool'
  | 'mark'
  | 'person'
  | 'bytes'
  | 'url';

/** One column of a list or detail view. */
export interface ColumnDef {
  /** dot path into the record, e.g. `owner.email` */
  readonly field: string;
  /** default: `field` upper-cased, `_` as a space (`owner.given_name` -> `OWNER.GIVEN NAME`) */
  readonly header?: string;
  /** default: 'text' */
  readonly kind?: ColumnKind;
  /** a text column is not narrowed below this many screen columns before others are hidden (default 6) */
  readonly minWidth?: number;
  /** set: the column is hidden when the table does not fit the terminal otherwise; higher numbers go first */
  readonly hidePriority?: number;
  /** a time column that shows the sort's time field instead when the list is sorted by one */
  readonly followsSort?: boolean;
  /** left out of a table whose rows (its sample) all have no value in it: a bulk report's errors */
  readonly hideWhenEmpty?: boolean;
  /** never cut in a table: what people type back (a profile's name); the other columns give way */
  readonly whole?: boolean;
  /**
   * a followed table's column that takes the room the others leave and wraps there, as a `url`
   * column does: its later cells may be longer than the first (a failed forward's reason)
   */
  readonly fill?: boolean;
  /** a `status` field whose value colours this column's cells (a case's status by its stage) */
  readonly paintBy?: string;
}

/**
 * What a list may do with one of its record's fields: name it in filters (`filter`: for a
 * relation, the related record's fields it names), sort by it, and whether only the record's
 * detail (`GET /<name>/{id}`) and its writes answer it, not the list.
 */
export interface FieldUse {
  readonly filter?: true | readonly string[];
  /** for an object field, the fields of it sorted by as `field.sub` */
  readonly sort?: true | readonly string[];
  readonly detail?: true;
}

/** One field of a record: its shape, and what lists do with it. */
export interface FieldDef<S extends Shape = Shape> {
  readonly shape: S;
  readonly use: FieldUse;
}

/** A record's top-level fields, in the order `--fields` lists them. */
export type FieldDefs = Readonly<Record<string, FieldDef>>;

type ShapeOf<F> = F extends FieldDef<infer S> ? Infer<S> : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A record as the API sends it in a list: every field but the detail's. */
export type ItemOf<F extends FieldDefs> = Simplify<{
  -readonly [K in keyof F as F[K]['use']['detail'] extends true ? never : K]: ShapeOf<F[K]>;
}>;

/** A record as its detail answers it: every field. */
export type DetailOf<F extends FieldDefs> = Simplify<{ -readonly [K in keyof F]: ShapeOf<F[K]> }>;

/** What the API says about one list endpoint, and how wfd shows its records. */
export interface ResourceDef<F extends FieldDefs = FieldDefs> {
  /** the API's name, as in its path: `case_templates` */
  readonly name: string;
  /** plural noun for people: `case templates` */
  readonly noun: string;
  /** method-1 filters, in the spec's parameter order */
  readonly filters: readonly FilterFlag[];
  /** method 2: false when the endpoint takes no filter (form templates) */
  readonly filterable: boolean;
  /** the fields method 2 names (from `fieldDefs`) */
  readonly attributes: Attributes;
  /** relation name -> its filterable attributes (from `fieldDefs`); `id` allows the id operator object */
  readonly relations: Readonly<Record<string, Attributes>>;
  /** fields depend on the record's template: unknown attributes and relations pass (forms) */
  readonly openFields: boolean;
  /** the fields `sort` takes (from `fieldDefs`, and `sortAlso`) */
  readonly sortable: readonly string[];
  /** sort also by template-dependent fields (forms): only the field's shape is checked */
  readonly openSort: boolean;
  /** a record's top-level fields with their shapes: declared here only */
  readonly fieldDefs: F;
  /** the field every record has and the API finds it by: `id` (`slug` for form templates) */
  readonly key: string;
  /** the record's shape in a list (from `fieldDefs`; its type: `ItemOf<F>`) */
  readonly item: Shape;
  /** the record's shape in its detail (from `fieldDefs`; its type: `DetailOf<F>`) */
  readonly detail: Shape;
  /** the names `--fields` takes: the fields, then the parts of their objects (`owner.email`) (from `fieldDefs`) */
  readonly fields: readonly string[];
  /** default columns of plain and CSV output: a contract for scripts (full id first) */
  readonly columns: readonly ColumnDef[];
  /** default columns of a table on a terminal, chosen for people (as `gh issue list`) */
  readonly tableColumns?: readonly ColumnDef[];
  /**
   * Fields `count --group-by` and the API's `group_by` take; none: the count takes no
   * grouping. The contract does not show the grouping parameter: these are the sandbox's reading.
   */
  readonly groupFields?: readonly string[];
}
