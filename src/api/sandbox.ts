/**
 * The sandbox's test hooks, which live outside `/v1` and take no token (src/sandbox/README.md,
 * "Test hooks"). Built like any request, so `--dry-run` and `--debug` show them.
 */
import * as z from 'zod/mini';
import type { ApiRequest, QueryParams } from '../core/http/request.js';

/** What `POST /_sandbox/trigger` takes: the event, the form, and what the respondent adds. */
export interface TriggerInput {
  event: string;
  form_id: string;
  response_id?: string;
  attachments?: number;
  signature?: boolean;
  /** fields of the delivered data replaced, by dot path */
  set?: Record<string, unknown>;
}

/** GET /_sandbox/health: `{ok: true}` from a running sandbox. */
export function sandboxHealth(): ApiRequest<Record<string, unknown>> {
  return { method: 'GET', path: '/_sandbox/health', root: true, schema: () => z.looseObject({}) };
}

/** POST /_sandbox/trigger: simulates a respondent or a form deletion and emits the event. */
export function triggerEvent(input: TriggerInput): ApiRequest<Record<string, unknown>> {
  return {
    method: 'POST',
    path: '/_sandbox/trigger',
    root: true,
    body: input,
    schema: () => z.looseObject({}),
  };
}

/** POST /_sandbox/deliveries/{id}/resend: a new delivery of the same payload to the same URL. */
export function resendDelivery(id: string): ApiRequest<Record<string, unknown>> {
  return {
    method: 'POST',
    path: `/_sandbox/deliveries/${encodeURIComponent(id)}/resend`,
    root: true,
    schema: () => z.looseObject({}),
  };
}

/** Where a reader of a feed stands, and how long the hook may hold an empty answer. */
export interface FeedPosition {
  /** The `cursor` of the previous answer; without it, everything the sandbox keeps. */
  since?: number;
  /** Milliseconds the sandbox may wait for something new before answering empty. */
  waitMs?: number;
}

const FeedEntry = z.looseObject({ seq: z.number() });

const RequestLogPage = z.looseObject({ cursor: z.number(), requests: z.array(FeedEntry) });
export type RequestLogPage = z.infer<typeof RequestLogPage>;

/** GET /_sandbox/requests: the sandbox's /v1 request log, oldest first, as a feed. */
export function readRequestLog(position: FeedPosition = {}): ApiRequest<RequestLogPage> {
  return {
    method: 'GET',
    path: '/_sandbox/requests',
    root: true,
    query: feedQuery(position),
    schema: () => RequestLogPage,
  };
}

const DeliveriesPage = z.looseObject({ cursor: z.number(), deliveries: z.array(FeedEntry) });
export type DeliveriesPage = z.infer<typeof DeliveriesPage>;

/**
 * GET /_sandbox/deliveries: webhook deliveries, oldest first; with `since`, those changed
 * since (a new attempt, an outcome), in the order of their changes.
 */
export function readDeliveries(
  position: FeedPosition & { formId?: string } = {},
): ApiRequest<DeliveriesPage> {
  const query = [...feedQuery(position), ...(position.formId ? [['form_id', position.formId] as const] : [])];
  return { method: 'GET', path: '/_sandbox/deliveries', root: true, query, schema: () => DeliveriesPage };
}

function feedQuery({ since, waitMs }: FeedPosition): QueryParams {
  const query: [string, string][] = [];
  if (since !== undefined) query.push(['since', String(since)]);
  if (waitMs !== undefined) query.push(['wait', String(waitMs)]);
  return query;
}
