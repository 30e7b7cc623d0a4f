/**
 * HTML built with a tagged template that escapes every interpolated value, so
 * echoed request values (`state`, `client_id`, an e-mail) can never become markup.
 * Only fragments made by `html` itself are inserted as they are.
 */

/** Markup known to be safe: made by `html`, with its values escaped. */
export class Html {
  constructor(readonly text: string) {}
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

type Value = Html | string | number | null | undefined | false | readonly Html[];

/** Markup from a template: strings are escaped, Html fragments and arrays of them inserted, null/false/undefined dropped. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

function render(value: Value): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map((fragment: Html) => fragment.text).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
