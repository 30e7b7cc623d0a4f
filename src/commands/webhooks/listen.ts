/**
 * `wfd webhooks listen`: receives webhook deliveries on a local port and prints one line each
 * (DESIGN.md's output contract). The first stderr line is `listening on http://HOST:PORT/PATH`.
 * Ends with exit 0 after `--max` deliveries, 8 at `--timeout` with fewer, 130 on Ctrl-C and 143
 * on SIGTERM (src/core/interrupt.ts); the port is closed in every case.
 */
import { z } from 'zod';
import type { Context } from '../../context.js';
import { formatDuration } from '../../core/duration.js';
import { NetworkError, UsageError } from '../../core/errors.js';
import { onInterrupt } from '../../core/interrupt.js';
import { plainText } from '../../output/cells.js';
import type { WebhookEvent } from '../../resources/webhook-events.js';
import { checkWebhookUrl, parseEvents } from '../shared/webhook-args.js';
import { defineVerb } from '../verb.js';
import { type DeliveryFacts, factsOf, ndjsonLine, plainLine } from './delivery-view.js';
import { forward } from './forward.js';
import { type Delivery, startReceiver } from './receiver.js';

export const ListenWebhooksOptions = z.object({
  host: z.string().trim().min(1, 'must not be empty'),
  port: z.number().int(),
  path: z.string().startsWith('/', 'must start with /'),
  events: z.string().optional(),
  forwardTo: z.string().optional(),
  max: z.number().int().positive().optional(),
  /** milliseconds, from --timeout */
  timeout: z.number().int().positive().optional(),
});
export type ListenWebhooksOptions = z.infer<typeof ListenWebhooksOptions>;

type Ending = 'max' | 'timeout';

export async function runListenWebhooks(options: ListenWebhooksOptions, ctx: Context): Promise<void> {
  const events = options.events === undefined ? undefined : parseEvents(options.events, '--events');
  const forwardTo =
    options.forwardTo === undefined ? undefined : checkWebhookUrl(options.forwardTo, '--forward-to');
  const print = printer(ctx);
  const forwarding = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let received = 0;
  let end: (ending: Ending) => void = () => {};
  const ended = new Promise<Ending>((resolve) => {
    end = resolve;
  });

  const onDelivery = (delivery: Delivery) => {
    const facts = factsOf(delivery);
    // Filtered out, or past --max while the port closes: answered 202, not printed, not counted.
    if (!wanted(facts.event, events) || received === options.max) return;
    received++;
    const work = print(delivery, facts).then(() =>
      forwardTo ? relay(ctx, forwardTo, delivery, facts, forwarding.signal) : undefined,
    );
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => {});
    if (received === options.max) end('max');
  };

  const receiver = await startReceiver({ ...options, now: () => ctx.now(), onDelivery });
  // Ctrl-C and SIGTERM end the process (130, 143) once the port is closed.
  const release = onInterrupt(() => receiver.close());
  const timer = options.timeout === undefined ? undefined : setTimeout(() => end('timeout'), options.timeout);
  try {
    ctx.io.errorLine(`listening on ${receiver.url}`);
    const ending = await ended;
    // A forward still running is cut short at the time-out; after --max it may finish.
    if (ending === 'timeout') forwarding.abort();
    await Promise.allSettled(inFlight);
    if (ending === 'timeout') {
      const of = options.max === undefined ? '' : ` of ${options.max}`;
      const noun = (options.max ?? received) === 1 ? 'delivery' : 'deliveries';
      throw new NetworkError(
        `timed out after ${formatDuration(options.timeout!)} with ${received}${of} ${noun}`,
      );
    }
  } finally {
    clearTimeout(timer);
    forwarding.abort();
    await receiver.close();
    release();
  }
}

function wanted(event: string | undefined, events: readonly WebhookEvent[] | undefined): boolean {
  return events === undefined || (event !== undefined && (events as readonly string[]).includes(event));
}

/** How a counted delivery is printed: -q its delivery id, -o ndjson the object, else the line. */
function printer(ctx: Context): (delivery: Delivery, facts: DeliveryFacts) => Promise<void> {
  const { format, quiet } = ctx.output;
  if (quiet) return (_, facts) => ctx.io.write(`${plainText(facts.deliveryId ?? '-')}\n`);
  if (format === 'ndjson') return (delivery, facts) => ctx.io.write(ndjsonLine(delivery, facts));
  if (format === 'json' || format === 'csv') {
    throw new UsageError(`-o ${format} does not stream: use -o ndjson (one delivery per line)`);
  }
  return (delivery, facts) => ctx.io.write(plainLine(delivery, facts));
}

/** Forwards, then says on stderr what the downstream answered; a failure does not stop the listener. */
async function relay(
  ctx: Context,
  url: string,
  delivery: Delivery,
  facts: DeliveryFacts,
  signal: AbortSignal,
): Promise<void> {
  const result = await forward(url, delivery, signal);
  const which = `forward ${facts.deliveryId ?? '-'} -> ${url}`;
  if ('status' in result) ctx.io.errorLine(`${which}: ${result.status}`);
  else ctx.io.errorLine(`${which} failed: ${result.error}`);
}

export const verb = defineVerb(ListenWebhooksOptions, runListenWebhooks);
