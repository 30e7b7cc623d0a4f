/**
 * The query of a list or a count, from its resource table: each method-1 filter, method 2's
 * `filter` (a schema per resource: the fields and relations it names, and the operators each
 * field's type takes), `sort`, paging, and a count's `group_by`.
 */
import { PAGE_PARAMETERS } from '../resources/answers.js';
import { filterHelp, filterParameters, MAX_PATTERN_LENGTH, operandShape } from '../resources/define.js';
import type { Attributes, AttributeType, ResourceDef } from '../resources/index.js';
import { array, type JsonSchema, nullable, oneOf, string } from '../resources/schema.js';
import type { Components, Schema } from './components.js';

export type { Schema };

const query = (name: string, schema: Schema, description?: string, commas = false) => ({
  name,
  in: 'query',
  required: false,
  ...(description ? { description } : {}),
  ...(commas ? { style: 'form', explode: false } : {}),
  schema,
});

/** The query parameters of `GET /<name>` (a list) or `GET /<name>/count`. */
export function collectionParameters(
  resource: ResourceDef,
  kind: 'list' | 'count',
  components: Components,
): Schema[] {
  const sorts = resource.sortable.flatMap((field) => [field, `-${field}`]);
  return [
    ...filterParameters(resource).map(([name, shape]) =>
      query(name, components.schema(shape), filterHelp(resource, name)),
    ),
    ...(resource.filterable
      ? [
          {
            name: 'filter',
            in: 'query',
            required: false,
            description:
              'Method 2: a JSON filter with optional `attributes` and `relationships` sections. `$extends` is named by the contract as an operator; its meaning: not shown, and the sandbox refuses it.',
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${filterName(resource)}` } },
            },
          },
        ]
      : []),
    ...(kind === 'list'
      ? [
          query('sort', components.schema(oneOf(sorts)), '`field` ascending, `-field` descending'),
          ...Object.entries(PAGE_PARAMETERS).map(([name, shape]) =>
            query(name, components.schema(shape), shape.description),
          ),
        ]
      : []),
    ...(kind === 'count' && resource.groupFields
      ? [
          query(
            'group_by',
            components.schema(array(oneOf(resource.groupFields), { minItems: 1, uniqueItems: true })),
            "Fields to group by, comma-separated. The grouping parameter: not shown in the contract; this is the sandbox's reading.",
            true,
          ),
        ]
      : []),
  ];
}

/** The name of a resource's filter schema: `CaseFilter`. */
export const filterName = (resource: ResourceDef) => `${resource.item.title}Filter`;

const COMPARISONS = ['$gt', '$lt', '$ge', '$le'] as const;

/**
 * The operator object of a field of `type` (`{"$eq": value, ...}`, one operator at least):
 * equality with a value of the type or null; comparisons for dates only; `$like` and `$ilike`
 * for text, UUIDs and enumerations.
 */
function operators(type: AttributeType, components: Components): Schema {
  if (type.type === 'enum') return operatorObject(type, components);
  // One operator object per plain type, listed once: `#/components/schemas/UuidOperators`.
  const name = `${type.type[0]!.toUpperCase()}${type.type.slice(1)}Operators`;
  if (!Object.hasOwn(components.schemas, name)) components.add(name, operatorObject(type, components));
  return { $ref: `#/components/schemas/${name}` };
}

function operatorObject(type: AttributeType, components: Components): Schema {
  const operand = operandShape(type);
  const pattern = string({ maxLength: MAX_PATTERN_LENGTH, description: '`%` matches any run of characters' });
  const properties: Record<string, JsonSchema> = { $eq: nullable(operand), $ne: nullable(operand) };
  if (type.type === 'date') for (const op of COMPARISONS) properties[op] = operand;
  if (type.type !== 'date' && type.type !== 'boolean')
    Object.assign(properties, { $like: pattern, $ilike: pattern });
  return {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(properties).map(([op, shape]) => [op, components.schema(shape)]),
    ),
  };
}

function attributes(fields: Attributes, components: Components): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, type]) => [name, operators(type, components)]),
    ),
  };
}

/** The method-2 filter of a resource: its attributes, and its relations with theirs. */
export function filterSchema(resource: ResourceDef, components: Components): Schema {
  const relation = (fields: Attributes): Schema => {
    // The id operator object names the related record itself, when the filter may name its id.
    const hasId = Object.hasOwn(fields, 'id');
    return {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: {
        attributes: attributes(fields, components),
        ...(hasId ? { id: operators({ type: 'uuid' }, components) } : {}),
      },
    };
  };
  return {
    type: 'object',
    description: `The method-2 JSON filter of /${resource.name}.`,
    additionalProperties: false,
    properties: {
      attributes: attributes(resource.attributes, components),
      relationships: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          Object.entries(resource.relations).map(([name, fields]) => [name, relation(fields)]),
        ),
      },
    },
  };
}
