/** Puts a handler's Reply on the wire, for the /v1 routes and the test hooks alike. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Reply } from './context.js';
import type { Webhooks } from './webhooks/dispatcher.js';

/**
 * Sends `result`: JSON by default, bytes or a stream as they are with their
 * content type. Its webhook deliveries start once the response is done
 * ('close' also fires when the client went away: the change happened anyway).
 */
export function sendReply(reply: FastifyReply, result: Reply, webhooks: Webhooks): FastifyReply {
  const { deliveries } = result;
  if (deliveries && deliveries.length > 0) reply.raw.once('close', () => webhooks.dispatch(deliveries));
  reply.code(result.status);
  if (result.headers) reply.headers(result.headers);
  if (result.contentType === undefined) return reply.send(result.body);
  const { body } = result;
  if (reply.request.method === 'HEAD' && body instanceof Readable) {
    // fastify answers HEAD by reading a stream to its end, but cancels a web stream: a large file
    // is then not made for nothing. The handler's headers (Content-Length) stay.
    body.destroy();
    return reply.type(result.contentType).send(new ReadableStream());
  }
  // fastify sends a Buffer with its Content-Length; a plain Uint8Array would be serialised as JSON.
  const payload =
    body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
  return reply.type(result.contentType).send(payload);
}
