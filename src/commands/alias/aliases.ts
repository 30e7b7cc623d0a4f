/**
 * The rules of an alias (a name that no command has, an expansion that starts with a command or
 * `!`), and the `name: expansion` lines `alias list` prints and `alias import` reads (the YAML
 * subset gh's alias files use: plain, 'single-quoted' and "double-quoted" values, # comments).
 */
import { ALIAS_NAME, splitWords } from '../../cli/alias-expansion.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';

/** Checks a new alias against wfd's `commands` (the nouns); UsageError (exit 2) saying what is wrong. */
export function checkAlias(name: string, expansion: string, commands: readonly string[]): void {
  if (commands.includes(name))
    throw new UsageError(`${quote(name)} is a command of wfd: an alias cannot shadow it`, {
      hint: 'choose another name',
    });
  if (!ALIAS_NAME.test(name))
    throw new UsageError(`invalid alias name ${quote(name)}: letters, digits, '.', '_' and '-', up to 64`);
  if (expansion.startsWith('!')) {
    if (expansion.slice(1).trim() === '') throw new UsageError(`the shell alias ${name} has no command line`);
    return;
  }
  const [first] = splitWords(expansion);
  if (first === undefined || !commands.includes(first))
    throw new UsageError(
      `the expansion of ${name} must start with a command of wfd, not ${quote(first ?? '')}`,
      {
        hint: `for example 'cases list --owner $1'; a shell command line starts with ! (or use --shell)`,
      },
    );
}

/** The names of wfd's commands, which no alias may take. */
export async function commandNames(ctx: Context): Promise<string[]> {
  return (await ctx.program()).commands.map((command) => command.name());
}

/** A value as YAML reads it back: plain when it can be, else single-quoted. */
function yamlValue(value: string): string {
  const plain =
    /^[^\s'"!&*#|>%@`{[\-?:,][^\n]*$/.test(value) && !/(: | #)/.test(value) && value === value.trim();
  return plain ? value : `'${value.replaceAll("'", "''")}'`;
}

/** `name: expansion` lines, sorted by name. */
export function aliasLines(aliases: Record<string, string>): string {
  return Object.keys(aliases)
    .sort()
    .map((name) => `${name}: ${yamlValue(aliases[name]!)}\n`)
    .join('');
}

/** The aliases of an import file: a JSON object of strings, or `name: expansion` lines. */
export function parseAliasFile(text: string, source: string): Record<string, string> {
  const where = source === '-' ? 'stdin' : source;
  if (text.trimStart().startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
    }
    const entries = Object.entries(data as Record<string, unknown>);
    const bad = entries.find(([, value]) => typeof value !== 'string');
    if (bad) throw new UsageError(`${where}: the expansion of ${quote(bad[0])} is not a string`);
    return Object.fromEntries(entries) as Record<string, string>;
  }
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*(#|$)/.test(line)) return;
    const match = /^([^\s:#][^:]*?):\s+(.*?)\s*$/.exec(line) ?? /^([^\s:#][^:]*?):()$/.exec(line);
    if (!match) throw new UsageError(`${where}, line ${index + 1}: expected \`name: expansion\``);
    out[match[1]!] = scalar(match[2]!, `${where}, line ${index + 1}`);
  });
  return out;
}

/** A YAML scalar of one line: 'single' ('' is a quote), "double" (JSON escapes), or plain (a trailing # comment dropped). */
function scalar(text: string, where: string): string {
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new UsageError(`${where}: unclosed ' quote`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      throw new UsageError(`${where}: a "double-quoted" value must be closed, with JSON's escapes`);
    }
  }
  return text.replace(/\s+#.*$/, '');
}
