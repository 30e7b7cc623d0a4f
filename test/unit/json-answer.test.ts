import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkJsonDepth, MAX_JSON_BYTES, readBoundedText } from '../../src/core/http/json-answer.js';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('checkJsonDepth', () => {
  it('accepts 256 levels and refuses 257, counting objects and arrays alike', () => {
    expect(() => checkJsonDepth(nested(256))).not.toThrow();
    expect(() => checkJsonDepth(nested(257))).toThrow(
      'the answer of the API nests deeper than 256 levels, the most wfd reads',
    );
    expect(() => checkJsonDepth(`${'{"a":'.repeat(300)}1${'}'.repeat(300)}`)).toThrow(/nests deeper/);
  });

  it('counts depth, not openers: a long page of shallow records passes', () => {
    const page = JSON.stringify({
      data: Array.from({ length: 400 }, (_, i) => ({ id: i, contact: { tags: [] } })),
    });
    expect(() => checkJsonDepth(page)).not.toThrow();
    expect(() => checkJsonDepth(`[${page},${nested(256)}]`)).toThrow(/nests deeper/);
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    const text = JSON.stringify({ title: `\\"${'['.repeat(1000)}`, more: '"{{{{' });
    expect(() => checkJsonDepth(text)).not.toThrow();
  });
});

describe('readBoundedText', () => {
  it('refuses a content-length above the bound before reading a byte', async () => {
    let read = false;
    const body = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    await expect(readBoundedText(body, { 'content-length': String(200 * 1024 * 1024) })).rejects.toThrow(
      'the answer of the API is larger than 32 MiB, the most wfd reads',
    );
    expect(read).toBe(false);
  });

  it('stops a body without a length as soon as it passes the bound', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled++;
        this.push(pulled > 200 ? null : chunk);
      },
    });
    await expect(readBoundedText(body, {})).rejects.toThrow(/larger than 32 MiB/);
    expect(pulled * chunk.length).toBeLessThan(MAX_JSON_BYTES + 3 * chunk.length);
  });

  it('returns the text of a body within the bound, multi-byte characters across chunks intact', async () => {
    const bytes = Buffer.from('{"t":"é€"}');
    const body = Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]);
    expect(await readBoundedText(body, { 'content-length': String(bytes.length) })).toBe('{"t":"é€"}');
  });
});
