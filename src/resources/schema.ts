/**
 * The vocabulary the API's shapes are written in: JSON Schema (2020-12, the dialect of OpenAPI
 * 3.1) as plain objects, built by a few functions that also carry each shape's TypeScript type.
 * A shape is written once, in src/resources/; the OpenAPI document, the client's check of
 * answers, the sandbox's check of requests, the resource tables and the TypeScript types are
 * all read from it. Plain data and no imports: the tables load at every start.
 */

/** The JSON Schema keywords the API's shapes use. */
export interface JsonSchema {
  readonly title?: string;
  readonly description?: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly enum?: readonly (string | null)[];
  readonly const?: string | number | boolean | null;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly contentEncoding?: string;
  readonly contentMediaType?: string;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
  /** What the API's contract leaves open ("not shown"): said rather than guessed. */
  readonly 'x-not-shown'?: true;
}

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

declare const VALUE: unique symbol;

/** A JSON Schema that also names the TypeScript type of the values it describes. */
export type Shape<T = unknown> = JsonSchema & { readonly [VALUE]?: T };

/** The TypeScript type of a shape's values. */
export type Infer<S> = S extends Shape<infer T> ? T : never;

type Notes = Pick<JsonSchema, 'description' | 'x-not-shown' | 'examples' | 'default'>;
type StringRules = Notes &
  Pick<JsonSchema, 'minLength' | 'maxLength' | 'pattern' | 'format' | 'contentEncoding' | 'contentMediaType'>;

const shape = <T>(schema: JsonSchema): Shape<T> => schema as Shape<T>;

export const string = (rules: StringRules = {}) => shape<string>({ type: 'string', ...rules });
export const boolean = (notes: Notes = {}) => shape<boolean>({ type: 'boolean', ...notes });
export const integer = (rules: Notes & Pick<JsonSchema, 'minimum' | 'maximum'> = {}) =>
  shape<number>({ type: 'integer', ...rules });
export const literal = <const T extends string | number | boolean>(value: T, notes: Notes = {}) =>
  shape<T>({ const: value, ...notes });
export const oneOf = <const T extends readonly string[]>(values: T, notes: Notes = {}) =>
  shape<T[number]>({ type: 'string', enum: values, ...notes });
/** A text, a whole number, true, false or null. */
export const scalar = (notes: Notes = {}) =>
  shape<string | number | boolean | null>({ type: ['string', 'integer', 'boolean', 'null'], ...notes });
/** Any JSON value: a field whose shape the contract does not give. */
export const anything = (notes: Notes = {}) => shape<unknown>({ ...notes });

/** A shape with a name: the document lists it once (`#/components/schemas/<name>`) and points to it. */
export const named = <T>(title: string, schema: Shape<T>): Shape<T> => shape<T>({ title, ...schema });

/** The value, or null. */
export function nullable<T>(schema: Shape<T>): Shape<T | null> {
  const { type } = schema;
  if (typeof type === 'string' && schema.title === undefined && schema.enum === undefined)
    return shape({ ...schema, type: [type, 'null'] });
  return shape({ anyOf: [schema, { type: 'null' }] });
}

export const array = <T>(
  items: Shape<T>,
  rules: Notes & Pick<JsonSchema, 'minItems' | 'maxItems' | 'uniqueItems'> = {},
) => shape<T[]>({ type: 'array', items, ...rules });

/** One of several shapes. */
export const either = <S extends readonly Shape[]>(...options: S) =>
  shape<Infer<S[number]>>({ anyOf: options });

type Properties = Readonly<Record<string, Shape>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P extends Properties, R extends keyof P> = Simplify<
  { -readonly [K in R]: Infer<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: Infer<P[K]> }
>;

interface ObjectRules<R> extends Notes {
  /** the properties always present (answers) or always needed (requests) */
  readonly required?: readonly R[];
  /**
   * Other properties: false refuses them (a request names only what the API reads); an answer's
   * records are open (true, the default), as a server may send fields beyond these.
   */
  readonly additional?: boolean;
  readonly minProperties?: number;
}

/** An object of known properties. */
export function object<const P extends Properties, const R extends keyof P & string = never>(
  properties: P,
  rules: ObjectRules<R> = {},
): Shape<ObjectOf<P, R>> {
  const { required, additional, ...notes } = rules;
  return shape({
    type: 'object',
    properties,
    ...(required && required.length > 0 ? { required } : {}),
    ...(additional === false ? { additionalProperties: false } : {}),
    ...notes,
  });
}

/** An object whose keys are data: each key fits `keys`, each value `values`. */
export const map = <T>(
  keys: Shape<string>,
  values: Shape<T>,
  rules: Notes & Pick<JsonSchema, 'maxProperties' | 'minProperties'> = {},
) =>
  shape<Record<string, T>>({ type: 'object', propertyNames: keys, additionalProperties: values, ...rules });

/** Any JSON object. */
export const anyObject = (notes: Notes = {}) => shape<Record<string, unknown>>({ type: 'object', ...notes });

/** The properties of an object shape (none for another shape). */
export function propertiesOf(schema: JsonSchema): Readonly<Record<string, JsonSchema>> {
  const inner = schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
  return inner.properties ?? {};
}
