/**
 * The list and count requests of every list resource, built from its table (src/resources): the
 * path is the table's name, the answer's schema comes from its record fields. A list request is
 * the first page's without page params; paginate() adds `page[number]` and `page[size]`.
 */
import type * as z from 'zod/mini';
import type { ApiRequest, QueryParams } from '../core/http/request.js';
import type { Page } from '../core/paginate.js';
import type { FieldDefs, ResourceDef } from '../resources/types.js';
import { Count, envelope, type RecordOf, recordSchema } from './schemas.js';

export type { RecordOf };

const pageSchemas = new WeakMap<ResourceDef, z.ZodMiniType>();

/** The paginated envelope of the resource's records, built once per table. */
function pageSchema<F extends FieldDefs>(resource: ResourceDef<F>): z.ZodMiniType<Page<RecordOf<F>>> {
  let schema = pageSchemas.get(resource);
  if (!schema) {
    schema = envelope(recordSchema(resource));
    pageSchemas.set(resource, schema);
  }
  return schema as z.ZodMiniType<Page<RecordOf<F>>>;
}

/** GET /v1/<name> with the given filters and sort (spec: "Endpoints", "Filtering", "Sorting"). */
export function listRequest<F extends FieldDefs>(
  resource: ResourceDef<F>,
  query: QueryParams,
): ApiRequest<Page<RecordOf<F>>> {
  return { method: 'GET', path: `/${resource.name}`, query, schema: () => pageSchema(resource) };
}

/** GET /v1/<name>/count: the number of records the filters match. */
export function countRequest(resource: ResourceDef, query: QueryParams): ApiRequest<number> {
  return { method: 'GET', path: `/${resource.name}/count`, query, schema: Count };
}
