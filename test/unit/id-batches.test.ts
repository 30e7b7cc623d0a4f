import { describe, expect, it } from 'vitest';
import { mergeAttachments } from '../../src/api/attachments.js';
import { mergeBatches } from '../../src/commands/attachments/merged-pdf.js';
import { ApiClient } from '../../src/core/http/http.js';
import { batchIds } from '../../src/core/id-batches.js';

/** Text length: one character per character, one comma between two ids. */
const plain = (room: number) => ({ room, length: (id: string) => id.length, separator: 1 });

/** The length of a batch's text as `batchIds` counts it. */
const textLength = (batch: readonly string[]) => batch.join(',').length;

describe('batchIds', () => {
  it('packs ids in order into as few batches as fit; one too long alone is its own batch', () => {
    expect(batchIds(['a', 'b', 'c', 'd', 'e', 'f'], plain(5))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(batchIds(['toolong', 'a'], plain(5))).toEqual([['toolong'], ['a']]);
    expect(batchIds([], plain(5))).toEqual([]);
  });

  it('batches 100,000 ids in order, each batch full, measuring each id once', () => {
    // Ids of 1 to 40 characters, so batches end at every kind of boundary.
    const ids = Array.from({ length: 100_000 }, (_, i) => `${i}`.padEnd(1 + ((i * 7) % 40), 'x'));
    let measured = 0;
    const batches = batchIds(ids, {
      ...plain(8000),
      length: (id) => {
        measured++;
        return id.length;
      },
    });
    expect(measured).toBe(ids.length);
    expect(batches.flat()).toEqual(ids);
    expect(batches.length).toBeGreaterThan(100);
    for (const [index, batch] of batches.entries()) {
      expect(textLength(batch)).toBeLessThanOrEqual(8000);
      const next = batches[index + 1];
      // As large as it can be: the next id would not have fitted.
      if (next) expect(textLength([...batch, next[0]!])).toBeGreaterThan(8000);
    }
  });
});

describe('mergeBatches', () => {
  it('splits the ids where the merge URL would grow too long, counting them URL-encoded', () => {
    const client = new ApiClient({ baseUrl: 'https://api.example.test', userAgent: 'wfd/test' });
    // UUIDs, and ids whose encoding is longer than their text (a space, an umlaut, a comma).
    const ids = Array.from({ length: 1500 }, (_, i) =>
      i % 3 === 0 ? `id ${i}ü,` : `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const batches = mergeBatches(client, ids);
    const room = (batch: readonly string[]) => {
      const { path, query } = mergeAttachments(batch);
      return client.urlRoom(path, query);
    };
    expect(batches.flat()).toEqual(ids);
    expect(batches.length).toBeGreaterThan(1);
    for (const [index, batch] of batches.entries()) {
      expect(room(batch)).toBeGreaterThanOrEqual(0);
      const next = batches[index + 1];
      if (next) expect(room([...batch, next[0]!])).toBeLessThan(0);
    }
  });
});
