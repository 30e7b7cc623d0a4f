/** Registers `wfd cases <verb>`. */
import { type Command, Option } from 'commander';
import { collect, lazy } from '../action.js';
import { addDryRun, addFilterOptions, addPagingOptions, addQueryOptions } from '../options.js';

const SORTABLE = 'created_at, updated_at, title, status, parent_status, waiting_for, reference, archived_at';

/** Method-1 filter flags of GET /v1/cases (spec: "Filtering"). */
function addCaseFilters(command: Command): Command {
  return command
    .addOption(new Option('--template <id>', 'case template id'))
    .addOption(new Option('--status <status>', 'custom status value'))
    .addOption(new Option('--parent-status <status>', 'draft, pending, in_progress or closed'))
    .addOption(new Option('--archived', 'only archived cases'))
    .addOption(new Option('--no-archived', 'only cases that are not archived'))
    .addOption(new Option('--waiting-for <who>', 'none, owner or contact'))
    .addOption(new Option('--reference <ref>', 'reference number'))
    .addOption(new Option('--owner <email|id>', "owner's e-mail or id"))
    .addOption(new Option('--workspace <slug|id>', 'workspace slug or id'))
    .addOption(new Option('--contact-given-name <name>', "contact's given name (exact)"))
    .addOption(new Option('--contact-family-name <name>', "contact's family name (exact)"))
    .addOption(new Option('--contact-email <email>', "contact's e-mail (exact)"))
    .addOption(
      new Option('--contact <text>', 'free-text search over the contact (partial, accent-insensitive)'),
    );
}

export function registerCasesCommands(program: Command): void {
  const cases = program.command('cases').description('List, read, create, update and archive cases');

  const list = cases
    .command('list')
    .alias('ls')
    .description('List cases')
    .addHelpText(
      'after',
      `
Examples:
  $ wfd cases list --parent-status pending --waiting-for contact
  $ wfd cases list --contact muller --sort -updated_at --limit 10
  $ wfd cases list --where 'created_at >= 2026-01-01' --where 'owner.email ilike %@acme.com' --all -o csv
  $ wfd cases list --no-archived -q | wfd cases archive -`,
    );
  addQueryOptions(addPagingOptions(addCaseFilters(list)), SORTABLE).action(lazy(() => import('./list.js')));

  const count = cases
    .command('count')
    .description('Count cases matching the filters')
    .addHelpText('after', `\nExamples:\n  $ wfd cases count --parent-status in_progress --no-archived`);
  addFilterOptions(addCaseFilters(count)).action(lazy(() => import('./count.js')));

  cases
    .command('get')
    .alias('view')
    .description('Show a case with its steps')
    .argument('<id>', 'case id (UUID)')
    .addHelpText('after', `\nExamples:\n  $ wfd cases get 5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10 --json`)
    .action(lazy(() => import('./get.js')));

  addDryRun(
    cases
      .command('create')
      .description('Create a case from a case template')
      .requiredOption('--template <id>', 'case template id')
      .requiredOption('--title <title>', 'case title')
      .option(
        '--set <key=value>',
        'a data field; JSON values (numbers, true, null) are typed (repeatable)',
        collect,
      )
      .option('--body <file>', 'JSON request body from a file, or - for stdin; flags override its fields')
      .addHelpText(
        'after',
        `\nExamples:\n  $ wfd cases create --template 3f0c... --title 'Onboarding ACME' --set priority=2\n  $ wfd cases create --template 3f0c... --title 'Onboarding' --body case.json --dry-run`,
      ),
  ).action(lazy(() => import('./create.js')));

  addDryRun(
    cases
      .command('update-data')
      .description('Update data fields of a case in one batch')
      .argument('<id>', 'case id (UUID)')
      .option('--set <key=value>', 'a data field; JSON values are typed (repeatable)', collect)
      .option('--body <file>', 'JSON object of data fields from a file, or - for stdin')
      .addHelpText(
        'after',
        `\nExamples:\n  $ wfd cases update-data 5b0e... --set status_note='Waiting for ID' --set amount=120.5`,
      ),
  ).action(lazy(() => import('./update-data.js')));

  for (const [verb, description] of [
    ['archive', 'Archive cases'],
    ['unarchive', 'Restore archived cases'],
  ] as const) {
    addDryRun(
      cases
        .command(verb)
        .description(`${description}; reports the result per id`)
        .argument('<ids...>', 'case ids, or - to read ids from stdin (one per line)')
        .addHelpText(
          'after',
          `\nExamples:\n  $ wfd cases ${verb} 5b0e... 7c1d...\n  $ wfd cases list --parent-status closed -q | wfd cases ${verb} -`,
        ),
    ).action(lazy(() => import(verb === 'archive' ? './archive.js' : './unarchive.js')));
  }
}
