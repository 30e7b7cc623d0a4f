/**
 * The settings of `wfd config` (as gh's): a documented set of keys kept in config.json, under
 * `settings` for all profiles and under a profile's own `settings` where a key may differ per
 * profile. Read with one synchronous file read, so the terminal facts (pager, prompts, colour,
 * the default format) can be settled before a command runs. Plain data and a small reader only.
 */
import { join } from 'node:path';
import { OUTPUT_FORMATS } from '../global-options.js';
import { CONFIG_FILE, configDir } from './auth/config-paths.js';
import { followOwnLink, readStateFile } from './files/state-file.js';
import { isRecord } from './guards.js';

export interface SettingDef {
  readonly key: string;
  readonly help: string;
  /** the only values it takes; any text when absent */
  readonly values?: readonly string[];
  /** the value when none is set ('' for none) */
  readonly default: string;
  /** may be set per profile (`--profile NAME`) as well as for all */
  readonly perProfile: boolean;
}

export const SETTINGS = [
  {
    key: 'pager',
    help: 'the program long output goes through on a terminal; cat (or an empty value) turns paging off. WFD_PAGER overrides it; PAGER, then less (none on Windows), when unset',
    default: '',
    perProfile: false,
  },
  {
    key: 'prompt',
    values: ['enabled', 'disabled'],
    help: 'disabled: never prompt, as --no-input (also WFD_PROMPT_DISABLED=1)',
    default: 'enabled',
    perProfile: true,
  },
  {
    key: 'browser',
    help: "the program that opens web pages (OAuth login), given the URL as its last argument; empty: BROWSER, else the system's",
    default: '',
    perProfile: false,
  },
  {
    key: 'output',
    values: OUTPUT_FORMATS,
    help: 'the output format on a terminal when no -o is given (piped output stays plain)',
    default: 'table',
    perProfile: true,
  },
  {
    key: 'owner',
    help: 'whose cases and forms `wfd status` shows when no --owner is given: an e-mail, or part of one; empty: everyone',
    default: '',
    perProfile: true,
  },
  {
    key: 'color',
    values: ['auto', 'always', 'never'],
    help: 'colour on a terminal: auto, always or never (NO_COLOR, CLICOLOR, FORCE_COLOR and --no-color win)',
    default: 'auto',
    perProfile: false,
  },
] as const satisfies readonly SettingDef[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export type Settings = Partial<Record<SettingKey, string>>;

export const SETTING_KEYS: readonly SettingKey[] = SETTINGS.map((def) => def.key);

export function settingNamed(key: string): SettingDef | undefined {
  return SETTINGS.find((def) => def.key === key);
}

/** The `settings` object of a parsed config file, or of its profile `name`; only known keys with text values. */
export function settingsIn(data: unknown, profile?: string): Settings {
  const holder = profile === undefined ? data : profileIn(data, profile);
  const stored = isRecord(holder) ? holder.settings : undefined;
  const out: Settings = {};
  if (!isRecord(stored)) return out;
  for (const key of SETTING_KEYS) if (typeof stored[key] === 'string') out[key] = stored[key];
  return out;
}

function profileIn(data: unknown, name: string): unknown {
  const profiles = isRecord(data) ? data.profiles : undefined;
  return isRecord(profiles) && Object.hasOwn(profiles, name) ? profiles[name] : undefined;
}

/**
 * The config file's data, or undefined when there is none or it cannot be read (settings then
 * have defaults). Read by the rules of every state file, as the profiles are: a `pager` or
 * `browser` names a program wfd runs, so a planted link or a file in a folder others may write
 * is not taken.
 */
export function readConfigData(env: NodeJS.ProcessEnv): unknown {
  try {
    const text = readStateFile(followOwnLink(join(configDir(env), CONFIG_FILE)));
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    // A broken or unsafe file is reported by the commands that need it (profiles, tokens), not here.
    return undefined;
  }
}

/**
 * The settings in force for a run: the profile's own (--profile, else WFD_PROFILE, else the
 * current profile) over the ones for all profiles; unset keys are absent.
 */
export function effectiveSettings(data: unknown, profile: string | undefined): Settings {
  const current = isRecord(data) && typeof data.currentProfile === 'string' ? data.currentProfile : undefined;
  const name = profile ?? current;
  return { ...settingsIn(data), ...(name === undefined ? {} : settingsIn(data, name)) };
}

/** The aliases of a parsed config file (`wfd alias`): name -> expansion, text values only. */
export function aliasesIn(data: unknown): Record<string, string> {
  const stored = isRecord(data) ? data.aliases : undefined;
  const out: Record<string, string> = {};
  if (!isRecord(stored)) return out;
  for (const [name, expansion] of Object.entries(stored))
    if (typeof expansion === 'string') out[name] = expansion;
  return out;
}
