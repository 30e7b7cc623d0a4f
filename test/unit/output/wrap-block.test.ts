import { describe, expect, it } from 'vitest';
import { createTextMetrics } from '../../../src/output/text-width.js';
import { wrapBlock } from '../../../src/output/wrap-block.js';

const metrics = createTextMetrics();
const wrap = (text: string, width: number, hang?: number) => wrapBlock(text, width, metrics, hang);

describe('wrapBlock', () => {
  it('leaves lines that fit as they are, blank lines and indents included', () => {
    const text = 'Title\n\n  --flag <v>  short help\n';
    expect(wrap(text, 40)).toBe(text);
  });

  it('breaks prose at spaces, continuations hanging past the indent', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta';
    expect(wrap(`  ${text}`, 30)).toBe('  alpha beta gamma delta\n    epsilon zeta eta theta');
    expect(wrap(text, 30, 0)).toBe('alpha beta gamma delta epsilon\nzeta eta theta');
  });

  it('aligns the continuation of a two-column line with its description', () => {
    expect(wrap('  --owner <id>  the owner of the record, by id or by e-mail', 40)).toBe(
      '  --owner <id>  the owner of the record,\n                by id or by e-mail',
    );
  });

  it('breaks a word longer than the line between characters, losing none', () => {
    const lines = wrap(`  --filter '${'x'.repeat(50)}'`, 30).split('\n');
    expect(lines.every((line) => line.length <= 30)).toBe(true);
    expect(lines.map((line) => line.trim()).join('')).toBe(`--filter'${'x'.repeat(50)}'`);
  });

  it('falls back to the line indent when the description column leaves too little room', () => {
    const line = `  ${'--a-very-long-flag-name <value>'.padEnd(40)}  help text that goes on and on`;
    const lines = wrap(line, 50).split('\n');
    expect(lines.every((l) => l.length <= 50)).toBe(true);
    expect(lines.slice(1).every((l) => /^ {2}\S/.test(l))).toBe(true);
  });

  it('measures screen columns: wide characters take two', () => {
    const lines = wrap('日本語 日本語 日本語', 14, 0).split('\n');
    expect(lines).toEqual(['日本語 日本語', '日本語']);
  });
});
