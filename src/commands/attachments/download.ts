/**
 * `wfd attachments download <id...> [-O FILE|-] [--dir DIR] [--clobber|--skip-existing]`: each
 * attachment streamed to disk through a temporary file renamed once complete (src/core/files/files.ts),
 * so no partial file is ever under the final name and none is left on failure or Ctrl-C.
 *
 * `--dir` (default: the current folder) names each file as the server's Content-Disposition does,
 * made safe (src/core/files/safe-filename.ts); two files of one run with the same name become `name.pdf`
 * and `name (1).pdf`, in the order of the ids. A file already on disk is an error unless
 * `--clobber` (overwrite) or `--skip-existing`, as `gh release download` has them. A row per id
 * reports what happened. `-O FILE` saves one attachment under that name; `-O -` writes it to
 * stdout, never to a terminal.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { downloadAttachment } from '../../api/attachments.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { mapPooled } from '../../core/concurrency.js';
import { UsageError, WfdError } from '../../core/errors.js';
import { FOLDER_MODE } from '../../core/files/file-modes.js';
import { checkTarget, writeFileAtomic } from '../../core/files/files.js';
import { FolderNames } from '../../core/files/safe-filename.js';
import type { ApiClient } from '../../core/http/http.js';
import { quote } from '../../core/text/quote.js';
import { type Column, createRowSink } from '../../output/render.js';
import { DOWNLOAD_FIELDS } from '../../resources/attachments.js';
import { downloaded, refuseTerminal, saveTo } from '../shared/download.js';
import { collectIds } from '../shared/ids.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { PartialFailure } from '../shared/partial-failure.js';
import { DOWNLOAD } from './flags.js';
import { filenameOf, ID_HINT, WHOLE_IDS } from './shared.js';

export const DownloadAttachmentsOptions = verbSchema(DOWNLOAD).check(
  z.refine((o) => !(o.outputFile !== undefined && o.dir !== undefined), {
    message: "-O and --dir cannot be used together: -O names one file, --dir a folder for the server's names",
  }),
  z.refine((o) => !(o.clobber && o.skipExisting), {
    message: '--clobber and --skip-existing cannot be used together: pick one',
  }),
);
export type DownloadAttachmentsOptions = z.output<typeof DownloadAttachmentsOptions>;

const COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'result', kind: 'status' },
  { field: 'path' },
  { field: 'bytes', kind: 'bytes' },
  { field: 'error', hideWhenEmpty: true },
];

/** What happens to a file already on disk. */
type Existing = 'clobber' | 'skip' | 'refuse';

/** The report of one id; every row has every key, so CSV headers and JSON shapes are stable. */
interface Row {
  id: string;
  result: 'saved' | 'skipped' | 'failed';
  path: string | null;
  bytes: number | null;
  error: string | null;
  [key: string]: unknown;
}

export async function runDownloadAttachments(
  options: DownloadAttachmentsOptions,
  ctx: Context,
): Promise<void> {
  const ids = await collectIds(options.ids, () => ctx.io.stdin, 'attachment', WHOLE_IDS);
  const existing: Existing = options.clobber ? 'clobber' : options.skipExisting ? 'skip' : 'refuse';
  if (options.outputFile !== undefined) {
    if (ids.length > 1) {
      throw new UsageError(`-O saves one attachment, and ${ids.length} ids were given`, {
        hint: 'use --dir DIR for several: each file is named as the server names it',
      });
    }
    await downloadTo(ctx, ids[0]!, options.outputFile, existing);
    return;
  }
  await downloadToFolder(ctx, ids, options.dir ?? '.', existing);
}

/** `-O FILE|-`: one attachment under the name given. */
async function downloadTo(ctx: Context, id: string, outputFile: string, existing: Existing): Promise<void> {
  const toStdout = outputFile === '-';
  if (toStdout) refuseTerminal(ctx, '-O - > file.pdf');
  else {
    await checkTarget(outputFile);
    if (await exists(outputFile)) {
      if (existing === 'skip') return;
      if (existing === 'refuse') throw alreadyThere(outputFile);
    }
  }
  const client = await ctx.api();
  const answer = await explainNotFound(client.stream(downloadAttachment(id)), `attachment ${id}`, ID_HINT);
  await saveTo(ctx, client, answer.body, outputFile);
}

