/**
 * A resource table from its fields: each field is written once, with its shape and what lists do
 * with it (filter, sort, detail only), and the rest of the table is read from them: the shapes
 * of a list's records and of a detail, the names `--fields` takes, method 2's attributes and
 * relations, the sort fields.
 */
import {
  array,
  boolean,
  type JsonSchema,
  named,
  object,
  oneOf,
  propertiesOf,
  type Shape,
  string,
} from './schema.js';
import { EMAIL_PATTERN, Email, IsoDate, Text, UUID_PATTERN, Uuid } from './shared.js';
import type { Attributes, AttributeType, FieldDef, FieldDefs, FieldUse, ResourceDef } from './types.js';

/** A field: its shape, and what lists do with it (`filter`, `sort`, `detail`). */
export function field<const S extends Shape, const U extends FieldUse = Record<never, never>>(
  shape: S,
  use?: U,
): FieldDef<S> & { use: U } {
  return { shape, use: use ?? ({} as U) };
}

/** Longest text a `$like` pattern, a partial match or a free-text search may hold. */
export const MAX_PATTERN_LENGTH = 256;

type TableSpec<F extends FieldDefs> = Omit<
  ResourceDef<F>,
  'item' | 'detail' | 'fields' | 'attributes' | 'relations' | 'sortable' | 'key'
> & {
  readonly key: keyof F & string;
  /** sort fields beyond the record's own (none so far but forms' user fields) */
  readonly sortAlso?: readonly string[];
};

/** A resource table, its derived parts filled in from `fieldDefs`. */
export function defineResource<const F extends FieldDefs>(spec: TableSpec<F>): ResourceDef<F> {
  const entries = Object.entries(spec.fieldDefs);
  // `case_templates` -> `CaseTemplate`: the record's name in the document.
  const title = spec.name
    .replace(/(?:^|_)(\w)/g, (_, letter: string) => letter.toUpperCase())
    .replace(/s$/, '');
  const recordShape = (detail: boolean) => {
    const fields = entries.filter(([, def]) => detail || !def.use.detail);
    return named(
      detail ? `${title}Detail` : title,
      object(Object.fromEntries(fields.map(([name, def]) => [name, def.shape])), {
        required: fields.map(([name]) => name),
        description: detail
          ? `A ${spec.noun.replace(/s$/, '')} as its detail answers it.`
          : `A ${spec.noun.replace(/s$/, '')} as a list answers it.`,
      }),
    );
  };
  const attributes: Record<string, AttributeType> = {};
  const relations: Record<string, Attributes> = {};
  const sortable: string[] = [];
  for (const [name, { shape, use }] of entries) {
    if (use.filter === true) attributes[name] = attributeType(shape);
    else if (use.filter) {
      const inner = propertiesOf(shape);
      relations[name] = Object.fromEntries(use.filter.map((sub) => [sub, attributeType(inner[sub]!)]));
    }
    if (use.sort === true) sortable.push(name);
    else if (use.sort) sortable.push(...use.sort.map((sub) => `${name}.${sub}`));
  }
  const { sortAlso: _, ...rest } = spec;
  return {
    ...rest,
    item: recordShape(false),
    detail: recordShape(true),
    // The fields, then the parts of their objects (`owner.email`), which completion offers after `owner.`.
    fields: [
      ...entries.map(([name]) => name),
      ...entries.flatMap(([name, { shape }]) => Object.keys(partsOf(shape)).map((part) => `${name}.${part}`)),
    ],
    attributes,
    relations,
    sortable,
  };
}

/** The named parts of an object field (null allowed); none for another shape or an open map. */
function partsOf(shape: JsonSchema): Readonly<Record<string, JsonSchema>> {
  const plain = shape.anyOf?.find((option) => option.type !== 'null') ?? shape;
  return plain.properties ?? {};
}

/** How method 2 treats a field of this shape. */
export function attributeType(shape: JsonSchema): AttributeType {
  const plain = shape.anyOf?.find((option) => option.type !== 'null') ?? shape;
  if (plain.enum) return { type: 'enum', values: plain.enum.filter((value) => value !== null) as string[] };
  const type = Array.isArray(plain.type) ? plain.type.find((t) => t !== 'null') : plain.type;
  if (type === 'boolean') return { type: 'boolean' };
  if (plain.pattern === UUID_PATTERN) return { type: 'uuid' };
  if (plain.pattern === EMAIL_PATTERN) return { type: 'email' };
  if (plain.format === 'date-time') return { type: 'date' };
  return { type: 'string' };
}

/** The shape of a method-2 operand of an attribute of this type, `$eq` and the like. */
export function operandShape(type: AttributeType): Shape {
  switch (type.type) {
    case 'enum':
      return oneOf(type.values);
    case 'uuid':
      return Uuid;
    case 'date':
      return IsoDate;
    case 'boolean':
      return boolean();
    // Method 2 compares an e-mail field as text: any string, `$like` patterns included.
    case 'email':
    case 'string':
      return string();
  }
}

/** Each method-1 query parameter of a resource with the shape of its value. */
export function filterParameters(resource: ResourceDef): [name: string, shape: Shape][] {
  return resource.filters.flatMap((filter): [string, Shape][] => {
    switch (filter.kind) {
      case 'text': {
        const shape = filter.maxLength ? string({ minLength: 1, maxLength: filter.maxLength }) : Text;
        // Several values: the parameter repeated, in either spelling (`flow[slug]=a&flow[slug]=b`).
        return filter.arrayParam
          ? [filter.param, filter.arrayParam].map((name): [string, Shape] => [
              name,
              array(shape, { minItems: 1 }),
            ])
          : [[filter.param, shape]];
      }
      case 'uuid':
        return [[filter.param, Uuid]];
      case 'email':
        return [[filter.param, Email]];
      case 'slug':
        return [[filter.param, Text]];
      case 'boolean':
        return [[filter.param, boolean()]];
      case 'enum':
        return [[filter.param, oneOf(filter.values)]];
      case 'uuid-or-email':
        return [
          [filter.params.uuid, Uuid],
          [filter.params.email, Email],
        ];
      case 'uuid-or-slug':
        return [
          [filter.params.uuid, Uuid],
          [filter.params.slug, Text],
        ];
    }
    return [];
  });
}

/** A flag's help line, as a parameter's description. */
export function filterHelp(resource: ResourceDef, param: string): string | undefined {
  for (const filter of resource.filters) {
    const params =
      'params' in filter
        ? Object.values(filter.params)
        : [filter.param, ...('arrayParam' in filter && filter.arrayParam ? [filter.arrayParam] : [])];
    if (params.includes(param)) return filter.help;
  }
  return undefined;
}
