/**
 * Requests: the `/v1` requests the sandbox served, live (server-sent events of the request log),
 * newest first; one chosen shows its exchange (headers and bodies, secrets masked by the
 * sandbox) and the curl and `wfd api` lines that send it again.
 */
import { copyLine, fill, h, localTime, statusClass } from './dom.js';
import { curlLine, wfdLine } from './request-lines.js';
import { hook, SandboxAnswerError } from './sandbox.js';
import type { View } from './view.js';

interface LogEntry {
  seq: number;
  time: string;
  method: string;
  url: string;
  path: string;
  status: number;
  duration_ms: number | null;
  token_prefix: string | null;
  workspace: string | null;
  fault: string | null;
}

interface BodyView {
  content_type: string | null;
  bytes: number | null;
  text: string | null;
  truncated: boolean;
}

interface Side {
  headers: Record<string, string>;
  body: BodyView | null;
}

interface Detail extends LogEntry {
  request: Side | null;
  response: Side | null;
}

/** Rows kept on the page: the stream sends the last 500 first. */
const MAX_ROWS = 1000;

export function requestsView(main: HTMLElement): View {
  const rows = h('tbody');
  const empty = h(
    'p',
    { class: 'empty' },
    'No request yet. Send one, e.g. ',
    h('code', {}, 'wfd --profile sandbox cases list'),
  );
  const live = h('span', { class: 'live', role: 'status' }, 'connecting…');
  const filter = h('input', {
    type: 'search',
    id: 'request-filter',
    placeholder: '/v1/cases, 4xx, POST',
    oninput: () => applyFilter(),
  });
  const detail = h('section', { class: 'detail-pane', 'aria-label': 'Request detail', tabindex: -1 });
  const table = h('table', { class: 'requests' }, tableHead(), rows);
  const listPane = h(
    'section',
    { class: 'list-pane', 'aria-labelledby': 'requests-title' },
    h(
      'div',
      { class: 'toolbar' },
      h('h1', { id: 'requests-title' }, 'Requests'),
      live,
      h('label', { for: 'request-filter', class: 'filter' }, 'Filter', filter),
    ),
    table,
    empty,
  );
  const root = h('div', { class: 'split' }, listPane, detail);
  fill(main, root);

  let selected: number | undefined;
  const events = new EventSource('/_sandbox/requests/events');
  events.addEventListener('open', () => fill(live, 'live'));
  events.addEventListener('error', () => fill(live, 'reconnecting…'));
  events.addEventListener('request', (event) => {
    const entry = JSON.parse((event as MessageEvent<string>).data) as LogEntry;
    rows.prepend(row(entry, entry.seq === selected));
    rows.lastElementChild && rows.childElementCount > MAX_ROWS && rows.lastElementChild.remove();
    empty.hidden = true;
    applyFilter();
  });

  function applyFilter(): void {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    for (const tr of rows.children as HTMLCollectionOf<HTMLTableRowElement>) {
      const text = tr.dataset.text ?? '';
      tr.hidden = !words.every((word) => text.includes(word));
    }
  }

  return {
    show(params) {
      selected = params[0] === undefined ? undefined : Number(params[0]);
      root.classList.toggle('has-detail', selected !== undefined);
      for (const tr of rows.children as HTMLCollectionOf<HTMLTableRowElement>) {
        tr.classList.toggle('selected', Number(tr.dataset.seq) === selected);
      }
      if (selected === undefined) fill(detail);
      else void showDetail(detail, selected);
    },
    close() {
      events.close();
    },
  };
}

function tableHead(): HTMLElement {
  const column = (name: string, attrs: Record<string, string> = {}) =>
    h('th', { scope: 'col', ...attrs }, name);
  return h(
    'thead',
    {},
    h(
      'tr',
      {},
      column('Time'),
      column('Method'),
      column('Path'),
      column('Status'),
      column('ms', { class: 'num wide' }),
      column('Workspace', { class: 'wide' }),
    ),
  );
}

function row(entry: LogEntry, selected: boolean): HTMLTableRowElement {
  const href = `#/requests/${entry.seq}`;
  const tr = h(
    'tr',
    {
      'data-seq': entry.seq,
      // What the filter matches: the path, the method and the status (4xx matches 404).
      'data-text':
        `${entry.method} ${entry.url} ${entry.status} ${String(entry.status)[0]}xx ${entry.workspace ?? ''}`.toLowerCase(),
      class: selected ? 'selected' : '',
    },
    h('td', { class: 'time' }, localTime(entry.time).slice(11)),
    h('td', { class: 'method' }, entry.method),
    h('td', { class: 'path' }, h('a', { href }, readable(entry.url))),
    h(
      'td',
      {},
      h('span', { class: `status ${statusClass(entry.status)}` }, entry.status),
      entry.fault && h('span', { class: 'fault', title: 'injected by --faults' }, ` ${entry.fault}`),
    ),
    h('td', { class: 'num wide' }, entry.duration_ms ?? ''),
    h('td', { class: 'wide' }, entry.workspace ?? '—'),
  );
  // The whole row opens the detail; the link in it is what the keyboard reaches.
  tr.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') === null) location.hash = href;
  });
  return tr;
}

