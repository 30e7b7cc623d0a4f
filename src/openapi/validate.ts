/**
 * Checks requests and answers against the document's schemas with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). Loaded only where something is checked: `wfd api --check` and the
 * tests. A query parameter's text is read as OpenAPI reads it (a list repeated, or comma-separated
 * where the parameter says so; `true`/`false` and numbers as themselves; `filter` as JSON), then
 * checked as the value it stands for.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './document.js';
import type { OperationRef } from './operations.js';

const DOC_ID = 'openapi';
// ajv-formats is CommonJS: its function is the default export's `default` under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A JSON pointer segment (RFC 6901). */
const segment = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/** What does not fit, one line each (`/title: must be string`); empty when all fits. */
export type Mismatches = readonly string[];

type Json = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  explode?: boolean;
  schema?: Json;
  content?: Record<string, { schema: Json }>;
}

/** A request as `--check` and the fuzzer hold it against its operation. */
export interface RequestParts {
  /** the request's path, its parameters' values in it */
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  readonly body?: unknown;
}

export class DescriptionValidator {
  readonly #ajv: Ajv2020;
  readonly #doc: OpenApiDocument;

  constructor(doc: OpenApiDocument) {
    this.#doc = doc;
    // Not strict: the description carries keywords ajv does not know (x-not-shown, OpenAPI's own).
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  /** A whole request: its path and query parameters, and its JSON body. */
  request(op: OperationRef, parts: RequestParts): Mismatches {
    return [
      ...this.#pathParameters(op, parts.path),
      ...this.#queryParameters(op, parts.query ?? []),
      ...(parts.body === undefined ? this.#missingBody(op) : this.requestBody(op, parts.body)),
    ];
  }

  /** The request body of `op` as JSON against its `application/json` schema. */
  requestBody(op: OperationRef, body: unknown): Mismatches {
    const content = (this.#operation(op).requestBody as { content?: Json } | undefined)?.content;
    if (!content?.['application/json']) return [];
    return this.#check(`${this.#pointer(op)}/requestBody/content/application~1json/schema`, body, '');
  }

  /**
   * An answer of `op`: its status must be declared, and a JSON body must fit the status's
   * `application/json` schema (a `$ref`'d response followed).
   */
  response(op: OperationRef, status: number, contentType: string | undefined, body: unknown): Mismatches {
    const responses = this.#operation(op).responses as Record<string, { $ref?: string; content?: Json }>;
    const declared = responses[String(status)];
    if (!declared) return [`status ${status} is not declared`];
    const base = declared.$ref ? declared.$ref.slice(1) : `${this.#pointer(op)}/responses/${status}`;
    const response = declared.$ref ? (this.#resolve(declared.$ref) as { content?: Json }) : declared;
    const types = Object.keys(response.content ?? {});
    const json = contentType?.split(';')[0]?.trim() === 'application/json';
    if (!json) {
      const fits = types.length === 0 || types.some((type) => mediaMatches(type, contentType));
      return fits ? [] : [`content type ${contentType} is not declared for ${status}`];
    }
    if (!types.includes('application/json')) return [`JSON is not declared for ${status}`];
    return this.#check(`${base}/content/application~1json/schema`, body, '');
  }

  #missingBody(op: OperationRef): Mismatches {
    const body = this.#operation(op).requestBody as { required?: boolean } | undefined;
    return body?.required ? ['the body: required'] : [];
  }

  #pathParameters(op: OperationRef, path: string): Mismatches {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) return [];
    const pattern = new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]*)')}$`);
    const values = pattern.exec(path)?.slice(1) ?? [];
    return this.#parameters(op).flatMap(([p, i]) => {
      if (p.in !== 'path') return [];
      const raw = values[names.indexOf(p.name)] ?? '';
      return this.#check(`${this.#pointer(op)}/parameters/${i}/schema`, safeDecode(raw), `path ${p.name}`);
    });
  }

  #queryParameters(op: OperationRef, query: readonly (readonly [string, string])[]): Mismatches {
    const declared = this.#parameters(op).filter(([p]) => p.in === 'query');
    const unknown = [...new Set(query.map(([name]) => name))].filter(
      (name) => !declared.some(([p]) => p.name === name),
    );
    const out = unknown.map((name) => `query ${name}: not a parameter of ${op.method} ${op.path}`);
    for (const [p, i] of declared) {
      const raws = query.filter(([name]) => name === p.name).map(([, value]) => value);
      const where = `query ${p.name}`;
      if (raws.length === 0) {
        if (p.required) out.push(`${where}: required`);
        continue;
      }
      const schemaPointer = p.content
        ? `${this.#pointer(op)}/parameters/${i}/content/application~1json/schema`
        : `${this.#pointer(op)}/parameters/${i}/schema`;
      const value = this.#deserialize(p, raws);
      if (value instanceof Mismatch) out.push(`${where}: ${value.message}`);
      else out.push(...this.#check(schemaPointer, value, where));
    }
    return out;
  }

  /** The value a parameter's texts stand for, as OpenAPI's `form` style reads them. */
  #deserialize(p: ParameterObject, raws: readonly string[]): unknown {
    if (p.content) {
      if (raws.length > 1) return new Mismatch('given more than once');
      try {
        return JSON.parse(raws[0]!);
      } catch {
        return new Mismatch('not JSON');
      }
    }
    const schema = this.#deref(p.schema ?? {});
    if (schema.type === 'array') {
      const items = this.#deref((schema.items as Json) ?? {});
      if (p.explode === false && raws.length > 1)
        return new Mismatch('given more than once; separate values with commas');
      const texts = p.explode === false ? raws[0]!.split(',') : raws;
      return texts.map((text) => scalar(items, text));
    }
    if (raws.length > 1) return new Mismatch('given more than once');
    return scalar(schema, raws[0]!);
  }

  #check(pointer: string, value: unknown, where: string): Mismatches {
    const validate = this.#ajv.getSchema(`${DOC_ID}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => {
      const at = `${where}${error.instancePath}` || '/';
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      return `${at}: ${error.message ?? 'invalid'}${extra === undefined ? '' : ` (${extra})`}`;
    });
  }

  #parameters(op: OperationRef): [ParameterObject, number][] {
    const list = (this.#operation(op).parameters ?? []) as ParameterObject[];
    return list.map((p, i) => [p, i]);
  }

  #pointer(op: OperationRef): string {
    return `/paths/${segment(op.path)}/${op.method.toLowerCase()}`;
  }

  #operation(op: OperationRef): Json {
    return (this.#doc.paths[op.path] as Record<string, Json>)[op.method.toLowerCase()]!;
  }

  #deref(schema: Json): Json {
    return typeof schema.$ref === 'string' ? (this.#resolve(schema.$ref) as Json) : schema;
  }

  #resolve(ref: string): unknown {
    let node: unknown = this.#doc;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }
}

class Mismatch {
  constructor(readonly message: string) {}
}

/** One query text as the value its schema's type reads: `true`, `12`; otherwise the text itself. */
function scalar(schema: Json, text: string): unknown {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(?:\.\d+)?$/.test(text))
    return Number(text);
  return text;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `*\/*`, `image/*` or an exact type against a response's Content-Type. */
function mediaMatches(declared: string, actual: string | undefined): boolean {
  if (declared === '*/*') return true;
  const type = actual?.split(';')[0]?.trim().toLowerCase() ?? '';
  return declared.endsWith('/*') ? type.startsWith(declared.slice(0, -1)) : type === declared;
}
