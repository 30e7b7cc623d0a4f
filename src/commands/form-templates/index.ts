/** Registers `wfd form-templates <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addListOptions, addVerbFlags } from '../../cli/options.js';
import { FORM_TEMPLATES } from '../../resources/form-templates.js';
import { SLUG_ARGUMENT } from './flags.js';

export function registerFormTemplatesCommands(templates: Command): void {
  const list = templates.command('list').alias('ls').description('List the form templates of the workspace');
  addExamples(addListOptions(list, FORM_TEMPLATES), [
    'wfd form-templates list',
    'wfd form-templates list --sort -updated_at --all -o json',
  ]).action(lazy(() => import('./list.js')));

  addExamples(
    addVerbFlags(
      templates.command('options').description("Show a form template's configuration options"),
      SLUG_ARGUMENT,
    ),
    ['wfd form-templates options nda-signature', 'wfd form-templates options nda-signature --json'],
  ).action(lazy(() => import('./options.js')));

  addExamples(
    addVerbFlags(
      templates
        .command('steps')
        .description("Show a form template's steps, each with its fields, their types and whether required"),
      SLUG_ARGUMENT,
    ),
    ['wfd form-templates steps employee-onboarding', 'wfd form-templates steps expense-claim --json'],
  ).action(lazy(() => import('./steps.js')));
}
