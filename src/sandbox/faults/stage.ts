/**
 * The fault stage of the /v1 context, after auth and the rate limit, so a fault hits only a
 * request that would otherwise be served:
 *
 * - 429: the spec's rate-limit shape with a short `retryAfter`; the handler does not run;
 * - 500, 502, 503, 504: the standard shape; the handler does not run;
 * - slow: the handler runs at once, its answer leaves `slowMs` later (by the sandbox's clock);
 * - reset: the handler runs (a write is stored), then the status line, the headers (with the full
 *   Content-Length) and the first half of the body are sent and the connection is dropped: the
 *   client cannot know whether its request was processed.
 */
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited, standardError } from '../errors.js';
import type { Scheduler } from '../time.js';
import type { FaultName } from './config.js';
import type { FaultInjector } from './injector.js';

/** The Retry-After of an injected 429: short, so clients that honour it are not slowed down much. */
export const FAULT_RETRY_AFTER_SECONDS = 1;

export class FaultStage {
  readonly #faults = new WeakMap<FastifyRequest, FaultName>();
  /** Answers held back by `slow`, released at once when the sandbox closes. */
  readonly #held = new Set<() => void>();
  #closing = false;

  constructor(
    private readonly injector: FaultInjector,
    private readonly scheduler: Scheduler,
  ) {}

  /** Adds the stage to the /v1 context, `spared` requests aside; call it after the auth and rate-limit hooks. */
  register(v1: FastifyInstance, spared: (req: FastifyRequest) => boolean): void {
    v1.addHook('onRequest', async (req) => {
      if (spared(req)) return;
      const fault = this.injector.draw();
      if (fault === null) return;
      this.#faults.set(req, fault);
      if (fault === '429') throw rateLimited(FAULT_RETRY_AFTER_SECONDS);
      if (fault !== 'slow' && fault !== 'reset') {
        const status = Number(fault);
        throw standardError(status, `${STATUS_CODES[status]} (a fault injected by --faults)`);
      }
    });
    v1.addHook('onSend', async (req, reply, payload) => {
      const fault = this.#faults.get(req);
      if (fault === 'slow') await this.#holdBack();
      return fault === 'reset' ? cutShort(reply, payload) : payload;
    });
  }

  /** The fault a request got, for the request log; null when none. */
  faultOf(req: FastifyRequest): FaultName | null {
    return this.#faults.get(req) ?? null;
  }

  /** Sends the answers held back now, and holds no more: the sandbox is closing. */
  release(): void {
    this.#closing = true;
    for (const resume of this.#held) resume();
    this.#held.clear();
  }

  #holdBack(): Promise<void> {
    if (this.#closing) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        this.#held.delete(resume);
        resolve();
      };
      this.#held.add(resume);
      this.scheduler.schedule(this.injector.settings.slowMs, resume);
    });
  }
}

/** The head with the full Content-Length and half of the body; the connection drops once they are out. */
async function cutShort(reply: FastifyReply, payload: unknown): Promise<Readable> {
  const body = await bodyBytes(payload);
  reply.header('content-length', body.length);
  const socket = reply.raw.socket;
  reply.raw.once('finish', () => socket?.destroy());
  return Readable.from([body.subarray(0, Math.floor(body.length / 2))], { objectMode: false });
}

async function bodyBytes(payload: unknown): Promise<Buffer> {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  const chunks: Buffer[] = [];
  for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
