/**
 * The document's named schemas: a shape with a `title` (src/resources/schema.ts `named`) is
 * listed once under `components.schemas` by that name, and each use of it points there.
 */
import type { JsonSchema } from '../resources/schema.js';

export type Schema = Record<string, unknown>;

export class Components {
  readonly schemas: Record<string, Schema> = {};
  readonly #seen = new Map<string, JsonSchema>();

  /** `shape` as the document writes it: named shapes, at any depth, as `$ref`s. */
  schema(shape: JsonSchema): Schema {
    if (shape.title === undefined) return this.#inner(shape);
    const name = shape.title;
    const known = this.#seen.get(name);
    if (known === undefined) {
      this.#seen.set(name, shape);
      this.schemas[name] = this.#inner(shape);
    } else if (known !== shape) {
      throw new Error(`two shapes are named ${name}`);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Lists a schema the document builds (a filter) under `name`. */
  add(name: string, schema: Schema): void {
    if (Object.hasOwn(this.schemas, name)) throw new Error(`two schemas are named ${name}`);
    this.schemas[name] = schema;
  }

  #inner(shape: JsonSchema): Schema {
    const out: Schema = {};
    for (const [word, value] of Object.entries(shape)) {
      if (word === 'properties') out[word] = this.#each(value as Record<string, JsonSchema>);
      else if (word === 'items' || word === 'propertyNames') out[word] = this.schema(value as JsonSchema);
      else if (word === 'additionalProperties' && typeof value === 'object')
        out[word] = this.schema(value as JsonSchema);
      else if (word === 'anyOf') out[word] = (value as JsonSchema[]).map((option) => this.schema(option));
      else out[word] = value;
    }
    return out;
  }

  #each(properties: Record<string, JsonSchema>): Schema {
    return Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, this.schema(inner)]));
  }
}
