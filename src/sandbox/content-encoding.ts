/**
 * Request bodies are read as sent: the sandbox decodes no Content-Encoding (gzip, br, deflate or
 * any other). A body in one is a 415 (RFC 9110 15.5.16) with `Accept-Encoding: identity`, the
 * coding that would do (RFC 7694), rather than bytes parsed as if they were plain JSON.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { standardError } from './errors.js';

const IDENTITY_RE = /^\s*(identity)?\s*$/i;

/** Adds the check before any body is parsed; in /v1 it runs after the auth and limit guards. */
export function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    const encoding = req.headers['content-encoding'];
    if (encoding === undefined || IDENTITY_RE.test(encoding) || !hasBody(req)) return payload;
    throw standardError(
      415,
      `Content-Encoding ${encoding} is not supported: send the body unencoded`,
      undefined,
      {
        'accept-encoding': 'identity',
      },
    );
  });
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
