import { describe, expect, it } from 'vitest';
import { parseRetryAfterHeader, retryDelay } from '../../src/core/http/retry.js';

const fixed = (value: number) => () => value;

describe('retryDelay', () => {
  it('429 waits what the server asked plus under a second of jitter, for any method', () => {
    for (const method of ['GET', 'POST']) {
      expect(
        retryDelay({
          method,
          attempt: 1,
          maxRetries: 5,
          status: 429,
          retryAfterSeconds: 3,
          random: fixed(0),
        }),
      ).toBe(3000);
      expect(
        retryDelay({
          method,
          attempt: 1,
          maxRetries: 5,
          status: 429,
          retryAfterSeconds: 3,
          random: fixed(0.999),
        }),
      ).toBe(3999);
    }
  });

  it('429 without a retry-after backs off exponentially', () => {
    expect(retryDelay({ method: 'GET', attempt: 3, maxRetries: 5, status: 429, random: fixed(0.5) })).toBe(
      500 + 500,
    );
  });

  it('502/503/504 and connection errors retry idempotent methods only', () => {
    for (const status of [502, 503, 504]) {
      expect(retryDelay({ method: 'GET', attempt: 1, maxRetries: 5, status, random: fixed(0.5) })).toBe(125);
      expect(retryDelay({ method: 'PUT', attempt: 2, maxRetries: 5, status, random: fixed(0.5) })).toBe(250);
      expect(
        retryDelay({ method: 'POST', attempt: 1, maxRetries: 5, status, random: fixed(0.5) }),
      ).toBeUndefined();
      expect(
        retryDelay({ method: 'PATCH', attempt: 1, maxRetries: 5, status, random: fixed(0.5) }),
      ).toBeUndefined();
    }
    expect(
      retryDelay({ method: 'DELETE', attempt: 1, maxRetries: 5, connectionError: true, random: fixed(1) }),
    ).toBe(250);
    expect(
      retryDelay({ method: 'POST', attempt: 1, maxRetries: 5, connectionError: true, random: fixed(1) }),
    ).toBeUndefined();
  });

  it('back-off is capped at 8 s', () => {
    expect(
      retryDelay({ method: 'GET', attempt: 20, maxRetries: 30, status: 503, random: fixed(0.999999) }),
    ).toBe(7999);
  });

  it('never retries other statuses, nor past the maximum', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 500]) {
      expect(
        retryDelay({ method: 'GET', attempt: 1, maxRetries: 5, status, random: fixed(0) }),
      ).toBeUndefined();
    }
    expect(
      retryDelay({ method: 'GET', attempt: 6, maxRetries: 5, status: 429, random: fixed(0) }),
    ).toBeUndefined();
    expect(
      retryDelay({ method: 'GET', attempt: 1, maxRetries: 0, status: 503, random: fixed(0) }),
    ).toBeUndefined();
  });
});

describe('parseRetryAfterHeader', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterHeader('60', now)).toBe(60);
    expect(parseRetryAfterHeader('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfterHeader(undefined, now)).toBeUndefined();
    expect(parseRetryAfterHeader('soon', now)).toBeUndefined();
  });
});
