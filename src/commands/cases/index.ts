/** Registers `wfd cases <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addArchiveCommands } from '../../cli/archive-commands.js';
import { addCountOptions, addExamples, addListOptions, addVerbFlags } from '../../cli/options.js';
import { CASES } from '../../resources/cases.js';
import { CREATE_CASE, GET_CASE, UPDATE_CASE_DATA } from './flags.js';

export function registerCasesCommands(cases: Command): void {
  addExamples(cases, [
    'wfd cases list --parent-status pending',
    'wfd cases get 5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10',
  ]);

  addExamples(addListOptions(cases.command('list').alias('ls').description('List cases'), CASES), [
    'wfd cases list --parent-status pending --waiting-for contact',
    'wfd cases list --contact muller --sort -updated_at --limit 10',
    "wfd cases list --where 'created_at >= 2026-01-01' --where 'owner.email ilike %@acme.com' --all -o csv",
    'wfd cases list --parent-status closed --no-archived --all -q | wfd cases archive -',
  ]).action(lazy(() => import('./list.js')));

  addExamples(
    addCountOptions(cases.command('count').description('Count cases matching the filters'), CASES),
    [
      'wfd cases count --parent-status in_progress --no-archived',
      'wfd cases count --group-by status   # the status values in use',
      'wfd cases count --group-by parent_status,waiting_for -o json',
    ],
  ).action(lazy(() => import('./count.js')));

  addExamples(
    addVerbFlags(cases.command('get').alias('view').description('Show a case with its steps'), GET_CASE),
    [
      'wfd cases get 5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10 --json',
      'wfd cases get ACME-000132',
      'wfd cases get 5b0e6f7e',
    ],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addVerbFlags(cases.command('create').description('Create a case from a case template'), CREATE_CASE),
    [
      "wfd cases create --template 3f0c... --title 'Onboarding ACME' --set priority=2",
      "wfd cases create --template 3f0c... --title 'Onboarding' --body case.json --dry-run",
    ],
  ).action(lazy(() => import('./create.js')));

  addExamples(
    addVerbFlags(
      cases.command('update-data').description('Update data fields of a case in one batch'),
      UPDATE_CASE_DATA,
    ),
    ["wfd cases update-data 5b0e... --set status_note='Waiting for ID' --set amount=120.5"],
  ).action(lazy(() => import('./update-data.js')));

  addArchiveCommands(
    cases,
    {
      singular: 'case',
      plural: 'cases',
      listIds: 'wfd cases list --parent-status closed',
      idForms: 'a prefix of 8+ characters or a reference costs one GET /v1/cases, a full id none',
    },
    (verb) => (verb === 'archive' ? import('./archive.js') : import('./unarchive.js')),
  );
}
