import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { durationArg, intArg } from '../../src/cli/arg-parsers.js';

describe('durationArg', () => {
  const parse = durationArg({ minMs: 1000, maxMs: 86_400_000 });

  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['10m', 600_000],
    ['1.5m', 90_000],
    ['1h', 3_600_000],
    ['24h', 86_400_000],
    [' 2m ', 120_000],
    ['500ms', undefined],
  ])('reads %j as %s ms', (text, ms) => {
    if (ms === undefined) expect(() => parse(text)).toThrow(InvalidArgumentError);
    else expect(parse(text)).toBe(ms);
  });

  it.each(['0', '0s', '25h', '86401', '1d', '-5', 'm', '', '10 m', '1h30m'])(
    'refuses %j as a usage error naming the forms and the range',
    (text) => {
      expect(() => parse(text)).toThrow(InvalidArgumentError);
      expect(() => parse(text)).toThrow(
        'expected a duration such as 90s, 10m or 1h (or seconds), from 1s to 24h',
      );
    },
  );

  it('without bounds takes any positive duration a timer can hold, milliseconds too', () => {
    expect(durationArg()('250ms')).toBe(250);
    expect(durationArg()('576h')).toBe(24 * 24 * 3_600_000);
    // 2^31 ms and more: a timer would fire after 1 ms.
    for (const text of ['0', '577h', '1000h', String(2 ** 31 / 1000)])
      expect(() => durationArg()(text)).toThrow(
        'expected a duration such as 90s, 10m or 1h (or seconds), at most 576h (24 days)',
      );
  });
});

describe('intArg', () => {
  it('takes integers in range and says which range otherwise', () => {
    expect(intArg(1, 16)('8')).toBe(8);
    expect(() => intArg(1, 16)('0')).toThrow('expected an integer from 1 to 16');
    expect(() => intArg(1, 16)('17')).toThrow('too large; expected an integer from 1 to 16');
    expect(() => intArg(0)('x')).toThrow('expected an integer of at least 0');
  });
});
