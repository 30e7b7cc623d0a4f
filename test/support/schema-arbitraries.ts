/**
 * fast-check arbitraries of the values a JSON Schema of an OpenAPI document allows (`valid`) and
 * of values it refuses (`invalid`). Valid values come from json-schema-faker (JSON Schema
 * 2020-12, seeded: fast-check draws the seed, so a run is replayed by its seed); invalid ones
 * are valid ones with one part broken, by fast-check. Each value drawn is held against the
 * schema by ajv, the judge `wfd api --check` uses too: a `valid` value fits, an `invalid` one
 * does not, whatever the generator meant.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export type Schema = Record<string, unknown>;
type Arb = fc.Arbitrary<unknown>;

const DOC_ID = 'fuzzed';
/** Lists and maps are kept short: the shapes are what is fuzzed, not the server's memory. */
const MAX_ITEMS = 4;
/** A draw json-schema-faker could not make (it throws on a few combinations): never fits. */
const NO_VALUE = Symbol('no value');
/** Values of every JSON type: a schema that takes them all refuses nothing. */
const SENTINELS: readonly unknown[] = [1, 1.5, true, null, 'x', [], {}];
/** Seeds tried for one valid value before the schema is called one the faker cannot draw. */
const ATTEMPTS = 50;

export class SchemaArbitraries {
  readonly #ajv: Ajv2020;
  readonly #doc: Schema;
  readonly #validators = new WeakMap<Schema, ValidateFunction>();
  /** the document's component schemas, as json-schema-faker reads them */
  readonly #defs: unknown;

  constructor(doc: Schema) {
    this.#doc = doc;
    this.#defs = toDefs((doc.components as Schema | undefined)?.schemas ?? {});
    this.#ajv = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  /** Whether `value` fits `schema`. */
  fits(schema: Schema, value: unknown): boolean {
    if (value === NO_VALUE) return false;
    let validate = this.#validators.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(rebase(schema) as Schema);
      this.#validators.set(schema, validate);
    }
    return validate(value);
  }

  /** The schema a `$ref` names, or the schema itself. */
  deref(schema: Schema): Schema {
    let node = schema;
    while (typeof node.$ref === 'string') {
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (at, part) => (at as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
          this.#doc,
        ) as Schema;
    }
    return node;
  }

