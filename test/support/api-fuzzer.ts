/**
 * A property-based fuzzer of an HTTP API from its OpenAPI 3.1 document: values drawn from the
 * document's schemas (schema-arbitraries.ts: json-schema-faker and fast-check, seeded,
 * reproducible), ajv the judge of what the document calls valid. Its checks are Schemathesis' ones:
 *
 * - not_a_server_error: no 5xx;
 * - status_code_conformance, content_type_conformance, response_schema_conformance: every
 *   answer's status is declared, and its body fits the schema declared for it;
 * - positive_data_acceptance: a request the document calls valid is not refused for its form
 *   (2xx, or 401, 403, 404, 409, or a 400 whose every error is `not_found`: a record it names
 *   that does not exist, which no schema can tell);
 * - negative_data_rejection: a request the document calls invalid (one part of a valid one
 *   broken) is refused with a 4xx;
 * - stateful (`links`): from an answer, each link of the document leads to an operation whose
 *   request takes the values the link names, and a record an answer names is there.
 */
import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/openapi/document.js';
import { type OperationRef, operationsOf } from '../../src/openapi/operations.js';
import { DescriptionValidator } from '../../src/openapi/validate.js';
import { type Schema, SchemaArbitraries } from './schema-arbitraries.js';

/** A request as the fuzzer sends it. */
export interface FuzzRequest {
  readonly op: OperationRef;
  readonly path: string;
  readonly query: readonly (readonly [string, string])[];
  readonly body?: unknown;
  /** `application/json` (the default) or `application/x-www-form-urlencoded` */
  readonly bodyType?: string;
}

export interface FuzzAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

export type Send = (request: FuzzRequest) => Promise<FuzzAnswer>;

export interface Failure {
  readonly check: string;
  readonly request: string;
  readonly detail: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  explode?: boolean;
  schema?: Schema;
  content?: Record<string, { schema: Schema }>;
}

type OperationObject = Record<string, unknown> & {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { links?: Record<string, LinkObject> }>;
};

interface LinkObject {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: unknown;
}

/** A request drawn for an operation, before it is sent: its parameters as values, its body. */
interface Draft {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Invalid requests drawn for each part of a request broken, at least. */
const BREAK_RUNS = 5;

export class ApiFuzzer {
  readonly failures: Failure[] = [];
  /** requests sent, by kind */
  readonly sent = { positive: 0, negative: 0, stateful: 0 };
  readonly #doc: OpenApiDocument;
  readonly #arbs: SchemaArbitraries;
  readonly #validator: DescriptionValidator;
  readonly #send: Send;

  constructor(doc: OpenApiDocument, send: Send) {
    this.#doc = doc;
    this.#arbs = new SchemaArbitraries(doc as unknown as Schema);
    this.#validator = new DescriptionValidator(doc);
    this.#send = send;
  }

