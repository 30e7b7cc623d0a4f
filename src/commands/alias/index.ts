/** Registers `wfd alias <verb>`: gh's aliases, kept in the config file. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { ALIAS_DELETE, ALIAS_IMPORT, ALIAS_LIST, ALIAS_SET } from './flags.js';

export function registerAliasCommands(alias: Command): void {
  addExamples(alias, ["wfd alias set waiting 'cases list --waiting-for owner --owner $1'", 'wfd alias list']);

  addExamples(
    addVerbFlags(
      alias
        .command('set')
        .summary('Make a word stand for a wfd command line, or a shell one')
        .description(`Make a word stand for a wfd command line, or a shell one (as gh's aliases)

wfd NAME ARGS... runs the expansion: $1..$N stand for the arguments, each whole, and the arguments no placeholder takes are appended. An expansion that starts with ! (or --shell) is a shell command line, run by sh -c with the arguments as $1.. (on Windows by cmd, which has no $1: the arguments are appended). An alias cannot have the name of a command. wfd NAME --help says what it stands for.`),
      ALIAS_SET,
    ),
    [
      "wfd alias set waiting 'cases list --waiting-for owner --owner $1'",
      'wfd waiting ana@example.com --limit 5',
      `wfd alias set --shell stage-count 'wfd cases list --parent-status "$1" --all -q | wc -l'`,
    ],
  ).action(lazy(() => import('./set.js')));

  addExamples(
    addVerbFlags(
      alias.command('list').alias('ls').description('Print the aliases as name: expansion lines'),
      ALIAS_LIST,
    ),
    ['wfd alias list', 'wfd alias list > aliases.yml'],
  ).action(lazy(() => import('./list.js')));

  addExamples(
    addVerbFlags(alias.command('delete').alias('rm').description('Remove an alias'), ALIAS_DELETE),
    ['wfd alias delete waiting'],
  ).action(lazy(() => import('./delete.js')));

  addExamples(
    addVerbFlags(
      alias
        .command('import')
        .summary('Add the aliases of a file, or of stdin')
        .description(`Add the aliases of a file, or of stdin (-)

The file holds name: expansion lines, as gh's alias files and wfd alias list: a value may be 'single-quoted' ('' for a quote) or "double-quoted" (JSON escapes); # starts a comment. A JSON object of names and expansions is read too. Every alias is checked before any is saved; those that exist already are kept unless --clobber.`),
      ALIAS_IMPORT,
    ),
    ['wfd alias import aliases.yml', 'wfd alias list | ssh other-host wfd alias import -'],
  ).action(lazy(() => import('./import.js')));
}
