import { describe, expect, it } from 'vitest';
import { escapeAllControls, escapeControls, quote } from '../../src/core/text/quote.js';

const ESC = String.fromCharCode(27);

describe('escapeControls', () => {
  it('shows C0 controls, DEL and C1 controls in caret notation, as gh does', () => {
    expect(escapeControls(`Evil ${ESC}[31mRED${ESC}[0m ${ESC}]0;pwned\u0007 title`)).toBe(
      'Evil ^[[31mRED^[[0m ^[]0;pwned^G title',
    );
    expect(escapeControls('\u0000\u0008\u000b\u000c\r\u001f\u007f')).toBe('^@^H^K^L^M^_^?');
    // A one-byte CSI (U+009B) would start an escape sequence on some terminals.
    expect(escapeControls('a\u009b31mb\u0080\u009f')).toBe('a^[31mb^@^_');
  });

  it('keeps tabs, newlines and every printable character', () => {
    const text = 'a\tb\nc é 山田 👨‍👩‍👧 ^[ \u00a0';
    expect(escapeControls(text)).toBe(text);
  });
});

describe('escapeAllControls', () => {
  it('escapes tabs and newlines too', () => {
    expect(escapeAllControls('a\tb\nc\r\n')).toBe('a^Ib^Jc^M^J');
  });
});

describe('quote', () => {
  it('quotes short values whole, on one line, escaped', () => {
    expect(quote('abc')).toBe('"abc"');
    expect(quote(`${ESC}]0;pwned\u0007${ESC}[2J\n`)).toBe('"^[]0;pwned^G^[[2J^J"');
  });

  it('cuts long values and says how long they were', () => {
    expect(quote('x'.repeat(412_000))).toBe(`"${'x'.repeat(59)}…" (412,000 characters)`);
    expect(quote('abcdefghij', 5)).toBe('"abcd…" (10 characters)');
    expect(quote('abcde', 5)).toBe('"abcde"');
  });

  it('never cuts inside a character or a grapheme', () => {
    expect(quote('ab👨‍👩‍👧cdefgh', 5)).toBe('"ab…" (13 characters)');
    expect(quote('山田太郎の契約更新', 5)).toBe('"山田太郎…" (9 characters)');
    expect(quote('Zoe\u0301Zoe\u0301', 4)).toBe('"Zo…" (8 characters)');
  });
});
