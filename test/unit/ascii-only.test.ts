import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { asciiOnly } from '../../scripts/ascii-only.mjs';

const run = (code: string) => new Function(`return ${code}`)();

describe("the build's ASCII step (scripts/ascii-only.mjs)", () => {
  it.each([
    ["/['\u2018\u2019]|\\é|\\\\é/", ['\u2018', "'", 'é', '\\é', '\\', 'x']],
    ['/\u{1F600}|[\u{1F601}é]/u', ['\u{1F600}', '\u{1F601}', 'é', '\uD83D', 'x']],
  ])('escapes a regular expression, which matches as before: %s', (code, texts) => {
    const ascii = asciiOnly(code, 'x.cjs');
    expect(ascii).toMatch(/^[\x20-\x7e]*$/);
    const [before, after] = [run(code) as RegExp, run(ascii) as RegExp];
    for (const text of texts) expect([text, after.test(text)]).toEqual([text, before.test(text)]);
  });

  it('escapes the closing comments, and refuses a character anywhere else', () => {
    expect(asciiOnly('x = 1;\n/*! Jimmy Wärting */\n', 'x.cjs')).toBe('x = 1;\n/*! Jimmy W\\u00e4rting */\n');
    expect(() => asciiOnly('String.raw`é`', 'x.cjs')).toThrow(
      'bundle: x.cjs:1: a non-ASCII character outside a regular expression or comment',
    );
    expect(asciiOnly('const a = "plain";', 'x.cjs')).toBe('const a = "plain";');
  });
});
