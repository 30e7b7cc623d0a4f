/**
 * The run tests' fake API (test/support/fake-api.ts) holds a test to what it stubbed: a request
 * no stub matches and a stub never used both fail `close()`, and a reset goes through a real
 * socket to wfd's real transport.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/core/errors.js';
import { failure, type TestContext, testContext } from '../support/context.js';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function get(path: string): Promise<unknown> {
  return (await t!.ctx.api()).request({ method: 'GET', path });
}

describe('the fake API', () => {
  it('a request no stub matches is answered 500 and fails close(), naming its method and path', async () => {
    const u = await testContext();
    const error = await failure((await u.ctx.api()).request({ method: 'GET', path: '/forms' }));
    expect(error).toMatchObject({
      message: expect.stringContaining('the fake API has no stub for GET /v1/forms'),
    });
    await expect(u.close()).rejects.toThrow('unexpected request: GET /v1/forms');
  });

  it('a stub left unused fails close(), naming it', async () => {
    const u = await testContext();
    u.api.intercept({ path: '/v1/cases/x', method: 'DELETE' }).reply(204);
    await expect(u.close()).rejects.toThrow('stub not used: DELETE /v1/cases/x');
  });

  it('times(n) answers n requests, persist() any number; a query matches in any order', async () => {
    t = await testContext();
    t.api.intercept({ path: '/v1/a?y=2&x=1', method: 'GET' }).reply(200, { n: 1 }).times(2);
    t.api
      .intercept({ path: (path) => path.startsWith('/v1/b'), method: 'GET' })
      .reply(200, { n: 2 })
      .persist();
    const client = await t.ctx.api();
    const query = [
      ['x', '1'],
      ['y', '2'],
    ] as const;
    for (let i = 0; i < 2; i++)
      expect(await client.request({ method: 'GET', path: '/a', query })).toEqual({ n: 1 });
    for (let i = 0; i < 3; i++) expect(await get(`/b${i}`)).toEqual({ n: 2 });
    expect(t.api.requests.map((request) => request.path)).toEqual([
      '/v1/a?x=1&y=2',
      '/v1/a?x=1&y=2',
      '/v1/b0',
      '/v1/b1',
      '/v1/b2',
    ]);
  });

  it('replyWithError resets the connection: the transport reports ECONNRESET and a GET is tried again', async () => {
    t = await testContext();
    t.api.intercept({ path: '/v1/cases/x', method: 'GET' }).replyWithError().times(6);
    const error = await failure(get('/cases/x'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      message: 'network error talking to http://api.test: ECONNRESET',
      exitCode: 8,
    });
    expect(t.api.requests).toHaveLength(6);
  });

  it('a POST reset after it was sent is not sent again, and says the record may exist and to check', async () => {
    t = await testContext();
    t.api.intercept({ path: '/v1/cases', method: 'POST' }).replyWithError();
    const api = await t.ctx.api();
    const error = await failure(api.request({ method: 'POST', path: '/cases', body: { title: 'x' } }));
    expect(error).toMatchObject({
      message: 'network error talking to http://api.test: ECONNRESET',
      hint: 'POST /v1/cases was sent before the connection broke, so it may have taken effect: check (get or list what it changes) before you run it again',
      exitCode: 8,
      requestSent: true,
    });
    expect(t.api.requests).toHaveLength(1);
  });
});
