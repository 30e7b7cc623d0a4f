/**
 * A third-party fuzzer, openapi-fuzzer-core, run with the sandbox's own description against the
 * sandbox: every request it draws (invalid paths, methods a path does not have, each parameter
 * and each body property given a value of the wrong kind) must get an answer that is no server
 * error and that the description allows: a declared status, a body that fits its schema.
 *
 * The fuzzer reads Swagger 2.0 (a parameter's `type` on the parameter, bodies as `in: body`
 * parameters with `#/definitions/` references), so the description is handed to it in that
 * shape; its own expectations (400, 404, 405) are not ours, the description is.
 */
import fuzzer from 'openapi-fuzzer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/openapi/document.js';
import { findOperation } from '../../src/openapi/operations.js';
import { DescriptionValidator } from '../../src/openapi/validate.js';
import { mapRefs } from '../support/schema-arbitraries.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

interface FuzzSpec {
  name: string;
  request: {
    method: string;
    path: string;
    pathParams?: Record<string, unknown>;
    queryParams?: Record<string, unknown>;
    body?: unknown;
  };
}

let t: TestSandbox;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestSandbox({ cases: 30, forms: 20, attachments: 5 });
  doc = (await t.get('/openapi.json', { token: null })).body;
});
afterAll(() => t.close());

/** `#/components/schemas/X` as Swagger's `#/definitions/X`, everywhere in a schema. */
function swaggerRefs(value: unknown): unknown {
  return mapRefs(value, (ref) => ref.replace('#/components/schemas/', '#/definitions/'));
}

/** The description in the Swagger 2.0 shape the fuzzer reads. */
function asSwagger2(doc: OpenApiDocument) {
  const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const parameters = ((operation.parameters ?? []) as Record<string, unknown>[]).map((parameter) => ({
            ...parameter,
            ...(swaggerRefs(parameter.schema ?? {}) as object),
          }));
          const json = (
            operation.requestBody as { content?: Record<string, { schema: unknown }> } | undefined
          )?.content?.['application/json'];
          const definitions = json
            ? { body: { name: 'body', in: 'body', schema: { $ref: '#/definitions/__body' } } }
            : undefined;
          return [
            method,
            {
              ...operation,
              parameters: [...parameters, ...(definitions ? [definitions.body] : [])],
              __body: json ? swaggerRefs(json.schema) : undefined,
            },
          ];
        }),
      ),
    ]),
  );
  return {
    swagger: '2.0',
    basePath: '',
    paths,
    definitions: swaggerRefs(schemas) as Record<string, unknown>,
  };
}

/** The fuzzer's requests; a body schema is its operation's own definition. */
function draw(): FuzzSpec[] {
  const swagger = asSwagger2(doc);
  const specs: FuzzSpec[] = [];
  for (const [path, item] of Object.entries(swagger.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, { __body?: unknown }>)) {
      // One operation at a time, so `#/definitions/__body` is its body.
      const one = {
        ...swagger,
        paths: { [path]: { [method]: operation } },
        definitions: { ...swagger.definitions, __body: operation.__body ?? {} },
      };
      specs.push(...(fuzzer.swagger(one) as FuzzSpec[]));
    }
  }
  // The invalid paths and methods are drawn per path: keep each request once.
  const seen = new Set<string>();
  return specs.filter((spec) => {
    const key = JSON.stringify(spec.request);
    return !seen.has(key) && seen.add(key);
  });
}

function target(request: FuzzSpec['request']): string {
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(request.pathParams?.[name] ?? '')),
  );
  const query = Object.entries(request.queryParams ?? {}).map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

it('finds no server error and no answer the description does not allow', async () => {
  const validator = new DescriptionValidator(doc);
  const specs = draw();
  expect(specs.length).toBeGreaterThan(300);
  const wrong: string[] = [];
  for (const spec of specs) {
    const { method } = spec.request;
    const url = target(spec.request);
    const body = spec.request.body === undefined ? undefined : JSON.stringify(spec.request.body);
    const answer = await t.call(method.toUpperCase(), url, body === undefined ? {} : { body });
    const where = `${spec.name} ${method.toUpperCase()} ${url} -> ${answer.status}`;
    if (answer.status >= 500) wrong.push(`${where}: a server error`);
    // The sandbox judges the target once normalised (request-target.ts: `//` is one `/`).
    const op = findOperation(doc, method, url.split('?')[0]!.replace(/\/{2,}/g, '/'));
    if (!op) {
      // A path or a method the description does not have: the spec's unknown endpoint.
      if (answer.status !== 404) wrong.push(`${where}: expected 404 for an operation the description lacks`);
      continue;
    }
    const type = answer.headers['content-type'];
    const mismatches = validator.response(
      op,
      answer.status,
      type === undefined ? undefined : String(type),
      answer.body,
    );
    if (mismatches.length > 0) wrong.push(`${where}: ${mismatches.join('; ')}`);
  }
  expect(wrong).toEqual([]);
});
