/** Registers `wfd form-templates <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addListOptions } from '../../cli/options.js';
import { FORM_TEMPLATES } from '../../resources/form-templates.js';

const SLUG = 'form template slug (see `wfd form-templates list`)';

export function registerFormTemplatesCommands(templates: Command): void {
  const list = templates.command('list').alias('ls').description('List the form templates of the workspace');
  addExamples(addListOptions(list, FORM_TEMPLATES), [
    'wfd form-templates list',
    'wfd form-templates list --sort -updated_at --all -o json',
  ]).action(lazy(() => import('./list.js')));

  addExamples(
    templates
      .command('options')
      .description("Show a form template's configuration options")
      .argument('<slug>', SLUG),
    ['wfd form-templates options nda-signature', 'wfd form-templates options nda-signature --json'],
  ).action(lazy(() => import('./options.js')));

  addExamples(
    templates
      .command('steps')
      .description("Show a form template's steps, each with its fields, their types and whether required")
      .argument('<slug>', SLUG),
    ['wfd form-templates steps employee-onboarding', 'wfd form-templates steps expense-claim --json'],
  ).action(lazy(() => import('./steps.js')));
}
