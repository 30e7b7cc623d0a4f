/**
 * The arguments of `wfd form-templates <verb>`, declared once (index.ts and the verbs); list
 * takes its flags from the form templates table (cli/flags.ts).
 */
import type { VerbFlags } from '../../cli/flags.js';

/** The `<slug>` argument of `options` and `steps`. */
export const SLUG_ARGUMENT = {
  args: [
    {
      name: 'slug',
      help: 'form template slug (see `wfd form-templates list`)',
      trim: true,
      nonEmpty: true,
    },
  ],
  flags: [],
} as const satisfies VerbFlags;