  /**
   * Values `schema` allows: json-schema-faker's draw for a seed fast-check picks. A draw that
   * does not fit (a few patterns and combinations defeat the faker) is drawn again with the next
   * seed; a schema that defeats it every time is an error, not a silent loop.
   */
  valid(schema: Schema): Arb {
    const s = this.deref(schema);
    // A pattern of Unicode classes (`\p{L}`) defeats the faker; fast-check draws those strings.
    if (s.type === 'string' && typeof s.pattern === 'string')
      return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((value) => this.fits(schema, value));
    // The schema's `$ref`s point into the document's components: the faker finds them in `$defs`.
    const rooted = { ...(toDefs(schema) as Schema), $defs: this.#defs };
    return fc.integer({ min: 1, max: 0x7fffffff - ATTEMPTS }).map((seed) => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const value = this.#fake(rooted, seed + attempt);
        if (this.fits(schema, value)) return value;
      }
      throw new Error(`json-schema-faker drew no value that fits ${JSON.stringify(schema).slice(0, 200)}`);
    });
  }

  #fake(rooted: Schema, seed: number): unknown {
    try {
      return generateSync(rooted, { seed, maxDefaultItems: MAX_ITEMS, optionalsProbability: 0.3 });
    } catch {
      return NO_VALUE;
    }
  }

  /**
   * Values `schema` refuses: of another type, out of its bounds, or one part of them wrong;
   * undefined when it refuses no value of any type (`{}`).
   */
  invalid(schema: Schema): Arb | undefined {
    if (SENTINELS.every((value) => this.fits(schema, value))) return undefined;
    const s = this.deref(schema);
    const options: Arb[] = [
      fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string(), fc.constant([]), fc.constant({})),
    ];
    const type = typeOf(s);
    if (type === 'string') options.push(...invalidStrings(s));
    if (type === 'integer') options.push(...invalidIntegers(s));
    if (type === 'object') options.push(...this.#invalidObjects(s));
    if (type === 'array' && s.items) options.push(...this.#invalidArrays(s, s.items as Schema));
    return fc.oneof(...options).filter((value) => !this.fits(schema, value));
  }

  /** The values just past the bounds of `schema` (a minimum, a maximum, a length) that it refuses. */
  pastBounds(schema: Schema): unknown[] {
    return pastBounds(this.deref(schema)).filter((value) => !this.fits(schema, value));
  }

  #invalidObjects(s: Schema): Arb[] {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const breakable = Object.entries(properties).flatMap(([name, inner]) => {
      const bad = this.invalid(inner);
      return bad ? [[name, bad] as const] : [];
    });
    if (Object.keys(properties).length === 0) return [];
    const whole = this.valid(s) as fc.Arbitrary<Record<string, unknown>>;
    const out: Arb[] = [];
    for (const name of (s.required ?? []) as string[]) out.push(whole.map(({ [name]: _, ...rest }) => rest));
    if (s.additionalProperties === false) out.push(whole.map((value) => ({ ...value, unknown_field: 'x' })));
    if (breakable.length > 0)
      out.push(
        fc
          .constantFrom(...breakable)
          .chain(([name, bad]) => whole.chain((value) => bad.map((wrong) => ({ ...value, [name]: wrong })))),
      );
    return out;
  }

  #invalidArrays(s: Schema, items: Schema): Arb[] {
    const some = fc.array(this.valid(items), { maxLength: 2 });
    const badItem = this.invalid(items);
    const out: Arb[] = badItem ? [some.chain((list) => badItem.map((bad) => [...list, bad]))] : [];
    if (typeof s.maxItems === 'number' && s.maxItems <= MAX_ITEMS * 3)
      out.push(fc.array(this.valid(items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
    if (s.uniqueItems) out.push(this.valid(items).map((item) => [item, item]));
    return out;
  }
}

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type)
    ? (s.type as string[]).find((t) => t !== 'null')
    : (s.type as string | undefined);
}

/** The values just past each bound of a scalar schema: what a boundary check tries first. */
function pastBounds(s: Schema): unknown[] {
  const out: unknown[] = [];
  const type = typeOf(s);
  if (type === 'integer') out.push(1.5);
  if (type === 'integer' || type === 'number') {
    if (typeof s.minimum === 'number') out.push(s.minimum - 1);
    if (typeof s.maximum === 'number') out.push(s.maximum + 1);
  }
  if (type === 'string') {
    if (typeof s.minLength === 'number' && s.minLength > 0) out.push('x'.repeat(s.minLength - 1));
    if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  }
  return out;
}

function invalidStrings(s: Schema): Arb[] {
  const out: Arb[] = [fc.string({ maxLength: 12 }), fc.constant('')];
  if (typeof s.maxLength === 'number') out.push(fc.constant('x'.repeat(s.maxLength + 1)));
  return out;
}

function invalidIntegers(s: Schema): Arb[] {
  const out: Arb[] = [fc.constant(1.5)];
  if (typeof s.minimum === 'number') out.push(fc.constant(s.minimum - 1));
  if (typeof s.maximum === 'number') out.push(fc.constant(s.maximum + 1));
  return out;
}

/** A schema with each `$ref` in it, however deep, rewritten by `rewrite`. */
export function mapRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rewrite));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? rewrite(inner) : mapRefs(inner, rewrite),
    ]),
  );
}

/** `#/components/...` as `fuzzed#/components/...`, so that a schema compiled alone finds the document's. */
function rebase(value: unknown): unknown {
  return mapRefs(value, (ref) => (ref.startsWith('#/') ? `${DOC_ID}${ref}` : ref));
}

/** `#/components/schemas/X` as `#/$defs/X`: the faker would take a `components` beside a schema for a property. */
function toDefs(value: unknown): unknown {
  return mapRefs(value, (ref) => ref.replace('#/components/schemas/', '#/$defs/'));
}
