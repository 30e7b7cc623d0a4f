/**
 * The arguments and flags of `wfd cases <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema. list, count, archive and unarchive take theirs from
 * the cases table (cli/flags.ts).
 */
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';

const ID = {
  name: 'id',
  help: 'case id (UUID), its first 8+ characters, or its reference; a prefix or reference costs one GET /v1/cases',
} as const;

export const GET_CASE = { args: [ID], flags: [] } as const satisfies VerbFlags;

export const CREATE_CASE = {
  flags: [
    {
      flag: 'template',
      value: 'id',
      kind: 'text',
      required: true,
      help: 'case template id, its first 8+ characters or its reference (one GET)',
    },
    {
      flag: 'title',
      value: 'title',
      kind: 'text',
      required: true,
      trim: true,
      nonEmpty: true,
      help: 'case title',
    },
    {
      flag: 'set',
      value: 'key=value',
      kind: 'text',
      repeatable: true,
      help: 'a data field; JSON values (numbers, true, null) are typed (repeatable)',
    },
    {
      flag: 'body',
      value: 'file',
      kind: 'file',
      help: 'JSON request body from a file, or - for stdin; flags override its fields',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;

export const UPDATE_CASE_DATA = {
  args: [ID],
  flags: [
    {
      flag: 'set',
      value: 'key=value',
      kind: 'text',
      repeatable: true,
      help: 'a data field; JSON values are typed (repeatable)',
    },
    {
      flag: 'body',
      value: 'file',
      kind: 'file',
      help: 'JSON object of data fields from a file, or - for stdin',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
