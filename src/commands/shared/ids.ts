import { UsageError } from '../../core/errors.js';
import { isUuid } from '../../core/list-query/values.js';
import { count } from '../../core/text/counts.js';
import { quote } from '../../core/text/quote.js';

/** Longer than any form of id (a UUID has 36 characters, a reference 100): a word this long is none. */
const MAX_ID_LENGTH = 1000;

interface IdChecks {
  keepRepeats?: boolean;
  accepts?: (id: string) => boolean;
  expected?: string;
  /** why an id is refused, where more is to be said than `expected` (a prefix of a record the API cannot list) */
  why?: (id: string) => string;
  /** the refusal's hint: where to see the ids */
  hint?: string;
}

/**
 * The ids of a bulk command: its arguments, or stdin when the only argument is `-` (one id per
 * line or separated by spaces). Every id is checked before any request (a UUID, unless
 * `accepts` takes more: a prefix, a reference); duplicates are dropped unless `keepRepeats` (a
 * merge may show a page twice). Stdin is checked as it arrives and read no further than its
 * first invalid id, so a stream of garbage costs nothing.
 */
export async function collectIds(
  args: readonly string[],
  stdin: () => NodeJS.ReadableStream,
  what: string,
  { keepRepeats = false, accepts = isUuid, expected = 'a UUID', why, hint }: IdChecks = {},
): Promise<string[]> {
  const expecting = `expected ${expected}; nothing was sent`;
  const refused = (id: string) => (why ? `${why(id)}; nothing was sent` : expecting);
  const fromStdin = args.length === 1 && args[0] === '-';
  let given: string[];
  if (fromStdin) {
    given = await idsOnStdin(stdin(), (id, line) => {
      if (id.length > MAX_ID_LENGTH) {
        throw new UsageError(
          `invalid ${what} id on line ${line} of stdin: over ${count(MAX_ID_LENGTH)} characters, starting ${quote(id.slice(0, 40))}: ${expecting}`,
        );
      }
      if (!accepts(id))
        throw new UsageError(`invalid ${what} id ${quote(id)} on line ${line} of stdin: ${refused(id)}`, {
          hint,
        });
    });
  } else {
    given = args.map((id) => id.trim()).filter((id) => id.length > 0);
  }
  const ids = keepRepeats ? given : [...new Set(given)];
  if (ids.length === 0)
    throw new UsageError(`no ${what} ids given`, { hint: 'pass ids as arguments, or - to read stdin' });
  // Ids from stdin were checked as they arrived, each with its line.
  const bad = fromStdin ? [] : ids.filter((id) => !accepts(id));
  if (bad.length > 0) {
    // Cut and escaped: a 400 KB argument must not become a 400 KB error line.
    const shown = bad
      .slice(0, 3)
      .map((id) => quote(id))
      .join(', ');
    const more = bad.length > 3 ? ` and ${bad.length - 3} more` : '';
    throw new UsageError(`invalid ${what} id ${shown}${more}: ${refused(bad[0]!)}`, { hint });
  }
  return ids;
}

/**
 * The words of `stream` (ids, separated by white space), each handed to `check` with its line
 * as it arrives: `check` throws to stop reading. A word that grows past MAX_ID_LENGTH is handed
 * over at once, before its end arrives.
 */
async function idsOnStdin(
  stream: NodeJS.ReadableStream,
  check: (id: string, line: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  let line = 1;
  let word = '';
  let wordLine = 1;
  const end = () => {
    if (word === '') return;
    check(word, wordLine);
    ids.push(word);
    word = '';
  };
  stream.setEncoding('utf8');
  // Leaving the loop (a check that throws) destroys the stream: the rest is never read.
  for await (const chunk of stream as AsyncIterable<string>) {
    for (const piece of chunk.split(/(\s+)/)) {
      if (piece === '') continue;
      if (/^\s/.test(piece)) {
        end();
        line += piece.split('\n').length - 1;
        continue;
      }
      if (word === '') wordLine = line;
      word += piece;
      if (word.length > MAX_ID_LENGTH) check(word, wordLine);
    }
  }
  end();
  return ids;
}
