/**
 * `wfd attachments export --dir DIR [form filters] [--resume] [--since DATE|--incremental]
 * [--merge]`: every attachment of every form the filters match, to
 * `DIR/<form-id>/<response-id>/<safe filename>`, recorded in `DIR/manifest.ndjson`
 * (export-manifest.ts), a line appended and flushed as each file completes.
 *
 * 1. Checks, before any request (exit 2): the filters, `--since`, and DIR: new or empty, or an
 *    earlier export, which only `--resume` or `--incremental` continue; and writable, with room.
 * 2. Records the run's plan in the manifest, then reads the forms: their list (100 a page),
 *    then each form, whose responses list their attachments, each recorded as it is read: a run
 *    stopped while reading is continued by `--resume`, which does not read those forms again. `--incremental` reads every form the filters match, as a full export does: the
 *    API lists responses only in a form, and adding one need not change the form's `updated_at`
 *    (the spec does not say it does), so no cheaper question finds every new file. `--since`
 *    reads the forms updated since a date.
 * 3. Plans (export-plan.ts) and says how many requests the run takes, the fewest the
 *    API allows: a file the manifest lists, whose size and SHA-256 on disk agree, is not fetched
 *    again. Temporary files of an earlier run are removed, but the partial downloads this run
 *    continues (with `Range`: export-files.ts).
 * 4. Downloads, `--concurrency` at a time: a progress line on a terminal (files, bytes, rate,
 *    ETA), a row per file otherwise. Then, with `--merge`, one merged PDF per form. Where no
 *    spinner is shown, a `progress:` line every 30 s in every phase (progress-lines.ts).
 * 5. A summary on stderr. Exit 0 only when everything was exported (the run is then recorded in
 *    the manifest); else the failures' exit code and the list of what failed. A disk that refuses
 *    every write (full, read-only, over quota) stops the run at the first failure: no request
 *    after it, one error line. Either way the manifest lists exactly the files on disk.
 */
import { dirname, join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { getFormFiles } from '../../api/attachments.js';
import { listRequest } from '../../api/list.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { HoldTooLongError } from '../../core/budget/hold.js';
import { mapOrdered, mapPooled } from '../../core/concurrency.js';
import { ApiError, UsageError, WfdError } from '../../core/errors.js';
import {
  checkWritableFolder,
  hashFile,
  partPathOf,
  refusesEveryWrite,
  type WriteError,
  writeError,
} from '../../core/files/files.js';
import { safeFilename } from '../../core/files/safe-filename.js';
import type { ApiClient } from '../../core/http/http.js';
import { encodeQuery, type QueryParams } from '../../core/http/request.js';
import { buildListQuery } from '../../core/list-query/build.js';
import { isDateText } from '../../core/list-query/dates.js';
import type { FilterFlagValues } from '../../core/list-query/params.js';
import { paginate, planPages } from '../../core/paginate.js';
import { onInterrupt } from '../../core/process/interrupt.js';
import { maxPathLength } from '../../core/process/platform.js';
import { count, plural } from '../../core/text/counts.js';
import { formatDuration } from '../../core/text/duration.js';
import { quote } from '../../core/text/quote.js';
import { formatBytes } from '../../output/bytes.js';
import { type Column, createRowSink, readerOf } from '../../output/render.js';
import { EXPORT_FIELDS } from '../../resources/attachments.js';
import { FORMS } from '../../resources/forms.js';
import { MAX_PAGE_SIZE } from '../../resources/paging.js';
import { renderOptions } from '../shared/output.js';
import { PartialFailure } from '../shared/partial-failure.js';
import { limitedEta, type MeasuredEta } from './eta.js';
import { type ExportTarget, exportFile, exportMerge } from './export-files.js';
import { pathInside, readExportFolder, removeTemporaryFiles } from './export-folder.js';
import {
  addEntry,
  currentEntries,
  type FormEntry,
  MANIFEST_NAME,
  type Manifest,
  type ManifestEntry,
  ManifestWriter,
} from './export-manifest.js';
import {
  countRequests,
  type FormAttachments,
  type PlannedFile,
  type PlannedMerge,
  planFiles,
  planMerges,
  type RequestCount,
} from './export-plan.js';
import { EXPORT } from './flags.js';
import { mergeBatches } from './merged-pdf.js';
import { rateLimitedTime, StatusLine, TransferProgress } from './progress.js';
import {
  type ExportPhase,
  type ProgressFacts,
  progressInterval,
  startProgressLines,
  type Tally,
} from './progress-lines.js';

/** The options of export (./flags.ts): the folder, the forms' filter flags, --filter/--where, the modes. */
export type ExportAttachmentsOptions = FilterFlagValues & {
  dir: string;
  filter?: string;
  where?: string[];
  resume?: boolean;
  since?: string;
  incremental?: boolean;
  merge?: boolean;
};

export const ExportAttachmentsOptions = (
  verbSchema(EXPORT) as unknown as z.ZodMiniType<ExportAttachmentsOptions>
).check(
  z.refine((o) => !(o.since !== undefined && o.incremental), {
    message:
      '--since and --incremental cannot be used together: --incremental adds every file the manifest lacks',
  }),
);

/** The columns of the row per exported file (plain, CSV): from its manifest line. */
const COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'path' },
  { field: 'bytes', kind: 'bytes' },
  { field: 'sha256' },
];

