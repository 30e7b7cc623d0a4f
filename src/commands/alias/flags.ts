/** The arguments and flags of `wfd alias <verb>`, declared once (index.ts and the verbs). */
import type { VerbFlags } from '../../cli/flags.js';

export const ALIAS_SET = {
  args: [
    { name: 'name', help: 'the word that stands for the expansion (not a command of wfd)' },
    {
      name: 'expansion',
      help: 'wfd words, with $1..$N for its arguments; with a leading ! a shell command line',
    },
  ],
  flags: [
    {
      flag: 'shell',
      short: 's',
      kind: 'switch',
      help: 'the expansion is a shell command line (as a leading !)',
    },
  ],
} as const satisfies VerbFlags;

export const ALIAS_DELETE = {
  args: [{ name: 'name', help: 'an alias', completion: { kind: 'aliases' } }],
  flags: [],
} as const satisfies VerbFlags;

export const ALIAS_LIST = { flags: [] } as const satisfies VerbFlags;

export const ALIAS_IMPORT = {
  args: [
    {
      name: 'file',
      file: true,
      help: 'a file of `name: expansion` lines (or a JSON object), or - for stdin',
    },
  ],
  flags: [
    { flag: 'clobber', kind: 'switch', help: 'replace aliases that exist already (else they are kept)' },
  ],
} as const satisfies VerbFlags;
