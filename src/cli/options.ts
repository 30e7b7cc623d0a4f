/**
 * Option sets shared by several commands, declared for commander (help, parsing, completion
 * values), most of them generated from a resource table. Eagerly loaded: no zod, no query code
 * here; the verb modules validate.
 */
import { type Command, Option } from 'commander';
import { DEFAULT_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/paging.js';
import type { FilterFlag, ResourceDef } from '../resources/types.js';
import { collect, intArg } from './arg-parsers.js';
import { completeWith } from './completion-values.js';
import { addLearnMore } from './help-page.js';

export { addExamples } from './help-page.js';

const FILTERS_TOPIC = ['wfd help filters', 'every filter flag, --where and --filter'] as const;
const FORMATS_TOPIC = ['wfd help formats', 'output formats, --fields and --query'] as const;

/** --limit, --all, --page, --page-size */
export function addPagingOptions(command: Command): Command {
  return command
    .addOption(
      new Option('-L, --limit <n>', `show at most n rows (default ${DEFAULT_LIMIT})`).argParser(intArg(1)),
    )
    .addOption(new Option('--all', 'fetch every page'))
    .addOption(new Option('--page <n>', 'fetch this one page (raw paging)').argParser(intArg(1)))
    .addOption(
      new Option(
        '--page-size <n>',
        `rows per page with --page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
      ).argParser(intArg(1)),
    );
}

/** The method-1 filter flags of a resource, in the spec's order; booleans get their `--no-` form. */
export function addFilterFlags(command: Command, resource: ResourceDef): Command {
  for (const filter of resource.filters) {
    if (filter.kind === 'boolean') {
      command.addOption(new Option(`--${filter.flag}`, filter.help));
      command.addOption(new Option(`--no-${filter.flag}`).hideHelp());
      continue;
    }
    const option = new Option(`--${filter.flag} <${filter.value ?? 'value'}>`, filterHelp(filter));
    if ('arrayParam' in filter && filter.arrayParam) option.argParser(collect);
    if (filter.kind === 'enum') completeWith(option, filter.values);
    if (filter.kind === 'text' && filter.complete) completeWith(option, { kind: filter.complete });
    command.addOption(option);
  }
  return command;
}

function filterHelp(filter: FilterFlag): string {
  return filter.kind === 'enum' ? `${filter.help}: ${filter.values.join(', ')}` : filter.help;
}

/** --filter and --where (the spec's method 2), for resources that take them. */
export function addFilterOptions(command: Command, resource: ResourceDef): Command {
  if (!resource.filterable) return command;
  return command
    .addOption(new Option('--filter <json>', 'JSON filter of the API (method 2); see `wfd help filters`'))
    .addOption(
      new Option(
        '--where <clause>',
        "filter clause such as 'created_at >= 2026-01-01' (repeatable, ANDed)",
      ).argParser(collect),
    );
}

/** --sort, with the resource's sortable fields in help and completion. */
export function addSortOption(command: Command, resource: ResourceDef): Command {
  const fields = resource.openSort
    ? `${resource.sortable.join(', ')} or a template field`
    : resource.sortable.join(', ');
  const option = new Option('--sort <field>', `sort by field, -field for descending: ${fields}`);
  completeWith(
    option,
    resource.sortable.flatMap((field) => [field, `-${field}`]),
  );
  return command.addOption(option);
}

/**
 * Everything a list command of `resource` takes: filters, --filter/--where, --sort and paging;
 * its help points to the filter and format topics.
 */
export function addListOptions(command: Command, resource: ResourceDef): Command {
  addFilterFlags(command, resource);
  addFilterOptions(command, resource);
  addSortOption(command, resource);
  addLearnMore(command, [FILTERS_TOPIC, FORMATS_TOPIC]);
  return addPagingOptions(command);
}

/** Everything a count command of `resource` takes: filters and --filter/--where; its help points to the filter topic. */
export function addCountOptions(command: Command, resource: ResourceDef): Command {
  addLearnMore(command, [FILTERS_TOPIC]);
  addFilterOptions(addFilterFlags(command, resource), resource);
  const groups = resource.groupFields;
  if (!groups) return command;
  const example = [...groups.slice(0, 3), groups.find((field) => field.includes('.'))].filter(Boolean);
  return command.addOption(
    completeWith(
      new Option(
        '--group-by <fields>',
        `count per value of these fields, comma-separated (such as ${example.join(', ')})`,
      ),
      { kind: 'values', values: groups, list: true },
    ),
  );
}

/** --dry-run for mutating commands */
export function addDryRun(command: Command): Command {
  return command.addOption(new Option('--dry-run', 'print the request that would be sent, and send nothing'));
}
