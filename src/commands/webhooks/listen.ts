/**
 * `wfd webhooks listen`: receives webhook deliveries on a local port and prints one line each
 * (DESIGN.md's output contract). The first stderr line is `listening on http://HOST:PORT/PATH`.
 * With --forms it registers its own URL on those forms for the run and removes exactly what it
 * added when it stops (registration.ts). Ends with exit 0 after `--max` deliveries, 8 at
 * `--timeout` with fewer, 130 on Ctrl-C and 143 on SIGTERM (src/core/interrupt.ts); the port is
 * closed in every case.
 */
import type * as z from 'zod';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { formatDuration } from '../../core/duration.js';
import { NetworkError, UsageError, WfdError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http.js';
import { onInterrupt } from '../../core/interrupt.js';
import { assertUuid } from '../../core/list-query/values.js';
import { plainText } from '../../output/cells.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../resources/webhook-events.js';
import { parseHeaderLines } from '../shared/header-args.js';
import { checkWebhookUrl, parseEvents } from '../shared/webhook-args.js';
import {
  type DeliveryFacts,
  factsOf,
  ndjsonLine,
  plainLine,
  terminalColumns,
  terminalRecord,
} from './delivery-view.js';
import { LISTEN } from './flags.js';
import { type ForwardResult, forward } from './forward.js';
import { type Delivery, startReceiver } from './receiver.js';
import { type Leftover, Registration } from './registration.js';

export const ListenWebhooksOptions = verbSchema(LISTEN);
export type ListenWebhooksOptions = z.output<typeof ListenWebhooksOptions>;

type Ending = 'max' | 'timeout';

export async function runListenWebhooks(options: ListenWebhooksOptions, ctx: Context): Promise<void> {
  const events = options.events === undefined ? undefined : parseEvents(options.events, '--events');
  const forwardTo =
    options.forwardTo === undefined ? undefined : checkWebhookUrl(options.forwardTo, '--forward-to');
  const headers = parseHeaderLines(options.header ?? [], '--header');
  if (!forwardTo && Object.keys(headers).length > 0) {
    throw new UsageError('--header is sent with each forwarded delivery: give --forward-to too');
  }
  const formIds = options.forms === undefined ? undefined : parseFormIds(options.forms);
  const publicUrl =
    options.publicUrl === undefined ? undefined : checkWebhookUrl(options.publicUrl, '--public-url');
  if (publicUrl && !formIds)
    throw new UsageError('--public-url is the URL --forms registers: give --forms too');
  const print = await printer(ctx, forwardTo !== undefined);
  const client = formIds ? await registrationClient(ctx, publicUrl) : undefined;

  const forwarding = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let printed: Promise<void> = Promise.resolve();
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
    const forwarded = forwardTo ? forward(forwardTo, delivery, forwarding.signal, headers) : undefined;
    // Lines come in the order deliveries arrived, each once its forward has answered.
    const work = printed.then(async () => {
      const result = await forwarded;
      await print(delivery, facts, result);
      if (result && 'error' in result) {
        ctx.io.errorLine(`forward ${facts.deliveryId ?? '-'} -> ${forwardTo} failed: ${result.error}`);
      }
    });
    printed = work.catch(() => {});
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => {});
    if (received === options.max) end('max');
  };

  const receiver = await startReceiver({ ...options, now: () => ctx.now(), onDelivery });
  const registration = client
    ? new Registration(client, publicUrl ?? receiver.url, events ?? WEBHOOK_EVENTS, (line) =>
        ctx.io.errorLine(line),
      )
    : undefined;
  // Once only: a signal may come while the end of the run is removing the URL.
  let removal: Promise<Leftover[]> | undefined;
  const unregister = (): Promise<Leftover[]> => {
    removal ??= (async () => {
      const leftovers = (await registration?.remove()) ?? [];
      for (const { formId, reason } of leftovers) {
        ctx.io.errorLine(`could not remove ${registration!.url} from form ${formId}: ${reason}`);
        ctx.io.errorLine(`hint: run \`wfd webhooks remove ${formId} ${registration!.url}\``);
      }
      return leftovers;
    })();
    return removal;
  };
  // Ctrl-C and SIGTERM end the process (130, 143) once the port is closed and the URL removed.
  const release = onInterrupt(async () => {
    await receiver.close();
    await unregister();
  });
  const timer = options.timeout === undefined ? undefined : setTimeout(() => end('timeout'), options.timeout);
  let failure: unknown;
  try {
    ctx.io.errorLine(`listening on ${receiver.url}`);
    if (registration && formIds) await registration.add(formIds);
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
  } catch (error) {
    failure = error;
  }
  clearTimeout(timer);
  forwarding.abort();
  await receiver.close();
  const leftovers = await unregister();
  release();
  if (failure !== undefined) throw failure;
  if (leftovers.length > 0) {
    const forms = leftovers.length === 1 ? 'a form' : `${leftovers.length} forms`;
    throw new WfdError(`${registration!.url} is still registered on ${forms}`);
  }
}

/** `--forms ID,ID`: form ids, each a UUID, without repeats. */
function parseFormIds(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) throw new UsageError('--forms needs at least one form id');
  return [...new Set(ids.map((id) => assertUuid(id, 'form id in --forms')))];
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The client that registers the listener. Without --public-url the listener's own URL is
 * registered, which only an API on this machine (a sandbox) can reach.
 */
async function registrationClient(ctx: Context, publicUrl: string | undefined): Promise<ApiClient> {
  const client = await ctx.api();
  if (!publicUrl && !LOOPBACK.test(new URL(client.origin).hostname)) {
    throw new UsageError(
      `--forms needs --public-url: the API at ${client.origin} cannot reach a listener on this machine`,
      { hint: 'run a tunnel to the listening port and pass its public URL: --public-url https://...' },
    );
  }
  return client;
}

function wanted(event: string | undefined, events: readonly WebhookEvent[] | undefined): boolean {
  return events === undefined || (event !== undefined && (events as readonly string[]).includes(event));
}

type Print = (
  delivery: Delivery,
  facts: DeliveryFacts,
  forwarded: ForwardResult | undefined,
) => Promise<void>;

/**
 * How a counted delivery is printed: -q its delivery id, -o ndjson the object, on a terminal a
 * row of aligned columns within its width, else the tab-separated line; with --forward-to, what
 * the receiver answered beside it.
 */
async function printer(ctx: Context, forwarding: boolean): Promise<Print> {
  const { format, quiet } = ctx.output;
  if (quiet) return (_, facts) => ctx.io.write(`${plainText(facts.deliveryId ?? '-')}\n`);
  if (format === 'ndjson')
    return (delivery, facts, forwarded) => ctx.io.write(ndjsonLine(delivery, facts, forwarded));
  if (format === 'json' || format === 'csv') {
    throw new UsageError(`-o ${format} does not stream: use -o ndjson (one delivery per line)`);
  }
  if (format === 'table') {
    const { followTableSink } = await import('../../output/follow-table-sink.js');
    const sink = followTableSink(ctx.io, terminalColumns(forwarding));
    const width = ctx.io.terminalWidth();
    return (delivery, facts, forwarded) => sink.write(terminalRecord(delivery, facts, forwarded, width));
  }
  return (delivery, facts, forwarded) => ctx.io.write(plainLine(delivery, facts, forwarded));
}

export const verb = defineVerb(LISTEN, ListenWebhooksOptions, runListenWebhooks);
