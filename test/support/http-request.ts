/**
 * One HTTP request from a test to a server it started (the sandbox, a receiver), over node:http:
 * the answer's status, headers and body, read whole. wfd's own requests go through its transport
 * (src/core/http/node-transport.ts); this is the tests' client, which sends what it is given as it is.
 */
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { encodeMultipart } from '../../src/core/http/multipart.js';

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** a stream is sent chunked; a FormData as multipart */
  body?: string | Uint8Array | Readable | FormData | undefined;
  /** a keep-alive agent to share connections; by default one connection a request */
  agent?: Agent;
  /** the longest wait for the answer, headers and body, in ms */
  timeoutMs?: number;
}

export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: { bytes: Buffer; text(): string; json(): unknown };
}

/**
 * Sends a request and reads its answer whole.
 * @throws the socket's error; an answer cut short by the server fails with ECONNRESET
 */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const multipart = options.body instanceof FormData ? encodeMultipart(options.body) : undefined;
  const body = multipart ? multipart.stream() : (options.body as Exclude<RequestOptions['body'], FormData>);
  const headers = {
    ...options.headers,
    ...(multipart
      ? { 'content-type': multipart.contentType, 'content-length': String(multipart.length) }
      : {}),
    ...(typeof body === 'string' || body instanceof Uint8Array
      ? { 'content-length': String(Buffer.byteLength(body)) }
      : {}),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('aborted', () =>
          reject(Object.assign(new Error('the answer was cut short'), { code: 'ECONNRESET' })),
        );
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: {
              bytes,
              text: () => bytes.toString('utf8'),
              json: () => JSON.parse(bytes.toString('utf8')),
            },
          });
        });
      },
    );
    req.on('error', reject);
    if (options.timeoutMs !== undefined)
      req.setTimeout(options.timeoutMs, () =>
        req.destroy(
          Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' }),
        ),
      );
    if (body instanceof Readable) body.pipe(req);
    else req.end(body);
  });
}
