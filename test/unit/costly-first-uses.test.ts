/**
 * Start-up rules of the code every API command runs, each a thing whose first use costs a
 * one-shot command more than the work it does (docs/performance.md has the figures). The load
 * budget (test/e2e/startup.test.ts) sees them in the commands it runs; these see them in the
 * functions that keep them, on any path.
 */
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkJsonDepth, MAX_JSON_DEPTH, readBoundedText } from '../../src/core/http/json-answer.js';
import { count, plural } from '../../src/core/text/counts.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('costly first uses', () => {
  it('a count has its thousands separated without ICU (its number formats load at the first toLocaleString)', () => {
    const localeFormat = vi.spyOn(Number.prototype, 'toLocaleString');
    expect([count(1234567), plural(1, 'form'), plural(1200, 'form')]).toEqual([
      '1,234,567',
      '1 form',
      '1,200 forms',
    ]);
    expect(localeFormat).not.toHaveBeenCalled();
  });

  it("an answer's body is read with listeners, not a stream's async iterator (1-2 ms a command)", async () => {
    const iterator = vi.spyOn(Readable.prototype, Symbol.asyncIterator);
    expect(await readBoundedText(Readable.from(['{"id":', '"c_1"}']), {})).toBe('{"id":"c_1"}');
    expect(iterator).not.toHaveBeenCalled();
  });

  it("a JSON answer with fewer openers than the depth allowed is not scanned (V8 would optimise the scan's loop)", () => {
    const charCodeAt = vi.spyOn(String.prototype, 'charCodeAt');
    const record = JSON.stringify({ id: 'c_1', data: { notes: 'x'.repeat(100_000) } });
    checkJsonDepth(record);
    expect(charCodeAt).not.toHaveBeenCalled();
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(() => checkJsonDepth(deep)).toThrow(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(charCodeAt).toHaveBeenCalled();
  });
});
