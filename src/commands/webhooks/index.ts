/** Registers `wfd webhooks <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { ADD_WEBHOOK, LIST_WEBHOOKS, LISTEN, REMOVE_WEBHOOK } from './flags.js';

export function registerWebhooksCommands(webhooks: Command): void {
  addExamples(webhooks.command('events').description('List the nine webhook event names'), [
    'wfd webhooks events',
  ]).action(lazy(() => import('./events.js')));

  addExamples(
    addVerbFlags(
      webhooks
        .command('list')
        .alias('ls')
        .description("List a form's webhooks: each receiver URL with its events"),
      LIST_WEBHOOKS,
    ),
    ['wfd webhooks list 5b0e...', 'wfd webhooks list 5b0e... --json'],
  ).action(lazy(() => import('./list.js')));

  addExamples(
    addVerbFlags(
      webhooks
        .command('add')
        .description('Notify a URL of events of a form (merged with the events it already gets)'),
      ADD_WEBHOOK,
    ),
    [
      'wfd webhooks add 5b0e... https://example.org/hook --events forms:updated,responses:completed',
      'wfd webhooks add 5b0e... http://127.0.0.1:8080/ --events responses:completed --dry-run',
    ],
  ).action(lazy(() => import('./add.js')));

  addExamples(
    addVerbFlags(
      webhooks
        .command('remove')
        .alias('rm')
        .description('Stop notifying a URL: of the events given, or of all (the URL is removed)'),
      REMOVE_WEBHOOK,
    ),
    [
      'wfd webhooks remove 5b0e... https://example.org/hook',
      'wfd webhooks remove 5b0e... https://example.org/hook --events forms:updated',
    ],
  ).action(lazy(() => import('./remove.js')));

  addExamples(
    addVerbFlags(
      webhooks
        .command('listen')
        .summary('Receive webhook deliveries on a local port and print one line each')
        .description(
          `Receive webhook deliveries on a local port and print one line each

The first stderr line is "listening on http://HOST:PORT/PATH". Each delivery is one stdout line: time, event, delivery id and form id, tab-separated (with --forward-to, the receiver's status or "failed" after them); -o ndjson prints {received_at, headers, body} (and forward: {status} or {error}); -q the delivery id. Every delivery is answered 202. Exit 0 after --max deliveries, 8 at --timeout with fewer, 130 on Ctrl-C (143 on SIGTERM).

With --forms the listener registers its own URL on those forms (for --events, else all nine) and removes exactly what it added when it stops, at --max, --timeout, Ctrl-C or SIGTERM alike; a form that already notifies the URL is left as it is. The URL is the listener's when the API is on this machine (a sandbox); otherwise give the public URL of a tunnel to the port with --public-url. A URL the API does not confirm removed (an error, or no answer within 3 s of Ctrl-C) is named with the \`wfd webhooks remove FORM URL\` command that removes it, and the exit is 1 (still 8 at --timeout, 130 or 143 on a signal). Until removed, each registration is kept in webhooks-listen.json in the config folder (mode 0600): the next --forms run of the same profile on the same API first removes what runs no longer alive left there (killed, or unanswered; a run is known by its pid and, on Linux, its start time, so a pid taken since by another process does not keep it), and --clean-up does only that, naming what it keeps (the URLs of runs still going). Neither touches a URL that wfd did not add.`,
        ),
      LISTEN,
    ),
    [
      'wfd webhooks listen --port 8080',
      'wfd webhooks listen --events responses:completed --max 1 --timeout 10m -o ndjson',
      'wfd webhooks listen --port 8080 --forward-to http://localhost:3000/hooks',
      'wfd --profile sandbox webhooks listen --forms 5b0e...,9c1f... --events responses:completed',
      'wfd webhooks listen --port 8080 --forms 5b0e... --public-url https://abc.tunnel.example/',
      "wfd webhooks listen --forms 5b0e... --forward-to http://localhost:3000/hooks --header 'X-Secret: s3cr3t'",
      'wfd --profile sandbox webhooks listen --clean-up',
    ],
  ).action(lazy(() => import('./listen.js')));
}
