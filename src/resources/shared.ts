/** The value shapes several resources share, and the filters cases and case templates share. */

import { named, nullable, object, string } from './schema.js';
import type { FilterFlag } from './types.js';

// Patterns are written for JSON Schema (ECMA-262, no flags): the document states them, the
// client checks flags and `--where` values with them, the sandbox checks requests with them.

/** A UUID in its canonical form, any version, either case. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** An e-mail address: dot-separated atoms, `@`, a domain of two labels or more (JSON Schema's `email` format). */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$";

// A real calendar date (29 February in leap years only), years 0000 to 9999.
const DAY =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
const TIME = 'T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)?';

/**
 * An ISO 8601 date as filters take it: a date, or a date and a time to the minute with optional
 * seconds and fraction, then optionally `Z` or an offset; no zone means UTC.
 */
export const ISO_DATE_PATTERN = `^${DAY}(?:${TIME})?$`;

/** A slug: lower-case letters, digits, `-` and `_`, not starting with `-` or `_`. */
export const SLUG_PATTERN = '^[a-z0-9][a-z0-9_-]*$';

export const Uuid = named('Uuid', string({ format: 'uuid', pattern: UUID_PATTERN }));
export const Email = named('Email', string({ format: 'email', pattern: EMAIL_PATTERN }));
/** A time stamp the API sends: ISO 8601 in UTC, as `2026-01-31T09:30:00.000Z`. */
export const DateTime = named('DateTime', string({ format: 'date-time' }));
/** A date a filter compares with. */
export const IsoDate = named(
  'IsoDate',
  string({
    pattern: ISO_DATE_PATTERN,
    description: 'a date (2026-01-31) or a date and time (2026-01-31T09:30:00Z); no zone means UTC',
  }),
);
export const Slug = named('Slug', string({ pattern: SLUG_PATTERN }));
/** Text a person typed: not empty. */
export const Text = string({ minLength: 1 });

/** The owner of a record: a user of the workspace. */
export const Owner = named(
  'Owner',
  object({ id: Uuid, email: Email, name: nullable(string()) }, { required: ['id', 'email'] }),
);
export const Workspace = named(
  'Workspace',
  object({ id: Uuid, slug: string(), name: string() }, { required: ['id', 'slug', 'name'] }),
);
export const WorkspaceRef = named(
  'WorkspaceRef',
  object({ id: Uuid, slug: string() }, { required: ['id', 'slug'] }),
);

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
