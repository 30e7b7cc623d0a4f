/**
 * Requests that never reach fastify: what Node's HTTP parser refuses (headers over the limit,
 * an unknown method, broken framing, a head too slow to arrive) and CONNECT, whose socket Node
 * hands over raw. Each is answered here in the standard shape, with a fresh x-request-id, and
 * logged like any request when its target is under /v1 (as far as the bytes at hand show it).
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { tokenPrefix } from './auth.js';
import { standardError } from './errors.js';
import type { LoggedRequest, RequestLog } from './request-log.js';
import { isApiPath, normaliseTarget } from './request-target.js';
import type { Clock } from './time.js';

/** The request line and headers together: Node's own default, stated so no environment can change it. */
export const MAX_HEADER_BYTES = 16 * 1024;

// Long enough for the client to read the answer before it closes; then the socket goes anyway.
const LINGER_MS = 2000;

/** A parse error as Node reports it to `clientError`. */
interface ClientError extends Error {
  code?: string;
  reason?: string;
  /** The bytes being parsed when the error came: usually the whole head of the request. */
  rawPacket?: unknown;
}

/** The `clientError` listener: answers what the parser refused, once per connection. */
export function answerClientError(
  log: RequestLog<LoggedRequest>,
  clock: Clock,
): (error: Error, socket: Duplex) => void {
  return (error: ClientError, socket) => {
    // A refused parser reports again on every later chunk; the first answer stands.
    if (socket.writableEnded || socket.destroyed) return;
    const status = statusOf(error);
    // With an earlier request still owed its response on this connection (pipelining), an answer
    // now would be read as that one's: the connection drops instead, and its outcome is unknown.
    const owed = (socket as { _httpMessage?: unknown })._httpMessage;
    if (status === undefined || owed) {
      socket.destroy();
      return;
    }
    answer(socket, status, messageOf(error, status));
    const head = Buffer.isBuffer(error.rawPacket) ? readHead(error.rawPacket) : undefined;
    if (head) logIfApi(log, clock, { method: head.method, url: head.url, status }, head.authorization);
  };
}

/** The `connect` listener: the sandbox is not a proxy, so CONNECT is a 400 like any request it cannot serve. */
export function answerConnect(
  log: RequestLog<LoggedRequest>,
  clock: Clock,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket) => {
    answer(socket, 400, 'CONNECT is not supported: the sandbox is not a proxy');
    socket.resume();
    logIfApi(log, clock, { method: 'CONNECT', url: req.url ?? '', status: 400 }, req.headers.authorization);
  };
}

function statusOf(error: ClientError): number | undefined {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

function messageOf(error: ClientError, status: number): string {
  if (status === 431) return `Request line and headers exceed ${MAX_HEADER_BYTES} bytes`;
  if (status === 408) return 'The request did not arrive in time';
  return `Malformed HTTP request: ${error.reason ?? error.message}`;
}

/** Writes the whole answer and half-closes; the socket is destroyed once the client closes, or after a grace. */
function answer(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify(standardError(status, message).body);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${randomUUID()}`,
    'connection: close',
  ];
  // Node leaves a CONNECT socket without an error listener: a client gone mid-answer must not crash the process.
  socket.on('error', () => socket.destroy());
  // Destroying at once would reset a connection with unread bytes, and the client could lose the answer.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => {
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  socket.once('end', () => socket.destroy());
}

const REQUEST_LINE_RE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+)/;
const AUTHORIZATION_RE = /\r\nauthorization:[ \t]*([^\r\n]*)/i;

/** The method, target and Authorization header of the bytes at hand; the target may be cut short. */
function readHead(packet: Buffer): { method: string; url: string; authorization?: string } | undefined {
  const text = packet.toString('latin1');
  const line = REQUEST_LINE_RE.exec(text);
  if (!line) return undefined;
  return { method: line[1]!, url: line[2]!, authorization: AUTHORIZATION_RE.exec(text)?.[1]?.trimEnd() };
}

function logIfApi(
  log: RequestLog<LoggedRequest>,
  clock: Clock,
  request: { method: string; url: string; status: number },
  authorization: string | undefined,
): void {
  const { path } = normaliseTarget(request.url);
  if (!isApiPath(path)) return;
  log.add({
    time: new Date(clock.now()).toISOString(),
    method: request.method,
    url: request.url,
    path,
    status: request.status,
    duration_ms: null,
    token_prefix: tokenPrefix(authorization),
    workspace: null,
    fault: null,
  });
}
