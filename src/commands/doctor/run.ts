/**
 * `wfd doctor`: a line per check (ok, warn, fail) with the fix, `-o json` an array of
 * `{check, status, detail, fix}`; exit 1 when a check fails. It works with a broken config file.
 */
import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { plural } from '../../core/text/counts.js';
import { escapeControls } from '../../core/text/quote.js';
import { createRowSink, readerOf } from '../../output/render.js';
import { createTextMetrics } from '../../output/text-width.js';
import { wrapBlock } from '../../output/wrap-block.js';
import { renderOptions } from '../shared/output.js';
import {
  type CheckResult,
  checkCredentials,
  checkLocalState,
  checkOAuth,
  checkServer,
  checkTokenStorage,
} from './checks.js';
import { checkCertificates, checkProxy } from './network-checks.js';

export const DoctorOptions = verbSchema(NO_FLAGS);

const FIELDS = ['check', 'status', 'detail', 'fix'] as const;
// A fix's continuation lines start under its text.
const FIX = 'fix: ';
const MARKS = { ok: '✓', warn: '!', fail: '✗' } as const;

export async function runDoctor(_options: unknown, ctx: Context): Promise<void> {
  const results: CheckResult[] = [...(await checkLocalState(ctx)), ...(await checkTokenStorage(ctx))];
  const { results: found, credentials } = await checkCredentials(ctx);
  results.push(...found);
  if (credentials) results.push(...checkOAuth(credentials, ctx.now()));
  const usable = found.every((r) => r.status !== 'fail');
  const proxy = usable && credentials?.baseUrl ? await checkProxy(ctx.env, credentials.baseUrl) : undefined;
  if (proxy) results.push(proxy.result);
  results.push(await checkCertificates(ctx.env));
  if (credentials?.token && credentials.baseUrl && usable && proxy?.result.status !== 'fail')
    results.push(...(await checkServer(ctx, credentials.baseUrl, proxy?.through)));
  await print(ctx, results);
  const failed = results.filter((r) => r.status === 'fail').length;
  if (failed > 0) throw new WfdError(`${plural(failed, 'check')} failed`);
}

async function print(ctx: Context, results: CheckResult[]): Promise<void> {
  const reader = readerOf(ctx.output);
  if (reader === 'records') {
    const sink = await createRowSink(
      ctx.io,
      renderOptions(ctx, { columns: FIELDS.map((field) => ({ field })) }),
    );
    for (const result of results) await sink.write({ ...result });
    await sink.end();
    return;
  }
  const width = Math.max(...results.map((r) => r.check.length));
  const lines = results.flatMap((r) => [
    `${MARKS[r.status]} ${r.check.padEnd(width)}  ${escapeControls(r.detail)}`,
    ...(r.fix ? [`  ${' '.repeat(width)}  ${FIX}${escapeControls(r.fix)}`] : []),
  ]);
  const text = lines.join('\n');
  // On a terminal, details and fixes wrap under their column; paths and URLs stay whole.
  await ctx.io.write(
    `${reader === 'screen' ? wrapBlock(text, ctx.io.terminalWidth(), createTextMetrics(), FIX.length) : text}\n`,
  );
}

export const verb = defineVerb(NO_FLAGS, DoctorOptions, runDoctor, { fields: FIELDS });
