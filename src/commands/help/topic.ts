import { z } from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { exitCodeTable } from '../../exit-codes.js';
import { defineVerb } from '../verb.js';
import { HELP_TOPICS } from './index.js';

export const HelpOptions = z.object({ topic: z.array(z.string()).optional() });
export type HelpOptions = z.infer<typeof HelpOptions>;

export async function runHelp(options: HelpOptions, ctx: Context): Promise<void> {
  const words = options.topic ?? [];
  const topic = words.join(' ');
  if (topic === 'filters') return ctx.io.write(FILTERS);
  if (topic === 'formats') {
    const { FORMATS_HELP } = await import('../../output/render.js');
    return ctx.io.write(`${FORMATS_HELP.trimEnd()}\n`);
  }
  if (topic === 'exit-codes') return ctx.io.write(exitCodes());
  if (topic === 'environment') return ctx.io.write(ENVIRONMENT);
  // Otherwise a command path: `wfd help cases list` = `wfd cases list --help`.
  const { buildProgram } = await import('../../cli.js');
  let command: Command | undefined = buildProgram({ io: ctx.io, env: ctx.env, version: ctx.version });
  for (const word of words) {
    command = command?.commands.find((c) => c.name() === word || c.aliases().includes(word));
  }
  if (!command) {
    throw new UsageError(`no help topic or command "${topic}"`, {
      hint: `topics: ${HELP_TOPICS.join(', ')}; or a command, as in \`wfd help cases list\``,
    });
  }
  await ctx.io.write(command.helpInformation());
}

type Command = import('commander').Command;

function exitCodes(): string {
  const rows = exitCodeTable.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`);
  return `Exit codes of wfd (a contract: scripts may branch on them)\n\n${rows.join('\n')}\n`;
}

const FILTERS = `Filtering lists and counts

Flags (the API's direct filters), for example on cases:
  --parent-status draft|pending|in_progress|closed   --waiting-for none|owner|contact
  --status S  --reference R  --template ID  --archived / --no-archived
  --owner EMAIL|ID  --workspace SLUG|ID
  --contact-given-name N  --contact-family-name N  --contact-email E   (exact)
  --contact TEXT   free text over the contact: partial, accent- and case-insensitive
Enumerations, ids and e-mails are checked before any request (exit 2).

--where CLAUSE (repeatable; all clauses are joined with AND):
  field op value            created_at >= 2026-01-01
  relation.field op value   owner.email ilike %@acme.com
  operators: = != > >= < <= like ilike   (like/ilike: % is the wildcard)
  values: null true false, numbers, ISO dates, 'quoted' or "quoted" strings, bare words
  null only with = and !=; > >= < <= only on numbers and dates
  relation.id compares the related record's id: template.id = 3f0c...

--filter JSON: the API's JSON filter, checked before sending, for example
  --filter '{"attributes":{"archived_at":{"$eq":null}},"relationships":{"owner":{"attributes":{"email":{"$ilike":"%@acme.com"}}}}}'
  operators: $eq $ne $gt $lt $ge $le $like $ilike
--filter and --where combine (AND) and may be used with the flags.

--sort FIELD or --sort -FIELD (descending); cases: created_at, updated_at, title, status,
  parent_status, waiting_for, reference, archived_at; case templates: created_at,
  updated_at, title, reference, archived_at.

Paging: --limit N (default 30), --all (every page, streamed), or --page N --page-size N.

Examples:
  wfd cases list --where 'created_at >= 2026-01-01' --where 'archived_at = null'
  wfd cases count --parent-status pending --where "contact.email like %@example.org"
`;

const ENVIRONMENT = `Environment variables

  WFD_TOKEN          an API token for this run; overrides every profile
  WFD_BASE_URL       the API host root (without /v1); overridden by --base-url
  WFD_PROFILE        the profile to use; overridden by --profile
  WFD_CONFIG_DIR     where the config file (profiles, tokens; mode 0600) lives
  WFD_CLIENT_ID      OAuth client id
  WFD_CLIENT_SECRET  OAuth client secret
  NO_COLOR           any value turns colour off
  FORCE_COLOR        turns colour on even when stdout is not a terminal

Credentials are chosen in this order: WFD_TOKEN, --profile, WFD_PROFILE, the current profile.
`;

export const verb = defineVerb(HelpOptions, runHelp, ['topic']);
