/**
 * The engine of bulk commands over ids (`cases archive`, `forms unarchive`, ...): one request per
 * id, `--concurrency` at a time, a result row per id in input order (stdout), a line per problem
 * and a summary (stderr). `--dry-run` prints one request per id and sends nothing.
 *
 * It reports what is true, not what it hoped (a mutation whose outcome is unknown is never called failed):
 * when the connection broke after a request was sent, the request is not sent again; the record
 * is read back and reported `archived (confirmed)` when it holds the state asked for, `unknown`
 * when that cannot be told. A refused token (401), or a token that lost its workspace (403 and
 * the token itself refused), stops the run at once: the ids not yet sent are `not sent`; so does a
 * rate-budget hold longer than WFD_MAX_WAIT (an hourly hold is waited out unless it is set).
 *
 * Exit 0 when every id reached its state; otherwise the code the problems share (8 for unknown
 * outcomes), or 1 when they differ.
 */
import type * as z from 'zod/mini';
import { listWorkspaces } from '../../api/workspaces.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { bulkIdsFlags } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { HoldTooLongError } from '../../core/budget/hold.js';
import { mapOrdered } from '../../core/concurrency.js';
import { ApiError, NetworkError, WfdError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http/http.js';
import type { ApiRequest } from '../../core/http/request.js';
import { onInterrupt } from '../../core/process/interrupt.js';
import { ExitCode } from '../../exit-codes.js';
import type { Column, ColumnKind } from '../../output/render.js';
import { createRowSink } from '../../output/render.js';
import { changedBefore } from './changed-before.js';
import { collectIds } from './ids.js';
import { mutationClient, printDryRuns } from './mutation.js';
import { renderOptions } from './output.js';
import { PartialFailure } from './partial-failure.js';
import { hasIdForm, type IdLookup, idFormsOf, resolveIds } from './resolve-id.js';

/** The options of every bulk verb: the ids and --dry-run (the nouns differ in help only). */
export const BulkIdsOptions = verbSchema(bulkIdsFlags('record'));
export type BulkIdsOptions = z.output<typeof BulkIdsOptions>;

/** What one bulk command does to each id, and the words of its report. */
export interface BulkAction<T> {
  /** the record, singular: `case` (ids are checked and reported as `case ids`) */
  noun: string;
  /** the result of a success, a past participle: `archived` */
  done: string;
  /** the request for one id */
  request(id: string): ApiRequest<T>;
  /** the report's column read from the API's answer: a case's `archived_at` */
  detail: { field: string; header: string; kind?: ColumnKind; read(answer: T): unknown };
  /** after a lost answer: reading the record back, and whether it holds the state asked for */
  confirm: { request(id: string): ApiRequest<T>; reached(record: T): boolean };
  /**
   * when the record reached the state asked for, as the API answered it (a case's `archived_at`,
   * else its `updated_at`): before the request was sent means it was already so
   */
  changedAt(answer: T): unknown;
  /** how an id prefix (or reference) is found; a full UUID never costs a request */
  // biome-ignore lint/suspicious/noExplicitAny: any record with an id
  lookup?: IdLookup<any>;
}

type Result = 'done' | 'confirmed' | 'unknown' | 'failed' | 'not sent';

/** One row of the report; every row has every key, so CSV headers and JSON shapes are stable. */
type Outcome = Record<string, unknown> & { id: string; result: string; error: string | null };

interface Step {
  row: Outcome;
  kind: Result;
  exitCode?: number;
}

/** The fields of a report row, which --fields may name. */
export function bulkFields(detailField: string): readonly string[] {
  return ['id', 'result', detailField, 'error'];
}

export async function runBulk<T>(
  options: BulkIdsOptions,
  ctx: Context,
  action: BulkAction<T>,
): Promise<void> {
  const { lookup } = action;
  const given = await collectIds(options.ids, () => ctx.io.stdin, action.noun, {
    ...(lookup ? { accepts: (id: string) => hasIdForm(id, lookup), expected: idFormsOf(lookup) } : {}),
  });
  const client = await mutationClient(ctx, options.dryRun);
  // Thousands of ids meet the hourly budget: the run waits it out (bounded by WFD_MAX_WAIT when set).
  client.limiter?.waitOutWindows();
  // Every id is known before the first change is sent: a typo stops the run with nothing done.
  const ids = lookup ? await resolveIds(client, given, lookup) : given;
  if (options.dryRun) {
    await printDryRuns(ctx, ids.length, (index) => client.prepare(action.request(ids[index]!)));
    return;
  }
  const { detail } = action;
  const columns: Column[] = [
    { field: 'id', kind: 'id' },
    { field: 'result', kind: 'status' },
    { field: detail.field, header: detail.header, ...(detail.kind ? { kind: detail.kind } : {}) },
    { field: 'error', hideWhenEmpty: true },
  ];
  const sink = await createRowSink(ctx.io, renderOptions(ctx, { columns }));
  const run = new Run(client, action, () => ctx.now().getTime());
  // Ctrl-C: the rows a table holds for its layout, and what was done, before the process ends.
  let interrupted = false;
  const release = onInterrupt(async () => {
    interrupted = true;
    await sink.end();
    ctx.io.errorLine(`wfd: interrupted: ${run.progress(action, ids.length)}`);
  });
  const steps = mapOrdered(ids, ctx.globals.concurrency ?? DEFAULT_CONCURRENCY, (id) => run.step(id));
  const tally: Record<Result, Step[]> = { done: [], confirmed: [], unknown: [], failed: [], 'not sent': [] };
  try {
    for await (const step of steps) {
      if (interrupted) break;
      tally[step.kind].push(step);
      const reached = step.kind === 'done' || step.kind === 'confirmed';
      // Each problem is told once: in its row, or (with -q, which prints only ids reached) on stderr.
      if (ctx.globals.quiet && !reached) {
        const level = step.kind === 'unknown' ? 'warning' : 'error';
        if (step.kind !== 'not sent')
          ctx.io.errorLine(`${level}: ${step.row.id}: ${step.row.error ?? step.row.result}`);
        continue;
      }
      await sink.write(step.row);
    }
  } finally {
    release();
  }
  await sink.end();
  if (run.stop) {
    ctx.io.errorLine(`error: ${run.stop.message}; ${tally['not sent'].length} not sent`);
    if (run.stop.hint) ctx.io.errorLine(`hint: ${run.stop.hint}`);
  }
  summarise(ctx, action, ids.length, tally, run.stop);
}

/** One run's state: the early stop, decided once, shared by every id. */
class Run<T> {
  stop: WfdError | undefined;
  #workspaceChecked: Promise<boolean> | undefined;
  /** requests under way, and the results of finished ids (reported or not yet, as rows come in order) */
  #inFlight = 0;
  /** of the `done`: those the answer showed were in the state asked for already */
  #already = 0;
  /** the server's clock ahead of ours by at least this (ms), from the Date headers so far */
  #offset: number | undefined;
  readonly #finished: Record<Result, number> = {
    done: 0,
    confirmed: 0,
    unknown: 0,
    failed: 0,
    'not sent': 0,
  };

  constructor(
    private readonly client: ApiClient,
    private readonly action: BulkAction<T>,
    private readonly now: () => number,
  ) {}

  /** The request for one id and the truth about it, counted for `progress`. */
  async step(id: string): Promise<Step> {
    this.#inFlight++;
    try {
      const step = await this.attempt(id);
      this.#finished[step.kind]++;
      if (isAlready(step)) this.#already++;
      return step;
    } finally {
      this.#inFlight--;
    }
  }

  /** What the run did so far, for an interrupted run: `archived 40 of 800 cases; 4 in flight (outcome unknown); ...`. */
  progress(action: BulkAction<T>, total: number): string {
    const finished = this.#finished;
    const reached = finished.done + finished.confirmed;
    const failed = finished.failed + finished.unknown;
    const parts = [`${action.done} ${reached - this.#already} of ${total} ${action.noun}s`];
    if (this.#already > 0) parts.push(`${this.#already} already ${action.done}`);
    if (failed > 0) parts.push(`${failed} failed or unknown`);
    if (this.#inFlight > 0) parts.push(`${this.#inFlight} in flight (outcome unknown)`);
    const untouched = total - reached - failed - finished['not sent'] - this.#inFlight;
    parts.push(`${untouched + finished['not sent']} not sent`);
    return parts.join('; ');
  }

  /** The request for one id. Any error that is not an answer ends the run. */
  private async attempt(id: string): Promise<Step> {
    const { action } = this;
    const field = action.detail.field;
    const row = (result: string, value: unknown, error: string | null): Outcome => ({
      id,
      result,
      [field]: value ?? null,
      error,
    });
    if (this.stop) return { kind: 'not sent', row: row('not sent', null, 'the run stopped before this id') };
    try {
      const sentAt = this.now();
      const { value: answer, headers } = await this.client.requestWithHeaders(action.request(id));
      // The Date header says how far the two clocks differ, at least (it is cut to the second);
      // the best of the run's answers is the closest bound, so 'already' is told more often.
      const serverDate = Date.parse(String(headers.date ?? ''));
      if (!Number.isNaN(serverDate))
        this.#offset = Math.max(this.#offset ?? Number.NEGATIVE_INFINITY, serverDate - this.now());
      const already = changedBefore(action.changedAt(answer), sentAt + (this.#offset ?? 0));
      return {
        kind: 'done',
        row: row(already ? `already ${action.done}` : action.done, action.detail.read(answer), null),
      };
    } catch (error) {
      if (!(error instanceof WfdError)) throw error;
      // Held back longer than wfd waits: nothing was sent, for this id or any after it.
      if (error instanceof HoldTooLongError) {
        this.stop ??= error;
        return { kind: 'not sent', row: row('not sent', null, 'the run stopped before this id') };
      }
      if (outcomeUnknown(error)) return this.readBack(id, error, row);
      if (error instanceof ApiError && error.status === 404)
        return { kind: 'failed', row: row('not found', null, null), exitCode: error.exitCode };
      if (await this.stopsTheRun(error)) this.stop ??= error;
      return { kind: 'failed', row: row('failed', null, error.message), exitCode: error.exitCode };
    }
  }

  /** After a lost answer: the record's state says whether the request took effect. */
  private async readBack(
    id: string,
    lost: WfdError,
    row: (result: string, value: unknown, error: string | null) => Outcome,
  ): Promise<Step> {
    const { action } = this;
    try {
      const record = await this.client.request(action.confirm.request(id));
      if (action.confirm.reached(record))
        return {
          kind: 'confirmed',
          row: row(`${action.done} (confirmed)`, action.detail.read(record), null),
        };
      return {
        kind: 'failed',
        row: row('failed', action.detail.read(record), `not ${action.done}: ${lost.message}`),
        exitCode: lost.exitCode,
      };
    } catch {
      const why = `outcome unknown: ${lost.message}, and reading the ${action.noun} back failed`;
      return { kind: 'unknown', row: row('unknown', null, why), exitCode: ExitCode.Network };
    }
  }

  /** 401, or a 403 while the token itself is refused: nothing more can succeed. */
  private async stopsTheRun(error: WfdError): Promise<boolean> {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status === 401 || error.exitCode === ExitCode.Auth) return true;
    if (status !== 403) return false;
    this.#workspaceChecked ??= this.client.request(listWorkspaces()).then(
      () => false,
      () => true,
    );
    return this.#workspaceChecked;
  }
}

/**
 * A mutation may have happened when the connection broke after the request was sent, or a
 * gateway gave up waiting (502, 504): the server may have done it all the same.
 */
function outcomeUnknown(error: WfdError): boolean {
  if (error instanceof NetworkError) return error.requestSent;
  return error instanceof ApiError && (error.status === 502 || error.status === 504);
}

/** A success whose answer showed the record was in the state asked for before the request. */
function isAlready(step: Step): boolean {
  return step.kind === 'done' && step.row.result.startsWith('already ');
}

/**
 * The summary counts each result apart: what the run changed (`archived 19`), what was so
 * already (`18 already archived`), and each kind of problem, so a count never claims more.
 */
function summarise<T>(
  ctx: Context,
  action: BulkAction<T>,
  total: number,
  tally: Record<Result, Step[]>,
  stop: WfdError | undefined,
): void {
  const already = tally.done.filter(isAlready).length;
  const changed = tally.done.length - already + tally.confirmed.length;
  const plural = `${action.noun}s`;
  const confirmed =
    tally.confirmed.length > 0 ? ` (${tally.confirmed.length} confirmed after a lost answer)` : '';
  const alreadyPart = already > 0 ? [`${already} already ${action.done}`] : [];
  const problems = [...tally.unknown, ...tally.failed, ...tally['not sent']];
  if (problems.length === 0) {
    if (ctx.io.isStderrTTY()) {
      const counted =
        already > 0
          ? `${changed} of ${total} ${plural}`
          : `${changed} ${changed === 1 ? action.noun : plural}`;
      ctx.io.errorLine([`✓ ${action.done} ${counted}${confirmed}`, ...alreadyPart].join('; '));
    }
    if (tally.confirmed.length > 0 && !ctx.io.isStderrTTY())
      ctx.io.errorLine(`wfd: ${tally.confirmed.length} confirmed by reading them back after a lost answer`);
    return;
  }
  const parts = [`${action.done} ${changed} of ${total} ${plural}${confirmed}`, ...alreadyPart];
  if (tally.unknown.length > 0) parts.push(`${tally.unknown.length} unknown`);
  const notFound = tally.failed.filter((step) => step.row.result === 'not found').length;
  if (notFound > 0) parts.push(`${notFound} not found`);
  if (tally.failed.length > notFound) parts.push(`${tally.failed.length - notFound} failed`);
  if (tally['not sent'].length > 0) parts.push(`${tally['not sent'].length} not sent`);
  const codes = new Set([
    ...[...tally.unknown, ...tally.failed].map((step) => step.exitCode ?? ExitCode.Failure),
    ...(stop ? [stop.exitCode] : []),
  ]);
  // The per-id problems are already printed; this carries the summary line and the exit code.
  throw new PartialFailure(parts.join('; '), [...codes]);
}

/**
 * The verb of a bulk command (`<noun> archive <ids...|->`): its options are the ids and
 * --dry-run, each id gets `action`, and a report row may show `fields`.
 */
export function defineBulkVerb<T>(action: BulkAction<T>, fields: readonly string[]) {
  const run = (options: BulkIdsOptions, ctx: Context) => runBulk(options, ctx, action);
  return { run, verb: defineVerb(bulkIdsFlags(action.noun), BulkIdsOptions, run, { fields }) };
}
