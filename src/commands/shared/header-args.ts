/** `'Name: value'` headers as the command line gives them (`api -H`, `webhooks listen --header`). */
import { UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';

/** An HTTP field name (RFC 9110 5.1: a token). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `Name: value` lines -> headers with lower-case names; the last of a name given twice wins. */
export function parseHeaderLines(lines: readonly string[], flag: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(0, colon)).trim();
    const value = line.slice(colon + 1).trim();
    if (colon <= 0 || !FIELD_NAME.test(name) || /[\r\n\0]/.test(value))
      throw new UsageError(`invalid ${flag} ${quote(line)}: expected 'Name: value'`);
    headers[name.toLowerCase()] = value;
  }
  return headers;
}
