/**
 * Data: the workspace's cases, forms and templates as tables, filtered with `--where` clauses
 * and sorted as `wfd <noun> list` does (data-query.ts), a page at a time; a record opens as its
 * JSON. Read through quiet reads: looking does not fill the request log nor spend the rate limit.
 */
import { RESOURCES } from '../resources/index.js';
import type { ColumnDef, ResourceDef } from '../resources/types.js';
import { listRequest, PAGE_SIZE } from './data-query.js';
import { copyLine, fill, h, localTime, onSubmit } from './dom.js';
import { quietRead } from './sandbox.js';
import type { View } from './view.js';
import { identity, onIdentityChange } from './workspace.js';

interface Page {
  data: Array<Record<string, unknown>>;
  meta: { total_count: number; total_pages: number; current_page: number };
}

/** Where a record's own JSON is read (templates of cases are case-like records); else the row's. */
const DETAIL_PATHS: Readonly<Record<string, string>> = {
  cases: '/cases/',
  case_templates: '/cases/',
  forms: '/forms/',
};

export function dataView(main: HTMLElement): View {
  const queries = new Map<string, { where: string; sort: string; page: number }>();
  let resource: ResourceDef = RESOURCES[0]!;
  let rows = new Map<string, Record<string, unknown>>();

  const tabs = h('nav', { class: 'tabs', 'aria-label': 'Collections' });
  const where = whereField(() => void run(1));
  const whereHelp = h('p', { id: 'where-help', class: 'hint' });
  const sort = h('select', { id: 'sort' });
  const form = h(
    'form',
    { class: 'query', onsubmit: onSubmit(() => run(1)) },
    h('div', { class: 'where' }, h('label', { for: 'where' }, 'Where'), where, whereHelp),
    h('div', { class: 'sort' }, h('label', { for: 'sort' }, 'Sort'), sort),
    h('button', { type: 'submit' }, 'Apply'),
  );
  const [line, problem, results] = [commandBox(), errorBox(), h('div', { class: 'results' })];
  const record = h('section', { class: 'record', 'aria-label': 'Record', tabindex: -1 });
  const title = h('h1', {}, 'Data');
  fill(main, title, tabs, form, line, problem, results, record);
  const stopListening = onIdentityChange(() => void run(1));

  function choose(next: ResourceDef): void {
    if (next === resource && tabs.childElementCount > 0) return;
    saveQuery();
    resource = next;
    const saved = queries.get(resource.name) ?? { where: '', sort: '', page: 1 };
    fill(tabs, ...tabLinks(resource));
    showQuery(resource, saved, { where, whereHelp, sort });
    void run(saved.page);
  }

  function saveQuery(): void {
    const page = queries.get(resource.name)?.page ?? 1;
    queries.set(resource.name, { where: where.value, sort: sort.value, page });
  }

  async function run(page: number): Promise<void> {
    let request: { path: string; line: string };
    try {
      request = listRequest(resource, { where: where.value.split('\n'), sort: sort.value, page });
    } catch (error) {
      fill(problem, (error as Error).message);
      return;
    }
    fill(problem);
    fill(line, copyLine(request.line, 'wfd command'));
    queries.set(resource.name, { where: where.value, sort: sort.value, page });
    const { token, workspace } = await identity();
    try {
      const answer = await quietRead<Page>(request.path, token);
      rows = new Map(answer.data.map((row) => [keyOf(resource, row), row]));
      fill(title, `Data of ${workspace?.name ?? 'the token'}`);
      fill(results, table(resource, answer), pager(answer, run));
    } catch (error) {
      fill(problem, (error as Error).message);
      fill(results);
    }
  }

  async function showRecord(key: string | undefined): Promise<void> {
    fill(record, ...(key === undefined ? [] : await recordNodes(resource, key, rows.get(key))));
    if (record.firstChild?.nodeName === 'H2') record.focus({ preventScroll: true });
  }

  return {
    show([name, key]) {
      choose(RESOURCES.find((r) => r.name === name) ?? RESOURCES[0]!);
      void showRecord(key);
    },
    close() {
      stopListening();
    },
  };
}

/** The links to each collection, the current one marked. */
function tabLinks(current: ResourceDef): HTMLElement[] {
  return RESOURCES.map((r) =>
    h('a', { href: `#/data/${r.name}`, 'aria-current': r === current ? 'page' : null }, capitalised(r.noun)),
  );
}