async function showDetail(pane: HTMLElement, seq: number): Promise<void> {
  fill(pane, h('p', { class: 'loading' }, 'Loading…'));
  let found: Detail;
  try {
    found = await hook<Detail>(`/_sandbox/requests/${seq}`);
  } catch (error) {
    const gone = error instanceof SandboxAnswerError && error.status === 404;
    fill(
      pane,
      backLink(),
      h('p', { class: 'error' }, gone ? 'The sandbox no longer keeps this request.' : String(error)),
    );
    return;
  }
  fill(pane, backLink(), ...detailOf(found));
  pane.focus({ preventScroll: true });
}

/** A URL as people read it: `?page[size]=2`, not `?page%5Bsize%5D=2` (as sent, when it does not decode). */
function readable(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function backLink(): HTMLElement {
  return h('a', { class: 'back', href: '#/requests' }, '← All requests');
}

function detailOf(entry: Detail): Node[] {
  const origin = location.origin;
  const requestBody = entry.request?.body ?? null;
  const exchange = {
    method: entry.method,
    url: entry.url,
    contentType: requestBody?.content_type ?? null,
    bodyText: requestBody?.truncated ? null : (requestBody?.text ?? null),
    authorized: entry.token_prefix !== null,
    binaryBody: requestBody !== null && requestBody.text === null,
  };
  return [
    h(
      'h2',
      {},
      h('span', { class: 'method' }, entry.method),
      ' ',
      h('span', { class: 'path' }, readable(entry.url)),
      ' ',
      h('span', { class: `status ${statusClass(entry.status)}` }, entry.status),
    ),
    h(
      'dl',
      { class: 'facts' },
      ...fact('Time', localTime(entry.time)),
      ...fact('Duration', entry.duration_ms === null ? '—' : `${entry.duration_ms} ms`),
      ...fact('Workspace', entry.workspace ?? '— (no token accepted)'),
      ...fact('Token', entry.token_prefix === null ? 'none' : `${entry.token_prefix}…`),
      ...(entry.fault ? fact('Fault', `${entry.fault} (injected by --faults)`) : []),
    ),
    h('h3', {}, 'Send it again'),
    copyLine(curlLine(exchange, origin), 'curl command'),
    copyLine(wfdLine(exchange, origin), 'wfd api command'),
    h(
      'p',
      { class: 'hint' },
      'Both read the token from ',
      h('code', {}, 'WFD_TOKEN'),
      entry.token_prefix === null ? '.' : `: this one used ${entry.token_prefix}…`,
      exchange.binaryBody ? ' The body was not text: put its file in place of @FILE.' : '',
    ),
    ...side('Request', entry.request),
    ...side(`Answer: ${entry.status}`, entry.response),
  ];
}

function fact(term: string, value: string): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}

function side(title: string, exchange: Side | null): Node[] {
  if (!exchange) {
    const why =
      'Not kept: the sandbox keeps the headers and bodies of the last requests since the console was first opened.';
    return [h('h3', {}, title), h('p', { class: 'hint' }, why)];
  }
  const headers = Object.entries(exchange.headers);
  return [
    h('h3', {}, title),
    h(
      'details',
      {},
      h('summary', {}, `Headers (${headers.length})`),
      h(
        'table',
        { class: 'headers' },
        h('tbody', {}, ...headers.map(([n, v]) => h('tr', {}, h('th', { scope: 'row' }, n), h('td', {}, v)))),
      ),
    ),
    bodyOf(exchange.body),
  ];
}

function bodyOf(body: BodyView | null): HTMLElement {
  if (body === null) return h('p', { class: 'hint' }, 'No body.');
  const size = body.bytes === null ? '' : `${body.bytes} bytes`;
  if (body.text === null)
    return h('p', { class: 'hint' }, `A ${body.content_type ?? 'binary'} body${size ? ` of ${size}` : ''}.`);
  return h(
    'div',
    { class: 'body' },
    h('pre', { tabindex: 0 }, h('code', {}, pretty(body))),
    body.truncated && h('p', { class: 'hint' }, `The first ${body.text.length} characters of ${size}.`),
  );
}

/** JSON indented; anything else (or JSON cut short) as it is. */
function pretty(body: BodyView): string {
  if (body.truncated || !/json/i.test(body.content_type ?? 'json')) return body.text!;
  try {
    return JSON.stringify(JSON.parse(body.text!), null, 2);
  } catch {
    return body.text!;
  }
}
