import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { layoutColumns, shrinkToFit } from '../../../src/output/table.js';
import { createTextMetrics } from '../../../src/output/text-width.js';

const metrics = createTextMetrics();
const cut = (text: string, width: number) => metrics.fit(text, width).text;

describe('fit', () => {
  it('cuts with an ellipsis only when needed, in screen columns', () => {
    expect(cut('abcdef', 6)).toBe('abcdef');
    expect(cut('abcdefg', 6)).toBe('abcde…');
    expect(cut('ééééééé', 3)).toBe('éé…');
    expect(cut('abc', 0)).toBe('');
    expect(metrics.fit('abcdefg', 6)).toEqual({ text: 'abcde…', width: 6 });
  });

  it('counts wide characters as two columns and never cuts one in half', () => {
    expect(cut('山田太郎', 8)).toBe('山田太郎');
    expect(cut('山田太郎', 7)).toBe('山田太…');
    // Five columns: two wide characters and the ellipsis; a third would need seven.
    expect(metrics.fit('山田太郎', 6)).toEqual({ text: '山田…', width: 5 });
  });

  it('keeps combining marks, emoji sequences and flags whole', () => {
    expect(cut('Zoe\u0301 Zoe\u0301', 4)).toBe('Zoe\u0301…');
    expect(cut('a👨‍👩‍👧b', 3)).toBe('a…');
    expect(cut('a👨‍👩‍👧bc', 4)).toBe('a👨‍👩‍👧…');
    expect(cut('🇯🇵🇫🇷', 3)).toBe('🇯🇵…');
  });
});

describe('wrap', () => {
  it('wraps at spaces and breaks words longer than a line', () => {
    expect(metrics.wrap('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
    expect(metrics.wrap('see https://example.com/abcdef', 10)).toEqual([
      'see',
      'https://ex',
      'ample.com/',
      'abcdef',
    ]);
    expect(metrics.wrap('', 10)).toEqual(['']);
  });

  it('breaks text without spaces between wide characters', () => {
    expect(metrics.wrap('山田太郎の契約更新', 5)).toEqual(['山田', '太郎', 'の契', '約更', '新']);
  });
});

describe('shrinkToFit', () => {
  it('narrows the widest column first, equal ones in turn', () => {
    expect(shrinkToFit([4, 40, 20], [4, 6, 6], 50)).toEqual([4, 26, 20]);
    expect(shrinkToFit([4, 40, 20], [4, 6, 6], 36)).toEqual([4, 16, 16]);
    expect(shrinkToFit([4, 40, 20], [4, 6, 6], 35)).toEqual([4, 15, 16]);
  });

  it('never goes below a floor, and gives the floors when they do not fit', () => {
    expect(shrinkToFit([30, 10], [30, 6], 20)).toEqual([30, 6]);
    expect(shrinkToFit([30, 40], [30, 24], 60)).toEqual([30, 30]);
  });

  it('leaves widths that fit alone', () => {
    expect(shrinkToFit([4, 10], [4, 6], 80)).toEqual([4, 10]);
  });
});

describe('layoutColumns', () => {
  const id = { shrinkable: false, readable: 6 };
  const text = (readable = 6) => ({ shrinkable: true, readable });
  const width = (layout: { widths: number[] }) =>
    layout.widths.reduce((a, b) => a + b, 0) + 2 * (layout.widths.length - 1);

  it('narrows text to its readable width before hiding optional columns, highest priority first', () => {
    const fits = [id, text(24), { ...id, hidePriority: 1 }, { ...text(), hidePriority: 2 }];
    expect(layoutColumns([11, 40, 8, 20], fits, 90)).toEqual({
      shown: [0, 1, 2, 3],
      widths: [11, 40, 8, 20],
    });
    expect(layoutColumns([11, 40, 8, 20], fits, 70)).toEqual({
      shown: [0, 1, 2, 3],
      widths: [11, 25, 8, 20],
    });
    // At 50 the title would go below 24: the column of priority 2 goes, and the title gets the room back.
    expect(layoutColumns([11, 40, 8, 20], fits, 60)).toEqual({
      shown: [0, 1, 2, 3],
      widths: [11, 24, 8, 11],
    });
    expect(layoutColumns([11, 40, 8, 20], fits, 50)).toEqual({ shown: [0, 1, 2], widths: [11, 27, 8] });
    // Nothing left to hide: the title goes below its readable width.
    expect(layoutColumns([11, 40, 8, 20], fits, 36)).toEqual({ shown: [0, 1], widths: [11, 23] });
  });

  it('then narrows text to 6, then cuts ids, then drops columns from the right', () => {
    expect(layoutColumns([11, 40, 36], [id, text(24), id], 40)).toEqual({
      shown: [0, 1, 2],
      widths: [11, 6, 19],
    });
    expect(layoutColumns([11, 40, 36], [id, text(24), id], 20)).toEqual({ shown: [0, 1], widths: [11, 7] });
    expect(layoutColumns([36, 40], [id, text()], 10)).toEqual({ shown: [0], widths: [10] });
  });

  it('never narrows a whole column (a name people type back): the others give way, or go', () => {
    const whole = { shrinkable: false, readable: 6, whole: true };
    // The whole name keeps its 30 and the id is cut to what is left; with no room left, it goes.
    expect(layoutColumns([30, 20], [whole, id], 40)).toEqual({ shown: [0, 1], widths: [30, 8] });
    expect(layoutColumns([30, 20], [whole, id], 36)).toEqual({ shown: [0], widths: [30] });
    expect(layoutColumns([30, 20], [id, id], 40)).toEqual({ shown: [0, 1], widths: [19, 19] });
  });

  it('fits every width from 1 to 200', () => {
    const fits = [
      id,
      text(24),
      { ...text(12), hidePriority: 3 },
      { ...id, hidePriority: 1 },
      { ...id, hidePriority: 6 },
    ];
    for (let columns = 1; columns <= 200; columns++) {
      expect(width(layoutColumns([11, 45, 17, 8, 36], fits, columns))).toBeLessThanOrEqual(columns);
    }
  });
});

describe('string-width agrees', () => {
  it('on the cuts above', () => {
    expect(stringWidth('山田…')).toBe(5);
    expect(stringWidth('a👨‍👩‍👧…')).toBe(4);
  });
});
