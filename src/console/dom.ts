/**
 * Building the console's elements: text always goes in as text (never parsed as HTML), so what
 * a request carried cannot become markup.
 */

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/** `h('a', {href: '#/x', class: 'y'}, 'text', child)`: on* attributes are listeners, false and null left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined)
      element.setAttribute(name, String(value));
  }
  element.append(...nodes(children));
  return element;
}

/** A form's submit listener: the page stays, `action` runs. */
export function onSubmit(action: () => unknown): EventListener {
  return (event) => {
    event.preventDefault();
    void action();
  };
}

/** Replaces the children of `element`. */
export function fill(element: Element, ...children: Child[]): void {
  element.replaceChildren(...nodes(children));
}

function nodes(children: Child[]): Array<Node | string> {
  return children.flatMap((child) =>
    child === null || child === undefined || child === false
      ? []
      : [typeof child === 'number' ? String(child) : child],
  );
}

/** A command line to copy: the text, and a button that copies it. */
export function copyLine(text: string, label: string): HTMLElement {
  const status = h('span', { class: 'copied', role: 'status' });
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    status.textContent = 'Copied';
    setTimeout(() => {
      status.textContent = '';
    }, 1500);
  };
  return h(
    'div',
    { class: 'line' },
    h('pre', { 'aria-label': label }, h('code', {}, text)),
    h('button', { type: 'button', class: 'small', onclick: copy }, 'Copy'),
    status,
  );
}

/** A date and time as people read them here: `2026-03-20 12:02:43` in the browser's time zone. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A status code's class for colour: `s2`, `s4`, `s5`. */
export function statusClass(status: number | null): string {
  return status === null ? 's0' : `s${String(status)[0]}`;
}
