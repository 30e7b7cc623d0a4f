/**
 * The console's page at `/`: the layout, and the section the hash names (`#/requests/12`,
 * `#/data/forms`), made when it is opened and closed when another is.
 */
import { dataView } from './data-view.js';
import { faultsView } from './faults-view.js';
import { mountLayout, type SectionId } from './layout.js';
import { requestsView } from './requests-view.js';
import type { View } from './view.js';
import { webhooksView } from './webhooks-view.js';

const VIEWS: Partial<Record<SectionId, (main: HTMLElement) => View>> = {
  requests: requestsView,
  webhooks: webhooksView,
  data: dataView,
  faults: faultsView,
};

const layout = mountLayout();
layout.main.classList.add('console');
let open: { section: SectionId; view: View } | undefined;

function route(): void {
  const [name, ...params] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const section = (name && name in VIEWS ? name : 'requests') as SectionId;
  if (open?.section !== section) {
    open?.view.close();
    open = { section, view: VIEWS[section]!(layout.main) };
    layout.select(section);
    document.title = `${document.querySelector('nav.sections [aria-current]')?.textContent ?? ''} · wfd sandbox`;
  }
  open.view.show(params);
}

window.addEventListener('hashchange', route);
route();
