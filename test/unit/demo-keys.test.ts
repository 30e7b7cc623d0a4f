/** The keys `sandbox demo` reads between sections: one at a time, Enter as one key, then the end. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { keyReader } from '../../src/commands/sandbox/demo-keys.js';

describe('keyReader', () => {
  it('gives typed-ahead keys one per call, CR LF as one Enter, undefined once input ends', async () => {
    const stdin = new PassThrough();
    stdin.end('\r\nq');
    const keys = keyReader(stdin);
    await expect(keys.next()).resolves.toBe('\n');
    await expect(keys.next()).resolves.toBe('q');
    await expect(keys.next()).resolves.toBeUndefined();
    keys.close();
  });

  it('waits for a key that comes later', async () => {
    const stdin = new PassThrough();
    const keys = keyReader(stdin);
    const next = keys.next();
    stdin.write(' ');
    await expect(next).resolves.toBe(' ');
    keys.close();
  });
});
