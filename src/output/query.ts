/** --query: JMESPath (community edition) over the JSON output. */
import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { UsageError } from '../core/errors.js';
import { escapeControls, escapeJsonControls, quote } from '../core/text/quote.js';

/** A compiled --query, applied to a JSON document. */
export type Query = (document: unknown) => unknown;

/** Compiles `expression` now, so a syntax error stops the command before any request; UsageError on bad syntax or evaluation. */
export function compileQuery(expression: string): Query {
  const fail = (error: unknown): never => {
    // JMESPath's messages are sentences ("Unexpected token type: ..."): worded here as ours are.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
    throw new UsageError(
      `invalid --query ${quote(expression)}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
    );
  };
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (error) {
    return fail(error);
  }
  return (document) => {
    try {
      return TreeInterpreter.search(ast, document as JSONValue);
    } catch (error) {
      return fail(error);
    }
  };
}

/**
 * A --query result as printed: JSON (pretty or compact), or with `raw` a string as it is and an
 * array of scalars one per line, as `jq -r` prints them (so `$(wfd ... --query base_url --raw)`
 * is the bare value). Text headed for a terminal has its control characters escaped.
 */
export function queryResultText(
  value: unknown,
  options: { raw: boolean; pretty: boolean; terminal: boolean },
): string {
  const json = (v: unknown) => {
    const text = options.pretty ? JSON.stringify(v, null, 2) : JSON.stringify(v);
    return options.terminal ? escapeJsonControls(text) : text;
  };
  const raw = (text: string) => (options.terminal ? escapeControls(text) : text);
  if (options.raw && typeof value === 'string') return `${raw(value)}\n`;
  if (options.raw && Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map((v) => `${typeof v === 'string' ? raw(v) : JSON.stringify(v)}\n`).join('');
  return `${json(value)}\n`;
}
