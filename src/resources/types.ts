/**
 * The shapes of the resource tables: what the API says about one list
 * resource, as plain data. Commander options, local checks, the flag -> query mapping, the
 * `--sort` check, `wfd help filters` and completion values are all generated from these tables,
 * so a filter is declared once. This folder imports nothing: it is cheap to load at start-up.
 */

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
  /** a `status` field whose value colours this column's cells (a case's status by its stage) */
  readonly paintBy?: string;
}

/**
 * What wfd relies on in a record's top-level field, which the record's zod schema checks
 * (src/api/schemas.ts); every field the API adds beyond these passes unchecked.
 * - `key`: a string, always there (an id; a form template's slug)
 * - `text`: a string when given; `text-or-null`: a string or null when given
 * - `flag`: true, false or null when given
 * - `relation`: an object whose `id`, when given, is a string; or null
 * - `object`: an object or null; `objects`: a list of objects
 * - `any`: anything: a field `--fields` may name that wfd does not check
 */
export type FieldShape = 'key' | 'text' | 'text-or-null' | 'flag' | 'relation' | 'object' | 'objects' | 'any';

/** A record's top-level fields in the order `--fields` lists them, each with what wfd checks of it. */
export type RecordFields = Readonly<Record<string, FieldShape>>;

/** What the spec says about one list endpoint, and how wfd shows its records. */
export interface ResourceDef<F extends RecordFields = RecordFields> {
  /** the API's name, as in its path: `case_templates` */
  readonly name: string;
  /** plural noun for people: `case templates` */
  readonly noun: string;
  /** method-1 filters, in the spec's parameter order */
  readonly filters: readonly FilterFlag[];
  /** method 2: false when the endpoint takes no filter (form templates) */
  readonly filterable: boolean;
  readonly attributes: Attributes;
  /** relation name -> its filterable attributes; an `id` entry allows the id operator object */
  readonly relations: Readonly<Record<string, Attributes>>;
  /** fields depend on the record's template: unknown attributes and relations pass (forms) */
  readonly openFields: boolean;
  readonly sortable: readonly string[];
  /** sort also by template-dependent fields (forms): only the field's shape is checked */
  readonly openSort: boolean;
  /** a record's top-level fields, and what wfd checks of each: declared here only */
  readonly record: F;
  /** the names `--fields` takes: `record`'s fields, then the nested ones known (`owner.email`) */
  readonly fields: readonly string[];
  /** default columns of plain and CSV output: a contract for scripts (full id first) */
  readonly columns: readonly ColumnDef[];
  /** default columns of a table on a terminal, chosen for people (as `gh issue list`) */
  readonly tableColumns?: readonly ColumnDef[];
  /**
   * Fields `count --group-by` offers in completion and help; none: the count takes no
   * --group-by. The spec does not show the grouping parameter, so these are suggestions, not a
   * check: any field path may be sent.
   */
  readonly groupFields?: readonly string[];
}
