/**
 * GET /openapi.json: the API's OpenAPI 3.1 description (src/openapi/), naming this server as its
 * server. Outside /v1 and without a token, as the OAuth metadata is: integrators and generators
 * fetch it before they hold a token. It is built from the same description as data
 * (src/resources/) that the sandbox checks requests with, and the tests fuzz the sandbox with it
 * (test/sandbox/openapi-fuzz.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { openApiText } from '../openapi/document.js';
import { baseUrlOf } from './address.js';

const DESCRIPTION_PATH = '/openapi.json';

export function registerDescription(app: FastifyInstance): void {
  let text: string | undefined;
  app.get(DESCRIPTION_PATH, async (_req, reply) => {
    text ??= openApiText(baseUrlOf(app.server));
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
