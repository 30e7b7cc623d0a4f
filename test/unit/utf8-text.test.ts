import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { MAX_VALUE_BYTES, readUtf8 } from '../../src/core/files/utf8-text.js';

describe('readUtf8 (a value from stdin or a file)', () => {
  it('reads UTF-8 text whole, a character split between chunks included', async () => {
    const euro = Buffer.from('€');
    const chunks = [Buffer.from('price: '), euro.subarray(0, 1), euro.subarray(1), Buffer.from('5')];
    expect(await readUtf8(Readable.from(chunks))).toBe('price: €5');
  });

  it('refuses more than MAX_VALUE_BYTES at the first chunk too many, reading no further', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled++;
          yield chunk;
        }
      })(),
    );
    const error = await readUtf8(endless).catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('it holds more than 64 MiB, the most wfd reads as one value');
    expect(pulled * chunk.length).toBeLessThanOrEqual(MAX_VALUE_BYTES + 2 * chunk.length);
  });

  it.each([
    ['a Latin-1 byte', [Buffer.from('caf\xe9 au lait', 'latin1')]],
    ['a sequence cut at the end', [Buffer.from('ok'), Buffer.from([0xe2, 0x82])]],
  ])('refuses %s rather than turn it into U+FFFD', async (_what, chunks) => {
    await expect(readUtf8(Readable.from(chunks))).rejects.toThrow(/^it is not UTF-8 text/);
  });
});
