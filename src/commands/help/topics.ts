import type { HelpItem } from '../../cli/help-page.js';

/** The topics of `wfd help <topic>`, as listed on the root page and the help command's. */
export const HELP_TOPICS: readonly HelpItem[] = [
  ['filters', 'filter flags, --where, --filter, sorting and paging'],
  ['formats', 'output formats, --fields, --query and -q'],
  ['exit-codes', 'what each exit code means, for scripts'],
  ['environment', 'environment variables and how credentials are chosen'],
];

export const HELP_TOPIC_NAMES: readonly string[] = HELP_TOPICS.map(([name]) => name);
