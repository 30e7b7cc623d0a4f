/**
 * `wfd webhooks listen`: receives webhook deliveries on a local port and prints one line each
 * (plain or ndjson, as every command's stdout is data). The first stderr line is `listening on http://HOST:PORT/PATH`.
 * With --forms it registers its own URL on those forms for the run and removes exactly what it
 * added when it stops (registration.ts); what is not confirmed removed is named with the command
 * that removes it, and stays in a record on disk (listener-record.ts) that the next --forms run,
 * or `--clean-up`, takes up. Ends with exit 0 after `--max` deliveries, 8 at `--timeout` with
 * fewer, 1 when a registration is left, 130 on Ctrl-C and 143 on SIGTERM (src/core/process/interrupt.ts);
 * the port is closed in every case.
 */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { NetworkError, UsageError, WfdError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http/http.js';
import { isLoopback } from '../../core/http/network-error.js';
import { once } from '../../core/once.js';
import { GRACE_MS, onInterrupt } from '../../core/process/interrupt.js';
import { formatDuration } from '../../core/text/duration.js';
import { flagName } from '../../core/text/flag-key.js';
import { shellWord } from '../../core/text/shell-word.js';
import { plainText } from '../../output/cells.js';
import { FORMATS } from '../../output/render.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../resources/webhook-events.js';
import { parseHeaderLines } from '../shared/header-args.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { assertIdForm, resolveIds } from '../shared/resolve-id.js';
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
import { ListenerRecord, ownerOf } from './listener-record.js';
import { type Delivery, startReceiver } from './receiver.js';
import { type Leftover, Registration, removeLeftovers } from './registration.js';

export const ListenWebhooksOptions = verbSchema(LISTEN);
export type ListenWebhooksOptions = z.output<typeof ListenWebhooksOptions>;

type Ending = 'max' | 'timeout';

/** How long an interrupted run waits for its clean-up to be confirmed: within the signal's grace. */
const INTERRUPTED_CLEAN_UP_MS = GRACE_MS - 300;

export async function runListenWebhooks(options: ListenWebhooksOptions, ctx: Context): Promise<void> {
  if (options.cleanUp) return cleanUp(options, ctx);
  const flags = listenFlags(options);
  const print = await printer(ctx, flags.forwardTo);
  const client = flags.formIds ? await registrationClient(ctx, flags.publicUrl) : undefined;
  // Prefixes are looked up before the port opens: a wrong one costs no listener.
  const formIds = client && flags.formIds ? await resolveIds(client, flags.formIds, FORM_LOOKUP) : undefined;
  const record = client ? await listenerRecord(ctx, client) : undefined;
  const report = client ? await leftoverReporter(ctx) : () => {};
  const deliveries = new Deliveries(ctx, flags, options.max, print);
  const receiver = await startReceiver({
    ...options,
    now: () => ctx.now(),
    onDelivery: (delivery) => deliveries.take(delivery),
  });
  const say = (line: string) => ctx.io.errorLine(line);
  const registration = client
    ? new Registration(client, flags.publicUrl ?? receiver.url, flags.events ?? WEBHOOK_EVENTS, say, record)
    : undefined;
  // What earlier runs left and this one could not remove either.
  let earlier: Leftover[] = [];
  // Once only: a signal may come while the end of the run is removing the URL.
  const unregister = once(async (): Promise<Leftover[]> => {
    const leftovers = (await registration?.remove()) ?? [];
    report(leftovers);
    return leftovers;
  });
  // Ctrl-C and SIGTERM end the process (130, 143) once the port is closed and the URL removed,
  // or, when the API does not confirm the removal in time, once what is left has been named.
  const release = onInterrupt(async () => {
    await receiver.close();
    const timeUp = new Promise<undefined>((resolve) =>
      setTimeout(resolve, INTERRUPTED_CLEAN_UP_MS, undefined).unref(),
    );
    const removed = await Promise.race([unregister(), timeUp]);
    if (!removed && registration) {
      report(registration.unconfirmed('no answer before the interrupted run had to end'));
    }
  });
  const timer =
    options.timeout === undefined ? undefined : setTimeout(() => deliveries.end('timeout'), options.timeout);
  let failure: unknown;
  try {
    ctx.io.errorLine(`listening on ${receiver.url}`);
    if (client && record) {
      earlier = await removeLeftovers(client, (await record.survey()).left, record, say);
      report(earlier);
    }
    if (registration && formIds) await registration.add(formIds);
    const ending = await deliveries.ended;
    await deliveries.settle(ending);
    if (ending === 'timeout') throw timedOut(options, deliveries.received);
  } catch (error) {
    failure = error;
  }
  clearTimeout(timer);
  deliveries.stop();
  await receiver.close();
  const leftovers = [...earlier, ...(await unregister())];
  release();
  if (failure !== undefined) throw failure;
  if (leftovers.length > 0) throw leftError(leftovers);
}

/** The flags of a listening run, checked against each other. */
interface ListenFlags {
  events: WebhookEvent[] | undefined;
  forwardTo: string | undefined;
  headers: Record<string, string>;
  formIds: string[] | undefined;
  publicUrl: string | undefined;
}

function listenFlags(options: ListenWebhooksOptions): ListenFlags {
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
  return { events, forwardTo, headers, formIds, publicUrl };
}

/**
 * The deliveries of a run as they come: counted up to --max (filtered ones are answered 202 and
 * not counted), each forwarded at once, and printed in the order they arrived, each once its
 * forward has answered.
 */
class Deliveries {
  received = 0;
  /** how the run ends: --max deliveries counted, or --timeout */
  readonly ended: Promise<Ending>;
  end: (ending: Ending) => void = () => {};
  readonly #forwarding = new AbortController();
  readonly #inFlight = new Set<Promise<void>>();
  #printed: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: Context,
    private readonly flags: ListenFlags,
    private readonly max: number | undefined,
    private readonly print: Print,
  ) {
    this.ended = new Promise<Ending>((resolve) => {
      this.end = resolve;
    });
  }

  take(delivery: Delivery): void {
    const facts = factsOf(delivery);
    const { forwardTo, headers } = this.flags;
    // Filtered out, or past --max while the port closes: answered 202, not printed, not counted.
    if (!wanted(facts.event, this.flags.events) || this.received === this.max) return;
    this.received++;
    const forwarded = forwardTo
      ? forward(forwardTo, delivery, this.#forwarding.signal, headers, this.ctx.env)
      : undefined;
    const work = this.#printed.then(async () => {
      await this.print(delivery, facts, await forwarded);
    });
    this.#printed = work.catch(() => {});
    this.#inFlight.add(work);
    work.finally(() => this.#inFlight.delete(work)).catch(() => {});
    if (this.received === this.max) this.end('max');
  }

  /** Waits for the deliveries under way: a forward still running is cut short at the time-out; after --max it may finish. */
  async settle(ending: Ending): Promise<void> {
    if (ending === 'timeout') this.#forwarding.abort();
    await Promise.allSettled(this.#inFlight);
  }

  stop(): void {
    this.#forwarding.abort();
  }
}

function timedOut(options: ListenWebhooksOptions, received: number): NetworkError {
  const of = options.max === undefined ? '' : ` of ${options.max}`;
  const noun = (options.max ?? received) === 1 ? 'delivery' : 'deliveries';
  return new NetworkError(
    `timed out after ${formatDuration(options.timeout!)} with ${received}${of} ${noun}`,
  );
}

/**
 * `--clean-up`: removes what earlier --forms runs of this profile left on the API (killed, or
 * not answered at their clean-up), and nothing else; exit 1 when some of it is still there.
 */
async function cleanUp(options: ListenWebhooksOptions, ctx: Context): Promise<void> {
  const given = (['forms', 'publicUrl', 'forwardTo', 'header', 'max', 'timeout', 'events'] as const).filter(
    (key) => options[key] !== undefined,
  );
  if (given.length > 0) {
    const flags = given.map(flagName);
    throw new UsageError(`--clean-up starts no listener: drop ${flags.join(', ')}`);
  }
  const client = await ctx.api();
  const record = await listenerRecord(ctx, client);
  const { left, running } = await record.survey();
  const say = (line: string) => ctx.io.errorLine(line);
  const leftovers = await removeLeftovers(client, left, record, say);
  for (const entry of running)
    say(
      `kept ${entry.url} on form ${entry.form_id}: the run that added it (pid ${entry.pid}) is still running`,
    );
  (await leftoverReporter(ctx))(leftovers);
  if (leftovers.length > 0) throw leftError(leftovers);
  if (left.length === 0 && running.length === 0)
    say(`nothing to clean up: no run of wfd webhooks listen --forms left a URL on ${client.origin}`);
}

function leftError(leftovers: readonly Leftover[]): WfdError {
  const noun = leftovers.length === 1 ? 'registration' : 'registrations';
  return new WfdError(`${leftovers.length} webhook ${noun} not confirmed removed (named above)`, {
    hint: 'run the commands above, or `wfd webhooks listen --clean-up` once the API answers again',
  });
}

/** The record of this owner's registrations on the client's API. */
async function listenerRecord(ctx: Context, client: ApiClient): Promise<ListenerRecord> {
  const owner = ownerOf(await ctx.credentials(), client.origin);
  return ListenerRecord.forContext(ctx.env, owner, client.origin, () => ctx.now());
}

/**
 * Names each registration left, with the exact command that removes it (the profile and base
 * URL of this run spelled out, so the command works whatever is current later).
 */
async function leftoverReporter(ctx: Context): Promise<(leftovers: readonly Leftover[]) => void> {
  const credentials = await ctx.credentials().catch(() => undefined);
  const flags: string[] = [];
  if (credentials?.source === 'profile' && credentials.profileName)
    flags.push('--profile', shellWord(credentials.profileName));
  if (credentials?.baseUrlSource === 'flag' && credentials.baseUrl)
    flags.push('--base-url', shellWord(credentials.baseUrl));
  return (leftovers) => {
    for (const { formId, url, reason } of leftovers) {
      ctx.io.errorLine(`not removed: ${url} is still on form ${formId}: ${reason}`);
      const command = ['wfd', 'webhooks', 'remove', formId, shellWord(url), ...flags].join(' ');
      ctx.io.errorLine(`hint: run \`${command}\``);
    }
  };
}

/** `--forms ID,ID`: form ids, each a UUID or its first 8+ characters, without repeats. */
function parseFormIds(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) throw new UsageError('--forms needs at least one form id');
  return [...new Set(ids.map((id) => assertIdForm(id, FORM_LOOKUP)))];
}

