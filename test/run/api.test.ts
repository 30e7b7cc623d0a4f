/** Run tests of `wfd api`: the exact request built from the flags, and how answers are printed. */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiOptions, runApi } from '../../src/commands/api/request.js';
import { ApiError } from '../../src/core/errors.js';
import { envelopeOf, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

describe('wfd api', () => {
  it('GET sends the fields as query parameters after those in the path; piped JSON is printed as sent', async () => {
    t = await testContext({ fields: [] });
    t.api
      .intercept({ path: '/v1/cases?status=new&page%5Bsize%5D=2&archived=false', method: 'GET' })
      .reply(200, '{"data":[]}', JSON_HEADERS);
    await runApi(
      ApiOptions.parse({
        method: 'get',
        path: '/cases?status=new',
        rawField: ['page[size]=2'],
        field: ['archived=false'],
      }),
      t.ctx,
    );
    expect(t.stdout()).toBe('{"data":[]}\n');
  });

  it('POST sends the fields as a nested JSON body, with extra headers; /v1 in the path is tolerated', async () => {
    t = await testContext({ fields: [] });
    t.api
      .intercept({
        path: '/v1/forms',
        method: 'POST',
        body: '{"flow":{"slug":"kyc"},"user":{"email":"a@b.co"},"notify":true}',
        headers: { 'x-trace': 'abc', 'content-type': 'application/json' },
      })
      .reply(201, { id: 'f1' }, JSON_HEADERS);
    await runApi(
      ApiOptions.parse({
        method: 'POST',
        path: '/v1/forms',
        rawField: ['flow[slug]=kyc', 'user[email]=a@b.co'],
        field: ['notify=true'],
        header: ['X-Trace: abc'],
      }),
      t.ctx,
    );
    expect(JSON.parse(t.stdout())).toEqual({ id: 'f1' });
  });

  it('host-root paths go to the root, without a token; --query picks a value, --raw prints it bare', async () => {
    t = await testContext({ fields: [], globals: { query: 'token_endpoint', raw: true } });
    t.api.intercept({ path: '/.well-known/openid-configuration', method: 'GET' }).reply((req) => {
      expect(req.headers).not.toHaveProperty('authorization');
      return {
        statusCode: 200,
        data: { token_endpoint: 'http://api.test/token' },
        responseOptions: JSON_HEADERS,
      };
    });
    await runApi(ApiOptions.parse({ method: 'GET', path: '/.well-known/openid-configuration' }), t.ctx);
    expect(t.stdout()).toBe('http://api.test/token\n');
  });

  it('-i prints the status line and headers first', async () => {
    t = await testContext({ fields: [] });
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET' })
      .reply(200, '{}', { headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } });
    await runApi(ApiOptions.parse({ method: 'GET', path: 'workspaces', include: true }), t.ctx);
    // The headers as the server sent them, its own (length, connection) after the test's.
    expect(t.stdout()).toBe(
      'HTTP/1.1 200 OK\ncontent-type: application/json\nx-request-id: r1\ncontent-length: 2\nconnection: keep-alive\n\n{}\n',
    );
  });

  it('an error answer is printed on stdout, then the run fails with its exit code', async () => {
    t = await testContext({ fields: [] });
    const body = { statusCode: 404, error: 'Not Found', message: 'Case not found' };
    t.api.intercept({ path: '/v1/cases/x', method: 'GET' }).reply(404, body, JSON_HEADERS);
    const error = await runApi(ApiOptions.parse({ method: 'GET', path: '/cases/x' }), t.ctx).catch(
      (e: unknown) => e,
    );
    expect(t.stdout()).toBe(`${JSON.stringify(body)}\n`);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ exitCode: 5, message: 'Case not found (HTTP 404)' });
  });

  it('--paginate reads every page and prints one JSON array; -o ndjson a record a line', async () => {
    for (const format of ['json', 'ndjson'] as const) {
      t = await testContext({ fields: [], globals: { output: format } });
      for (const n of [1, 2, 3])
        t.api
          .intercept({
            path: `/v1/forms?flow%5Bslug%5D=kyc&page%5Bnumber%5D=${n}&page%5Bsize%5D=2`,
            method: 'GET',
          })
          .reply(
            200,
            envelopeOf(n < 3 ? [{ id: `${n}a` }, { id: `${n}b` }] : [{ id: '3a' }], n, 2, 5),
            JSON_HEADERS,
          );
      await runApi(
        ApiOptions.parse({
          method: 'GET',
          path: '/forms?page[size]=2',
          rawField: ['flow[slug]=kyc'],
          paginate: true,
        }),
        t.ctx,
      );
      const ids = ['1a', '1b', '2a', '2b', '3a'];
      if (format === 'json') expect(JSON.parse(t.stdout()).map((r: { id: string }) => r.id)).toEqual(ids);
      else
        expect(
          t
            .stdout()
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l).id),
        ).toEqual(ids);
      await t.close();
    }
    t = await testContext({ fields: [] });
  });

  it('--dry-run prints the request and sends nothing; bad input fails before anything is sent', async () => {
    t = await testContext({ fields: [] });
    await runApi(ApiOptions.parse({ method: 'DELETE', path: '/cases/x', dryRun: true }), t.ctx);
    expect(t.stdout()).toMatch(/^DELETE http:\/\/api\.test\/v1\/cases\/x\nuser-agent: wfd\/test\n/);
    for (const [options, message] of [
      [
        { method: 'FETCH', path: '/x' },
        'invalid method "FETCH" (expected one of GET, HEAD, POST, PATCH, PUT, DELETE)',
      ],
      [{ method: 'POST', path: '/x', paginate: true }, '--paginate works with GET only'],
      [{ method: 'GET', path: '/x', header: ['nocolon'] }, `invalid -H "nocolon": expected 'Name: value'`],
      [{ method: 'GET', path: '/x', header: ['Authorization: Bearer x'] }, /wfd sends the token itself/],
    ] as const)
      await expect(runApi(ApiOptions.parse(options), t.ctx)).rejects.toThrow(message);
  });
});
