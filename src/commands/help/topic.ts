import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { describeRules, SPEC_LIMITS } from '../../core/budget/rules.js';
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
  if (topic === 'formats') {
    const { FORMATS_HELP } = await import('../../output/render.js');
    return writeTopic(ctx, `${FORMATS_HELP.trimEnd()}\n`);
  }
  if (topic === 'exit-codes') return writeTopic(ctx, exitCodes());
  if (topic === 'environment') return writeTopic(ctx, ENVIRONMENT);
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

const ENVIRONMENT = `Environment variables

  WFD_TOKEN          an API token for this run; overrides every profile
  WFD_BASE_URL       the API host root (without /v1); overridden by --base-url
  WFD_PROFILE        the profile to use; overridden by --profile
  WFD_CONFIG_DIR     the config folder (mode 0700) and its config.json (profiles and tokens, mode 0600); by default $XDG_CONFIG_HOME/wfd or ~/.config/wfd (Linux), ~/Library/Preferences/wfd (macOS), %APPDATA%\\wfd\\Config (Windows); made when wfd first saves to it, never by a command that only reads
  WFD_CACHE_DIR      the cache folder, which keeps V8's compiled code of wfd for faster starts (per Node version, flags and install of wfd, each file checked before use; safe to delete; not used when group or others may write to it); by default $XDG_CACHE_HOME/wfd or ~/.cache/wfd (Linux), ~/Library/Caches/wfd (macOS), %LOCALAPPDATA%\\wfd\\Cache (Windows); NODE_DISABLE_COMPILE_CACHE=1 turns it off
  WFD_RATE_LIMIT     client-side rate limit: spec (default: ${describeRules(SPEC_LIMITS.rules)}), off, or N/DURATION[,M/DURATION]; --request-rate overrides it
  WFD_MAX_WAIT       the longest wfd waits before a request, whether a server asks it to (Retry-After) or the client-side rate budget holds it (default 15m, at most 24h); a longer wait fails at once (exit 7 for a 429 or a hold), saying when to try again. Bulk runs (attachments export, archive, unarchive) wait out a hold as long as the budget's longest window (1h: the hourly budget) unless WFD_MAX_WAIT is set, and say so when they do
  WFD_CLIENT_ID      OAuth client id
  WFD_CLIENT_SECRET  OAuth client secret
  WFD_PAGER          the pager of long output on a terminal (run by the shell; cat: none); before the config's pager, then PAGER, then less (with LESS=FRX when LESS is unset; none on Windows)
  WFD_PROMPT_DISABLED  any value but 0 or false: never prompt, as --no-input (also \`wfd config set prompt disabled\`)
  NO_COLOR           any value turns colour off
  FORCE_COLOR        turns colour on even when stdout is not a terminal

Credentials are chosen in this order: WFD_TOKEN, --profile, WFD_PROFILE, the current profile.

Settings kept in the config file: \`wfd config list\`.
`;

export const verb = defineVerb(HELP, HelpOptions, runHelp);
