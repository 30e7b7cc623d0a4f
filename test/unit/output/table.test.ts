import { describe, expect, it } from 'vitest';
import { fitWidths, truncate, wrapText } from '../../../src/output/table.js';

describe('truncate', () => {
  it('cuts with an ellipsis only when needed, counting code points', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdefg', 6)).toBe('abcde…');
    expect(truncate('ééééééé', 3)).toBe('éé…');
    expect(truncate('abc', 0)).toBe('');
  });
});

describe('fitWidths', () => {
  it('narrows the widest shrinkable column first', () => {
    expect(fitWidths([4, 40, 20], [false, true, true], 50)).toEqual([4, 26, 20]);
    expect(fitWidths([4, 40, 20], [false, true, true], 36)).toEqual([4, 16, 16]);
  });

  it('never narrows fixed columns, nor any below 6, and then lets the table overflow', () => {
    expect(fitWidths([30, 10], [false, true], 20)).toEqual([30, 6]);
  });

  it('leaves a table that fits alone', () => {
    expect(fitWidths([4, 10], [false, true], 80)).toEqual([4, 10]);
  });
});

describe('wrapText', () => {
  it('wraps at spaces and breaks words longer than a line', () => {
    expect(wrapText('the quick brown fox', 10)).toBe('the quick\nbrown fox');
    expect(wrapText('see https://example.com/abcdef', 10)).toBe('see\nhttps://ex\nample.com/\nabcdef');
    expect(wrapText('', 10)).toBe('');
  });
});
