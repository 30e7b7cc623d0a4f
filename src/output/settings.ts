/**
 * The output flags of a run (-o, --json, --fields, --query, -q), checked once against each other
 * and against the command, before any credential is read, stdin consumed or request sent.
 */
import { UsageError } from '../core/errors.js';
import { quote } from '../core/text/quote.js';
import { type GlobalOptions, OUTPUT_FORMATS, type OutputFormat } from '../global-options.js';
import { FORMATS } from './formats/index.js';
import type { IO } from './io.js';
import { parseFields, withQuery } from './render.js';

/** What the run prints, decided once. */
export interface OutputSettings {
  /** -o, --json, else table on a terminal and plain when piped */
  format: OutputFormat;
  /** --fields, checked against the command's record fields */
  fields?: string[];
  /** --query (or with `jq` --jq's program), compiled once here so a syntax error stops the run early */
  query?: string;
  /** `query` came from --jq: a jq program */
  jq?: boolean;
  /** -q: ids only */
  quiet: boolean;
  /** -r: --query strings printed bare */
  raw?: boolean;
}

/**
 * Checks the output flags for a command whose records have `fields` as top-level fields
 * (undefined: the command prints no records, so --fields and --query do not apply).
 */
export async function resolveOutput(
  globals: GlobalOptions,
  io: IO,
  fields: readonly string[] | undefined,
  /** the config's `output`: the format on a terminal when no flag chooses one */
  configured?: string,
): Promise<OutputSettings> {
  const { output, json, quiet = false } = globals;
  if (globals.query !== undefined && globals.jq !== undefined)
    throw new UsageError('--query and --jq cannot be used together: pick one');
  const query = globals.query ?? globals.jq;
  const filterFlag = globals.jq !== undefined ? '--jq' : '--query';
  if (output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(output))
    throw new UsageError(`invalid --output ${quote(output)}: expected one of ${OUTPUT_FORMATS.join(', ')}`);
  if (json && output !== undefined && output !== 'json')
    throw new UsageError(`--json and --output ${output} cannot be used together: pick one`);
  const format: OutputFormat = json
    ? 'json'
    : ((output as OutputFormat | undefined) ??
      defaultFormat(io, quiet || query !== undefined ? undefined : configured));
  if (quiet) {
    const other =
      query !== undefined
        ? filterFlag
        : globals.fields !== undefined
          ? '--fields'
          : FORMATS[format].reader === 'records'
            ? `--output ${format}`
            : undefined;
    if (other) throw new UsageError(`-q prints ids only: it cannot be used with ${other}`);
  }
  if (query !== undefined) withQuery(format, filterFlag);
  if ((globals.fields !== undefined || query !== undefined) && fields === undefined) {
    throw new UsageError(
      `${globals.fields !== undefined ? '--fields' : filterFlag}: this command prints no records`,
    );
  }
  const settings: OutputSettings = { format, quiet };
  if (globals.fields !== undefined) settings.fields = parseFields(globals.fields, fields ?? []);
  if (globals.raw && query === undefined)
    throw new UsageError('--raw prints the strings a --query selects: add --query', {
      hint: "for example --query 'baseUrl' --raw",
    });
  if (globals.jq !== undefined) {
    const { compileJq } = await import('./jq.js');
    await compileJq(globals.jq);
    settings.query = globals.jq;
    settings.jq = true;
  } else if (query !== undefined) {
    const { compileQuery } = await import('./query.js');
    compileQuery(query);
    settings.query = query;
    if (globals.raw) settings.raw = true;
  }
  return settings;
}

/** Table on a terminal (or the configured format), plain when piped. */
function defaultFormat(io: IO, configured: string | undefined): OutputFormat {
  if (!io.isStdoutTTY()) return 'plain';
  return (OUTPUT_FORMATS as readonly string[]).includes(configured ?? '')
    ? (configured as OutputFormat)
    : 'table';
}
