/**
 * Webhooks: the URLs registered on the forms of the workspace, and every delivery (of every
 * workspace) with its attempts, live; a delivery can be sent again, as `wfd sandbox deliveries
 * resend` does.
 */
import { copyLine, fill, h, localTime, statusClass } from './dom.js';
import { hook } from './sandbox.js';
import type { View } from './view.js';
import { identity, onIdentityChange } from './workspace.js';

interface Registration {
  workspace: string;
  form_id: string;
  url: string;
  events: string[];
}

interface Attempt {
  at: string;
  status: number | null;
  error: string | null;
  answer: string | null;
}

interface Delivery {
  seq: number;
  id: string;
  event: string;
  form_id: string;
  url: string;
  outcome: 'pending' | 'delivered' | 'failed';
  resend_of: string | null;
  created_at: string;
  attempts: Attempt[];
}

export function webhooksView(main: HTMLElement): View {
  const registered = h('div', { class: 'registered' });
  const list = h('div', { class: 'deliveries' });
  const empty = h(
    'p',
    { class: 'empty' },
    'No delivery yet. A form change or ',
    h('code', {}, 'wfd sandbox trigger responses:completed --form ID'),
    ' makes one for each registered URL.',
  );
  const live = h('span', { class: 'live', role: 'status' }, 'connecting…');
  fill(
    main,
    h('h1', {}, 'Webhooks'),
    h('h2', {}, 'Registered URLs'),
    registered,
    h('div', { class: 'toolbar' }, h('h2', {}, 'Deliveries'), live),
    list,
    empty,
  );

  const cards = new Map<string, HTMLElement>();
  const events = new EventSource('/_sandbox/deliveries/events');
  events.addEventListener('open', () => fill(live, 'live'));
  events.addEventListener('error', () => fill(live, 'reconnecting…'));
  events.addEventListener('delivery', (event) => {
    const delivery = JSON.parse((event as MessageEvent<string>).data) as Delivery;
    const card = deliveryCard(delivery);
    const old = cards.get(delivery.id);
    // A delivery tried again keeps its place and whether it was open.
    if (old) {
      (card as HTMLDetailsElement).open = (old as HTMLDetailsElement).open;
      old.replaceWith(card);
    } else {
      // Newest first: the stream sends them in the order of their last change.
      const later = [...list.children].find(
        (other) => (other as HTMLElement).dataset.created! < delivery.created_at,
      );
      list.insertBefore(card, later ?? null);
    }
    cards.set(delivery.id, card);
    empty.hidden = true;
  });

  const showRegistrations = async () => {
    const { workspace } = await identity();
    const { webhooks } = await hook<{ webhooks: Registration[] }>('/_sandbox/webhooks');
    fill(
      registered,
      registrationTable(
        webhooks.filter((r) => r.workspace === workspace?.slug),
        workspace?.name,
      ),
    );
  };
  void showRegistrations();
  const stopListening = onIdentityChange(() => void showRegistrations());

  return {
    show() {},
    close() {
      events.close();
      stopListening();
    },
  };
}

function registrationTable(registrations: Registration[], workspace: string | undefined): HTMLElement {
  if (registrations.length === 0) {
    return h(
      'div',
      {},
      h('p', { class: 'empty' }, `No form of ${workspace ?? 'this workspace'} has a webhook. Register one:`),
      copyLine(
        'wfd webhooks add FORM_ID http://127.0.0.1:8000/hooks --events forms:updated',
        'wfd webhooks add command',
      ),
    );
  }
  return h(
    'table',
    { class: 'registrations' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Form'),
        h('th', { scope: 'col' }, 'URL'),
        h('th', { scope: 'col' }, 'Events'),
      ),
    ),
    h(
      'tbody',
      {},
      ...registrations.map((r) =>
        h(
          'tr',
          {},
          h(
            'td',
            { class: 'id' },
            h('a', { href: `#/data/forms/${r.form_id}`, title: r.form_id }, `${r.form_id.slice(0, 8)}…`),
          ),
          h('td', { class: 'url' }, r.url),
          h('td', {}, r.events.join(', ')),
        ),
      ),
    ),
  );
}

function deliveryCard(delivery: Delivery): HTMLElement {
  const status = h('span', { role: 'status', class: 'note' });
  const resend = async () => {
    try {
      const sent = await hook<Delivery>(`/_sandbox/deliveries/${delivery.id}/resend`, { method: 'POST' });
      fill(status, `Sent again as ${sent.id.slice(0, 8)}…`);
    } catch (error) {
      fill(status, `Not sent: ${(error as Error).message}`);
    }
  };
  const last = delivery.attempts.at(-1);
  return h(
    'details',
    { class: 'card delivery', 'data-id': delivery.id, 'data-created': delivery.created_at },
    h(
      'summary',
      {},
      h('span', { class: `outcome ${delivery.outcome}` }, delivery.outcome),
      h('span', { class: 'event' }, delivery.event),
      h('span', { class: 'url' }, delivery.url),
      h('span', { class: 'when' }, localTime(delivery.created_at)),
      h(
        'span',
        { class: 'count' },
        `${delivery.attempts.length} ${delivery.attempts.length === 1 ? 'attempt' : 'attempts'}`,
      ),
      last && h('span', { class: `status ${statusClass(last.status)}` }, last.status ?? 'no answer'),
    ),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Delivery'),
      h('dd', { class: 'id' }, delivery.id),
      h('dt', {}, 'Form'),
      h('dd', { class: 'id' }, delivery.form_id),
      delivery.resend_of && h('dt', {}, 'Sends again'),
      delivery.resend_of && h('dd', { class: 'id' }, delivery.resend_of),
    ),
    attemptsTable(delivery.attempts),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: resend }, 'Resend'), status),
  );
}

function attemptsTable(attempts: Attempt[]): HTMLElement {
  if (attempts.length === 0) return h('p', { class: 'hint' }, 'Not tried yet.');
  return h(
    'table',
    { class: 'attempts' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Attempt'),
        h('th', { scope: 'col' }, 'Status'),
        h('th', { scope: 'col' }, "The answer's first bytes"),
      ),
    ),
    h(
      'tbody',
      {},
      ...attempts.map((a, i) =>
        h(
          'tr',
          {},
          h('td', {}, `${i + 1} · ${localTime(a.at).slice(11)}`),
          h('td', {}, h('span', { class: `status ${statusClass(a.status)}` }, a.status ?? 'none')),
          h('td', {}, h('code', { class: 'answer' }, a.error ?? (a.answer || '(empty)'))),
        ),
      ),
    ),
  );
}
