/**
 * GET /openapi.json: the API's OpenAPI 3.1 description (src/openapi/), naming this server as its
 * server. Outside /v1 and without a token, as the OAuth metadata is: integrators and generators
 * fetch it before they hold a token. The description is documentation only: no stage of the
 * sandbox reads it, so the sandbox's behaviour stays its own reading of the spec, checked against
 * the description by the tests (test/sandbox/openapi.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { openApiDescription } from '../openapi/description.js';
import { baseUrlOf } from './address.js';

const DESCRIPTION_PATH = '/openapi.json';

export function registerDescription(app: FastifyInstance): void {
  let text: string | undefined;
  app.get(DESCRIPTION_PATH, async (_req, reply) => {
    text ??= `${JSON.stringify(openApiDescription(baseUrlOf(app.server)), null, 2)}\n`;
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