export async function runExportAttachments(options: ExportAttachmentsOptions, ctx: Context): Promise<void> {
  const checked = await checkExport(options, ctx);
  const client = await ctx.api();
  // A long export meets the hourly budget: it waits it out (bounded by WFD_MAX_WAIT when set).
  client.limiter?.waitOutWindows();
  const exporter = new Exporter(ctx, client, options.dir, checked.manifest);
  await exporter.run(checked.query, {
    merge: options.merge === true,
    resume: options.resume === true,
    progressIntervalMs: checked.progressIntervalMs,
  });
}

/** What the checks decided: the manifest so far, the forms query, the interval of progress lines. */
interface Checked {
  manifest: Manifest;
  query: QueryParams;
  progressIntervalMs: number;
}

/** Everything that can be refused before a request: the filters, --since and DIR. */
async function checkExport(options: ExportAttachmentsOptions, ctx: Context): Promise<Checked> {
  if (options.since !== undefined && !isDateText(options.since)) {
    throw new UsageError(
      `invalid --since ${quote(options.since)}: expected a date such as 2026-01-31, 2026-01-31T09:30:00Z, yesterday or 7d`,
    );
  }
  const { since } = options;
  // As a --where date: a local day, today, yesterday or an age (core/list-query/dates.ts).
  const where = since === undefined ? options.where : [...(options.where ?? []), `updated_at >= ${since}`];
  const query = buildListQuery(FORMS, { flags: options, filter: options.filter, where, now: ctx.now() });
  const progressIntervalMs = progressInterval(ctx.env);
  const folder = await readExportFolder(options.dir);
  if (folder.kind === 'other') {
    throw new UsageError(`--dir ${quote(options.dir)} is not empty and holds no export (${MANIFEST_NAME})`, {
      hint: 'export into a new or empty folder',
    });
  }
  if (folder.kind === 'export' && !options.resume && !options.incremental) {
    throw new UsageError(`--dir ${quote(options.dir)} already holds an export (${MANIFEST_NAME})`, {
      hint: 'pass --resume to finish it, --incremental to add the files it lacks, or choose an empty folder',
    });
  }
  await checkWritableFolder(options.dir);
  if (options.incremental) {
    ctx.io.errorLine(
      'wfd: --incremental reads every matching form: the API lists responses only in a form, and adding one need not change its updated_at',
    );
  }
  return { manifest: folder.manifest, query, progressIntervalMs };
}

/** A forms query as the manifest records it: its query string, without the `?`. */
function keyOf(query: QueryParams): string {
  return encodeQuery(query).slice(1);
}

/** What did not make it, for the final list. */
interface Failure {
  kind: 'form' | 'file' | 'merge';
  what: string;
  error: WfdError;
}

