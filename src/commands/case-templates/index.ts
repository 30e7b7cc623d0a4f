/** Registers `wfd case-templates <verb>`. */
import { type Command, Option } from 'commander';
import { lazy } from '../action.js';
import { addPagingOptions, addQueryOptions } from '../options.js';

export function registerCaseTemplatesCommands(program: Command): void {
  const templates = program.command('case-templates').description('List case templates');
  const list = templates
    .command('list')
    .alias('ls')
    .description('List case templates')
    .addOption(new Option('--title <text>', 'title contains this text'))
    .addOption(new Option('--reference <ref>', 'reference number'))
    .addOption(new Option('--archived', 'only archived templates'))
    .addOption(new Option('--no-archived', 'only templates that are not archived'))
    .addOption(new Option('--owner <email|id>', "owner's e-mail or id"))
    .addOption(new Option('--workspace <slug|id>', 'workspace slug or id'))
    .addHelpText(
      'after',
      `\nExamples:\n  $ wfd case-templates list --title onboarding\n  $ wfd case-templates list -q`,
    );
  addQueryOptions(addPagingOptions(list), 'created_at, updated_at, title, reference, archived_at').action(
    lazy(() => import('./list.js')),
  );
}
