import type { ResourceDef } from '../../resources/types.js';
import { UsageError } from '../errors.js';

/** The resource, when it takes a method-2 filter; form templates take none (UsageError). */
export function requireFilterable(resource: ResourceDef, flag: string): ResourceDef {
  if (!resource.filterable)
    throw new UsageError(
      `${flag}: ${resource.noun} cannot be filtered (the API lists them with pagination and sort only)`,
    );
  return resource;
}
