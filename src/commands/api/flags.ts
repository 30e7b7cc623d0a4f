/** The arguments and flags of `wfd api`, declared once (index.ts and the verb). */
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';
import { METHODS } from './methods.js';

export const API = {
  args: [
    {
      name: 'method-or-path',
      help: `METHOD (${METHODS.join(', ')}); GET when left out`,
      completion: METHODS,
    },
    {
      name: 'path',
      optional: true,
      help: 'a path under /v1 (/cases?status=new), or at the host root (/.well-known/...)',
    },
  ],
  flags: [
    {
      flag: 'method',
      short: 'X',
      value: 'method',
      kind: 'text',
      values: METHODS,
      help: `the method: ${METHODS.join(', ')}`,
    },
    {
      flag: 'raw-field',
      short: 'f',
      value: 'key=value',
      kind: 'text',
      repeatable: true,
      help: 'a string field (repeatable)',
    },
    {
      flag: 'field',
      short: 'F',
      value: 'key=value',
      kind: 'text',
      repeatable: true,
      help: 'a typed field: numbers, true, false, null, @file or @- for stdin (repeatable)',
    },
    {
      flag: 'header',
      short: 'H',
      value: 'header',
      kind: 'text',
      repeatable: true,
      help: "an extra header, 'Name: value' (repeatable)",
    },
    { flag: 'input', value: 'file', kind: 'file', help: 'the JSON body from a file, or - for stdin' },
    {
      flag: 'include',
      short: 'i',
      kind: 'switch',
      help: 'print the status line and headers before the body',
    },
    {
      flag: 'paginate',
      kind: 'switch',
      help: 'fetch every page of a collection; one JSON array (-o ndjson: a record a line); --jq and --query see that whole array (with -o ndjson: each record), not each page as in gh',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
