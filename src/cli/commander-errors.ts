/**
 * Commander's parse errors in the house style (lower-case, no full stop, the offending value
 * quoted) with a hint naming the right command. Each error is worded from its code; commander
 * keeps the values it complains about only in its message, so those (and its "did you mean"
 * suggestion) are read out of the message where that code puts them, and the rest comes from
 * the command itself.
 */
import type { Command, CommanderError } from 'commander';
import { UsageError } from '../core/errors.js';
import { quote } from '../core/text/quote.js';
import { commandPath } from './help-page.js';

/** What a usage hint points the reader to on a command's help page. */
type HelpPart = 'options' | 'arguments' | 'commands' | 'usage';

/** `run \`wfd cases list --help\` to see the options` */
export function helpHint(command: Command, part: HelpPart = 'usage'): string {
  return `run \`${commandPath(command)} --help\` to see the ${part}`;
}

/** The values `pattern` captures from a commander message, or undefined when it does not match. */
function fields(message: string, pattern: RegExp): string[] | undefined {
  return pattern.exec(message)?.slice(1);
}

/** commander's `(Did you mean --limit?)` / `(Did you mean one of a, b?)`, as a list. */
function suggestions(message: string): string[] {
  const match = /\(Did you mean (?:one of )?(.+)\?\)$/.exec(message);
  return match ? match[1]!.split(', ') : [];
}

/** `-L, --limit <n>` -> `--limit`: the long flag a person types, else the short one. */
function flagName(flags: string): string {
  return /--[\w-]+/.exec(flags)?.[0] ?? flags.split(/[ ,|]+/)[0]!;
}

/** `command.args` beyond what its arguments take: the words commander found too many. */
function excessArguments(command: Command): string[] {
  if (command.registeredArguments.some((argument) => argument.variadic)) return [];
  return command.args.slice(command.registeredArguments.length);
}

/**
 * The UsageError (exit 2) for a commander error raised while parsing a command line that names
 * `command` (the deepest command it names: see invokedCommand in src/program.ts).
 */
export function fromCommanderError(error: CommanderError, command: Command): UsageError {
  const message = error.message.replace(/^error: /, '');
  const usage = (text: string, part: HelpPart) => new UsageError(text, { hint: helpHint(command, part) });
  switch (error.code) {
    case 'commander.unknownOption': {
      const [flag] = fields(message, /^unknown option '(.*)'/s) ?? [];
      if (flag === undefined) break;
      const [first, ...others] = suggestions(message);
      const hint = helpHint(command, 'options');
      return new UsageError(`unknown option ${quote(flag)}`, {
        hint: first ? `did you mean ${[first, ...others].join(' or ')}? ${hint}` : hint,
      });
    }
    case 'commander.unknownCommand': {
      const [name] = fields(message, /^unknown command '(.*)'/s) ?? [];
      if (name === undefined) break;
      const parent = commandPath(command);
      const where = command.parent ? ` for \`${parent}\`` : '';
      const similar = suggestions(message).map((word) => `\`${parent} ${word}\``);
      return new UsageError(`unknown command ${quote(name)}${where}`, {
        hint: similar.length > 0 ? `did you mean ${similar.join(' or ')}?` : helpHint(command, 'commands'),
      });
    }
    case 'commander.missingArgument': {
      const [name] = fields(message, /^missing required argument '(.*)'$/s) ?? [];
      if (name === undefined) break;
      const argument = command.registeredArguments.find((a) => a.name() === name);
      return usage(`missing argument <${name}${argument?.variadic ? '...' : ''}>`, 'arguments');
    }
    case 'commander.excessArguments': {
      const extra = excessArguments(command);
      if (extra.length === 0) break;
      const s = extra.length === 1 ? '' : 's';
      const part = command.registeredArguments.length > 0 ? 'arguments' : 'usage';
      return usage(`unexpected argument${s} ${extra.map((word) => quote(word)).join(', ')}`, part);
    }
    case 'commander.optionMissingArgument': {
      const [flags] = fields(message, /^option '(.*)' argument missing$/s) ?? [];
      if (flags === undefined) break;
      return usage(`${flagName(flags)} needs a value`, 'options');
    }
    case 'commander.missingMandatoryOptionValue': {
      const [flags] = fields(message, /^required option '(.*)' not specified$/s) ?? [];
      if (flags === undefined) break;
      return usage(`missing required option ${flagName(flags)}`, 'options');
    }
    case 'commander.invalidArgument': {
      const option = fields(message, /^option '(.*)' argument '(.*)' is invalid\. (.*)$/s);
      if (option) {
        const [flags, value, reason] = option as [string, string, string];
        return usage(`invalid ${flagName(flags)} ${quote(value)}: ${reason}`, 'options');
      }
      const argument = fields(
        message,
        /^command-argument value '(.*)' is invalid for argument '(.*)'\. (.*)$/s,
      );
      if (argument) {
        const [value, name, reason] = argument as [string, string, string];
        return usage(`invalid <${name}> ${quote(value)}: ${reason}`, 'arguments');
      }
      break;
    }
  }
  // A code without its own wording (or a message of a shape not seen before): commander's text,
  // on one line, in the house style.
  const text = message.replace(/\s*\n\s*/g, ' ').replace(/\.$/, '');
  return usage(`${text.charAt(0).toLowerCase()}${text.slice(1)}`, 'usage');
}