/**
 * The client that registers the listener. Without --public-url the listener's own URL is
 * registered, which only an API on this machine (a sandbox) can reach.
 */
async function registrationClient(ctx: Context, publicUrl: string | undefined): Promise<ApiClient> {
  const client = await ctx.api();
  if (!publicUrl && !isLoopback(client.origin)) {
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
 * the receiver answered beside it. A failed forward's reason is in the table's FORWARDED column;
 * the other forms print `failed` there and the reason on stderr.
 */
async function printer(ctx: Context, forwardTo: string | undefined): Promise<Print> {
  const { format, quiet } = ctx.output;
  const reasonOnStderr =
    (print: Print): Print =>
    async (delivery, facts, forwarded) => {
      await print(delivery, facts, forwarded);
      if (forwarded && 'error' in forwarded)
        ctx.io.errorLine(`forward ${facts.deliveryId ?? '-'} -> ${forwardTo} failed: ${forwarded.error}`);
    };
  if (quiet) return reasonOnStderr((_, facts) => ctx.io.write(`${plainText(facts.deliveryId ?? '-')}\n`));
  // A delivery is printed by this command's own lines, not by the format's renderers: its
  // headers and body nest, which a program reads as a JSON line each, as they come.
  const { reader, json } = FORMATS[format];
  switch (reader) {
    case 'records':
      if (json !== 'lines')
        throw new UsageError(`-o ${format} does not stream: use -o ndjson (one delivery per line)`);
      return reasonOnStderr((delivery, facts, forwarded) =>
        ctx.io.write(ndjsonLine(delivery, facts, forwarded)),
      );
    case 'screen': {
      const { followTableSink } = await import('../../output/follow-table-sink.js');
      const sink = followTableSink(ctx.io, terminalColumns(forwardTo !== undefined));
      const width = ctx.io.terminalWidth();
      return (delivery, facts, forwarded) => sink.write(terminalRecord(delivery, facts, forwarded, width));
    }
    case 'lines':
      return reasonOnStderr((delivery, facts, forwarded) =>
        ctx.io.write(plainLine(delivery, facts, forwarded)),
      );
    default:
      return reader satisfies never;
  }
}

export const verb = defineVerb(LISTEN, ListenWebhooksOptions, runListenWebhooks);
