/** Registers `wfd forms <verb>`. */
import { type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { addArchiveCommands } from '../../cli/archive-commands.js';
import { collect } from '../../cli/arg-parsers.js';
import { addCountOptions, addDryRun, addExamples, addListOptions } from '../../cli/options.js';
import { FORMS } from '../../resources/forms.js';

const ID = 'form id (UUID) or its first 8+ characters; a prefix costs one GET /v1/forms';

export function registerFormsCommands(forms: Command): void {
  addExamples(addListOptions(forms.command('list').alias('ls').description('List forms'), FORMS), [
    'wfd forms list --flow nda-signature --completed --no-processed',
    'wfd forms list --email jose.muller@example.org --sort -updated_at',
    "wfd forms list --where 'created_at >= 2026-01-01' --all -o ndjson",
    'wfd forms list --completed --processed --no-archived --all -q | wfd forms archive -',
  ]).action(lazy(() => import('./list.js')));

  addExamples(
    addCountOptions(forms.command('count').description('Count forms matching the filters'), FORMS),
    [
      'wfd forms count --flow nda-signature --no-archived',
      'wfd forms count --group-by status',
      'wfd forms count --group-by flow.slug,completed -o json',
    ],
  ).action(lazy(() => import('./count.js')));

  addExamples(
    forms.command('get').alias('view').description('Show a form with its responses').argument('<id>', ID),
    ['wfd forms get 5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10', 'wfd forms get 5b0e... --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addDryRun(
      forms
        .command('create')
        .description('Create a form from a form template and print its id')
        .requiredOption('--template <slug>', 'form template slug (see `wfd form-templates list`)')
        .requiredOption('--email <email>', "the user's e-mail")
        .requiredOption('--given-name <name>', "the user's given name")
        .requiredOption('--family-name <name>', "the user's family name")
        .option(
          '--webhook <url=events>',
          'notify URL of these events, comma-separated (repeatable); see `wfd webhooks events`',
          collect,
        )
        .option('--body <file>', 'JSON request body from a file, or - for stdin; flags override its fields'),
    ),
    [
      'wfd forms create --template nda-signature --email ana@example.org --given-name Ana --family-name Silva',
      'wfd forms create --template customer-feedback --email a@example.org --given-name A --family-name B --json',
      'wfd forms create --template nda-signature --email ana@example.org --given-name Ana --family-name Silva --webhook https://example.org/hook=forms:updated',
    ],
  ).action(lazy(() => import('./create.js')));

  addExamples(
    addDryRun(
      forms
        .command('update')
        .description("Change a form's status or flags (PATCH: only the fields given)")
        .argument('<id>', ID)
        .option('--status <status>', 'the new status (free text)')
        .option('--active', 'mark the form active (--no-active: inactive)')
        .addOption(new Option('--no-active').hideHelp())
        .option('--completed', 'mark the form completed (--no-completed: not completed)')
        .addOption(new Option('--no-completed').hideHelp())
        .option('--processed', 'mark the form processed (--no-processed: not processed)')
        .addOption(new Option('--no-processed').hideHelp())
        .option('--body <file>', 'JSON object of fields to change, from a file or - for stdin'),
    ),
    ['wfd forms update 5b0e... --processed', 'wfd forms update 5b0e... --status expired --no-active'],
  ).action(lazy(() => import('./update.js')));

  addArchiveCommands(
    forms,
    {
      singular: 'form',
      plural: 'forms',
      listIds: 'wfd forms list --processed',
      idForms: 'a prefix of 8+ characters costs one GET /v1/forms, a full id none',
    },
    (verb) => (verb === 'archive' ? import('./archive.js') : import('./unarchive.js')),
  );
}
