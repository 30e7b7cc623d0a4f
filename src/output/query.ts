/** --query: JMESPath (community edition) over the JSON output. */
import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { UsageError } from '../core/errors.js';

/** A compiled --query, applied to a JSON document. */
export type Query = (document: unknown) => unknown;

/** Compiles `expression` now, so a syntax error stops the command before any request; UsageError on bad syntax or evaluation. */
export function compileQuery(expression: string): Query {
  const fail = (error: unknown): never => {
    throw new UsageError(
      `Invalid --query "${expression}": ${error instanceof Error ? error.message : String(error)}`,
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
