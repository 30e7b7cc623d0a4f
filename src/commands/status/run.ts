/**
 * `wfd status`: what needs attention in the workspace, in one screen at 80 columns, from a fixed
 * handful of requests sent together (requests.ts): the cases not archived counted by stage and by whom
 * they wait for (one grouped count), the cases waiting longest, the forms completed but not
 * processed (one grouped count, by template), and counts over the last 24 hours. `-o json`
 * (and --query/--fields) print the same report as one object, for scripts.
 */
import type * as z from 'zod/mini';
import { countGroups, type GroupedCount } from '../../api/count-groups.js';
import { countRequest, listRequest } from '../../api/list.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { ApiClient } from '../../core/http/http.js';
import { buildListQuery } from '../../core/list-query/build.js';
import type { QueryParam } from '../../core/list-query/types.js';
import { pageRequest } from '../../core/paginate.js';
import { effectiveSettings, readConfigData } from '../../core/settings.js';
import { plural } from '../../core/text/counts.js';
import { escapeControls, quote } from '../../core/text/quote.js';
import { readerOf, renderItem } from '../../output/render.js';
import { createTextMetrics } from '../../output/text-width.js';
import { absoluteTime, parseTime, relativeTime } from '../../output/time.js';
import { wrapBlock } from '../../output/wrap-block.js';
import { CASES, PARENT_STATUSES, WAITING_FOR } from '../../resources/cases.js';
import { FORMS } from '../../resources/forms.js';
import type { ResourceDef } from '../../resources/types.js';
import { boundWorkspace } from '../auth/shared.js';
import { matchesNone } from '../shared/no-match.js';
import { renderOptions } from '../shared/output.js';
import { STATUS } from './flags.js';

export const StatusOptions = verbSchema(STATUS);
export type StatusOptions = z.output<typeof StatusOptions>;

/** How many of the cases waiting longest are listed. */
const LONGEST = 5;
const FIELDS = ['workspace', 'owner', 'generated_at', 'cases', 'waiting_longest', 'forms', 'last_day'];

/** The person the figures are narrowed to: --owner, else `wfd config set owner` (of the profile, or for all). */
function ownerOf(options: StatusOptions, ctx: Context): string | undefined {
  if (options.owner !== undefined) return options.owner;
  const configured = effectiveSettings(
    readConfigData(ctx.env),
    ctx.globals.profile ?? ctx.env.WFD_PROFILE,
  ).owner;
  return configured || undefined;
}

export async function runStatus(options: StatusOptions, ctx: Context): Promise<void> {
  const owner = ownerOf(options, ctx);
  const now = ctx.now();
  const day = new Date(now.getTime() - 24 * 3_600_000);
  // Built (and so checked) before credentials are read: a bad e-mail exits 2 with no request.
  const query = (resource: ResourceDef, flags: Record<string, unknown>, where: string[] = []) =>
    buildListQuery(resource, { flags: { ...flags, ...(owner ? { owner } : {}) }, where, now });
  const openCases = query(CASES, { archived: false });
  const waiting = query(CASES, { archived: false }, ['waiting_for != none', 'parent_status != closed']);
  const unprocessed = query(FORMS, { archived: false, completed: true, processed: false });
  const since = `created_at >= ${day.toISOString()}`;
  const client = await ctx.api();
  const [workspace, stages, longest, forms, casesCreated, casesUpdated, formsCreated] = await Promise.all([
    boundWorkspace(client),
    client.request(countGroups('/cases/count', openCases, ['parent_status', 'waiting_for'])),
    client.request(pageRequest(listRequest(CASES, [...waiting, ['sort', 'updated_at']]), 1, LONGEST)),
    client.request(countGroups('/forms/count', unprocessed, ['flow.slug'])),
    count(client, CASES, query(CASES, {}, [since])),
    count(client, CASES, query(CASES, {}, [since.replace('created_at', 'updated_at')])),
    count(client, FORMS, query(FORMS, {}, [since])),
  ]);
  const report = {
    workspace: workspace ?? null,
    owner: owner ?? null,
    generated_at: now.toISOString(),
    cases: caseCounts(stages),
    waiting_longest: longest.data.map((c) => ({
      id: c.id,
      reference: c.reference,
      title: c.title,
      parent_status: c.parent_status,
      waiting_for: c.waiting_for,
      updated_at: c.updated_at,
      contact: c.contact ?? null,
    })),
    forms: {
      completed_unprocessed: forms.total,
      by_template: Object.fromEntries((forms.groups ?? []).map((g) => [String(g.values[0]), g.count])),
    },
    last_day: {
      since: day.toISOString(),
      cases_created: casesCreated,
      cases_updated: casesUpdated,
      forms_created: formsCreated,
    },
  };
  const render = renderOptions(ctx, { columns: [] });
  if (readerOf(render) === 'screen') await ctx.io.write(screen(report, now, ctx.io.terminalWidth()));
  else await renderItem(ctx.io, render, report);
  if (owner && report.cases.open === 0 && report.forms.completed_unprocessed === 0)
    await explainNoOwner(ctx, client, owner, now);
}

/** Zeros for `--owner zzz`: say when no case or form has such an owner at all (two counts). */
async function explainNoOwner(ctx: Context, client: ApiClient, owner: string, now: Date): Promise<void> {
  const none = await Promise.all([
    matchesNone(client, CASES, 'owner', owner, now),
    matchesNone(client, FORMS, 'owner', owner, now),
  ]).catch(() => [false]);
  if (none.every(Boolean))
    ctx.io.errorLine(
      `hint: no case or form has an owner matching ${quote(owner)}; --owner takes an e-mail, part of one, or an id`,
    );
}

