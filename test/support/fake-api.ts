/**
 * A fake API for the run tests: a node:http server on a loopback port that answers only the
 * requests a test stubbed, so wfd's real transport (src/core/http/node-transport.ts) does real HTTP
 * to it. The stubbing calls keep the shape the run tests were first written in (undici's MockAgent):
 *
 *   api.intercept({ path, method, body?, headers?, query? }).reply(status, body, { headers })
 *   api.intercept(...).reply((request) => ({ statusCode, data, responseOptions: { headers } }))
 *   api.intercept(...).reply(status, (request) => data)           // data may be a promise
 *   api.intercept(...).replyWithError(error)                       // the connection is reset
 *   ....times(n) / .persist() / .delay(ms)
 *
 * As there: a path is compared with its query parameters sorted (a function gets it so); a
 * value is matched by a string (equal), a RegExp or a function; a JSON reply body is an object.
 * Unlike there, a request no stub matches is answered 500 and remembered: `verify()` (called by
 * the test context's close) fails naming each one, and names every stub left unused, as gh's
 * httpmock Registry.Verify does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/** A request as the fake received it; header names in lower case. */
export interface FakeRequest {
  method: string;
  /** the request target: path and query, as sent */
  path: string;
  headers: Record<string, string>;
  /** the body as text ('' when none; a multipart body too: formDataOf reads its parts) */
  body: string;
  /** the body's bytes */
  bytes: Buffer;
}

type Matcher<T> = T | RegExp | ((value: T) => boolean);

export interface InterceptOptions {
  path: Matcher<string>;
  /** default GET */
  method?: Matcher<string>;
  body?: Matcher<string>;
  headers?: Record<string, Matcher<string>> | ((headers: Record<string, string>) => boolean);
  /** query parameters, added to a string `path` */
  query?: Record<string, string | number | boolean>;
}

export interface ReplyOptions {
  headers?: Record<string, string | string[]>;
}

/** An object or array is sent as JSON; a string or bytes as they are. */
type ReplyData = unknown;

type ReplyCallback = (
  request: FakeRequest,
) =>
  | { statusCode: number; data?: ReplyData; responseOptions?: ReplyOptions }
  | Promise<{ statusCode: number; data?: ReplyData; responseOptions?: ReplyOptions }>;

/** How often a stub answers: `times(n)` matches n requests, `persist()` any number. */
export interface StubScope {
  times(n: number): StubScope;
  persist(): StubScope;
  delay(ms: number): StubScope;
}

export interface Interceptor {
  reply(callback: ReplyCallback): StubScope;
  reply(status: number, data: (request: FakeRequest) => unknown, options?: ReplyOptions): StubScope;
  reply(status: number, data?: ReplyData, options?: ReplyOptions): StubScope;
  /** resets the connection once the request is in: the client sees what its transport makes of it */
  replyWithError(error?: Error): StubScope;
}

interface Stub {
  match: InterceptOptions;
  answer: ((request: FakeRequest) => Promise<Answer>) | 'reset';
  times: number;
  persist: boolean;
  delayMs: number;
  used: number;
}

interface Answer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[]>;
}

