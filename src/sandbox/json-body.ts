/**
 * JSON bodies, parsed once for every route: fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys), then a bound on depth and width. A 60 KB body can nest 10,000
 * levels deep; stored, it would make every later answer that serialises it overflow the stack.
 */
import type { FastifyInstance } from 'fastify';
import { standardError } from './errors.js';

/** Objects and arrays nested in one another, the outermost counting as 1: far beyond any real payload. */
export const MAX_JSON_DEPTH = 100;
/** Keys of one object. */
export const MAX_JSON_KEYS = 1000;

/**
 * What puts a parsed JSON value out of bounds, as the end of a sentence (`is nested deeper than
 * 100 levels`); undefined when it is within them. Walks with a stack, so depth cannot overflow it.
 */
export function jsonBoundsProblem(value: unknown): string | undefined {
  const stack: Array<readonly [unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_JSON_DEPTH) return `is nested deeper than ${MAX_JSON_DEPTH} levels`;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node) && children.length > MAX_JSON_KEYS) {
      return `has an object of more than ${MAX_JSON_KEYS} keys`;
    }
    for (const child of children) stack.push([child, depth + 1]);
  }
  return undefined;
}

/** Replaces the `application/json` parser of `app` (and of every context under it) with the bounded one. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body: string, done) => {
    parse(req, body, (error, value) => {
      if (error) return done(error);
      const problem = jsonBoundsProblem(value);
      if (problem) return done(standardError(400, `Body ${problem}`));
      done(null, value);
    });
  });
}
