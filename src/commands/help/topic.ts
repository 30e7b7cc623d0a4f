import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';
import { BULK_EXIT_CODES, exitCodeTable } from '../../exit-codes.js';
import { wrapBlock } from '../../output/wrap-block.js';
import { HELP } from './flags.js';
import { suggestSimilar } from './suggest.js';
import { HELP_TOPIC_NAMES } from './topics.js';

export const HelpOptions = verbSchema(HELP);
export type HelpOptions = z.output<typeof HelpOptions>;

export async function runHelp(options: HelpOptions, ctx: Context): Promise<void> {
  const words = options.topic ?? [];
  const topic = words.join(' ');
  // Topics and command pages are long: paged on a terminal, as `--help` is.
  await ctx.io.startPager();
  if (topic === 'filters') {
    const [{ filtersHelp }, { RESOURCES }] = await Promise.all([
      import('./filters.js'),
      import('../../resources/index.js'),
    ]);
    return writeTopic(ctx, filtersHelp(RESOURCES, ctx.io.terminalWidth()));
  }
  // gh calls its topic `formatting`.
  if (topic === 'formats' || topic === 'formatting') {
    const { FORMATS_HELP } = await import('../../output/render.js');
    return writeTopic(ctx, `${FORMATS_HELP.trimEnd()}\n`);
  }
  if (topic === 'exit-codes') return writeTopic(ctx, exitCodes());
  if (topic === 'environment') return writeTopic(ctx, (await import('./environment.js')).environmentHelp());
  // Otherwise a command path: `wfd help cases list` = `wfd cases list --help`.
  let command: Command = await ctx.program();
  for (const [i, word] of words.entries()) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) throw unknownTopic(words, i, command);
    command = sub;
  }
  await ctx.io.write(command.helpInformation());
}

/** A topic's text re-flowed to the terminal's width (80 columns when piped). */
async function writeTopic(ctx: Context, text: string): Promise<void> {
  const { createTextMetrics } = await import('../../output/text-width.js');
  return ctx.io.write(wrapBlock(text, ctx.io.terminalWidth(), createTextMetrics()));
}

/** `wfd help filter`: what was not found, and what it may have meant. */
function unknownTopic(words: readonly string[], at: number, parent: Command): UsageError {
  const known = words.slice(0, at);
  const names = parent.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const similar = suggestSimilar(words[at]!, at === 0 ? [...HELP_TOPIC_NAMES, ...names] : names);
  const help = (word: string) => `\`${['wfd help', ...known, word].join(' ')}\``;
  return new UsageError(`no help topic or command ${quote(words.join(' '))}`, {
    hint:
      similar.length > 0
        ? `did you mean ${similar.map(help).join(' or ')}?`
        : `topics: ${HELP_TOPIC_NAMES.join(', ')}; or a command, as in \`wfd help cases list\``,
  });
}

type Command = import('commander').Command;

function exitCodes(): string {
  const rows = exitCodeTable.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`);
  return `Exit codes of wfd (a contract: scripts may branch on them)\n\n${rows.join('\n')}\n\n${BULK_EXIT_CODES}\n`;
}

export const verb = defineVerb(HELP, HelpOptions, runHelp);
