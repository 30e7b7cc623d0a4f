/** Attribute types and filters that several resources share. */
import type { Attributes, AttributeType, FilterFlag, RecordFields } from './types.js';

export const STRING: AttributeType = { type: 'string' };
export const BOOLEAN: AttributeType = { type: 'boolean' };
export const DATE: AttributeType = { type: 'date' };
export const UUID: AttributeType = { type: 'uuid' };
export const EMAIL: AttributeType = { type: 'email' };

export const OWNER_RELATION = { id: UUID, email: EMAIL } as const;
export const WORKSPACE_RELATION = { id: UUID, slug: STRING } as const;

/** The time stamps of cases and case templates. */
export const RECORD_TIMES = { archived_at: DATE, created_at: DATE, updated_at: DATE } as const;

/** `--archived/--no-archived` as cases and case templates take it. */
export function archivedFilter(what: string): FilterFlag {
  return {
    flag: 'archived',
    kind: 'boolean',
    param: 'archived',
    help: `only archived ${what} (--no-archived: only the others)`,
  };
}

/** `--owner <email|id>`: owner[email] or owner[id], by the value's shape. */
export const OWNER_FILTER: FilterFlag = {
  flag: 'owner',
  value: 'email|id',
  kind: 'uuid-or-email',
  params: { uuid: 'owner[id]', email: 'owner[email]' },
  help: "owner's e-mail, part of it (alice: any e-mail containing it), or id",
  probeAlone: 'an owner',
};

/** `--workspace <slug|id>`: workspace[slug] or workspace[id], by the value's shape. */
export const WORKSPACE_FILTER: FilterFlag = {
  flag: 'workspace',
  value: 'slug|id',
  kind: 'uuid-or-slug',
  params: { uuid: 'workspace[id]', slug: 'workspace[slug]' },
  help: 'workspace slug or id',
};

/**
 * The names `--fields` takes: the record's top-level fields, then `field.part` for the parts of
 * its objects and relations the spec names (`owner.email`), which completion offers after `owner.`.
 */
export function fieldNames(
  record: RecordFields,
  parts: Readonly<Record<string, Attributes | readonly string[]>>,
): string[] {
  const nested = Object.entries(parts).flatMap(([field, of]) =>
    (Array.isArray(of) ? of : Object.keys(of)).map((part) => `${field}.${part}`),
  );
  return [...Object.keys(record), ...nested];
}
