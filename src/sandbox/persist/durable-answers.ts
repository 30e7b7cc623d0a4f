/**
 * The last stage before any answer leaves (a root `onSend` hook, so /v1, OAuth and the test
 * hooks alike): it waits until every write made so far is on disk (journal.ts). So an answer
 * never acknowledges a write, nor shows one, that a crash could still lose. When the data
 * directory cannot be written, the answer becomes a 500 in the standard shape naming the
 * problem, and so does every later one: the directory no longer matches the memory.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { standardError } from '../errors.js';

export function holdAnswersUntilDurable(app: FastifyInstance, durable: () => Promise<void>): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    try {
      await durable();
      return payload;
    } catch (error) {
      if (payload instanceof Readable) payload.destroy();
      const failure = standardError(
        500,
        `The data directory could not be written (${(error as Error).message}); restart the sandbox`,
      );
      for (const name of ['content-length', 'content-disposition', 'content-range']) reply.removeHeader(name);
      reply.code(500);
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(failure.body);
    }
  });
}
