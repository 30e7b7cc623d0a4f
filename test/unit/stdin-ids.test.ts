/** Ids read from stdin as they arrive: checked word by word, read no further than the first bad one. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectIds } from '../../src/commands/shared/ids.js';

const A = '0b6f3e4c-1d2a-4e5f-8a9b-0c1d2e3f4a5b';
const B = '1c7a4f5d-2e3b-4f60-9bac-1d2e3f4a5b6c';

/** `first`, then text for ever: a read of the whole stream never ends. */
function endless(first: string[], more: string): () => NodeJS.ReadableStream {
  return () =>
    Readable.from(
      (function* () {
        yield* first;
        for (;;) yield more;
      })(),
    );
}

const fromText = (text: string) => () => Readable.from([text]);

describe('ids on stdin', () => {
  it('one id a line or several on one, split anywhere, repeats dropped', async () => {
    const chunks = [`${A.slice(0, 10)}`, `${A.slice(10)}\n${B} `, `${A}\r\n`];
    expect(await collectIds(['-'], () => Readable.from(chunks), 'case')).toEqual([A, B]);
  });

  it('stops at the first invalid id, naming its line, with the rest of the stream unread', async () => {
    await expect(collectIds(['-'], endless([`${A}\n\n`, `${B} nope\n`], `${A}\n`), 'case')).rejects.toThrow(
      'invalid case id "nope" on line 3 of stdin: expected a UUID; nothing was sent',
    );
  });

  it('a word longer than any id is refused before its end arrives', async () => {
    await expect(collectIds(['-'], endless([`${A}\n`], '\0'.repeat(4096)), 'attachment')).rejects.toThrow(
      `invalid attachment id on line 2 of stdin: over 1,000 characters, starting "${'^@'.repeat(40)}": expected a UUID; nothing was sent`,
    );
  });

  it('nothing but white space is no ids', async () => {
    await expect(collectIds(['-'], fromText(' \n\t\n'), 'case')).rejects.toThrow('no case ids given');
  });
});
