/**
 * What every console page has: a link past the navigation, the sandbox's address, the workspace
 * the console acts as (a seeded one, or a token typed here), the sections, and the main region.
 */
import { fill, h, onSubmit } from './dom.js';
import { chooseToken, chooseWorkspace, identity, loadWorkspaces, onIdentityChange } from './workspace.js';

/** The sections, by the hash route of each (the reference is a page of its own). */
export const SECTIONS = [
  { id: 'requests', href: '/#/requests', label: 'Requests' },
  { id: 'webhooks', href: '/#/webhooks', label: 'Webhooks' },
  { id: 'data', href: '/#/data/cases', label: 'Data' },
  { id: 'faults', href: '/#/faults', label: 'Faults & limits' },
  { id: 'reference', href: '/reference', label: 'API reference' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export interface Layout {
  readonly main: HTMLElement;
  /** Marks the section shown in the navigation. */
  select(section: SectionId): void;
}

/** Builds the page's frame into the body. */
export function mountLayout(): Layout {
  const links = SECTIONS.map((section) =>
    h('a', { href: section.href, 'data-section': section.id }, section.label),
  );
  const main = h('main', { id: 'main', tabindex: -1 });
  document.body.append(
    h('a', { class: 'skip', href: '#main', onclick: skipToMain(main) }, 'Skip to content'),
    h(
      'header',
      { class: 'top' },
      h('a', { class: 'brand', href: '/#/requests' }, 'wfd sandbox'),
      h('span', { class: 'origin' }, location.host),
      workspacePicker(),
    ),
    h('nav', { class: 'sections', 'aria-label': 'Console' }, ...links),
    main,
  );
  return {
    main,
    select(section) {
      for (const link of links) {
        if (link.dataset.section === section) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
      }
    },
  };
}

/** The link keeps the hash routes: it moves the focus instead of the location. */
function skipToMain(main: HTMLElement): EventListener {
  return (event) => {
    event.preventDefault();
    main.focus();
  };
}

const OTHER = '';

/** A select of the seeded workspaces, and "Another token…", which shows a field for one. */
function workspacePicker(): HTMLElement {
  const select = h('select', { id: 'workspace', 'aria-describedby': 'workspace-note' });
  const field = h('input', {
    id: 'token',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'wfd_…',
    'aria-label': 'Token',
  });
  const note = h('span', { id: 'workspace-note', class: 'note', role: 'status' });
  const tokenForm = h(
    'form',
    {
      class: 'token',
      hidden: true,
      onsubmit: onSubmit(async () => {
        const chosen = await chooseToken(field.value);
        fill(note, chosen.problem ?? `acting as ${chosen.workspace?.name}`);
      }),
    },
    field,
    h('button', { type: 'submit', class: 'small' }, 'Use'),
  );
  select.addEventListener('change', () => {
    tokenForm.hidden = select.value !== OTHER;
    if (select.value === OTHER) field.focus();
    else void chooseWorkspace(select.value);
  });
  void (async () => {
    const [all, now] = await Promise.all([loadWorkspaces(), identity()]);
    const typed = !all.some((w) => w.token === now.token);
    fill(
      select,
      ...all.map((w) =>
        h('option', { value: w.slug, selected: !typed && w.token === now.token }, `${w.name} (${w.slug})`),
      ),
      h('option', { value: OTHER, selected: typed }, 'Another token…'),
    );
    tokenForm.hidden = !typed;
    if (typed) fill(note, now.problem ?? `acting as ${now.workspace?.name}`);
  })();
  onIdentityChange((chosen) => {
    if (!chosen.problem && select.value !== OTHER) fill(note, '');
  });
  return h(
    'div',
    { class: 'workspace' },
    h('label', { for: 'workspace' }, 'Workspace'),
    select,
    tokenForm,
    note,
  );
}
