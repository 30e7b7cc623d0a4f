/** The arguments of `wfd config <verb>`, declared once (index.ts and the verbs). */
import type { VerbFlags } from '../../cli/flags.js';
import { SETTING_KEYS } from '../../core/settings.js';

const KEY = { name: 'key', values: SETTING_KEYS, help: `a setting: ${SETTING_KEYS.join(', ')}` } as const;

export const CONFIG_GET = { args: [KEY], flags: [] } as const satisfies VerbFlags;
export const CONFIG_SET = {
  args: [KEY, { name: 'value', help: 'its value' }],
  flags: [],
} as const satisfies VerbFlags;
export const CONFIG_UNSET = { args: [KEY], flags: [] } as const satisfies VerbFlags;
export const CONFIG_LIST = { flags: [] } as const satisfies VerbFlags;
