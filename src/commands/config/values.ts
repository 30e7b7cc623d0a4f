/**
 * Reading and writing `wfd config` settings in the config file: for all profiles, or with
 * --profile for one (the keys that may differ per profile).
 */
import type { Context } from '../../context.js';
import type { ConfigStore } from '../../core/auth/store.js';
import { UsageError } from '../../core/errors.js';
import { SETTINGS, type SettingDef, type SettingKey, settingNamed, settingsIn } from '../../core/settings.js';
import { quote } from '../../core/text/quote.js';
import { noProfileNamed } from '../auth/shared.js';

/** The setting `key` names (the argument's values were checked when parsed). */
export function settingDef(key: string): SettingDef {
  const def = settingNamed(key);
  if (!def)
    throw new UsageError(
      `unknown setting ${quote(key)}: expected one of ${SETTINGS.map((d) => d.key).join(', ')}`,
    );
  return def;
}

/** The profile --profile names, checked: it exists. */
export function namedProfile(store: ConfigStore, ctx: Context): string | undefined {
  const name = ctx.globals.profile;
  if (name !== undefined && !store.profile(name)) throw noProfileNamed(store, name);
  return name;
}

/** The profile --profile names for `def`, checked: `def` may be set per profile, and the profile exists. */
export function targetProfile(store: ConfigStore, ctx: Context, def: SettingDef): string | undefined {
  if (ctx.globals.profile !== undefined && !def.perProfile)
    throw new UsageError(`${def.key} is one setting for all profiles: drop --profile`, {
      hint: `per profile: ${SETTINGS.filter((d) => d.perProfile)
        .map((d) => d.key)
        .join(', ')}`,
    });
  return namedProfile(store, ctx);
}

/** The value in force: the profile's own (when given and allowed), else the one for all, else the default. */
export function settingValue(store: ConfigStore, def: SettingDef, profile: string | undefined): string {
  const data = store.contents();
  const own =
    profile !== undefined && def.perProfile ? settingsIn(data, profile)[def.key as SettingKey] : undefined;
  return own ?? settingsIn(data)[def.key as SettingKey] ?? def.default;
}