/** How a run goes: with --merge, as a --resume, how often a progress line is printed where no spinner is. */
interface RunOptions {
  merge: boolean;
  resume: boolean;
  progressIntervalMs: number;
}

/** The forms a run read (or took from the manifest), for the plan. */
interface FormsRead {
  forms: FormAttachments[];
  listed: number;
  /** the form reads this run requested */
  requested: number;
}

/** What the run will do, once the forms are read. */
interface Plan {
  forms: number;
  files: PlannedFile[];
  pending: PlannedFile[];
  merges: PlannedMerge[];
  requests: RequestCount;
}

/** One run of an export: reads, plans, transfers, records, reports. */
class Exporter {
  readonly #failures: Failure[] = [];
  /** the files this run wrote, and their bytes (what its run line records), and its merged PDFs */
  readonly #fetched = { files: 0, bytes: 0, merged: 0 };
  /**
   * The first failure that every other item would meet too (a full or read-only disk, a rate-budget
   * hold longer than WFD_MAX_WAIT): no request is started after it, and the run ends with it.
   */
  #stop: WriteError | HoldTooLongError | undefined;
  readonly #concurrency: number;
  readonly #status: StatusLine;
  /** what the progress lines say: the phase, the forms read, the time the reads have left */
  #phase: ExportPhase = 'listing';
  readonly #forms: Tally = { done: 0, total: undefined };
  #reading: MeasuredEta | undefined;
  #transferred: TransferProgress | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly client: ApiClient,
    private readonly dir: string,
    private readonly manifest: Manifest,
  ) {
    this.#concurrency = ctx.globals.concurrency ?? DEFAULT_CONCURRENCY;
    this.#status = new StatusLine(ctx.io);
  }

  async run(query: QueryParams, options: RunOptions): Promise<void> {
    const started = this.ctx.now();
    const { io } = this.ctx;
    // Opened before the first read, so a run stopped anywhere leaves an export --resume continues.
    const writer = await ManifestWriter.open(join(this.dir, MANIFEST_NAME), this.manifest.completeBytes);
    // Where no spinner shows (a CI log), a line now and then, so the log never goes silent.
    const lines =
      io.isStdoutTTY() && io.isStderrTTY()
        ? undefined
        : startProgressLines(
            options.progressIntervalMs,
            () => this.#facts(),
            (line) => io.errorLine(line),
          );
    this.#status.show('Listing forms…');
    // Held for the whole run: Ctrl-C or SIGTERM anywhere says what is kept and how to go on (a CI
    // log has no progress line), and the signal handlers are installed once, not per download.
    const release = onInterrupt(() => {
      this.#status.stop();
      io.errorLine(
        `wfd: interrupted: ${plural(this.#fetched.files, 'file')} exported this run, each in the manifest; run the same command with --resume to finish`,
      );
    });
    try {
      // A resumed run continues the plan of the run it resumes, and the reads it recorded.
      const continuing = options.resume && this.manifest.plan !== undefined;
      if (!continuing) {
        await this.#record(writer, { type: 'plan', started_at: started.toISOString(), query: keyOf(query) });
      }
      const reuse = continuing ? this.manifest.reads : new Map<string, FormEntry>();
      const plan = await this.#plan(await this.#readForms(query, writer, reuse), options.merge);
      // The partial downloads this run continues are kept; any other temporary file is a leftover.
      await removeTemporaryFiles(this.dir, new Set(plan.pending.map((file) => this.#partOf(file))));
      const progress = await this.#transfer(plan, writer);
      if (this.#failures.length === 0 && !this.#stop) {
        await this.#record(writer, {
          type: 'run',
          started_at: started.toISOString(),
          completed_at: this.ctx.now().toISOString(),
          query: keyOf(query),
          forms: plan.forms,
          files: this.#fetched.files,
          bytes: this.#fetched.bytes,
        });
      }
      // Lines replaced by later ones (a file fetched again, the reads of a run now complete) go:
      // one line per file. Not on a disk that refuses writes: the manifest as it is lists the
      // files on disk just as well.
      if (this.manifest.stale > 0 && !this.#stop) await writer.rewrite(currentEntries(this.manifest));
      this.#summarize(plan, progress, this.ctx.now().getTime() - started.getTime());
    } finally {
      release();
      lines?.stop();
      this.#status.stop();
      await writer.close();
    }
    for (const { what, error } of this.#failures) this.ctx.io.errorLine(`failed: ${what}: ${error.message}`);
    if (this.#stop) throw stoppedBy(this.#stop);
    if (this.#failures.length > 0) {
      throw new PartialFailure(
        `${count(this.#failures.length)} of the export's items failed (listed above); the manifest lists every file exported`,
        this.#failures.map((failure) => failure.error.exitCode),
        {
          hint: 'run the same command with --resume to fetch what is missing; partial downloads continue where they stopped',
        },
      );
    }
  }

  /**
   * The forms the query matches, each read for its attachments (or taken from `reuse`, the reads
   * an interrupted run recorded) and recorded as read; a form gone meanwhile is left out.
   */
  async #readForms(
    query: QueryParams,
    writer: ManifestWriter,
    reuse: ReadonlyMap<string, FormEntry>,
  ): Promise<FormsRead> {
    const ids: string[] = [];
    const pages = paginate({
      plan: planPages({ all: true }),
      request: listRequest(FORMS, query),
      send: (request) => this.client.request(request),
      concurrency: this.#concurrency,
      onMeta: (meta) => {
        this.#forms.total = meta.total_count;
        const pages = Math.max(1, Math.ceil(meta.total_count / MAX_PAGE_SIZE));
        // What a resumed run reads is known once the list is read (below).
        const reads = reuse.size > 0 ? 0 : meta.total_count;
        this.#status.say(
          `wfd: ${plural(meta.total_count, 'form')} match: ` +
            (reads > 0
              ? `reading them takes ${plural(pages + reads, 'request')} (${plural(pages, 'list page')}, ${plural(reads, 'form read')})`
              : `listing them takes ${plural(pages, 'request')}`) +
            rateLimitedTime(this.client.limiter, pages - 1 + reads),
        );
      },
    });
    try {
      for await (const form of pages) ids.push(form.id);
    } catch (error) {
      throw error instanceof HoldTooLongError ? stoppedBy(error) : error;
    }
    const known = recordedForms(ids, reuse);
    const toRead = ids.filter((id) => !known.has(id));
    if (known.size > 0) {
      this.#status.say(
        `wfd: ${plural(known.size, 'form')} read by the interrupted run (in its manifest), not read again; ` +
          `${plural(toRead.length, 'form read')} left` +
          rateLimitedTime(this.client.limiter, toRead.length),
      );
    }
    this.#phase = 'reading';
    this.#forms.done = known.size;
    const reading = limitedEta({ units: toRead.length, bytes: undefined }, this.client.limiter);
    this.#reading = reading;
    const read = new Map<string, FormAttachments>(known);
    // Each read is recorded at once; the flushes are awaited together, so the reads do not wait for the disk.
    const recording: Promise<void>[] = [];
    const reads = mapOrdered(toRead, this.#concurrency, (id) =>
      this.client.request(getFormFiles(id)).then(
        (form) => ({ form }),
        (error: unknown) => ({ id, error }),
      ),
    );
    for await (const outcome of reads) {
      reading.addUnits(1);
      this.#forms.done++;
      this.#status.show(`Reading forms… ${count(this.#forms.done)} of ${count(ids.length)}`);
      if ('form' in outcome) {
        const { form } = outcome;
        const responses = (form.responses ?? []).map((r) => ({
          id: r.id,
          attachments: (r.attachments ?? []).map(({ id, filename, size }) => ({ id, filename, size })),
        }));
        read.set(form.id, { id: form.id, responses });
        const recorded = this.#record(writer, { type: 'form', id: form.id, responses });
        recorded.catch(() => {});
        recording.push(recorded);
      } else if (outcome.error instanceof HoldTooLongError) {
        // Every read after it is held back as long: nothing more is sent.
        throw stoppedBy(outcome.error);
      } else if (outcome.error instanceof ApiError && outcome.error.status === 404) {
        this.#status.say(`wfd: form ${outcome.id} was deleted since it was listed: nothing to export`);
      } else if (outcome.error instanceof WfdError) {
        this.#failures.push({ kind: 'form', what: `form ${outcome.id}`, error: outcome.error });
      } else throw outcome.error;
    }
    await Promise.all(recording);
    const forms = ids.flatMap((id) => read.get(id) ?? []);
    return { forms, listed: ids.length, requested: toRead.length };
  }

  /** What a progress line says now (progress-lines.ts). */
  #facts(): ProgressFacts {
    const limiter = this.client.limiter;
    const transfer = this.#transferred;
    const unknown: Tally = { done: 0, total: undefined };
    return {
      phase: this.#phase,
      forms: { ...this.#forms },
      files: transfer ? { done: transfer.files, total: transfer.totals.files } : unknown,
      bytes: transfer ? { done: transfer.bytes, total: transfer.totals.bytes } : unknown,
      waitMs: limiter?.eta(1) ?? 0,
      etaMs: transfer ? transfer.etaMs() : this.#phase === 'reading' ? this.#reading?.etaMs() : undefined,
    };
  }

  /** Where each file goes, what is already there, what the run will request; said on stderr. */
  async #plan(read: FormsRead, merge: boolean): Promise<Plan> {
    this.#phase = 'checking';
    const max = maxPathLength();
    const limit = max === undefined ? undefined : { max, root: resolve(this.dir).length };
    const files = planFiles(read.forms, this.manifest.files, limit);
    const cut = files.filter((file) => file.originalName !== undefined).length;
    if (cut > 0)
      this.#status.say(
        `wfd: ${plural(cut, 'file name')} cut to keep each path within ${max} characters, as Windows tools need; the manifest keeps each original_name`,
      );
    this.#status.show('Checking the files already exported…');
    const done = await this.#alreadyThere(files);
    const pending = files.filter((file) => !done.has(file.id));
    const merges = merge ? await this.#pendingMerges(planMerges(files)) : [];
    const mergeRequests = merges.reduce((n, m) => n + mergeBatches(this.client, m.ids).length, 0);
    const requests = countRequests({
      forms: read.listed,
      reads: read.requested,
      downloads: pending.length,
      merges: mergeRequests,
    });
    const size = sizeOf(pending);
    const kept = files.length - pending.length;
    const bytes = size === undefined ? '' : ` (${formatBytes(size)})`;
    this.#status.say(
      `wfd: ${plural(files.length, 'attachment')} in ${plural(read.forms.length, 'form')}: ` +
        `${count(pending.length)} to download${bytes}, ${count(kept)} already exported` +
        (merge ? `; ${plural(merges.length, 'merged PDF')} to make` : ''),
    );
    this.#status.say(
      `wfd: ${plural(requests.total, 'request')} in all, the fewest the API allows: ` +
        `${plural(requests.pages, 'list page')}, ${plural(requests.reads, 'form read')}, ` +
        `${plural(requests.downloads, 'download')}${merge ? `, ${plural(requests.merges, 'merge')}` : ''}` +
        rateLimitedTime(this.client.limiter, requests.downloads + requests.merges),
    );
    return { forms: read.forms.length, files, pending, merges, requests };
  }

  /** The files the manifest lists at their planned path whose size and SHA-256 on disk agree. */
  async #alreadyThere(files: readonly PlannedFile[]): Promise<Set<string>> {
    const listed = files.filter((file) => this.manifest.files.get(file.id)?.path === file.path);
    const checks = mapPooled(listed, this.#concurrency, async (file) => {
      const entry = this.manifest.files.get(file.id)!;
      const found = await hashFile(pathInside(this.dir, file.path)).catch(() => undefined);
      return found?.bytes === entry.bytes && found.sha256 === entry.sha256 ? file.id : undefined;
    });
    const done = new Set<string>();
    for await (const id of checks) if (id !== undefined) done.add(id);
    return done;
  }

  /** The merged PDFs to make: those the manifest does not list with the same attachments, intact. */
  async #pendingMerges(merges: readonly PlannedMerge[]): Promise<PlannedMerge[]> {
    const pending: PlannedMerge[] = [];
    for (const merge of merges) {
      const entry = this.manifest.merged.get(merge.formId);
      const same = entry?.path === merge.path && entry.ids.join(',') === merge.ids.join(',');
      const found = same
        ? await hashFile(pathInside(this.dir, merge.path)).catch(() => undefined)
        : undefined;
      if (!entry || !found || found.bytes !== entry.bytes || found.sha256 !== entry.sha256)
        pending.push(merge);
    }
    return pending;
  }

  /** Downloads the pending files, then makes the merged PDFs; each recorded as it completes. */
  async #transfer(plan: Plan, writer: ManifestWriter): Promise<TransferProgress> {
    const progress = new TransferProgress(
      {
        files: plan.pending.length,
        bytes: sizeOf(plan.pending),
        requests: plan.pending.length + plan.requests.merges,
      },
      this.client.limiter,
    );
    this.#phase = 'downloading';
    this.#transferred = progress;
    const target: ExportTarget = {
      dir: this.dir,
      client: this.client,
      progress,
      now: () => this.ctx.now(),
      notice: (line) => this.#status.say(`wfd: ${line}`),
      folders: new Set(),
    };
    const ticker = setInterval(() => this.#status.show(`Exporting: ${progress.line()}`), 250);
    try {
      // A terminal has the progress line; a pipe, -q, --fields and --query get a row per file.
      const rows =
        readerOf(this.ctx.output) !== 'screen'
          ? await createRowSink(this.ctx.io, renderOptions(this.ctx, { columns: COLUMNS }))
          : undefined;
      const files = mapPooled(plan.pending, this.#concurrency, async (file) => {
        if (this.#stop) return { file, outcome: Promise.resolve(STOPPED) };
        const downloaded = await settle(() => exportFile(file, target));
        progress.settled(1);
        if ('error' in downloaded) {
          this.#stopAt(downloaded.error);
          return { file, outcome: downloaded };
        }
        progress.addFile();
        // Recorded as soon as it is complete, not in order: a crash then loses no finished file.
        // The line is written at once; the worker goes on while the flush to disk is batched.
        const entry = downloaded.value;
        const recorded = settle(async () => {
          await this.#record(writer, entry);
          return entry;
        }).then((outcome) => {
          if ('error' in outcome) this.#stopAt(outcome.error);
          return outcome;
        });
        // Awaited in its turn below; a failure to write the manifest must not go unhandled meanwhile.
        recorded.catch(() => {});
        return { file, outcome: recorded };
      });
      for await (const { file, outcome } of files) {
        const recorded = await outcome;
        if ('stopped' in recorded || ('error' in recorded && stopsEveryItem(recorded.error))) continue;
        if ('error' in recorded) {
          this.#failures.push({ kind: 'file', what: `${file.path} (${file.id})`, error: recorded.error });
        } else await rows?.write(recorded.value);
      }
      await rows?.end();
      if (plan.merges.length > 0) this.#phase = 'merging';
      const merges = mapPooled(this.#stop ? [] : plan.merges, this.#concurrency, async (merge) => {
        if (this.#stop) return { merge, outcome: STOPPED };
        const outcome = await settle(async () => this.#record(writer, await exportMerge(merge, target)));
        progress.settled(mergeBatches(this.client, merge.ids).length);
        if ('error' in outcome) this.#stopAt(outcome.error);
        return { merge, outcome };
      });
      for await (const { merge, outcome } of merges) {
        if ('stopped' in outcome || ('error' in outcome && stopsEveryItem(outcome.error))) continue;
        if ('error' in outcome)
          this.#failures.push({ kind: 'merge', what: merge.path, error: outcome.error });
      }
    } finally {
      clearInterval(ticker);
      this.#status.stop();
    }
    return progress;
  }

  /** Appends a line to the manifest, and keeps the manifest in memory as the file now reads. */
  async #record(writer: ManifestWriter, entry: ManifestEntry): Promise<void> {
    await writer.append(entry).catch((error: unknown) => {
      throw writeError(join(this.dir, MANIFEST_NAME), error);
    });
    addEntry(this.manifest, entry);
    if (!('type' in entry)) {
      this.#fetched.files++;
      this.#fetched.bytes += entry.bytes;
    } else if (entry.type === 'merged') this.#fetched.merged++;
  }

  /** Stops the run at the first failure that every other item would meet too. */
  #stopAt(error: WfdError): void {
    if (stopsEveryItem(error)) this.#stop ??= error as WriteError | HoldTooLongError;
  }

  #partOf(file: PlannedFile): string {
    return partPathOf(dirname(pathInside(this.dir, file.path)), safeFilename(file.id, 'attachment'));
  }

  /**
   * One line: what was fetched, in how long the run took, what was there already, what a stop
   * left undone, the manifest.
   */
  #summarize(plan: Plan, progress: TransferProgress, elapsedMs: number): void {
    const { files, merged } = this.#fetched;
    const kept = plan.files.length - plan.pending.length;
    const parts = [
      `exported ${plural(files, 'file')} (${formatBytes(progress.bytes)}) in ${formatDuration(elapsedMs)}`,
    ];
    if (kept > 0) parts.push(`${count(kept)} already there`);
    if (merged > 0) parts.push(plural(merged, 'merged PDF'));
    if (this.#stop) parts.push(`stopped with ${count(plan.pending.length - files)} not exported`);
    const mark = this.#failures.length === 0 && !this.#stop ? '✓' : '✗';
    this.ctx.io.errorLine(`${mark} ${parts.join('; ')}; manifest ${join(this.dir, MANIFEST_NAME)}`);
  }
}

