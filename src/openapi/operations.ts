/** The operations of a description, and the one a method and a request path name. */
import type { OpenApiDocument } from './document.js';

export interface OperationRef {
  /** upper case: `GET` */
  readonly method: string;
  /** the description's path template: `/v1/cases/{id}` */
  readonly path: string;
  readonly operationId: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation, in the description's order. */
export function operationsOf(doc: OpenApiDocument): OperationRef[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
      })),
  );
}

/** A path template as a pattern: each `{param}` is one segment, empty included (a router still routes `/v1/cases/` to `{id}`). */
function templatePattern(path: string): RegExp {
  const escaped = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]*')}$`);
}

/**
 * The operation `method` on `path` (no query) names, literal paths before templated ones
 * (`/v1/cases/count` is not `/v1/cases/{id}`), as routers do; undefined when none does.
 */
export function findOperation(doc: OpenApiDocument, method: string, path: string): OperationRef | undefined {
  const candidates = operationsOf(doc).filter((op) => op.method === method.toUpperCase());
  const literal = candidates.find((op) => op.path === path);
  return literal ?? candidates.find((op) => op.path.includes('{') && templatePattern(op.path).test(path));
}

/**
 * Each path once, with what its operations do (`GET: List cases; POST: Create a case`): for
 * completion. A parameter is shown as a word to replace, `/v1/cases/ID`: shells quote braces
 * as they insert them, each its own way.
 */
export function pathSummaries(doc: OpenApiDocument): [path: string, summary: string][] {
  return Object.entries(doc.paths).map(([path, item]) => [
    path.replace(/\{(\w+)\}/g, (_, name: string) => name.toUpperCase()),
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => `${method.toUpperCase()}: ${operation.summary}`)
      .join('; '),
  ]);
}
