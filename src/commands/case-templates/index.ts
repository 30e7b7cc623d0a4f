/** Registers `wfd case-templates <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addListOptions } from '../../cli/options.js';
import { CASE_TEMPLATES } from '../../resources/case-templates.js';

export function registerCaseTemplatesCommands(templates: Command): void {
  addExamples(templates, ['wfd case-templates list']);

  const list = templates.command('list').alias('ls').description('List case templates');
  addExamples(addListOptions(list, CASE_TEMPLATES), [
    'wfd case-templates list --title onboarding',
    'wfd case-templates list -q',
  ]).action(lazy(() => import('./list.js')));
}