/** The query fields as they were left for `resource`: its clauses, its hint, its sort options. */
function showQuery(
  resource: ResourceDef,
  saved: { where: string; sort: string },
  fields: { where: HTMLTextAreaElement; whereHelp: HTMLElement; sort: HTMLSelectElement },
): void {
  const { where, whereHelp, sort } = fields;
  where.value = saved.where;
  where.disabled = !resource.filterable;
  where.placeholder = resource.filterable ? exampleClause(resource) : `${resource.noun} take no filter`;
  fill(whereHelp, resource.filterable ? whereHint(resource) : '');
  fill(
    sort,
    h('option', { value: '' }, 'as the API orders them'),
    ...resource.sortable.flatMap((field) => [
      h('option', { value: field }, `${field}, ascending`),
      h('option', { value: `-${field}` }, `${field}, descending`),
    ]),
  );
  sort.value = saved.sort;
}

/** A record as its JSON: the detail read when the resource has one, else the listed row. */
async function recordNodes(
  resource: ResourceDef,
  key: string,
  row: Record<string, unknown> | undefined,
): Promise<Node[]> {
  const detail = DETAIL_PATHS[resource.name];
  let json: unknown = row;
  if (detail) {
    try {
      json = await quietRead(`${detail}${encodeURIComponent(key)}`, (await identity()).token);
    } catch (error) {
      return [h('p', { class: 'error' }, (error as Error).message)];
    }
  }
  if (json === undefined) return [];
  return [
    h('h2', {}, `${capitalised(resource.noun).replace(/s$/, '')} ${key}`),
    h('pre', { tabindex: 0 }, h('code', {}, JSON.stringify(json, null, 2))),
  ];
}

/** The clauses, one a line: Enter adds a clause; Ctrl+Enter (or the button) applies them. */
function whereField(apply: () => void): HTMLTextAreaElement {
  const where = h('textarea', {
    id: 'where',
    rows: 2,
    spellcheck: 'false',
    'aria-describedby': 'where-help',
  });
  where.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) apply();
  });
  return where;
}

const commandBox = () => h('div', { class: 'command' });
const errorBox = () => h('p', { class: 'error', role: 'alert' });

function table(resource: ResourceDef, page: Page): HTMLElement {
  if (page.data.length === 0) return h('p', { class: 'empty' }, `No ${resource.noun} match.`);
  const columns = resource.tableColumns ?? resource.columns;
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { class: 'records' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...columns.map((c) => h('th', { scope: 'col', class: c.hidePriority ? 'wide' : '' }, headerOf(c))),
        ),
      ),
      h(
        'tbody',
        {},
        ...page.data.map((row) => {
          const href = `#/data/${resource.name}/${encodeURIComponent(keyOf(resource, row))}`;
          return h(
            'tr',
            {},
            ...columns.map((c, i) =>
              h(
                'td',
                { class: c.hidePriority ? 'wide' : '' },
                i === 0 ? h('a', { href }, cell(row, c) || '—') : cell(row, c),
              ),
            ),
          );
        }),
      ),
    ),
  );
}

function pager(page: Page, go: (page: number) => Promise<void>): HTMLElement {
  const { current_page: current, total_pages: pages, total_count: count } = page.meta;
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', disabled: current <= 1, onclick: () => go(current - 1) }, '← Previous'),
    h('span', {}, `Page ${current} of ${Math.max(pages, 1)} · ${count} in all · ${PAGE_SIZE} a page`),
    h('button', { type: 'button', disabled: current >= pages, onclick: () => go(current + 1) }, 'Next →'),
  );
}

/** A record's key: its id, or a form template's slug. */
function keyOf(resource: ResourceDef, row: Record<string, unknown>): string {
  return String(row[resource.key]);
}

function cell(row: Record<string, unknown>, column: ColumnDef): string {
  const value = column.field
    .split('.')
    .reduce<unknown>((v, part) => (v as Record<string, unknown> | null)?.[part], row);
  if (value === null || value === undefined) return '';
  if (column.kind === 'time' && typeof value === 'string') return localTime(value);
  if (column.kind === 'person' && typeof value === 'object') {
    const { given_name, family_name } = value as { given_name?: string; family_name?: string };
    return [given_name, family_name].filter(Boolean).join(' ');
  }
  if (column.kind === 'bool' || column.kind === 'mark') return value ? 'yes' : 'no';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function headerOf(column: ColumnDef): string {
  return capitalised((column.header ?? column.field.replace(/_/g, ' ')).toLowerCase());
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function exampleClause(resource: ResourceDef): string {
  const date = Object.entries(resource.attributes).find(([, type]) => type.type === 'date')?.[0];
  return date ? `${date} >= 2026-01-01` : `${Object.keys(resource.attributes)[0]} = value`;
}

function whereHint(resource: ResourceDef): string {
  const relations = Object.entries(resource.relations).flatMap(([relation, attributes]) =>
    Object.keys(attributes).map((field) => `${relation}.${field}`),
  );
  return `One clause a line: field op value, op one of = != > >= < <= like ilike. Fields: ${[...Object.keys(resource.attributes), ...relations].join(', ')}.`;
}
