/**
 * Checks bodies against the description's schemas with ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1). Loaded only where a body is checked: `wfd api --check` and the tests.
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

  /** The request body of `op` as JSON against its `application/json` schema. */
  requestBody(op: OperationRef, body: unknown): Mismatches {
    const operation = this.#operation(op);
    const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (!content?.['application/json']) return [];
    return this.#check(`${this.#pointer(op)}/requestBody/content/application~1json/schema`, body);
  }

  /**
   * An answer of `op`: its status must be declared, and a JSON body must fit the status's
   * `application/json` schema (a `$ref`'d response followed).
   */
  response(op: OperationRef, status: number, contentType: string | undefined, body: unknown): Mismatches {
    const responses = this.#operation(op).responses as Record<
      string,
      { $ref?: string; content?: Record<string, unknown> }
    >;
    const declared = responses[String(status)];
    if (!declared) return [`status ${status} is not declared`];
    const base = declared.$ref ? declared.$ref.slice(1) : `${this.#pointer(op)}/responses/${status}`;
    const response = declared.$ref ? this.#resolve(declared.$ref) : declared;
    const types = Object.keys(response.content ?? {});
    const json = contentType?.split(';')[0]?.trim() === 'application/json';
    if (!json) {
      const fits = types.length === 0 || types.some((type) => mediaMatches(type, contentType));
      return fits ? [] : [`content type ${contentType} is not declared for ${status}`];
    }
    if (!types.includes('application/json')) return [`JSON is not declared for ${status}`];
    return this.#check(`${base}/content/application~1json/schema`, body);
  }

  #check(pointer: string, value: unknown): Mismatches {
    const validate = this.#ajv.getSchema(`${DOC_ID}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`,
    );
  }

  #pointer(op: OperationRef): string {
    return `/paths/${segment(op.path)}/${op.method.toLowerCase()}`;
  }

  #operation(op: OperationRef): Record<string, unknown> {
    return (this.#doc.paths[op.path] as Record<string, Record<string, unknown>>)[op.method.toLowerCase()]!;
  }

  #resolve(ref: string): { content?: Record<string, unknown> } {
    let node: unknown = this.#doc;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node as { content?: Record<string, unknown> };
  }
}

/** `*\/*`, `image/*` or an exact type against a response's Content-Type. */
function mediaMatches(declared: string, actual: string | undefined): boolean {
  if (declared === '*/*') return true;
  const type = actual?.split(';')[0]?.trim().toLowerCase() ?? '';
  return declared.endsWith('/*') ? type.startsWith(declared.slice(0, -1)) : type === declared;
}
