/** What handlers receive and return: they are plain functions, free of fastify. */
import type { Readable } from 'node:stream';
import type { AttachmentFiles } from './attachments/files.js';
import type { QueryParams } from './collection.js';
import type { DocIntelJobs } from './docintel/jobs.js';
import type { FormStore } from './forms/store.js';
import type { QueryCache } from './query-cache.js';
import type { Store, TokenRecord } from './store.js';
import type { Clock, Scheduler } from './time.js';
import type { Delivery } from './webhooks/deliveries.js';
import type { Webhooks } from './webhooks/dispatcher.js';

export type { Clock } from './time.js';

/** One authenticated `/v1` request. */
export interface RequestContext {
  /** The token, and through it the workspace and user the request acts for. */
  readonly auth: TokenRecord;
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryParams;
  /** The parsed JSON body; undefined when none was sent. */
  readonly body: unknown;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Shared state and generators of one sandbox instance. */
export interface Services {
  /** Workspaces, tokens, cases and case templates. */
  readonly store: Store;
  /** Form templates, forms, responses, attachment metadata and signatures. */
  readonly forms: FormStore;
  /** The bytes of attachments: uploads kept, seeded files made on read. */
  readonly attachments: AttachmentFiles;
  /** Document intelligence jobs. */
  readonly docintel: DocIntelJobs;
  readonly clock: Clock;
  /** Deferred work (webhook attempts), by the time of `clock`. */
  readonly scheduler: Scheduler;
  readonly cache: QueryCache;
  /** Makes the id of a new record. */
  readonly newId: () => string;
  /** Records webhook deliveries; a handler returns them in its Reply to have them sent. */
  readonly webhooks: Webhooks;
}

interface ReplyBase {
  readonly status: number;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Deliveries the handler recorded; the pipeline starts sending them once the response is sent. */
  readonly deliveries?: readonly Delivery[];
}

/** A JSON reply: the default. */
export interface JsonReply extends ReplyBase {
  readonly body: unknown;
  readonly contentType?: undefined;
}

/** Bytes or a stream, sent as they are with their content type. */
export interface BinaryReply extends ReplyBase {
  readonly body: Uint8Array | Readable;
  readonly contentType: string;
}

export type Reply = JsonReply | BinaryReply;

/** A route's behaviour: returns the reply, or throws SandboxError for an error response. */
export type Handler = (req: RequestContext, services: Services) => Reply | Promise<Reply>;

/** A 200 reply. */
export function ok(body: unknown): Reply {
  return { status: 200, body };
}
