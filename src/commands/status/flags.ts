/** The flags of `wfd status`, declared once: index.ts builds commander's options, run.ts its schema. */
import type { VerbFlags } from '../../cli/flags.js';

export const STATUS = {
  flags: [
    {
      flag: 'owner',
      value: 'email',
      kind: 'email',
      help: "only this person's cases and forms: an e-mail, or part of it (alice)",
    },
  ],
} as const satisfies VerbFlags;
