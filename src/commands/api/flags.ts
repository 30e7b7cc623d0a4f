/** The arguments and flags of `wfd api`, declared once (index.ts and the verb). */
import type { Completion } from '../../cli/completion-values.js';
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';
import { openApiDescription } from '../../openapi/document.js';
import { pathSummaries } from '../../openapi/operations.js';
import { METHODS } from './methods.js';

/**
 * The API's paths from the description bundled in wfd (`wfd sandbox openapi`), with what each
 * does: read only when completion scripts are made, which then hold them (no request while
 * completing). `first`: the methods come first, as the first argument may be either.
 */
function describedPaths(first: boolean): Completion {
  return {
    kind: 'values',
    get values() {
      return [...(first ? METHODS : []), ...pathSummaries(openApiDescription())];
    },
  };
}

export const API = {
  args: [
    {
      name: 'method-or-path',
      help: `METHOD (${METHODS.join(', ')}); GET when left out`,
      completion: describedPaths(true),
    },
    {
      name: 'path',
      optional: true,
      help: 'a path under /v1 (/cases?status=new), or at the host root (/.well-known/...)',
      completion: describedPaths(false),
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
    {
      flag: 'check',
      kind: 'switch',
      help: "check the method, path, query and body against the API's description first; exit 2 on a mismatch, nothing sent",
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
