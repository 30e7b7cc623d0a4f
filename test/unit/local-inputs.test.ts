/** Inputs that can never work are refused before any request, with the documented exit codes. */
import { describe, expect, it } from 'vitest';
import { resolveCredentials } from '../../src/core/auth/credentials.js';
import { checkDepth, MAX_DEPTH, parseSetPairs } from '../../src/core/body.js';
import { AuthError, exitCodeForStatus, UsageError } from '../../src/core/errors.js';
import { parseBaseUrl } from '../../src/core/http/base-url.js';
import { ApiClient } from '../../src/core/http/http.js';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('refused locally', () => {
  it.each(['wfd_abc def', 'wfd_abc\tdef', 'wfd_abc\u0007', 'wfd_abc€', 'wfd_“abc”'])(
    'a WFD_TOKEN like %j: exit 3 with a hint',
    (token) => {
      const store = { currentProfileName: () => undefined, profile: () => undefined, profiles: () => ({}) };
      let caught: unknown;
      try {
        resolveCredentials(store as never, { env: { WFD_TOKEN: token, WFD_BASE_URL: 'http://x.test' } });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AuthError);
      expect((caught as AuthError).exitCode).toBe(3);
      expect((caught as AuthError).message).toContain('WFD_TOKEN is not a token');
      expect((caught as AuthError).message).not.toContain(token);
    },
  );

  it('a base URL with a user or password, which would be stored and shown: exit 2, the password not repeated', () => {
    let caught: unknown;
    try {
      parseBaseUrl('https://ann:s3cret@api.example.com');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toBe(
      'invalid base URL "https://api.example.com/": it must not hold a user name or password',
    );
  });

  it('--set with an empty key, and values nested deeper than the bound', () => {
    expect(() => parseSetPairs([' =x'])).toThrow('invalid --set " =x": expected key=value');
    expect(parseSetPairs([`deep=${JSON.stringify(nested(MAX_DEPTH - 1))}`]).deep).toBeDefined();
    expect(() => parseSetPairs([`deep=${'['.repeat(5000)}1${']'.repeat(5000)}`])).toThrow(
      `--set deep nests deeper than ${MAX_DEPTH} levels`,
    );
    expect(() => checkDepth(nested(100_000), '--body x')).toThrow(UsageError);
    expect(parseSetPairs(['__proto__=1'])).toHaveProperty('__proto__', 1);
  });

  it('a URL longer than servers accept: exit 2 before sending; 414 and 431 that still happen: exit 6', async () => {
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', token: 'wfd_x', userAgent: 't' });
    const error = await client
      .request({ method: 'GET', path: '/cases', query: [['reference', 'x'.repeat(9000)]] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(/^the request URL would be 9,0\d\d characters long/);
    await client.close();
    expect(exitCodeForStatus(414)).toBe(6);
    expect(exitCodeForStatus(431)).toBe(6);
  });
});
