/**
 * Option sets shared by several commands, declared for commander (help and parsing only).
 * Eagerly loaded: no zod, no query code here; the verb modules validate.
 */
import { type Command, Option } from 'commander';
import { collect, intArg } from './action.js';

/** --limit, --all, --page, --page-size */
export function addPagingOptions(command: Command): Command {
  return command
    .addOption(new Option('-L, --limit <n>', 'show at most n rows (default 30)').argParser(intArg(1)))
    .addOption(new Option('--all', 'fetch every page'))
    .addOption(new Option('--page <n>', 'fetch this one page (raw paging)').argParser(intArg(1)))
    .addOption(
      new Option('--page-size <n>', 'rows per page with --page, 1 to 100 (default 10)').argParser(intArg(1)),
    );
}

/** --filter and --where (the spec's method 2) */
export function addFilterOptions(command: Command): Command {
  return command
    .addOption(new Option('--filter <json>', 'JSON filter of the API (method 2); see `wfd help filters`'))
    .addOption(
      new Option(
        '--where <clause>',
        "filter clause such as 'created_at >= 2026-01-01' (repeatable, ANDed)",
      ).argParser(collect),
    );
}

/** --filter, --where and --sort */
export function addQueryOptions(command: Command, sortable: string): Command {
  return addFilterOptions(command).addOption(
    new Option('--sort <field>', `sort by field, -field for descending: ${sortable}`),
  );
}

/** --dry-run for mutating commands */
export function addDryRun(command: Command): Command {
  return command.addOption(new Option('--dry-run', 'print the request that would be sent, and send nothing'));
}
