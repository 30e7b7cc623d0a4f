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

  it('keeps copyable words whole on a line of their own, longer than the width if need be', () => {
    const url = `https://auth.example.com/authorize?client_id=abc&redirect_uri=${'x'.repeat(60)}`;
    expect(wrap(`  ${url}`, 30)).toBe(`  ${url}`);
    const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':');
    expect(wrap(`  SHA-256 ${fingerprint}`, 80).split('\n')).toEqual(['  SHA-256', `    ${fingerprint}`]);
    expect(wrap(`error: cannot write /tmp/${'d'.repeat(40)}/export/manifest.ndjson here`, 40, 7)).toBe(
      `error: cannot write\n       /tmp/${'d'.repeat(40)}/export/manifest.ndjson\n       here`,
    );
  });

  it('keeps a backquoted command on one line: it never breaks at its spaces', () => {
    const hint = 'hint: log in first with `wfd auth login --base-url https://api.example.com` and try again';
    expect(wrap(hint, 50, 6).split('\n')).toEqual([
      'hint: log in first with',
      '      `wfd auth login --base-url https://api.example.com`',
      '      and try again',
    ]);
  });

  it('joins a newline inside a sentence when the line before it is re-wrapped', () => {
    const text =
      'After you approve, the browser goes to the address and shows an error page:\nnothing listens there. Copy the address.';
    expect(wrap(text, 50, 0)).toBe(
      'After you approve, the browser goes to the address\nand shows an error page: nothing listens there.\nCopy the address.',
    );
    // A line that fits keeps the author's break.
    expect(wrap('Short line:\nnext line', 50)).toBe('Short line:\nnext line');
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
