/** Registers `wfd forms <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addArchiveCommands } from '../../cli/archive-commands.js';
import { addCountOptions, addExamples, addListOptions, addVerbFlags } from '../../cli/options.js';
import { FORMS } from '../../resources/forms.js';
import { CREATE_FORM, GET_FORM, UPDATE_FORM } from './flags.js';

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
    addVerbFlags(forms.command('get').alias('view').description('Show a form with its responses'), GET_FORM),
    ['wfd forms get 5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10', 'wfd forms get 5b0e... --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addVerbFlags(
      forms.command('create').description('Create a form from a form template and print its id'),
      CREATE_FORM,
    ),
    [
      'wfd forms create --template nda-signature --email ana@example.org --given-name Ana --family-name Silva',
      'wfd forms create --template customer-feedback --email a@example.org --given-name A --family-name B --json',
      'wfd forms create --template nda-signature --email ana@example.org --given-name Ana --family-name Silva --webhook https://example.org/hook=forms:updated',
    ],
  ).action(lazy(() => import('./create.js')));

  addExamples(
    addVerbFlags(
      forms.command('update').description("Change a form's status or flags (PATCH: only the fields given)"),
      UPDATE_FORM,
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
