/** Test helpers: a real sandbox on an ephemeral port, driven over HTTP (node:http). */
import { connect } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';
import { ManualClock } from '../../src/sandbox/time.js';
import { request } from '../support/http-request.js';

/** A JSON response body or list item: tests assert on it field by field. */
// biome-ignore lint/suspicious/noExplicitAny: shapes are what the tests check, so they are not typed up front
export type Json = any;

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed when the response is JSON, else the text (HTML pages); undefined when empty. */
  body: Json;
}

export interface CallOptions {
  /** Bearer token; null sends no Authorization header. Default: the first workspace's token. */
  token?: string | null;
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A running sandbox and a caller bound to it. */
export interface TestSandbox {
  sandbox: RunningSandbox;
  /** Token of the first workspace (acme). */
  token: string;
  /** Token of the second workspace (globex). */
  otherToken: string;
  call(method: string, path: string, options?: CallOptions): Promise<HttpResult>;
  get(path: string, options?: CallOptions): Promise<HttpResult>;
  post(path: string, body: unknown, options?: CallOptions): Promise<HttpResult>;
  close(): Promise<void>;
}

/** Starts a sandbox (rate limits off unless given) and returns a caller for it. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ port: 0, rateLimit: 'off', ...options });
  const token = sandbox.workspaces[0]!.token;
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<HttpResult> => {
    const headers: Record<string, string> = { ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await request(`${sandbox.baseUrl}${path}`, { method, headers, body });
    const text = res.body.text();
    const json = String(res.headers['content-type']).startsWith('application/json');
    return {
      status: res.statusCode,
      headers: res.headers,
      body: text === '' ? undefined : json ? JSON.parse(text) : text,
    };
  };
  return {
    sandbox,
    token,
    otherToken: sandbox.workspaces[1]!.token,
    call,
    get: (path, options) => call('GET', path, options),
    post: (path, body, options) => call('POST', path, { ...options, body }),
    close: () => sandbox.close(),
  };
}

/** A query string from pairs, with brackets and JSON encoded. */
export function qs(params: Record<string, string | number | object>): string {
  const encoded = Object.entries(params).map(([name, value]) => {
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
  });
  return encoded.length > 0 ? `?${encoded.join('&')}` : '';
}

/** Every item of a list endpoint for a query, reading all pages of 100. */
export async function listAll(
  t: TestSandbox,
  path: string,
  params: Record<string, string | object> = {},
  token?: string,
): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await t.get(`${path}${qs({ ...params, 'page[size]': 100, 'page[number]': page })}`, {
      token,
    });
    if (res.status !== 200)
      throw new Error(`${path} page ${page}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...res.body.data);
    if (page >= res.body.meta.total_pages) return items;
  }
}

/** Ids of items, in order. */
export const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id);

/** Plain code-unit comparison with nulls last: the order the spec's sort is expected to give. */
export function compareNullsLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What came back over a raw socket. */
export interface RawAnswer {
  /** The status of the status line; null when the server closed the connection without one. */
  status: number | null;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** Everything after the head, as text. */
  body: string;
  /** The bytes after the head. */
  bodyBytes: number;
}

/**
 * Sends bytes exactly as given over a raw socket (an HTTP client would normalise the request)
 * and reads until the server closes the connection; a reset ends the answer like a close.
 * @throws Error when the server neither answers nor closes within `timeoutMs`
 */
export function rawExchange(baseUrl: string, data: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks)));
    });
    socket.write(data);
  });
}

function parseAnswer(received: Buffer): RawAnswer {
  let bytes = received;
  // Interim answers (100 Continue) come before the answer.
  while (/^HTTP\/1\.[01] 1\d\d /.test(bytes.toString('latin1', 0, 13)) && bytes.includes('\r\n\r\n')) {
    bytes = bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
  }
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(bytes.toString('latin1', 0, 12));
  if (!status) return { status: null, headers: {}, body: bytes.toString('utf8'), bodyBytes: bytes.length };
  const headEnd = bytes.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of bytes.toString('latin1', 0, headEnd).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = headEnd === -1 ? Buffer.alloc(0) : bytes.subarray(headEnd + 4);
  return { status: Number(status[1]), headers, body: body.toString('utf8'), bodyBytes: body.length };
}

/** Sends one request with its request line exactly as given, and parses its JSON answer. */
export async function rawRequest(
  baseUrl: string,
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<{ status: number | null; body: Json }> {
  const { host } = new URL(baseUrl);
  const head = Object.entries({ host, ...headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const { status, body } = await rawExchange(baseUrl, `${requestLine}\r\n${head}\r\n`);
  return { status, body: body === '' ? undefined : JSON.parse(body) };
}

/** A clock that moves only when told: expiry is tested by moving time, never by sleeping. */
export function manualClock(start = Date.UTC(2026, 0, 15, 9)): ManualClock {
  return new ManualClock(start);
}

/**
 * The sandbox of one test file: started before its tests, closed after them. The handle may be
 * used in the file's later `beforeAll` hooks (they run in order) and in its tests.
 */
export function useTestSandbox(options: SandboxOptions = {}): TestSandbox {
  let running: TestSandbox | undefined;
  beforeAll(async () => {
    running = await startTestSandbox(options);
  });
  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
  const current = (): TestSandbox => {
    if (!running) throw new Error('useTestSandbox: the sandbox runs only while the file’s tests do');
    return running;
  };
  return {
    get sandbox() {
      return current().sandbox;
    },
    get token() {
      return current().token;
    },
    get otherToken() {
      return current().otherToken;
    },
    call: (method, path, options) => current().call(method, path, options),
    get: (path, options) => current().get(path, options),
    post: (path, body, options) => current().post(path, body, options),
    close: () => current().close(),
  };
}

/** The sandbox's 400 answer: `message`, and the list of `errors` when the answer has one. */
export function badRequest(message: string, errors?: unknown[]): Json {
  return { statusCode: 400, error: 'Bad Request', message, ...(errors === undefined ? {} : { errors }) };
}
