import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/files/sha256.js';

describe('sha256Hex', () => {
  it('is the SHA-256 node:crypto computes, across block boundaries and for any text', () => {
    const texts = [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'a'.repeat(1000),
      'Jürgen ✓ 日本',
    ];
    texts.push(`http://127.0.0.1:8080\nwfd_${'0123456789abcdef'.repeat(2)}`);
    for (const text of texts) expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('is the known digest of "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