  /** Every operation: `examples` valid requests, and as many invalid ones. */
  async stateless(seed: number, examples: number): Promise<void> {
    for (const op of operationsOf(this.#doc)) {
      const drafts = fc.sample(this.#drafts(op), { seed, numRuns: examples });
      for (const draft of drafts) await this.#try(op, draft, 'positive');
      // Each part broken in turn, so that no parameter of a long list goes untried, in a request
      // otherwise plain: a random filter beside it (a workspace not ours: 403) would hide it.
      const breaks = this.#broken(op);
      const runs = Math.max(BREAK_RUNS, Math.ceil(examples / Math.max(1, breaks.length)));
      for (const broken of breaks)
        for (const draft of fc.sample(broken, { seed, numRuns: runs }))
          await this.#try(op, draft, 'negative');
      // And each bound of a parameter just passed, once: a random draw may miss it.
      for (const edge of this.#pastBounds(op))
        for (const draft of fc.sample(edge, { seed, numRuns: 1 })) await this.#try(op, draft, 'negative');
    }
  }

  /** `chains` walks along the document's links, each up to `depth` requests long. */
  async stateful(seed: number, chains: number, depth: number): Promise<void> {
    const starts = operationsOf(this.#doc).filter((op) => !op.path.includes('{') && this.#hasLinks(op));
    const plans = fc.sample(
      fc.tuple(
        fc.constantFrom(...starts),
        fc.array(fc.nat(), { minLength: depth, maxLength: depth }),
        fc.integer(),
      ),
      {
        seed,
        numRuns: chains,
      },
    );
    for (const [start, choices, drawSeed] of plans) {
      let op = start;
      // A chain starts plain (required parameters only): a list filtered at random is mostly empty.
      let draft = fc.sample(this.#drafts(op, false), { seed: drawSeed, numRuns: 1 })[0]!;
      for (const [step, choice] of choices.entries()) {
        const answer = await this.#try(op, draft, step === 0 ? 'positive' : 'stateful');
        const next = answer && this.#follow(op, answer, choice, drawSeed + step);
        if (!next) break;
        [op, draft] = next;
      }
    }
  }

  #hasLinks(op: OperationRef): boolean {
    return Object.values(this.#operation(op).responses).some((response) => response.links);
  }

  /** The operation and request a link of `answer` leads to, or undefined when it names nothing there. */
  #follow(
    op: OperationRef,
    answer: FuzzAnswer,
    choice: number,
    seed: number,
  ): [OperationRef, Draft] | undefined {
    const links = Object.values(this.#operation(op).responses[String(answer.status)]?.links ?? {});
    if (links.length === 0) return undefined;
    const link = links[choice % links.length]!;
    const target = operationsOf(this.#doc).find((candidate) => candidate.operationId === link.operationId);
    if (!target) throw new Error(`a link names no operation: ${link.operationId}`);
    const draft = fc.sample(this.#drafts(target, false), { seed, numRuns: 1 })[0]!;
    for (const [name, expression] of Object.entries(link.parameters ?? {})) {
      const value = evaluate(expression, answer.body);
      if (value === undefined) return undefined;
      const where =
        this.#parameters(target).find((p) => p.name === name)?.in === 'path' ? draft.path : draft.query;
      where[name] = value;
    }
    if (link.requestBody !== undefined) {
      const body = resolveAll(link.requestBody, answer.body);
      if (body === undefined) return undefined;
      draft.body = body;
    }
    return [target, draft];
  }

  /** Valid requests of `op`: required parameters always, others sometimes (`optional`), the body if it takes one. */
  #drafts(op: OperationRef, optional = true): fc.Arbitrary<Draft> {
    const params = this.#parameters(op).filter((p) => p.in !== 'header' && (optional || p.required));
    const arb = (p: Parameter) => this.#arbs.valid(parameterSchema(p));
    const pick = (where: string) =>
      fc.record(Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, arb(p)])), {
        requiredKeys: params.filter((p) => p.in === where && p.required).map((p) => p.name) as never,
      });
    const body = this.#bodySchema(op);
    return fc.record({
      path: pick('path'),
      query: pick('query'),
      ...(body ? { body: this.#arbs.valid(body) } : {}),
    }) as fc.Arbitrary<Draft>;
  }

  /** For each part of a request of `op` that can be broken (a parameter, a required one left out, the body): valid requests with that part made invalid. */
  #broken(op: OperationRef): fc.Arbitrary<Draft>[] {
    const params = this.#parameters(op).filter((p) => p.in !== 'header');
    const body = this.#bodySchema(op);
    const breaks: fc.Arbitrary<(draft: Draft) => Draft>[] = params.map((p) =>
      (this.#arbs.invalid(parameterSchema(p)) ?? fc.string({ maxLength: 8 })).map(
        (bad) => (draft: Draft) => ({
          ...draft,
          [p.in]: { ...draft[p.in as 'path' | 'query'], [p.name]: bad },
        }),
      ),
    );
    for (const p of params.filter((q) => q.required && q.in === 'query'))
      breaks.push(fc.constant((draft: Draft) => ({ ...draft, query: omit(draft.query, p.name) })));
    const badBody = body && this.#arbs.invalid(body);
    if (badBody) breaks.push(badBody.map((bad) => (draft: Draft) => ({ ...draft, body: bad })));
    return breaks.map((broken) =>
      fc.tuple(this.#drafts(op, false), broken).map(([draft, breakIt]) => breakIt(draft)),
    );
  }

  /** Valid requests of `op` with one parameter just past one of its bounds, each bound once. */
  #pastBounds(op: OperationRef): fc.Arbitrary<Draft>[] {
    const params = this.#parameters(op).filter((p) => p.in !== 'header');
    return params.flatMap((p) =>
      this.#arbs.pastBounds(parameterSchema(p)).map((bad) =>
        this.#drafts(op, false).map((draft) => ({
          ...draft,
          [p.in]: { ...draft[p.in as 'path' | 'query'], [p.name]: bad },
        })),
      ),
    );
  }

