/** Registers `wfd attachments <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { DOWNLOAD, EXPORT, MERGE, UPLOAD } from './flags.js';

export function registerAttachmentsCommands(attachments: Command): void {
  addExamples(
    addVerbFlags(
      attachments.command('upload').description('Upload files as attachments and print their ids, in order'),
      UPLOAD,
    ),
    [
      'wfd attachments upload invoice.pdf scan.png',
      'wfd attachments upload notes.txt --encoding json',
      'wfd attachments upload *.pdf --json',
    ],
  ).action(lazy(() => import('./upload.js')));

  addExamples(
    addVerbFlags(
      attachments
        .command('download')
        .description(
          "Save attachments under the server's filenames, made safe; each written whole or not at all",
        ),
      DOWNLOAD,
    ),
    [
      'wfd attachments download 7c1d... 9e2f... --dir invoices',
      'wfd attachments download 7c1d... -O invoice.pdf',
      'wfd responses get 3a4b... --query "attachments[].id" --raw | wfd attachments download - --skip-existing',
    ],
  ).action(lazy(() => import('./download.js')));

  addExamples(
    addVerbFlags(
      attachments
        .command('merge')
        .description('Save attachments merged by the API into one PDF, in the order given'),
      MERGE,
    ),
    [
      'wfd attachments merge 7c1d... 9e2f... -O merged.pdf',
      'wfd attachments merge 7c1d... 9e2f... -O - | lp',
    ],
  ).action(lazy(() => import('./merge.js')));

  const exporting = attachments
    .command('export')
    .summary('Export the attachments of every matching form to a folder, with a manifest; resumable')
    .description(
      `Export the attachments of every matching form to a folder, with a manifest; resumable

Writes DIR/<form-id>/<response-id>/<filename> (names made safe) and DIR/manifest.ndjson, a line per file {id, form_id, response_id, path, bytes, sha256, downloaded_at} appended as each completes; other lines carry a "type": merged (a --merge PDF), plan and form (the resume state of a run under way: its start, each form read), run (a run complete); docs/attachments.md lists their fields. DIR holds nothing else. Says how many requests it will make (the fewest the API allows) before it starts. --resume finishes an interrupted export, even one stopped while reading forms: the forms it read (recorded in the manifest) are not read again, files whose size and SHA-256 match the manifest are kept, partial downloads continue with Range. --incremental adds what the manifest lacks: every matching form is read (a new response need not change a form's updated_at), and only new files are downloaded. Exit 0 only when everything was exported.

In a CI log (stderr or stdout not a terminal) a line every 30s (WFD_PROGRESS_INTERVAL), in every phase:
  progress: phase=reading forms=120/1600 files=0/? bytes=0/? wait=3s eta=52m
phase: listing, reading, checking, downloading or merging; forms read/matching; files and bytes downloaded/planned; wait: the rate limit's hold on the next request; eta: for the work known so far; ?: not known yet.`,
    );
  addVerbFlags(exporting, EXPORT);
  addExamples(exporting, [
    'wfd attachments export --dir export --completed',
    'wfd attachments export --dir export --completed --resume',
    'wfd attachments export --dir export --flow expense-claim --incremental --merge',
    'wfd attachments export --dir export --since 2026-11-01 --concurrency 8 -o ndjson > exported.ndjson',
  ]).action(lazy(() => import('./export.js')));
}
