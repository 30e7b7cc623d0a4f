/** Registers `wfd docintel <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { CREATE_DOCINTEL, EXTRACT_DOCINTEL, GET_DOCINTEL } from './flags.js';

export function registerDocintelCommands(docintel: Command): void {
  addExamples(
    addVerbFlags(
      docintel
        .command('create')
        .description(
          'Start a document intelligence job on a file or an attachment; print its id, or its result with --wait',
        ),
      CREATE_DOCINTEL,
    ),
    [
      'wfd docintel create --file invoice.pdf',
      'wfd docintel create --attachment 7c1d... --fields "Invoice number,Total" --wait',
    ],
  ).action(lazy(() => import('./create.js')));

  addExamples(
    addVerbFlags(
      docintel
        .command('get')
        .alias('view')
        .description('Show a document intelligence job: its status, then its result'),
      GET_DOCINTEL,
    ),
    ['wfd docintel get 5e6f...', 'wfd docintel get 5e6f... --wait --timeout 30m --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addVerbFlags(
      docintel
        .command('extract')
        .description('Upload a document, extract its fields and print them (upload, create, wait)'),
      EXTRACT_DOCINTEL,
    ),
    [
      'wfd docintel extract invoice.pdf',
      'wfd docintel extract receipt.txt --fields Total,Date --json',
      "wfd docintel extract invoice.pdf --query 'result.fields.Total' --raw",
    ],
  ).action(lazy(() => import('./extract.js')));
}