function count(client: ApiClient, resource: ResourceDef, query: QueryParam[]): Promise<number> {
  return client.request(countRequest(resource, query));
}

type StageCounts = Record<string, Record<string, number>>;

/** The open cases: the total, by stage, by whom they wait for, and the grid of both. */
function caseCounts(grouped: GroupedCount) {
  const grid: StageCounts = Object.fromEntries(
    PARENT_STATUSES.map((s) => [s, Object.fromEntries(WAITING_FOR.map((w) => [w, 0]))]),
  );
  const byStage: Record<string, number> = Object.fromEntries(PARENT_STATUSES.map((s) => [s, 0]));
  const byWaiting: Record<string, number> = Object.fromEntries(WAITING_FOR.map((w) => [w, 0]));
  for (const { values, count } of grouped.groups ?? []) {
    const [stage, who] = values.map((v) => String(v ?? 'none'));
    byStage[stage!] = (byStage[stage!] ?? 0) + count;
    byWaiting[who!] = (byWaiting[who!] ?? 0) + count;
    grid[stage!] = { ...grid[stage!], [who!]: (grid[stage!]?.[who!] ?? 0) + count };
  }
  return {
    open: grouped.total,
    by_stage: byStage,
    by_waiting_for: byWaiting,
    by_stage_and_waiting_for: grid,
  };
}

type Report = {
  workspace: { name: string; slug: string } | null;
  owner: string | null;
  cases: ReturnType<typeof caseCounts>;
  waiting_longest: {
    reference: string | null | undefined;
    title: string | null | undefined;
    parent_status: string | null | undefined;
    waiting_for: string | null | undefined;
    updated_at: string | null | undefined;
  }[];
  forms: { completed_unprocessed: number; by_template: Record<string, number> };
  last_day: { cases_created: number; cases_updated: number; forms_created: number };
};

/** The report for a person at a terminal `width` columns wide (at most 80 used), about 20 lines. */
function screen(report: Report, now: Date, width: number): string {
  const metrics = createTextMetrics();
  const columns = Math.min(80, Math.max(40, width));
  const clip = (text: string, size: number) => metrics.fit(escapeControls(text), size).text;
  const pad = (text: string, size: number) => {
    // A column of `size` keeps its last two blank, the gap before the next (as tables have).
    const cut = clip(text, size - 2);
    return cut + ' '.repeat(Math.max(0, size - metrics.width(cut)));
  };
  const num = (n: number) => String(n).padStart(9);
  const where = report.workspace ? `${report.workspace.name} (${report.workspace.slug})` : 'this workspace';
  const lines = [
    clip(`${where}${report.owner ? ` · owner ${report.owner}` : ''} · ${absoluteTime(now)}`, columns),
    '',
    `${pad(`Cases: ${report.cases.open}`, 24)}${['waiting for: none', 'owner', 'contact', 'total'].map((h, i) => (i === 0 ? h.padStart(24) : h.padStart(9))).join('')}`,
  ];
  // The stage grid: a row per stage, a column per whom the cases wait for.
  for (const stage of Object.keys(report.cases.by_stage)) {
    const row = report.cases.by_stage_and_waiting_for[stage] ?? {};
    lines.push(
      `  ${pad(stage, 22)}${String(row.none ?? 0).padStart(24)}${num(row.owner ?? 0)}${num(row.contact ?? 0)}${num(report.cases.by_stage[stage] ?? 0)}`,
    );
  }
  const w = report.cases.by_waiting_for;
  lines.push(
    `  ${pad('total', 22)}${String(w.none ?? 0).padStart(24)}${num(w.owner ?? 0)}${num(w.contact ?? 0)}${num(report.cases.open)}`,
  );
  lines.push('', 'Waiting longest');
  if (report.waiting_longest.length === 0) lines.push('  no open case waits for anyone');
  else {
    const title = columns - 2 - 13 - 13 - 11 - 8;
    lines.push(
      `  ${pad('REFERENCE', 13)}${pad('TITLE', title)}${pad('STAGE', 13)}${pad('WAITS FOR', 11)}${'SINCE'.padStart(8)}`,
    );
    for (const c of report.waiting_longest) {
      const updated = parseTime(c.updated_at);
      lines.push(
        `  ${pad(c.reference ?? '', 13)}${pad(c.title ?? '', title)}${pad(c.parent_status ?? '', 13)}${pad(c.waiting_for ?? '', 11)}${(updated ? relativeTime(updated, now) : '').padStart(8)}`,
      );
    }
  }
  const byTemplate = Object.entries(report.forms.by_template)
    .sort((a, b) => b[1] - a[1])
    .map(([slug, n]) => `${slug} ${n}`)
    .join(', ');
  lines.push(
    '',
    // The templates' slugs make a long line: wrapped at words, never cut.
    wrapBlock(
      escapeControls(
        `Forms completed, not processed: ${report.forms.completed_unprocessed}${byTemplate ? ` (${byTemplate})` : ''}`,
      ),
      columns,
      metrics,
    ),
    '',
    'Last 24 hours',
    `  ${plural(report.last_day.cases_created, 'case')} created, ${plural(report.last_day.cases_updated, 'case')} updated, ${plural(report.last_day.forms_created, 'form')} created`,
  );
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

export const verb = defineVerb(STATUS, StatusOptions, runStatus, { fields: FIELDS });
