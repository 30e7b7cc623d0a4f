/** What the webhooks verbs share: a form's webhooks map read safely, and printed as rows. */
import { getForm, updateForm } from '../../api/forms.js';
import type { Form } from '../../api/schemas.js';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { isRecord, putOwn } from '../../core/guards.js';
import type { ApiClient } from '../../core/http/http.js';
import { ExitCode } from '../../exit-codes.js';
import { type Column, createRowSink } from '../../output/render.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { assertIdForm, resolveId } from '../shared/resolve-id.js';

/** Receiver URL -> event names: the spec's `webhooks` of a form. */
export type WebhookMap = Record<string, string[]>;

/** The fields of a webhook row, which --fields may name. */
export const WEBHOOK_FIELDS = ['url', 'events'] as const;

const COLUMNS: Column[] = [{ field: 'url' }, { field: 'events' }];

/** The form's webhooks (none when absent or null); an answer of another shape is an error, not `{}`. */
export function webhooksOf(form: Form): WebhookMap {
  const { webhooks } = form;
  if (webhooks === undefined || webhooks === null) return {};
  const valid =
    isRecord(webhooks) &&
    Object.values(webhooks).every(
      (events) => Array.isArray(events) && events.every((e) => typeof e === 'string'),
    );
  if (!valid) {
    throw new WfdError(
      `unexpected webhooks in form ${form.id}: expected a map of URLs to lists of event names`,
    );
  }
  return { ...(webhooks as WebhookMap) };
}

/** One row per receiver URL: `{url, events}`. */
export async function printWebhooks(ctx: Context, webhooks: WebhookMap): Promise<void> {
  const sink = await createRowSink(ctx.io, renderOptions(ctx, { columns: COLUMNS, noun: 'webhooks' }));
  const entries = Object.entries(webhooks);
  for (const [url, events] of entries) await sink.write({ url, events });
  await sink.end();
}

/**
 * Read-modify-write of a form's webhooks (`webhooks` is sent whole, after a read, since a PATCH replaces the map):
 * GET the form, apply `change` to its map, PATCH the result (or print it under --dry-run) and
 * print the webhooks the API answered. A change that changes nothing sends no PATCH.
 */
export async function rewriteWebhooks(
  ctx: Context,
  options: { formId: string; dryRun?: boolean | undefined },
  change: (current: WebhookMap) => WebhookMap,
): Promise<void> {
  const { dryRun } = options;
  assertIdForm(options.formId, FORM_LOOKUP);
  const client = await mutationClient(ctx, dryRun);
  const formId = await resolveId(client, options.formId, FORM_LOOKUP);
  const current = await readWebhooks(client, formId);
  const next = change(current);
  if (JSON.stringify(next) === JSON.stringify(current)) {
    ctx.io.errorLine(`nothing to change: form ${formId} already has these webhooks`);
    if (!dryRun) await printWebhooks(ctx, current);
    return;
  }
  const updated = await sendOrPrint(ctx, client, updateForm(formId, { webhooks: next }), dryRun);
  if (updated) await printWebhooks(ctx, updated.webhooks === undefined ? next : webhooksOf(updated));
}

/** GET of the form's webhooks (the read of a read-modify-write); a missing form is exit 5 with a hint. */
export async function readWebhooks(client: ApiClient, formId: string): Promise<WebhookMap> {
  const form = await explainNotFound(
    client.request(getForm(formId)),
    `form ${formId}`,
    'run `wfd forms list` to see form ids',
  );
  return webhooksOf(form);
}

/**
 * `current` with `url` notified of `events` only, in its place (rebuilt in order, so the URL keeps
 * its place when some of its events stay); no events: without the URL.
 */
export function withReceiverEvents(current: WebhookMap, url: string, events: readonly string[]): WebhookMap {
  const next: WebhookMap = {};
  for (const [key, value] of Object.entries(current)) {
    if (key !== url) putOwn(next, key, value);
    else if (events.length > 0) putOwn(next, key, [...events]);
  }
  return next;
}

/** `remove` of a URL the form does not notify (exit 5, as a 404 would). */
export class UnknownReceiverError extends WfdError {
  override readonly exitCode = ExitCode.NotFound;
}