export interface FakeApi {
  /** a connection to the fake: what the test context's transport opens instead of one to ORIGIN */
  connect(): Socket;
  intercept(options: InterceptOptions): Interceptor;
  /** every request received, in order */
  readonly requests: readonly FakeRequest[];
  /** throws naming the requests no stub matched and the stubs left unused */
  verify(): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const stubs: Stub[] = [];
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = fakeRequest(req, Buffer.concat(chunks));
      requests.push(request);
      void answer(stubs, unexpected, request, req, res);
    });
  });
  // No idle time-out: a kept-alive connection is never closed under the client's feet.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    connect: () => connect(port, '127.0.0.1'),
    intercept: (match) => interceptor(stubs, match),
    requests,
    verify() {
      const unused = stubs.filter((stub) => (stub.persist ? stub.used === 0 : stub.used < stub.times));
      const problems = [
        ...unexpected.map((request) => `unexpected request: ${request}`),
        ...unused.map((stub) => `stub not used: ${describe(stub.match)}`),
      ];
      if (problems.length > 0) throw new Error(`fake API:\n  ${problems.join('\n  ')}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function interceptor(stubs: Stub[], match: InterceptOptions): Interceptor {
  const add = (answer: Stub['answer']): StubScope => {
    const stub: Stub = { match, answer, times: 1, persist: false, delayMs: 0, used: 0 };
    stubs.push(stub);
    const scope: StubScope = {
      times: (n) => {
        stub.times = n;
        return scope;
      },
      persist: () => {
        stub.persist = true;
        return scope;
      },
      delay: (ms) => {
        stub.delayMs = ms;
        return scope;
      },
    };
    return scope;
  };
  return {
    reply: (first: number | ReplyCallback, data?: unknown, options?: ReplyOptions) =>
      add(async (request) => {
        if (typeof first === 'function') {
          const made = await first(request);
          return answerOf(made.statusCode, made.data, made.responseOptions);
        }
        const body = typeof data === 'function' ? await data(request) : data;
        return answerOf(first, body, options);
      }),
    replyWithError: () => add('reset'),
  };
}

async function answer(
  stubs: Stub[],
  unexpected: string[],
  request: FakeRequest,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let stub: Stub | undefined;
  try {
    stub = stubs.find(
      (candidate) =>
        (candidate.persist || candidate.used < candidate.times) && matches(candidate.match, request),
    );
  } catch (error) {
    // A matcher that throws (a failed expect) is the test's failure.
    fail(res, unexpected, request, error);
    return;
  }
  if (!stub) {
    unexpected.push(`${request.method} ${request.path}`);
    const message = `the fake API has no stub for ${request.method} ${request.path}`;
    send(res, answerOf(500, { statusCode: 500, error: 'Internal Server Error', message }));
    return;
  }
  stub.used++;
  if (stub.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, stub.delayMs));
  if (stub.answer === 'reset') {
    req.socket.resetAndDestroy();
    return;
  }
  try {
    send(res, await stub.answer(request));
  } catch (error) {
    fail(res, unexpected, request, error);
  }
}

/** A matcher or reply callback that threw (a failed expect): remembered for `verify`, answered 500. */
function fail(res: ServerResponse, unexpected: string[], request: FakeRequest, error: unknown): void {
  unexpected.push(`${request.method} ${request.path}: the stub threw ${String(error)}`);
  send(res, answerOf(500, { statusCode: 500, error: 'Internal Server Error', message: String(error) }));
}

/** The parts of a multipart request, as a server would read them. */
export function formDataOf(request: FakeRequest): Promise<FormData> {
  return new Response(request.bytes, {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
}

function send(res: ServerResponse, answer: Answer): void {
  res.sendDate = false;
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
}

function answerOf(status: number, data: unknown, options: ReplyOptions = {}): Answer {
  const body =
    data === undefined
      ? Buffer.alloc(0)
      : typeof data === 'string'
        ? Buffer.from(data)
        : data instanceof Uint8Array
          ? Buffer.from(data)
          : Buffer.from(JSON.stringify(data));
  return { status, body, headers: { ...options.headers } };
}

function fakeRequest(req: IncomingMessage, bytes: Buffer): FakeRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return { method: req.method ?? '', path: req.url ?? '', headers, body: bytes.toString('utf8'), bytes };
}

function matches(match: InterceptOptions, request: FakeRequest): boolean {
  const path =
    typeof match.path === 'string' && match.query
      ? `${match.path}?${new URLSearchParams(Object.entries(match.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : match.path;
  if (!matchValue(typeof path === 'string' ? sortedQuery(path) : path, sortedQuery(request.path)))
    return false;
  if (!matchValue(match.method ?? 'GET', request.method)) return false;
  if (match.body !== undefined && !matchValue(match.body, request.body)) return false;
  if (typeof match.headers === 'function') return match.headers(request.headers);
  for (const [name, value] of Object.entries(match.headers ?? {}))
    if (!matchValue(value, request.headers[name.toLowerCase()] ?? '')) return false;
  return true;
}

function matchValue(matcher: Matcher<string>, value: string): boolean {
  if (typeof matcher === 'function') return matcher(value);
  if (matcher instanceof RegExp) return matcher.test(value);
  return matcher === value;
}

/** The path with its query parameters sorted (and encoded as URLSearchParams does), as MockAgent compared them. */
function sortedQuery(path: string): string {
  const [pathname, query, ...rest] = path.split('?');
  if (query === undefined || rest.length > 0) return path;
  const params = new URLSearchParams(query);
  params.sort();
  return `${pathname}?${params}`;
}

function describe(match: InterceptOptions): string {
  const method = typeof match.method === 'string' ? match.method : 'GET';
  const path = typeof match.path === 'string' ? match.path : String(match.path);
  return `${method} ${path}`;
}