  /** Sends one request and holds its answer to every check; the answer, unless the request could not be made. */
  async #try(
    op: OperationRef,
    draft: Draft,
    kind: 'positive' | 'negative' | 'stateful',
  ): Promise<FuzzAnswer | undefined> {
    const request = this.#request(op, draft);
    const mismatches = this.#validator.request(op, {
      path: request.path,
      query: request.query,
      body: request.body,
    });
    // What the document calls the request decides what is expected of the answer, not what was meant.
    const valid = mismatches.length === 0;
    if (kind === 'negative' && valid) return undefined;
    if (kind !== 'negative' && !valid && request.bodyType === undefined) {
      this.#fail('fuzzer', request, `drew a request its document refuses: ${mismatches.join('; ')}`);
      return undefined;
    }
    this.sent[kind]++;
    const answer = await this.#send(request);
    this.#judge(request, answer, kind, valid);
    return answer;
  }

  #judge(
    request: FuzzRequest,
    answer: FuzzAnswer,
    kind: 'positive' | 'negative' | 'stateful',
    valid: boolean,
  ): void {
    const { status } = answer;
    if (status >= 500) this.#fail('not_a_server_error', request, `${status} ${brief(answer.body)}`);
    const mismatches = this.#validator.response(request.op, status, answer.contentType, answer.body);
    if (mismatches.length > 0)
      this.#fail('response_conformance', request, `${status}: ${mismatches.join('; ')}`);
    if (!valid) {
      if (status < 400 || status >= 500)
        this.#fail(
          'negative_data_rejection',
          request,
          `${status}: the document refuses it (${this.#why(request)})`,
        );
      return;
    }
    const browserPage = answer.contentType?.startsWith('text/html') === true;
    const refused =
      (status === 400 && !notFoundOnly(answer.body) && !browserPage) ||
      status === 413 ||
      status === 415 ||
      status === 422;
    if (refused) this.#fail('positive_data_acceptance', request, `${status} ${brief(answer.body)}`);
    // A link names a record an earlier answer gave: it is there.
    if (kind === 'stateful' && (status === 404 || (status === 400 && notFoundOnly(answer.body))))
      this.#fail('stateful', request, `${status}: a link led to no record ${brief(answer.body)}`);
  }

  #why(request: FuzzRequest): string {
    return this.#validator.request(request.op, request).slice(0, 2).join('; ');
  }

  #fail(check: string, request: FuzzRequest, detail: string): void {
    const body = request.body === undefined ? '' : ` ${brief(request.body)}`;
    const query =
      request.query.length > 0
        ? `?${new URLSearchParams(request.query.map(([k, v]): [string, string] => [k, v])).toString()}`
        : '';
    this.failures.push({ check, request: `${request.op.method} ${request.path}${query}${body}`, detail });
  }

  /** A draft as the wire has it: the path filled in, the query serialized as each parameter says. */
  #request(op: OperationRef, draft: Draft): FuzzRequest {
    const params = this.#parameters(op);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(text(draft.path[name])),
    );
    const query: [string, string][] = [];
    for (const [name, value] of Object.entries(draft.query)) {
      const p = params.find((q) => q.name === name);
      if (p?.content) query.push([name, typeof value === 'string' ? value : JSON.stringify(value)]);
      else if (Array.isArray(value) && p?.explode === false) query.push([name, value.map(text).join(',')]);
      else if (Array.isArray(value)) for (const item of value) query.push([name, text(item)]);
      else query.push([name, text(value)]);
    }
    const form = this.#onlyForm(op);
    return {
      op,
      path,
      query,
      ...(draft.body === undefined ? {} : { body: draft.body, ...(form ? { bodyType: form } : {}) }),
    };
  }

  #bodySchema(op: OperationRef): Schema | undefined {
    const content = this.#operation(op).requestBody?.content ?? {};
    return (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema;
  }

  #onlyForm(op: OperationRef): string | undefined {
    const content = this.#operation(op).requestBody?.content ?? {};
    return content['application/json'] ? undefined : Object.keys(content)[0];
  }

  #parameters(op: OperationRef): Parameter[] {
    return this.#operation(op).parameters ?? [];
  }

  #operation(op: OperationRef): OperationObject {
    return (this.#doc.paths[op.path] as unknown as Record<string, OperationObject>)[op.method.toLowerCase()]!;
  }
}

function parameterSchema(p: Parameter): Schema {
  return p.content ? p.content['application/json']!.schema : (p.schema ?? {});
}

/** A value as a query or a path holds it. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function omit(record: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _, ...rest } = record;
  return rest;
}

/** A 400 whose every error names a record that does not exist: no fault of the request's form. */
function notFoundOnly(body: unknown): boolean {
  const errors = (body as { errors?: { type?: string }[] } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((error) => error.type === 'not_found');
}

/** `$response.body#/data/0/id` against an answer's body; undefined when it names nothing. */
function evaluate(expression: string, body: unknown): unknown {
  const match = /^\$response\.body#(.*)$/.exec(expression);
  if (!match) return expression;
  let node = body;
  for (const part of match[1]!.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** A link's request body, each runtime expression in it evaluated; undefined when one names nothing. */
function resolveAll(template: unknown, body: unknown): unknown {
  if (typeof template === 'string') return evaluate(template, body);
  if (Array.isArray(template)) {
    const items = template.map((item) => resolveAll(item, body));
    return items.includes(undefined) ? undefined : items;
  }
  if (template === null || typeof template !== 'object') return template;
  const entries = Object.entries(template).map(([key, inner]) => [key, resolveAll(inner, body)] as const);
  return entries.some(([, value]) => value === undefined) ? undefined : Object.fromEntries(entries);
}

function brief(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}
