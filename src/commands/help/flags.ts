/** The argument of `wfd help`, declared once (index.ts and the verb). */
import type { VerbFlags } from '../../cli/flags.js';
import { HELP_TOPICS } from './topics.js';

export const HELP = {
  args: [
    {
      name: 'topic',
      optional: true,
      variadic: true,
      help: 'a topic, or a command such as "cases list"',
      completion: { kind: 'commands', values: HELP_TOPICS },
    },
  ],
  flags: [],
} as const satisfies VerbFlags;
