/**
 * The options every command accepts, declared once: commander's
 * options, the `GlobalOptions` type and the checks of their values are all derived from this
 * table. Loaded on every start: plain data and tiny parsers only.
 */

export const OUTPUT_FORMATS = ['table', 'plain', 'json', 'ndjson', 'csv', 'csv-excel'] as const;

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How an option's value is read: a word, a switch, `--no-` switch, an integer or a duration. */
type ValueKind = 'string' | 'switch' | 'negated' | 'int' | 'duration';

interface GlobalOptionDef {
  /** the attribute commander stores it under */
  readonly key: string;
  readonly flags: string;
  readonly help: string;
  readonly kind: ValueKind;
  /** inclusive bounds of an `int` */
  readonly min?: number;
  readonly max?: number;
  /** values offered by completion */
  readonly choices?: readonly string[];
  /** completion offers the saved profile names, read from the config file when completing */
  readonly profileName?: true;
}

export const GLOBAL_OPTIONS = [
  {
    key: 'profile',
    flags: '--profile <name>',
    kind: 'string',
    profileName: true,
    help: 'use this saved profile (env WFD_PROFILE)',
  },
  {
    key: 'baseUrl',
    flags: '--base-url <url>',
    kind: 'string',
    help: 'API host root, without /v1 (env WFD_BASE_URL)',
  },
  {
    key: 'output',
    flags: '-o, --output <format>',
    kind: 'string',
    choices: OUTPUT_FORMATS,
    help: `output format: ${OUTPUT_FORMATS.slice(0, -1).join(', ')} or ${OUTPUT_FORMATS.at(-1)}`,
  },
  { key: 'json', flags: '--json', kind: 'switch', help: 'same as --output json' },
  {
    key: 'fields',
    flags: '--fields <list>',
    kind: 'string',
    help: 'fields to show, comma-separated; dot paths like owner.email',
  },
  {
    key: 'query',
    flags: '--query <jmespath>',
    kind: 'string',
    help: 'filter the JSON output with a JMESPath expression',
  },
  {
    key: 'jq',
    flags: '--jq <expression>',
    kind: 'string',
    help: "filter the JSON output with a jq program (jq's language, strings printed bare, as gh's --jq)",
  },
  {
    key: 'raw',
    flags: '-r, --raw',
    kind: 'switch',
    help: 'with --query: print strings bare and lists of strings a line each (as jq -r)',
  },
  { key: 'quiet', flags: '-q, --quiet', kind: 'switch', help: 'print ids only, one per line' },
  { key: 'color', flags: '--no-color', kind: 'negated', help: 'disable colour (also NO_COLOR)' },
  { key: 'input', flags: '--no-input', kind: 'negated', help: 'never prompt' },
  {
    key: 'debug',
    flags: '--debug',
    kind: 'switch',
    help: 'trace HTTP requests on stderr (secrets redacted)',
  },
  {
    key: 'requestTimeout',
    flags: '--request-timeout <duration>',
    kind: 'duration',
    help: 'time-out of each request: 30s, 2m or seconds (default 30s)',
  },
  {
    key: 'minDownloadRate',
    flags: '--min-download-rate <bytes>',
    kind: 'int',
    min: 0,
    max: 1 << 30,
    help: 'a download slower than this many bytes a second over a --request-timeout fails (default 1024; 0: no minimum)',
  },
  {
    key: 'retries',
    flags: '--retries <n>',
    kind: 'int',
    min: 0,
    max: 20,
    help: 'retries for 429, 5xx and network errors (default 5)',
  },
  {
    key: 'concurrency',
    flags: '--concurrency <n>',
    kind: 'int',
    min: 1,
    max: 16,
    help: 'requests in flight at once (default 4)',
  },
  {
    key: 'requestRate',
    flags: '--request-rate <limits>',
    kind: 'string',
    choices: ['spec', 'off'],
    help: 'client-side rate limit: spec, off, or N/DURATION[,M/DURATION] (env WFD_RATE_LIMIT)',
  },
] as const satisfies readonly GlobalOptionDef[];

type Def = (typeof GLOBAL_OPTIONS)[number];
type ValueOf<K extends ValueKind> = K extends 'switch' | 'negated'
  ? boolean
  : K extends 'string'
    ? string
    : number;

/**
 * The global options as parsed: strings, switches, integers, and durations in milliseconds;
 * absent when not given, except the `--no-` switches, which are true unless given.
 */
export type GlobalOptions = { -readonly [D in Def as D['key']]?: ValueOf<D['kind']> };