/** `--dir`: every id under the server's filename, a report row each. */
async function downloadToFolder(ctx: Context, ids: string[], dir: string, existing: Existing): Promise<void> {
  await mkdir(dir, { recursive: true, mode: FOLDER_MODE }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot use --dir ${quote(dir)}: ${error.message}`);
  });
  const client = await ctx.api();
  const sink = await createRowSink(ctx.io, renderOptions(ctx, { columns: COLUMNS }));
  const claim = inOrder(ids.length, new FolderNames());
  const outcomes = mapPooled([...ids.keys()], ctx.globals.concurrency ?? DEFAULT_CONCURRENCY, (index) =>
    saveInto(
      client,
      ids[index]!,
      dir,
      existing,
      (name) => claim(index, name),
      (line) => ctx.io.errorLine(`wfd: ${line}`),
    ),
  );
  const failures: WfdError[] = [];
  for await (const { failure, ...row } of outcomes) {
    if (failure) {
      // One id: its error alone says it all, with its hint.
      if (ids.length === 1) throw failure;
      failures.push(failure);
      ctx.io.errorLine(`error: ${row.id}: ${row.error}`);
    }
    await sink.write(row);
  }
  await sink.end();
  if (failures.length > 0) {
    throw new PartialFailure(
      `downloaded ${ids.length - failures.length} of ${ids.length} attachments; ${failures.length} failed`,
      failures.map((failure) => failure.exitCode),
    );
  }
}

/**
 * Claims names in a folder in the order of the items (`index`), whichever asks first, so a run
 * names its files the same way every time: an item waits for the one before it to have claimed
 * (or given up, `claim(index, undefined)`).
 */
function inOrder(count: number, names: FolderNames) {
  const turns = Array.from({ length: count }, () => {
    let done: () => void = () => {};
    const promise = new Promise<void>((resolve) => {
      done = resolve;
    });
    return { promise, done };
  });
  return async (index: number, name: string | undefined): Promise<string | undefined> => {
    await turns[index - 1]?.promise;
    turns[index]!.done();
    return name === undefined ? undefined : names.claim(name);
  };
}

/** One id into `dir`: its report row, with the error when it failed. */
async function saveInto(
  client: ApiClient,
  id: string,
  dir: string,
  existing: Existing,
  claim: (name: string | undefined) => Promise<string | undefined>,
  notice: (line: string) => void,
): Promise<Row & { failure?: WfdError }> {
  let claimed = false;
  try {
    const answer = await explainNotFound(client.stream(downloadAttachment(id)), `attachment ${id}`, ID_HINT);
    claimed = true;
    const path = join(dir, (await claim(filenameOf(answer.headers, id)))!);
    if (existing !== 'clobber' && (await exists(path))) {
      answer.body.destroy();
      if (existing === 'skip') return { id, result: 'skipped', path, bytes: null, error: null };
      // Found once the server named the file, after the request: a failure of this id, not a usage error.
      throw alreadyThere(path, WfdError);
    }
    const bytes = await writeFileAtomic(path, downloaded(client, answer.body), { notice });
    return { id, result: 'saved', path, bytes, error: null };
  } catch (error) {
    if (!claimed) await claim(undefined);
    if (!(error instanceof WfdError)) throw error;
    return { id, result: 'failed', path: null, bytes: null, error: error.message, failure: error };
  }
}

function alreadyThere(path: string, as: typeof WfdError = UsageError): WfdError {
  return new as(`${quote(path)} already exists`, {
    hint: 'pass --clobber to overwrite it, or --skip-existing to keep it',
  });
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

export const verb = defineVerb(DOWNLOAD, DownloadAttachmentsOptions, runDownloadAttachments, {
  fields: DOWNLOAD_FIELDS,
});
