/**
 * archive and unarchive: one request per id, `--concurrency` at a time, a result row per id
 * in input order (stdout), an error line per failure and a summary (stderr). Exit 0 when
 * every id succeeded; otherwise the failures' common exit code, or 1 when they differ.
 */
import { z } from 'zod';
import { setArchivedRequest } from '../../api/cases.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { mapOrdered } from '../../core/concurrency.js';
import { WfdError } from '../../core/errors.js';
import type { Column } from '../../output/render.js';
import { createRowSink } from '../../output/render.js';
import { collectIds } from '../shared/ids.js';
import { mutationClient, printDryRun } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';
import { DryRunFlag } from '../shared/schemas.js';

export const SetArchivedOptions = DryRunFlag.extend({ ids: z.array(z.string()).min(1) });
export type SetArchivedOptions = z.infer<typeof SetArchivedOptions>;

const RESULT_COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'result', kind: 'status' },
  { field: 'archived_at', header: 'ARCHIVED AT', kind: 'time' },
  { field: 'error' },
];

/** One row of the report; every row has every key, so CSV headers and JSON shapes are stable. */
interface Outcome {
  id: string;
  result: 'archived' | 'unarchived' | 'failed';
  archived_at: string | null;
  error: string | null;
  exitCode?: number;
}

export async function runSetArchived(
  options: SetArchivedOptions,
  ctx: Context,
  archived: boolean,
): Promise<void> {
  const ids = await collectIds(options.ids, () => ctx.io.readStdin(), 'case');
  const client = await mutationClient(ctx, options.dryRun);
  if (options.dryRun) {
    await printDryRun(
      ctx,
      ids.map((id) => client.prepare(setArchivedRequest(id, archived))),
    );
    return;
  }
  const render = renderOptions(ctx, {
    columns: RESULT_COLUMNS,
    knownFields: ['id', 'result', 'archived_at', 'error'],
  });
  const sink = await createRowSink(ctx.io, render);
  const done = archived ? 'archived' : 'unarchived';
  const outcomes = mapOrdered(
    ids,
    ctx.globals.concurrency ?? DEFAULT_CONCURRENCY,
    async (id): Promise<Outcome> => {
      try {
        const updated = await client.request(setArchivedRequest(id, archived));
        return { id, result: done, archived_at: updated.archived_at ?? null, error: null };
      } catch (error) {
        if (!(error instanceof WfdError)) throw error;
        return { id, result: 'failed', archived_at: null, error: error.message, exitCode: error.exitCode };
      }
    },
  );
  const failures: Outcome[] = [];
  for await (const outcome of outcomes) {
    const { exitCode, ...row } = outcome;
    if (outcome.result === 'failed') {
      failures.push(outcome);
      ctx.io.errorLine(`error: ${outcome.id}: ${outcome.error}`);
      if (ctx.globals.quiet) continue;
    }
    await sink.write(row);
  }
  await sink.end();
  const succeeded = ids.length - failures.length;
  if (failures.length === 0) {
    if (ctx.io.isStderrTTY()) ctx.io.errorLine(`✓ ${done} ${succeeded} case${succeeded === 1 ? '' : 's'}`);
    return;
  }
  const codes = new Set(failures.map((f) => f.exitCode));
  const exitCode = codes.size === 1 ? [...codes][0]! : 1;
  throw new BulkError(`${done} ${succeeded} of ${ids.length} cases; ${failures.length} failed`, exitCode);
}

/** The per-id errors are already printed; this carries the summary line and the exit code. */
class BulkError extends WfdError {
  constructor(
    message: string,
    override readonly exitCode: number,
  ) {
    super(message);
  }
}
