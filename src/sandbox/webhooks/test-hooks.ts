/**
 * Test hooks of webhooks: routes outside `/v1` that need no token.
 *
 *   GET    /_sandbox/deliveries[?form_id=ID]  {cursor, deliveries: [...]}, oldest first; with `since`
 *                                             the ones changed since, in the order of their last
 *                                             change (feed-query.ts: since, limit, wait)
 *   DELETE /_sandbox/deliveries               forgets them (204); retries under way go on
 *   POST   /_sandbox/deliveries/:id/resend    202 {delivery}: a new delivery of that one's payload to its
 *                                             URL, with its own id and `resend_of`; 404 for an unknown id
 *   GET    /_sandbox/deliveries/events        the same, as server-sent events: a delivery each time it
 *                                             is made or tried (event-stream.ts)
 *   POST   /_sandbox/trigger                  simulates a respondent or a form deletion (see trigger.ts)
 *   GET    /_sandbox/webhooks                 {webhooks: [{workspace, form_id, url, events}]}: every URL
 *                                             registered on a form, by workspace and form
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.js';
import { standardError } from '../errors.js';
import { registerEventStream } from '../event-stream.js';
import { feedQuery } from '../feed-query.js';
import { sendReply } from '../send-reply.js';
import { iso } from '../views.js';
import type { Delivery } from './deliveries.js';
import { trigger } from './trigger.js';

/** Registers the webhook routes under `/_sandbox`. */
export function registerWebhookTestHooks(app: FastifyInstance, services: Services): void {
  const { webhooks } = services;

  app.get('/_sandbox/deliveries', async (req) => {
    const query = req.query as Record<string, unknown>;
    const feed = feedQuery(query, ['form_id']);
    const wanted = typeof query.form_id === 'string' ? query.form_id.toLowerCase() : undefined;
    const store = webhooks.deliveries;
    // A number past the latest comes from an earlier run of the sandbox: read from the start.
    const since = feed.since !== undefined && feed.since > store.latest ? 0 : feed.since;
    if (since !== undefined) await store.waitAfter(since, feed.waitMs);
    const matching = (since === undefined ? store.list() : store.changedAfter(since)).filter(
      (d) => wanted === undefined || d.formId === wanted,
    );
    const deliveries = matching.slice(0, feed.limit);
    const cut = since !== undefined && deliveries.length < matching.length;
    return { cursor: cut ? deliveries.at(-1)!.seq : store.latest, deliveries: deliveries.map(deliveryView) };
  });

  registerEventStream(app, '/_sandbox/deliveries/events', 'delivery', {
    latest: () => webhooks.deliveries.latest,
    after: (since, limit) =>
      webhooks.deliveries
        .changedAfter(since)
        .slice(0, limit)
        .map((delivery) => ({ seq: delivery.seq, data: deliveryView(delivery) })),
    wait: (since, ms) => webhooks.deliveries.waitAfter(since, ms),
  });

  app.get('/_sandbox/webhooks', async () => ({
    webhooks: services.store.workspaces().flatMap((workspace) =>
      services.forms.formsIn(workspace).flatMap((form) =>
        Object.entries(form.webhooks).map(([url, events]) => ({
          workspace: workspace.slug,
          form_id: form.id,
          url,
          events,
        })),
      ),
    ),
  }));

  app.delete('/_sandbox/deliveries', async (_req, reply) => {
    webhooks.deliveries.reset();
    return reply.code(204).send();
  });

  app.post('/_sandbox/deliveries/:id/resend', async (req, reply) => {
    const { id } = req.params as { id: string };
    const delivery = webhooks.resend(id.toLowerCase());
    if (!delivery) throw standardError(404, 'Delivery not found');
    return sendReply(reply, { status: 202, body: deliveryView(delivery), deliveries: [delivery] }, webhooks);
  });

  app.post('/_sandbox/trigger', async (req, reply) =>
    sendReply(reply, trigger(req.body, services), webhooks),
  );
}

function deliveryView(delivery: Delivery) {
  return {
    seq: delivery.seq,
    id: delivery.id,
    event: delivery.event,
    form_id: delivery.formId,
    url: delivery.url,
    outcome: delivery.outcome,
    resend_of: delivery.resendOf,
    created_at: iso(delivery.createdAt),
    attempts: delivery.attempts.map((a) => ({
      at: iso(a.at),
      status: a.status,
      error: a.error,
      answer: a.answer,
    })),
  };
}
