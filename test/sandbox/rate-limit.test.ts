import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/sandbox/rate-limit.js';
import { parseRateLimit } from '../../src/sandbox/server.js';
import { manualClock, startTestSandbox } from './helpers.js';

describe('parseRateLimit', () => {
  it('knows spec and off', () => {
    expect(parseRateLimit('spec')).toEqual({
      rules: [
        { scope: 'token', limit: 100, windowMs: 60_000 },
        { scope: 'client', limit: 1000, windowMs: 3_600_000 },
      ],
    });
    expect(parseRateLimit('off')).toEqual({ rules: [] });
  });

  it.each([
    ['5/1s', 5, 1000],
    ['3/500ms', 3, 500],
    ['100/1m', 100, 60_000],
    ['20/10s', 20, 10_000],
    ['1000/1h', 1000, 3_600_000],
  ])(
    'reads %s as N per DURATION per token, per client scaled to 10N per 60 x DURATION',
    (spec, limit, windowMs) => {
      expect(parseRateLimit(spec)).toEqual({
        rules: [
          { scope: 'token', limit, windowMs },
          { scope: 'client', limit: limit * 10, windowMs: windowMs * 60 },
        ],
      });
    },
  );

  it.each(['', 'SPEC', 'fast', '5', '5/s', '0/1s', '5/0s', '5/1d', '-1/1s', '5/1.5s', ' 5/1s'])(
    'rejects %j in one line',
    (spec) => {
      expect(() => parseRateLimit(spec)).toThrow(
        /^Invalid rate limit ".*": expected spec, off, or N\/DURATION/,
      );
    },
  );
});

describe('RateLimiter', () => {
  const keys = (token: string, client = 'ip') => ({ token, client });

  it('allows N per sliding window and says when the oldest request leaves it', () => {
    const limiter = new RateLimiter({ rules: [{ scope: 'token', limit: 2, windowMs: 10_000 }] });
    expect(limiter.hit(keys('a'), 0)).toBe(0);
    expect(limiter.hit(keys('a'), 4_000)).toBe(0);
    expect(limiter.hit(keys('a'), 5_000)).toBe(5);
    expect(limiter.hit(keys('a'), 9_999)).toBe(1);
    expect(limiter.hit(keys('b'), 9_999)).toBe(0);
    expect(limiter.hit(keys('a'), 10_000)).toBe(0);
    expect(limiter.hit(keys('a'), 10_001)).toBe(4);
  });

  it('does not count refused requests', () => {
    const limiter = new RateLimiter({ rules: [{ scope: 'token', limit: 1, windowMs: 1000 }] });
    expect(limiter.hit(keys('a'), 0)).toBe(0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.hit(keys('a'), t)).toBeGreaterThan(0);
    expect(limiter.hit(keys('a'), 1000)).toBe(0);
  });

  it('applies the per-client limit across tokens and reports the longer wait', () => {
    const limiter = new RateLimiter(parseRateLimit('2/1s'));
    let now = 0;
    for (let i = 0; i < 10; i++) {
      expect(limiter.hit(keys(`token-${i}`), now)).toBe(0);
      expect(limiter.hit(keys(`token-${i}`), now)).toBe(0);
      now += 10;
    }
    expect(limiter.hit(keys('fresh'), now)).toBe(60);
    expect(limiter.hit(keys('fresh', 'other-ip'), now)).toBe(0);
  });

  it('limits nothing when off', () => {
    const limiter = new RateLimiter(parseRateLimit('off'));
    for (let i = 0; i < 1000; i++) expect(limiter.hit(keys('a'), 0)).toBe(0);
  });
});

describe('429 over HTTP', () => {
  it('answers the spec rate-limit body and Retry-After once the token is over its limit', async () => {
    // The sandbox's own clock: the window moves only when told, however slow the machine.
    const clock = manualClock();
    const t = await startTestSandbox({ rateLimit: '3/1s', clock });
    try {
      for (let i = 0; i < 3; i++) expect((await t.get('/v1/workspaces')).status).toBe(200);
      const res = await t.get('/v1/cases');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Rate limit exceeded, retry in 1 seconds',
        retryAfter: 1,
      });
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));

      // Other tokens have their own budget; failed auth and test hooks are not limited.
      expect((await t.get('/v1/workspaces', { token: t.otherToken })).status).toBe(200);
      expect((await t.get('/v1/workspaces', { token: null })).status).toBe(401);
      expect((await t.get('/_sandbox/health')).status).toBe(200);
      const log = (await t.get('/_sandbox/requests')).body.requests.map((r: { status: number }) => r.status);
      expect(log).toEqual([200, 200, 200, 429, 200, 401]);

      await clock.advance(999);
      expect((await t.get('/v1/workspaces')).status).toBe(429);
      await clock.advance(1);
      expect((await t.get('/v1/workspaces')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
