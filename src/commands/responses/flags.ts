/** The arguments of `wfd responses <verb>`, declared once (index.ts and the verbs). */
import type { VerbFlags } from '../../cli/flags.js';

export const GET_RESPONSE = {
  args: [{ name: 'id', help: 'response id (UUID; see `wfd forms get <form-id>`)' }],
  flags: [],
} as const satisfies VerbFlags;
