/**
 * The global options as commander options, made once and shared by every command of the tree
 * (commander keeps values per command, not per option), so a command can tell its own options
 * from the inherited globals.
 */
import { Option } from 'commander';
import { GLOBAL_OPTIONS } from '../global-options.js';
import { durationArg, intArg } from './arg-parsers.js';
import { completeWith } from './completion-values.js';
import { GLOBAL_GROUP } from './help-page.js';

let made: readonly Option[] | undefined;

/** The global options, shown under "Global options" in help. */
export function globalCommanderOptions(): readonly Option[] {
  made ??= GLOBAL_OPTIONS.map((def) => {
    const option = new Option(def.flags, def.help).helpGroup(GLOBAL_GROUP);
    if (def.kind === 'int') option.argParser(intArg(def.min, def.max));
    if (def.kind === 'duration') option.argParser(durationArg());
    if ('choices' in def) completeWith(option, def.choices);
    if ('profileName' in def) completeWith(option, { kind: 'profiles' });
    return option;
  });
  return made;
}

const variants = new Set<Option>();

/**
 * A global option spelled another way on one command, which takes it instead of the global's
 * spelling (`wfd api`'s `-q` is `--jq`, as in `gh api`): its value is the global's (the same
 * attribute), and help lists it with the global options.
 */
export function globalOptionVariant(flags: string, help: string): Option {
  const option = new Option(flags, help).helpGroup(GLOBAL_GROUP);
  variants.add(option);
  return option;
}

/** True for one of the global options (not a command's own option of the same name). */
export function isGlobalOption(option: Option): boolean {
  return variants.has(option) || globalCommanderOptions().includes(option);
}
