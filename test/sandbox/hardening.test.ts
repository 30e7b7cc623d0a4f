/** What a request cannot make the sandbox do: unbounded work, or storing data its schema refuses. */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { badRequest, type Json, qs, rawExchange, rawRequest, useTestSandbox } from './helpers.js';

const t = useTestSandbox({ cases: 2000 });

describe('patterns', () => {
  it('a pattern that would send a backtracking matcher into minutes is answered at once', async () => {
    const filter = { attributes: { title: { $ilike: '%%%%%%%%%%%%%%%%%%%%%%%%#' } } };
    const res = await t.get(`/v1/cases${qs({ filter })}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.total_count).toBe(0);
  });

  it('refuses patterns and search texts over 256 characters', async () => {
    const long = `%${'a'.repeat(256)}`;
    const like = await t.get(`/v1/cases${qs({ filter: { attributes: { title: { $like: long } } } })}`);
    expect(like.status).toBe(400);
    expect(like.body.errors[0].detail).toMatch(/at most 256 characters/);
    const search = await t.get(`/v1/cases${qs({ 'contact[search]': 'a'.repeat(257) })}`);
    expect(search.status).toBe(400);
    expect(search.body.errors[0]).toMatchObject({ path: ['contact', 'search'], type: 'too_big' });
  });
});

describe('case data against the template schema', () => {
  let caseId: string;
  let schema: Json;
  beforeAll(async () => {
    const list = await t.get(`/v1/cases${qs({ 'page[size]': 100 })}`);
    // A case whose template has a boolean field.
    for (const item of list.body.data) {
      const detail = await t.get(`/v1/cases/${item.id}`);
      const types = Object.values(detail.body.schema.properties).map((p) => (p as { type: string }).type);
      if (types.includes('boolean') && types.includes('number')) {
        caseId = item.id;
        schema = detail.body.schema;
        break;
      }
    }
  });

  it('refuses a value of the wrong type with a 400 naming the field, and stores nothing', async () => {
    const field = (type: string) =>
      Object.entries(schema.properties).find(([, p]) => (p as { type: string }).type === type)![0];
    const before = await t.get(`/v1/cases/${caseId}`);
    const res = await t.post(`/v1/cases/${caseId}/data`, {
      [field('boolean')]: 'notabool',
      [field('number')]: '12',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'must be true or false', path: [field('boolean')], type: 'invalid_type' },
      { message: 'must be a number', path: [field('number')], type: 'invalid_type' },
    ]);
    expect((await t.get(`/v1/cases/${caseId}`)).body).toEqual(before.body);
  });

  it('takes values of the right type, null, and fields the schema does not declare', async () => {
    const boolField = Object.entries(schema.properties).find(
      ([, p]) => (p as { type: string }).type === 'boolean',
    )![0];
    const res = await t.post(`/v1/cases/${caseId}/data`, {
      [boolField]: true,
      note: 'free text',
      extra: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ [boolField]: true, note: 'free text', extra: null });
  });
});

/** `{"a":{"a":...}}` with `levels` objects: 6 bytes a level, so 10,000 levels are 60 KB. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('poisoned data', () => {
  it('refuses a 60 KB data update nested 10,000 levels deep, stores nothing, and keeps serving', async () => {
    const id = (await t.get(`/v1/cases${qs({ 'page[size]': 1 })}`)).body.data[0].id;
    const before = await t.get(`/v1/cases/${id}`);
    const body = `{"note":${nested(10_000)}}`;
    expect(body.length).toBeGreaterThan(60_000);
    const res = await t.post(`/v1/cases/${id}/data`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest('Body is nested deeper than 100 levels'));
    expect((await t.get(`/v1/cases/${id}`)).body).toEqual(before.body);
    expect((await t.get(`/v1/cases${qs({ 'page[size]': 100 })}`)).status).toBe(200);
  });

  it('takes a body nested exactly 100 levels deep', async () => {
    const id = (await t.get(`/v1/cases${qs({ 'page[size]': 1 })}`)).body.data[0].id;
    const res = await t.post(`/v1/cases/${id}/data`, `{"deep":${nested(99)}}`);
    expect(res.status).toBe(200);
    expect((await t.get(`/v1/cases${qs({ 'page[size]': 100 })}`)).status).toBe(200);
  });

  it('refuses an object of more than 1,000 keys, at any depth', async () => {
    const wide = (keys: number) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
    const template = (await t.get('/v1/case_templates')).body.data[0].id;
    const count = (await t.get('/v1/cases/count')).body.count;
    const res = await t.post('/v1/cases', {
      template: { id: template },
      title: 'wide',
      data: { x: wide(1001) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest('Body has an object of more than 1000 keys'));
    expect((await t.get('/v1/cases/count')).body.count).toBe(count);
    const fits = await t.post('/v1/cases', {
      template: { id: template },
      title: 'wide',
      data: { x: wide(1000) },
    });
    expect(fits.status).toBe(200);
  });

  it.each([
    ['a form', 'POST', '/v1/forms'],
    ['a form update', 'PATCH', '/v1/forms/00000000-0000-4000-8000-000000000000'],
    ['a test hook', 'POST', '/_sandbox/trigger'],
    ['the token endpoint', 'POST', '/token'],
  ])('bounds every JSON body: %s', async (_name, method, path) => {
    const res = await t.call(method, path, { body: nested(5000) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Body is nested deeper than 100 levels' });
  });

  it('bounds the JSON of a filter in the query alike', async () => {
    const res = await t.get(`/v1/cases?filter=${encodeURIComponent(nested(500))}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toMatch(/nested deeper than 100 levels/);
  });
});

describe('the query string', () => {
  it.each([
    ['a malformed escape in a value', '/v1/cases?status=%ZZ'],
    ['a truncated escape', '/v1/cases?status=new%2'],
    ['a malformed escape in a name', '/v1/cases?stat%ZZus=new'],
    ['escapes that are not UTF-8', '/v1/cases?contact%5Bsearch%5D=%C3%28'],
    ['a fragment', '/v1/cases?status=new#x'],
  ])('answers 400 in the standard shape for %s, and logs it', async (_name, target) => {
    await t.call('DELETE', '/_sandbox/requests');
    const res = await rawRequest(t.sandbox.baseUrl, `GET ${target} HTTP/1.1`, {
      authorization: `Bearer ${t.token}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      badRequest(`Malformed URL ${target}: invalid character or percent-encoding in the query`),
    );
    const log = (await t.get('/_sandbox/requests')).body.requests;
    expect(log).toMatchObject([{ method: 'GET', url: target, status: 400 }]);
  });

  it('reads well-formed escapes as before', async () => {
    const res = await t.get('/v1/cases?page%5Bsize%5D=2&contact%5Bsearch%5D=M%C3%BCller');
    expect(res.status).toBe(200);
    expect(res.body.meta.page_size).toBe(2);
    expect(res.body.data[0].contact.family_name).toBe('Müller');
  });
});

describe('content encodings', () => {
  const create = async (encoding: string) => {
    const template = (await t.get('/v1/case_templates')).body.data[0].id;
    const body = JSON.stringify({ template: { id: template }, title: `encoded ${encoding}` });
    const bytes = encoding.startsWith('gzip') ? gzipSync(body) : Buffer.from(body);
    return rawExchange(
      t.sandbox.baseUrl,
      Buffer.concat([
        Buffer.from(
          `POST /v1/cases HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${t.token}\r\n` +
            `content-type: application/json\r\ncontent-encoding: ${encoding}\r\n` +
            `content-length: ${bytes.length}\r\nconnection: close\r\n\r\n`,
        ),
        bytes,
      ]),
    );
  };

  it.each(['gzip', 'br', 'x-custom', 'gzip, identity'])(
    'answers a body in %s with 415 in the standard shape, and stores nothing',
    async (encoding) => {
      const count = (await t.get('/v1/cases/count')).body.count;
      const res = await create(encoding);
      expect(res.status).toBe(415);
      expect(res.headers['accept-encoding']).toBe('identity');
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: `Content-Encoding ${encoding} is not supported: send the body unencoded`,
      });
      expect((await t.get('/v1/cases/count')).body.count).toBe(count);
    },
  );

  it('takes identity as no encoding', async () => {
    expect((await create('identity')).status).toBe(200);
  });

  it('answers a missing token first', async () => {
    const res = await t.call('POST', '/v1/cases', {
      token: null,
      body: '{}',
      headers: { 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(401);
  });
});

describe('requests the HTTP parser refuses, and CONNECT', () => {
  const head = (requestLine: string, headers = '') =>
    `${requestLine}\r\nhost: localhost\r\nauthorization: Bearer ${t.token}\r\n${headers}connection: close\r\n\r\n`;
  const log = async () => (await t.get('/_sandbox/requests')).body.requests;

  it('answers headers over 16 KiB with 431 in the standard shape, and logs it', async () => {
    await t.call('DELETE', '/_sandbox/requests');
    const res = await rawExchange(
      t.sandbox.baseUrl,
      head('GET /v1/cases?page%5Bsize%5D=1 HTTP/1.1', `x-padding: ${'a'.repeat(20_000)}\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      message: 'Request line and headers exceed 16384 bytes',
    });
    expect(await log()).toEqual([
      {
        seq: expect.any(Number),
        time: expect.any(String),
        method: 'GET',
        url: '/v1/cases?page%5Bsize%5D=1',
        path: '/v1/cases',
        status: 431,
        duration_ms: null,
        token_prefix: t.token.slice(0, 8),
        workspace: null,
        fault: null,
      },
    ]);
  });

  it('answers a request line over the limit with 431 too', async () => {
    const res = await rawExchange(t.sandbox.baseUrl, head(`GET /v1/cases?q=${'a'.repeat(20_000)} HTTP/1.1`));
    expect(res.status).toBe(431);
  });

  it('serves headers just under the limit', async () => {
    const res = await rawExchange(
      t.sandbox.baseUrl,
      head('GET /v1/workspaces HTTP/1.1', `x-padding: ${'a'.repeat(15_000)}\r\n`),
    );
    expect(res.status).toBe(200);
  });

  it.each(['FOO', 'BREW', 'get'])(
    'answers the unknown method %s with 400 in the standard shape',
    async (method) => {
      const res = await rawExchange(t.sandbox.baseUrl, head(`${method} /v1/cases HTTP/1.1`));
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(badRequest(expect.stringMatching(/^Malformed HTTP request: /)));
    },
  );

  it.each([
    ['an authority', 'CONNECT 127.0.0.1:443 HTTP/1.1', 0],
    ['a /v1 path', 'CONNECT /v1/cases HTTP/1.1', 1],
  ])('answers CONNECT to %s with 400 in the standard shape', async (_name, requestLine, logged) => {
    await t.call('DELETE', '/_sandbox/requests');
    const res = await rawExchange(t.sandbox.baseUrl, head(requestLine));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(badRequest('CONNECT is not supported: the sandbox is not a proxy'));
    expect(await log()).toHaveLength(logged);
  });

  it('survives clients that reset the connection while CONNECT is answered', async () => {
    const { port } = new URL(t.sandbox.baseUrl);
    const resets = Array.from({ length: 20 }, (_, i) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      socket.write(`CONNECT 127.0.0.1:443 HTTP/1.1\r\nhost: localhost\r\n\r\n${'x'.repeat(100_000)}`);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, i % 4),
      );
    });
    await Promise.all(resets);
    expect((await t.get('/_sandbox/health')).body).toEqual({ ok: true });
  });

  it.each(['PROPFIND', 'OPTIONS', 'TRACE', 'SEARCH'])(
    'answers %s, which no route serves, with 404',
    async (method) => {
      const res = await rawExchange(t.sandbox.baseUrl, head(`${method} /v1/cases HTTP/1.1`));
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({
        statusCode: 404,
        message: `Route ${method}:/v1/cases not found`,
      });
    },
  );

  it('answers broken framing with 400', async () => {
    const res = await rawExchange(
      t.sandbox.baseUrl,
      head('POST /v1/cases HTTP/1.1', 'content-length: 2\r\ntransfer-encoding: chunked\r\n'),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers an HTTP/1.1 request without Host with 400 in the standard shape; HTTP/1.0 needs none', async () => {
    const auth = `authorization: Bearer ${t.token}\r\nconnection: close\r\n\r\n`;
    const res = await rawExchange(t.sandbox.baseUrl, `GET /v1/workspaces HTTP/1.1\r\n${auth}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(badRequest('Missing Host header: HTTP/1.1 requests need one'));
    expect((await rawExchange(t.sandbox.baseUrl, `GET /v1/workspaces HTTP/1.0\r\n${auth}`)).status).toBe(200);
  });

  it('routes a path parameter of any length, so auth and the handler judge it (not a 414 from the router)', async () => {
    const long = 'x'.repeat(500);
    expect(await rawRequest(t.sandbox.baseUrl, `GET /v1/cases/${long} HTTP/1.1`)).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Missing authorization header' },
    });
    expect((await t.get(`/v1/cases/${long}`)).status).toBe(400);
    const slug = await t.get(`/v1/form_templates/${long}/steps`);
    expect(slug.status).toBe(404);
    expect(slug.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('is still healthy afterwards', async () => {
    expect((await t.get('/_sandbox/health')).body).toEqual({ ok: true });
    expect((await t.get('/v1/workspaces')).status).toBe(200);
  });
});
