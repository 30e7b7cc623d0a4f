import { UsageError } from '../../core/errors.js';
import { isUuid } from '../../core/list-query/values.js';
import { quote } from '../../core/quote.js';

/**
 * The ids of a bulk command: its arguments, or stdin when the only argument is `-` (one id per
 * line or separated by spaces). Every id is checked before any request (a UUID, unless
 * `accepts` takes more: a prefix, a reference); duplicates are dropped unless `keepRepeats` (a
 * merge may show a page twice).
 */
export async function collectIds(
  args: readonly string[],
  readStdin: () => Promise<string>,
  what: string,
  {
    keepRepeats = false,
    accepts = isUuid,
    expected = 'a UUID',
  }: { keepRepeats?: boolean; accepts?: (id: string) => boolean; expected?: string } = {},
) {
  const raw = args.length === 1 && args[0] === '-' ? (await readStdin()).split(/\s+/) : [...args];
  const given = raw.map((id) => id.trim()).filter((id) => id.length > 0);
  const ids = keepRepeats ? given : [...new Set(given)];
  if (ids.length === 0)
    throw new UsageError(`no ${what} ids given`, { hint: 'pass ids as arguments, or - to read stdin' });
  const bad = ids.filter((id) => !accepts(id));
  if (bad.length > 0) {
    // Cut and escaped: a 400 KB line of garbage on stdin must not become a 400 KB error line.
    const shown = bad
      .slice(0, 3)
      .map((id) => quote(id))
      .join(', ');
    const more = bad.length > 3 ? ` and ${bad.length - 3} more` : '';
    throw new UsageError(`invalid ${what} id ${shown}${more}: expected ${expected}; nothing was sent`);
  }
  return ids;
}
