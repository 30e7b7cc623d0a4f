/** Registers `wfd webhooks <verb>`. */
import { type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { collect, durationArg, intArg } from '../../cli/arg-parsers.js';
import { completeWith } from '../../cli/completion-values.js';
import { addDryRun, addExamples } from '../../cli/options.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';

const FORM_ID = 'form id (UUID) or its first 8+ characters; a prefix costs one GET /v1/forms';

function eventsOption(help: string): Option {
  return completeWith(new Option('--events <names>', `${help}, comma-separated`), {
    kind: 'values',
    values: WEBHOOK_EVENTS,
    list: true,
  });
}

export function registerWebhooksCommands(webhooks: Command): void {
  addExamples(webhooks.command('events').description('List the nine webhook event names'), [
    'wfd webhooks events',
  ]).action(lazy(() => import('./events.js')));

  addExamples(
    webhooks
      .command('list')
      .alias('ls')
      .description("List a form's webhooks: each receiver URL with its events")
      .argument('<form-id>', FORM_ID),
    ['wfd webhooks list 5b0e...', 'wfd webhooks list 5b0e... --json'],
  ).action(lazy(() => import('./list.js')));

  addExamples(
    addDryRun(
      webhooks
        .command('add')
        .description('Notify a URL of events of a form (merged with the events it already gets)')
        .argument('<form-id>', FORM_ID)
        .argument('<url>', 'receiver URL (http or https)')
        .addOption(eventsOption('the events to notify').makeOptionMandatory()),
    ),
    [
      'wfd webhooks add 5b0e... https://example.org/hook --events forms:updated,responses:completed',
      'wfd webhooks add 5b0e... http://127.0.0.1:8080/ --events responses:completed --dry-run',
    ],
  ).action(lazy(() => import('./add.js')));

  addExamples(
    addDryRun(
      webhooks
        .command('remove')
        .alias('rm')
        .description('Stop notifying a URL: of the events given, or of all (the URL is removed)')
        .argument('<form-id>', FORM_ID)
        .argument('<url>', 'receiver URL, as `wfd webhooks list` shows it')
        .addOption(eventsOption('only these events (the URL goes once none is left)')),
    ),
    [
      'wfd webhooks remove 5b0e... https://example.org/hook',
      'wfd webhooks remove 5b0e... https://example.org/hook --events forms:updated',
    ],
  ).action(lazy(() => import('./remove.js')));

  addExamples(
    webhooks
      .command('listen')
      .summary('Receive webhook deliveries on a local port and print one line each')
      .description(
        `Receive webhook deliveries on a local port and print one line each

The first stderr line is "listening on http://HOST:PORT/PATH". Each delivery is one stdout line: time, event, delivery id and form id, tab-separated (with --forward-to, the receiver's status or "failed" after them); -o ndjson prints {received_at, headers, body} (and forward: {status} or {error}); -q the delivery id. Every delivery is answered 202. Exit 0 after --max deliveries, 8 at --timeout with fewer, 130 on Ctrl-C (143 on SIGTERM).

With --forms the listener registers its own URL on those forms (for --events, else all nine) and removes exactly what it added when it stops, at --max, --timeout, Ctrl-C or SIGTERM alike; a form that already notifies the URL is left as it is. The URL is the listener's when the API is on this machine (a sandbox); otherwise give the public URL of a tunnel to the port with --public-url. What could not be removed is named, and the exit is 1.`,
      )
      .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
      .addOption(
        new Option('--port <port>', 'port to listen on; 0 picks a free one')
          .default(0)
          .argParser(intArg(0, 65535)),
      )
      .addOption(new Option('--path <path>', 'the path deliveries are POSTed to').default('/'))
      .addOption(eventsOption('print only these events (others are answered 202, not counted)'))
      .option('--forms <ids>', 'register this listener on these forms for the run, comma-separated form ids')
      .option(
        '--public-url <url>',
        'the URL --forms registers: a tunnel to the listening port (needed when the API is not local)',
      )
      .option(
        '--forward-to <url>',
        'relay each delivery (body and headers) to this URL; its status is printed beside the delivery',
      )
      .addOption(
        new Option(
          '--header <header>',
          "a header added to each forwarded delivery, 'Name: value' (repeatable)",
        ).argParser(collect),
      )
      .addOption(new Option('--max <n>', 'exit 0 after n deliveries').argParser(intArg(1)))
      .addOption(
        new Option('--timeout <duration>', 'stop waiting after this long (exit 8): 90s, 10m, 1h').argParser(
          durationArg(),
        ),
      ),
    [
      'wfd webhooks listen --port 8080',
      'wfd webhooks listen --events responses:completed --max 1 --timeout 10m -o ndjson',
      'wfd webhooks listen --port 8080 --forward-to http://localhost:3000/hooks',
      'wfd --profile sandbox webhooks listen --forms 5b0e...,9c1f... --events responses:completed',
      'wfd webhooks listen --port 8080 --forms 5b0e... --public-url https://abc.tunnel.example/',
      "wfd webhooks listen --forms 5b0e... --forward-to http://localhost:3000/hooks --header 'X-Secret: s3cr3t'",
    ],
  ).action(lazy(() => import('./listen.js')));
}