/** The bytes the API lists for `files`; undefined when it does not list them all. */
function sizeOf(files: readonly PlannedFile[]): number | undefined {
  let total = 0;
  for (const file of files) {
    if (file.size === undefined) return undefined;
    total += file.size;
  }
  return total;
}

/** A failure every later item would meet too: a disk that refuses writes, a hold longer than wfd waits. */
function stopsEveryItem(error: WfdError): boolean {
  return refusesEveryWrite(error) || error instanceof HoldTooLongError;
}

/** The error a stopped export ends with: what stopped it, and how to continue. */
function stoppedBy(stop: WriteError | HoldTooLongError): WfdError {
  if (stop instanceof HoldTooLongError) {
    return new PartialFailure(`${stop.message}; the export stopped`, [stop.exitCode], {
      hint: `run the same command with --resume after ${stop.when}, or set ${stop.setting} to wait for it`,
    });
  }
  return new WfdError(`${stop.message}; the export stopped`, {
    hint: 'make room (or make --dir writable), then run the same command with --resume',
    cause: stop,
  });
}

/** The outcome of an item not attempted, as the run had stopped. */
const STOPPED: { stopped: true } = { stopped: true };

/** `work`'s value, or its WfdError; any other error is a bug, and ends the run. */
async function settle<T>(work: () => Promise<T>): Promise<{ value: T } | { error: WfdError }> {
  try {
    return { value: await work() };
  } catch (error) {
    if (error instanceof WfdError) return { error };
    throw error;
  }
}

export const verb = defineVerb(EXPORT, ExportAttachmentsOptions, runExportAttachments, {
  fields: EXPORT_FIELDS,
});

/** The forms of `ids` an interrupted run read and recorded in its manifest: not read again. */
function recordedForms(
  ids: readonly string[],
  reuse: ReadonlyMap<string, FormEntry>,
): Map<string, FormAttachments> {
  const known = new Map<string, FormAttachments>();
  for (const id of ids) {
    const recorded = reuse.get(id);
    if (recorded) known.set(id, { id, responses: recorded.responses });
  }
  return known;
}
