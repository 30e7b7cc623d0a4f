/** The arguments and flags of `wfd signatures <verb>`, declared once (index.ts and the verbs). */
import type { VerbFlags } from '../../cli/flags.js';

const ID = {
  name: 'id',
  help: 'signature id, whole (the API has no list of signatures to find a prefix in; see `wfd responses get <id>`)',
} as const;

export const GET_SIGNATURE = { args: [ID], flags: [] } as const satisfies VerbFlags;

export const DOWNLOAD_SIGNATURE = {
  args: [ID],
  flags: [
    {
      flag: 'output-file',
      short: 'O',
      value: 'file',
      kind: 'file',
      required: true,
      nonEmpty: true,
      help: 'where to save it, or - for stdout (not a terminal)',
    },
  ],
} as const satisfies VerbFlags;
