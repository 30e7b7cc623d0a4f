/** Registers `wfd config <verb>`: settings kept in the config file, as gh's. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { SETTINGS, type SettingDef } from '../../core/settings.js';
import { CONFIG_GET, CONFIG_LIST, CONFIG_SET, CONFIG_UNSET } from './flags.js';

/** The settings, a paragraph each, for the help of `set` and `list`. */
const KEYS_HELP = (SETTINGS as readonly SettingDef[])
  .map(
    (def) =>
      `${def.key}${def.values ? ` (${def.values.join(', ')})` : ''}: ${def.help}${def.perProfile ? '. May differ per profile (--profile)' : ''}.`,
  )
  .join('\n\n');

export function registerConfigCommands(config: Command): void {
  addExamples(config, ['wfd config set pager cat', 'wfd config list']);

  addExamples(addVerbFlags(config.command('get').description('Print the value of a setting'), CONFIG_GET), [
    'wfd config get pager',
    'wfd --profile acme config get output',
  ]).action(lazy(() => import('./get.js')));

  addExamples(
    addVerbFlags(
      config
        .command('set')
        .summary('Save a setting, for all profiles or with --profile for one')
        .description(`Save a setting, for all profiles or with --profile for one\n\n${KEYS_HELP}`),
      CONFIG_SET,
    ),
    [
      'wfd config set pager "less -S"',
      'wfd config set prompt disabled',
      'wfd --profile acme config set output json',
    ],
  ).action(lazy(() => import('./set.js')));

  addExamples(
    addVerbFlags(
      config.command('unset').description('Remove a setting: its default applies again'),
      CONFIG_UNSET,
    ),
    ['wfd config unset pager'],
  ).action(lazy(() => import('./unset.js')));

  addExamples(
    addVerbFlags(
      config
        .command('list')
        .alias('ls')
        .summary('Print every setting as key=value')
        .description(
          `Print every setting in force as key=value (with --profile, for that profile)\n\n${KEYS_HELP}`,
        ),
      CONFIG_LIST,
    ),
    ['wfd config list', 'wfd --profile acme config list'],
  ).action(lazy(() => import('./list.js')));
}
