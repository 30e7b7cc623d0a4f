/**
 * The filter of the JSON output, --query (JMESPath) or --jq, as the text it prints for one
 * document; each language's module loads only when its flag is used.
 */
import type { IO } from './io.js';

/** The text printed for a document, newline-terminated (nothing for a jq program with no output). */
export type OutputFilter = (document: unknown) => string;

export interface FilterSettings {
  /** the program: a JMESPath expression, or jq's when `jq` is set */
  query?: string | undefined;
  /** `query` is a jq program (--jq) */
  jq?: boolean | undefined;
  /** --raw: JMESPath results printed as `jq -r` would (jq's are always) */
  raw?: boolean | undefined;
}

/** The filter of `settings` (undefined without one); `pretty`: indented JSON, else one value a line. */
export async function loadFilter(
  io: IO,
  settings: FilterSettings,
  pretty: boolean,
): Promise<OutputFilter | undefined> {
  const { query } = settings;
  if (query === undefined) return undefined;
  const terminal = io.isStdoutTTY();
  if (settings.jq) {
    const { compileJq } = await import('./jq.js');
    const program = await compileJq(query);
    // Coloured where colour is on, as gh colours --jq's output.
    const color = io.colorEnabled();
    return (document) => program(document, { compact: !pretty, terminal, color });
  }
  const { compileQuery, queryResultText } = await import('./query.js');
  const search = compileQuery(query);
  const text = { raw: settings.raw === true, pretty, terminal };
  return (document) => queryResultText(search(document), text);
}
