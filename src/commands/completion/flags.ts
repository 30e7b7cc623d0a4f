/** The argument and flag of `wfd completion`, declared once (index.ts and the verb). */
import type { VerbFlags } from '../../cli/flags.js';
import { SHELLS } from './shells.js';

export const COMPLETION = {
  // Optional for commander, so that --profiles runs alone; the verb asks for it otherwise.
  args: [{ name: 'shell', optional: true, values: SHELLS, help: 'bash, zsh, fish or powershell' }],
  flags: [
    {
      flag: 'profiles',
      kind: 'switch',
      help: 'print the saved profile names, one a line (the scripts complete them so)',
    },
    {
      flag: 'aliases',
      kind: 'switch',
      help: 'print the names of the aliases, one a line (the scripts complete them so)',
    },
    {
      flag: 'statuses',
      kind: 'switch',
      help: 'print the case status values in use (one request), one a line',
    },
  ],
} as const satisfies VerbFlags;
