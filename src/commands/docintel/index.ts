/** Registers `wfd docintel <verb>`. */
import { type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { durationArg } from '../../cli/arg-parsers.js';
import { addDryRun, addExamples } from '../../cli/options.js';

const KEYS = 'the keys to extract, comma-separated (default: every field found)';

function timeoutOption(help: string): Option {
  return new Option('--timeout <duration>', help).argParser(durationArg());
}

export function registerDocintelCommands(docintel: Command): void {
  addExamples(
    addDryRun(
      docintel
        .command('create')
        .description(
          'Start a document intelligence job on a file or an attachment; print its id, or its result with --wait',
        )
        .option('--file <file>', 'a document to upload first')
        .option('--attachment <id>', 'an attachment already uploaded')
        .option('--fields <keys>', KEYS)
        .option('--wait', 'wait for the result and print it')
        .addOption(timeoutOption('with --wait, how long to wait at most (default 10m)')),
    ),
    [
      'wfd docintel create --file invoice.pdf',
      'wfd docintel create --attachment 7c1d... --fields "Invoice number,Total" --wait',
    ],
  ).action(lazy(() => import('./create.js')));

  addExamples(
    docintel
      .command('get')
      .alias('view')
      .description('Show a document intelligence job: its status, then its result')
      .argument('<job-id>', 'the id `wfd docintel create` printed')
      .option('--wait', 'wait until it is completed or failed')
      .addOption(timeoutOption('with --wait, how long to wait at most (default 10m)')),
    ['wfd docintel get 5e6f...', 'wfd docintel get 5e6f... --wait --timeout 30m --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addDryRun(
      docintel
        .command('extract')
        .description('Upload a document, extract its fields and print them (upload, create, wait)')
        .argument('<file>', 'the document')
        .option('--fields <keys>', KEYS)
        .addOption(timeoutOption('how long to wait for the result at most').default(600_000, '10m')),
    ),
    [
      'wfd docintel extract invoice.pdf',
      'wfd docintel extract receipt.txt --fields Total,Date --json',
      "wfd docintel extract invoice.pdf --query 'result.fields.Total' --raw",
    ],
  ).action(lazy(() => import('./extract.js')));
}
