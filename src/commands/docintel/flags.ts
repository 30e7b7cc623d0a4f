/**
 * The arguments and flags of `wfd docintel <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema.
 */
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';

/** `--timeout` when none is given: long enough for a large document, short enough for a CI step. */
export const DEFAULT_WAIT_MS = 600_000;

const KEYS = {
  flag: 'fields',
  value: 'keys',
  kind: 'text',
  help: 'the keys to extract, comma-separated (default: every field found)',
} as const;
const WAIT_TIMEOUT = {
  flag: 'timeout',
  value: 'duration',
  kind: 'duration',
  help: 'with --wait, how long to wait at most (default 10m)',
} as const;

export const CREATE_DOCINTEL = {
  flags: [
    { flag: 'file', value: 'file', kind: 'file', nonEmpty: true, help: 'a document to upload first' },
    { flag: 'attachment', value: 'id', kind: 'uuid', help: 'an attachment already uploaded' },
    KEYS,
    { flag: 'wait', kind: 'switch', help: 'wait for the result and print it' },
    WAIT_TIMEOUT,
    DRY_RUN,
  ],
} as const satisfies VerbFlags;

export const GET_DOCINTEL = {
  args: [{ name: 'job-id', help: 'the id `wfd docintel create` printed' }],
  flags: [{ flag: 'wait', kind: 'switch', help: 'wait until it is completed or failed' }, WAIT_TIMEOUT],
} as const satisfies VerbFlags;

export const EXTRACT_DOCINTEL = {
  args: [{ name: 'file', help: 'the document', nonEmpty: true, file: true }],
  flags: [
    KEYS,
    {
      flag: 'timeout',
      value: 'duration',
      kind: 'duration',
      default: DEFAULT_WAIT_MS,
      defaultHelp: '10m',
      help: 'how long to wait for the result at most',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
