/**
 * A seeded fuzz test: a few thousand random requests (paths from a grammar of real and broken
 * ones, every method, random and malformed headers, random bodies and query strings) over raw
 * sockets and node:http. Every one must be answered (a server that closes without a status line, or
 * neither answers nor closes, fails), never with a 5xx, every error body in one of the spec's
 * three shapes; and the sandbox must still serve normally afterwards. A second run does the
 * same with faults injected, where only the 502s, 503s and resets asked for may break the rules.
 * Some connections are reset by the client mid-request. FUZZ_SEED=n runs other sequences.
 */
import { Agent, STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { createRng, type Rng } from '../../src/sandbox/random.js';
import { normaliseTarget } from '../../src/sandbox/request-target.js';
import { request } from '../support/http-request.js';
import { type Json, qs, type RawAnswer, rawExchange, type TestSandbox, useTestSandbox } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const REQUESTS = 3000;
const FAULTY_REQUESTS = 1000;
/** How the tests' client reports an answer cut short by a reset (test/support/http-request.ts). */
const CUT_SHORT = new Set(['ECONNRESET']);
const CONCURRENCY = 8;
/** How long one request may take before it counts as a hang. */
const ANSWER_WITHIN_MS = 10_000;

let fixtures: Fixtures;
const t = useTestSandbox({ cases: 300, forms: 100 });
beforeAll(async () => {
  fixtures = await loadFixtures(t);
});

interface Fixtures {
  readonly ids: Readonly<Record<'case' | 'template' | 'form' | 'response', readonly string[]>>;
  readonly slugs: readonly string[];
}

/** One generated request; `raw` ones go byte for byte over a socket, the others through node:http. */
interface FuzzRequest {
  /** `abandoned`: raw, but the client resets the connection `resetAfterMs` after sending, unanswered. */
  readonly transport: 'raw' | 'client' | 'abandoned';
  readonly method: string;
  readonly target: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body?: Buffer;
  /** Raw requests only: the head as sent (request line, headers, framing). */
  readonly head?: string;
  readonly resetAfterMs?: number;
}

it(`answers ${REQUESTS} random requests (seed ${SEED}) without a 5xx or a hang, errors in the spec's shapes`, async () => {
  const { problems, statuses } = await fuzz(SEED, REQUESTS, false);
  expect(problems.slice(0, 20)).toEqual([]);
  // The grammar reaches every kind of answer, so the run proves something about each.
  for (const status of [200, 400, 401, 404, 413, 415, 431]) expect(statuses).toContain(status);
  await expectHealthy();
}, 60_000);

it(`keeps to the same rules with faults injected, but for the 502s, 503s and resets asked for`, async () => {
  await t.call('PUT', '/_sandbox/faults', {
    token: null,
    body: { faults: '502:0.05,503:0.05,reset:0.1,slow:0.1', slow_ms: 0 },
  });
  await t.call('DELETE', '/_sandbox/requests');
  try {
    const { problems, statuses } = await fuzz(SEED + 1, FAULTY_REQUESTS, true);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(statuses).toContain(503);
    const faults = new Set((await t.get('/_sandbox/requests')).body.requests.map((r: Json) => r.fault));
    expect(faults).toEqual(new Set([null, '502', '503', 'reset', 'slow']));
  } finally {
    await t.call('PUT', '/_sandbox/faults', { token: null, body: { faults: 'off' } });
  }
  await expectHealthy();
}, 60_000);

/** Sends `count` requests generated from `seed`, CONCURRENCY at a time; what went wrong, and the statuses seen. */
async function fuzz(seed: number, count: number, faults: boolean) {
  const rng = createRng(seed);
  const requests = Array.from({ length: count }, () => generate(rng));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const problems: string[] = [];
  const statuses = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const req = requests[index]!;
      try {
        if (req.transport === 'abandoned') {
          await sendAndReset(req);
          continue;
        }
        const answer = req.transport === 'raw' ? await sendRaw(req) : await sendClient(agent, req);
        if (answer.status !== null) statuses.add(answer.status);
        const problem = checkAnswer(req, answer, faults);
        if (problem) problems.push(`#${index} ${summary(req)}: ${problem}`);
      } catch (error) {
        // With resets injected, some answers are cut short.
        if (faults && CUT_SHORT.has((error as { code?: string }).code ?? '')) continue;
        problems.push(`#${index} ${summary(req)}: ${(error as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return { problems, statuses };
}

async function expectHealthy(): Promise<void> {
  expect((await t.get('/_sandbox/health', { token: null })).body).toEqual({ ok: true });
  const list = await t.get(`/v1/cases${qs({ 'page[size]': 100, sort: 'title' })}`);
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(100);
  expect((await t.get('/v1/forms')).status).toBe(200);
}

// ---- what an answer must look like -----------------------------------------------------------

/** What is wrong with an answer; with `faults`, injected 502s and 503s and bodies cut short by a reset are fine. */
function checkAnswer(req: FuzzRequest, answer: RawAnswer, faults: boolean): string | undefined {
  if (answer.status === null) return 'connection closed without an answer';
  const length = answer.headers['content-length'];
  if (faults && req.method !== 'HEAD' && length !== undefined && answer.bodyBytes < Number(length))
    return undefined;
  const injected = faults && (answer.status === 502 || answer.status === 503);
  if (answer.status >= 500 && !injected) return `answered ${answer.status} ${answer.body.slice(0, 200)}`;
  if (answer.status < 400 || req.method === 'HEAD') return undefined;
  const type = answer.headers['content-type'] ?? '';
  // The authorize flow shows its errors to a person, as HTML pages (see the README).
  if (type.startsWith('text/html') && pathOf(req.target).startsWith('/authorize')) return undefined;
  if (!type.startsWith('application/json')) return `error ${answer.status} with content-type "${type}"`;
  let body: Json;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `error ${answer.status} whose body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  return shapeProblem(answer.status, body, pathOf(req.target) === '/token');
}

/** Undefined when `body` is one of the spec's three error shapes for `status`. */
function shapeProblem(status: number, body: Json, tokenEndpoint: boolean): string | undefined {
  const keys = Object.keys(body ?? {}).sort();
  const text = JSON.stringify(body).slice(0, 300);
  if (keys.length === 1 && keys[0] === 'errors') {
    const listShape = body.errors.every(
      (e: Json) =>
        e.status === String(status) &&
        typeof e.title === 'string' &&
        typeof e.detail === 'string' &&
        Object.keys(e).length === 3,
    );
    return status === 400 && body.errors.length > 0 && listShape ? undefined : `not an error list: ${text}`;
  }
  const common =
    body.statusCode === status && body.error === STATUS_CODES[status] && typeof body.message === 'string';
  if (status === 429) {
    const limited = common && Number.isInteger(body.retryAfter) && keys.length === 4;
    return limited ? undefined : `not the rate-limit shape: ${text}`;
  }
  // RFC 6749's error_description rides along on /token (README, OAuth 2.0).
  const allowed = new Set([
    'statusCode',
    'error',
    'message',
    'errors',
    ...(tokenEndpoint ? ['error_description'] : []),
  ]);
  const issues =
    body.errors === undefined ||
    (status === 400 &&
      Array.isArray(body.errors) &&
      body.errors.every(
        (e: Json) => typeof e.message === 'string' && Array.isArray(e.path) && typeof e.type === 'string',
      ));
  return common && issues && keys.every((k) => allowed.has(k))
    ? undefined
    : `not the standard shape: ${text}`;
}

// ---- sending ---------------------------------------------------------------------------------

/** Writes the request and resets the connection a moment later, whatever the server is doing then. */
async function sendAndReset(req: FuzzRequest): Promise<void> {
  const { port } = new URL(t.sandbox.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  socket.write(req.body ? Buffer.concat([Buffer.from(req.head!, 'latin1'), req.body]) : req.head!);
  await new Promise((resolve) => setTimeout(resolve, req.resetAfterMs));
  socket.resetAndDestroy();
}

function sendRaw(req: FuzzRequest): Promise<RawAnswer> {
  return rawExchange(
    t.sandbox.baseUrl,
    req.body ? Buffer.concat([Buffer.from(req.head!, 'latin1'), req.body]) : req.head!,
    ANSWER_WITHIN_MS,
  );
}

async function sendClient(agent: Agent, req: FuzzRequest): Promise<RawAnswer> {
  const res = await request(`${t.sandbox.baseUrl}${req.target}`, {
    method: req.method,
    headers: Object.fromEntries(req.headers),
    body: req.body,
    agent,
    timeoutMs: ANSWER_WITHIN_MS,
  });
  const bytes = res.body.bytes;
  const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
  return { status: res.statusCode, headers, body: bytes.toString('utf8'), bodyBytes: bytes.length };
}

function summary(req: FuzzRequest): string {
  const head = req.head ?? `${req.method} ${req.target} ${JSON.stringify(req.headers)}`;
  const body = req.body ? ` body[${req.body.length}] ${req.body.toString('latin1', 0, 80)}` : '';
  return `${req.transport} ${JSON.stringify(head.slice(0, 300))}${body}`;
}

/** The path every stage of the sandbox judges (the HTML pages of /authorize live at any spelling of it). */
function pathOf(target: string): string {
  // The parser skips spaces before the target.
  return normaliseTarget(target.trimStart()).path;
}

// ---- the grammar -------------------------------------------------------------------------------

const METHODS = [
  ...Array(6).fill('GET'),
  ...Array(5).fill('POST'),
  ...Array(2).fill('PATCH'),
  'PUT',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'SEARCH',
  'FOO',
  'get',
  'M-SEARCH',
] as const;
const CLIENT_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

const ROUTES = [
  '/v1/workspaces',
  '/v1/cases',
  '/v1/cases/count',
  '/v1/cases/{case}',
  '/v1/cases/{case}/data',
  '/v1/cases/{template}',
  '/v1/case_templates',
  '/v1/forms',
  '/v1/forms/count',
  '/v1/forms/{form}',
  '/v1/responses/{response}',
  '/v1/form_templates',
  '/v1/form_templates/{slug}/options',
  '/v1/form_templates/{slug}/steps',
  '/v1/signatures/{uuid}',
  '/v1/attachments/{uuid}',
  '/v1',
  '/v1/',
  '/',
  '/v2/cases',
  '/_sandbox/health',
  '/_sandbox/requests',
  '/_sandbox/deliveries',
  '/_sandbox/trigger',
  '/_sandbox/oauth/token-requests',
  '/token',
  '/authorize',
  '/authorize/sign-in',
  '/.well-known/openid-configuration',
] as const;

const PARAM_NAMES = [
  'page[size]',
  'page[number]',
  'sort',
  'filter',
  'status',
  'parent_status',
  'archived',
  'waiting_for',
  'reference',
  'owner[email]',
  'owner[id]',
  'workspace[slug]',
  'workspace[id]',
  'template[id]',
  'contact[search]',
  'contact[email]',
  'title',
  'flow[slug]',
  'flow[slug][]',
  'flow[customization]',
  'user[email]',
  'user[phone]',
  'active',
  'group_by',
  'form_id',
  'client_id',
  'redirect_uri',
  'response_type',
  'ids',
  'x',
  '',
  '__proto__',
  'constructor',
  'page[size][]',
  'page',
];

const PARAM_VALUES = [
  '1',
  '10',
  '100',
  '101',
  '0',
  '-1',
  '99999999999999999999',
  '1e3',
  'abc',
  'true',
  'false',
  'null',
  '',
  '-created_at',
  'created_at',
  'title,-id',
  '%ZZ',
  '%',
  '%C3%28',
  '%2B4930',
  'a+b',
  '%F0%9F%98%80',
  'M%C3%BCller',
  'alice.martin@acme.example',
  'not-an-email',
  'new',
  'draft',
  'in_progress',
  'customer-feedback',
  'status,archived',
  'acme',
  'globex',
  '%%%%%%%%%%%%%%z',
];

const FILTER_FIELDS = [
  'title',
  'status',
  'created_at',
  'archived_at',
  'id',
  'parent_status',
  'nope',
  'constructor',
];
const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$lt', '$ge', '$le', '$like', '$ilike', '$extends', '$in'];

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  ';;;',
];

const EVENTS = [
  'responses:created',
  'responses:updated',
  'responses:completed',
  'responses:deleted',
  'forms:deleted',
  'forms:created',
];

function generate(rng: Rng): FuzzRequest {
  const r = random(rng);
  const method = r.pick(METHODS);
  const target = makeTarget(r);
  const headers: Array<[string, string]> = [];
  const token = t.token;
  const authorization = r.chance(0.75)
    ? `Bearer ${r.chance(0.1) ? t.otherToken : token}`
    : r.pick([
        undefined,
        'Bearer',
        'Bearer ',
        `bearer ${token}`,
        'Bearer wfd_00',
        'Basic Zm9vOmJhcg==',
        `Bearer ${token} x`,
        `Bearer ${'a'.repeat(3000)}`,
      ]);
  if (authorization !== undefined) headers.push(['authorization', authorization]);
  const body = r.chance(method === 'GET' || method === 'HEAD' ? 0.05 : 0.85)
    ? makeBody(r, target)
    : undefined;
  if (body && r.chance(0.93)) headers.push(['content-type', r.pick(CONTENT_TYPES)]);
  for (let i = r.int(4); i > 0; i--) headers.push(extraHeader(r));

  const safe = CLIENT_METHODS.has(method) && isSafeForClient(target, headers);
  if (safe && r.chance(0.3)) return { transport: 'client', method, target, headers, body };

  const version = r.chance(0.97) ? 'HTTP/1.1' : r.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'http/1.1']);
  const lines = [`${method} ${target} ${version}`];
  if (r.chance(0.97)) lines.push(`host: ${new URL(t.sandbox.baseUrl).host}`);
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (r.chance(0.04))
    lines.push(
      r.pick([
        'bad header: x',
        'nocolon',
        'x-control: a\u0001b',
        `x-huge: ${'h'.repeat(r.int(30_000) + 17_000)}`,
      ]),
    );
  lines.push(...framing(r, body));
  lines.push('connection: close');
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  if (r.chance(0.03))
    return { transport: 'abandoned', method, target, headers, body, head, resetAfterMs: r.int(4) };
  return { transport: 'raw', method, target, headers, body, head };
}

/** Content-Length mostly, chunked sometimes, and now and then framing the parser must refuse at once. */
function framing(r: Random, body: Buffer | undefined): string[] {
  if (!body) return r.chance(0.05) ? ['content-length: 0'] : [];
  if (r.chance(0.04))
    return r.pick([
      ['content-length: abc'],
      [`content-length: ${body.length}`, 'transfer-encoding: chunked'],
      [`content-length: ${body.length}, ${body.length + 1}`],
    ]);
  return [`content-length: ${body.length}`];
}

function makeTarget(r: Random): string {
  let path = r.pick(ROUTES).replace(/\{(\w+)\}/g, (_, kind: string) => idFor(r, kind));
  for (let i = r.chance(0.4) ? r.int(3) + 1 : 0; i > 0; i--) path = mutatePath(r, path);
  if (r.chance(0.02))
    return r.pick([
      '*',
      `http://${new URL(t.sandbox.baseUrl).host}${path}`,
      `http://elsewhere.example${path}`,
      `https://x${path}`,
    ]);
  return r.chance(0.55) ? `${path}?${makeQuery(r)}` : path;
}

function idFor(r: Random, kind: string): string {
  const known =
    kind === 'uuid' ? [] : kind === 'slug' ? fixtures.slugs : fixtures.ids[kind as keyof Fixtures['ids']];
  if (known.length > 0 && r.chance(0.8)) return r.pick(known);
  return r.pick([
    uuid(r),
    uuid(r).toUpperCase(),
    'not-a-uuid',
    '',
    '%00',
    'x'.repeat(200),
    '00000000-0000-4000-8000-000000000000',
    'ü',
  ]);
}

function mutatePath(r: Random, path: string): string {
  const at = r.int(path.length + 1);
  const insert = (text: string) => path.slice(0, at) + text + path.slice(at);
  switch (r.int(11)) {
    case 0: {
      const char = path[at] ?? 'a';
      return `${path.slice(0, at)}%${char.charCodeAt(0).toString(16).padStart(2, '0')}${path.slice(at + 1)}`;
    }
    case 1:
      return path.replace('/', '//');
    case 2:
      return insert(r.pick(['/./', '/x/../', '/%2e%2E/', '/../../']));
    case 3:
      return path.slice(0, at) + (path[at] ?? '').toUpperCase() + path.slice(at + 1);
    case 4:
      return `${path}/`;
    case 5:
      return insert(r.pick(['%zz', '%2F', '%', '%C3', '%00', '%E2%82']));
    case 6:
      return insert(r.pick(['é', '\u00ff', ' ', '\t']));
    case 7:
      return `${path}#frag`;
    case 8:
      return `${path}/${'seg'.repeat(r.int(2000))}`;
    case 9:
      return insert(';param=1');
    default:
      return path.toUpperCase();
  }
}

function makeQuery(r: Random): string {
  const pairs: string[] = [];
  for (let i = r.int(4) + 1; i > 0; i--) {
    const name = r.pick(PARAM_NAMES);
    const value = name === 'filter' ? encodeURIComponent(makeFilter(r)) : r.pick(PARAM_VALUES);
    const encodedName = r.chance(0.5) ? encodeURIComponent(name) : name;
    pairs.push(r.chance(0.05) ? encodedName : `${encodedName}=${value}`);
  }
  return pairs.join(r.chance(0.95) ? '&' : '&&');
}

function makeFilter(r: Random): string {
  if (r.chance(0.1)) return r.pick(['{', 'null', '[]', '"x"', `${'{"a":'.repeat(300)}1${'}'.repeat(300)}`]);
  const attributes: Record<string, unknown> = {};
  for (let i = r.int(3) + 1; i > 0; i--) {
    attributes[r.pick(FILTER_FIELDS)] = {
      [r.pick(FILTER_OPERATORS)]: r.pick([
        'x',
        '%a%',
        '2026-01-01',
        1,
        null,
        true,
        ['a'],
        { $eq: 1 },
        '%%%%%%%%%#',
        'y'.repeat(300),
      ]),
    };
  }
  const filter: Record<string, unknown> = { attributes };
  if (r.chance(0.3))
    filter.relationships = {
      [r.pick(['owner', 'template', 'contact', 'nope'])]: { attributes: { email: { $eq: 'a@b.c' } } },
    };
  return JSON.stringify(filter);
}

function makeBody(r: Random, target: string): Buffer {
  switch (r.int(20)) {
    case 0:
    case 1:
      return Buffer.from(
        r.pick([
          '{',
          '{"a":}',
          'nul',
          '[1,]',
          'NaN',
          '{"a":1}{',
          '\u0000',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ]),
      );
    case 2:
      return Buffer.alloc(0);
    case 3: {
      const levels = r.pick([99, 100, 101, 500, 10_000]);
      return Buffer.from(`{"data":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    }
    case 4:
      return Buffer.from(
        JSON.stringify(
          Object.fromEntries(Array.from({ length: r.pick([999, 1001, 5000]) }, (_, i) => [`k${i}`, i])),
        ),
      );
    case 5:
      return Buffer.from('title=x&archived=true&a[b]=c');
    case 6:
      return Buffer.from(Array.from({ length: r.int(200) + 1 }, () => r.int(256)));
    case 7:
      return r.chance(0.3)
        ? Buffer.alloc(1_100_000, 0x20)
        : gzipSync(JSON.stringify(realisticBody(r, target)));
    case 8:
    case 9:
      return Buffer.from(JSON.stringify(randomJson(r, 4)));
    default:
      return Buffer.from(JSON.stringify(realisticBody(r, target)));
  }
}

/** A body close to what the endpoint takes, often with one thing wrong. */
function realisticBody(r: Random, target: string): unknown {
  const path = pathOf(target);
  const wrong = () => r.pick([null, 1, 'x', true, [], {}, 'notabool', '2026-13-45', 'ü'.repeat(70)]);
  if (/\/cases\/[^/]+\/data$/.test(path))
    return { amount: r.chance(0.5) ? 12 : wrong(), note: 'n', due: '2026-02-01' };
  if (/\/cases\/[^/]+$/.test(path))
    return r.chance(0.7) ? { archived: r.chance(0.5) } : { archived: wrong(), extra: 1 };
  if (path.endsWith('/cases'))
    return {
      template: { id: r.pick(fixtures.ids.template) },
      title: r.chance(0.8) ? 'Fuzzed' : wrong(),
      data: { a: 1 },
    };
  if (path.endsWith('/forms'))
    return {
      flow: { slug: r.pick(fixtures.slugs) },
      user: { email: r.chance(0.8) ? 'z@example.com' : wrong() },
    };
  if (/\/forms\/[^/]+$/.test(path))
    return r.pick([
      { status: 'sent' },
      { archived: r.chance(0.5) },
      { webhooks: { 'https://hooks.example/x': ['forms:updated'] } },
      { active: wrong() },
    ]);
  if (path.endsWith('/trigger'))
    return {
      event: r.pick(EVENTS),
      form_id: r.pick(fixtures.ids.form),
      attachments: r.pick([0, 2, 11, 'x']),
    };
  if (path === '/token')
    return { grant_type: r.pick(['authorization_code', 'refresh_token', 'x']), code: 'abc', client_id: 'c' };
  return randomJson(r, 3);
}

function randomJson(r: Random, depth: number): unknown {
  const kind = depth === 0 ? r.int(4) : r.int(6);
  switch (kind) {
    case 0:
      return r.pick(['', 'x', 'ü', '\u0000', '%', '😀']);
    case 1:
      return r.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(4) }, () => randomJson(r, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.pick(['a', 'title', 'archived', 'data', '', '__proto__', 'constructor']),
          randomJson(r, depth - 1),
        ]),
      );
  }
}

function extraHeader(r: Random): [string, string] {
  return r.pick<[string, string]>([
    ['x-request-id', 'abc'],
    ['accept', r.pick(['application/json', 'application/pdf', '*/*', 'text/html'])],
    ['accept-encoding', 'gzip, br'],
    ['content-encoding', r.pick(['gzip', 'br', 'identity', 'x-custom', ''])],
    ['expect', '100-continue'],
    ['upgrade', 'websocket'],
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'evil.example'],
    ['cookie', 'a=b'],
    ['if-none-match', '"x"'],
    ['range', 'bytes=0-10'],
    [`x-${r.int(1000)}`, 'v'.repeat(r.int(300))],
    ['user-agent', 'fuzz/1'],
  ]);
}

/** node:http refuses locally what is not a valid path or header value; those go raw. */
function isSafeForClient(target: string, headers: ReadonlyArray<readonly [string, string]>): boolean {
  return (
    target.startsWith('/') &&
    /^[\x21-\x7e]*$/.test(target) &&
    !target.includes('#') &&
    headers.every(
      ([name, value]) =>
        /^[\x20-\x7e]*$/.test(value) && !['upgrade', 'expect', 'content-length'].includes(name),
    )
  );
}

// ---- randomness and fixtures -----------------------------------------------------------------

interface Random {
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

function random(rng: Rng): Random {
  return {
    int: (n) => (n <= 0 ? 0 : rng() % n),
    chance: (p) => rng() / 0x1_0000_0000 < p,
    pick: (items) => items[rng() % items.length]!,
  };
}

function uuid(r: Random): string {
  const hex = Array.from({ length: 32 }, () => r.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

async function loadFixtures(target: TestSandbox): Promise<Fixtures> {
  const data = async (path: string) =>
    (await target.get(`${path}${qs({ 'page[size]': 20 })}`)).body.data as Json[];
  const cases = await data('/v1/cases');
  const templates = await data('/v1/case_templates');
  const forms = await data('/v1/forms');
  const slugs = (await data('/v1/form_templates')).map((f) => f.slug ?? f.id);
  const responses: string[] = [];
  for (const form of forms.slice(0, 10)) {
    for (const response of (await target.get(`/v1/forms/${form.id}`)).body.responses)
      responses.push(response.id);
  }
  return {
    ids: {
      case: cases.map((c) => c.id),
      template: templates.map((c) => c.id),
      form: forms.map((f) => f.id),
      response: responses,
    },
    slugs,
  };
}
