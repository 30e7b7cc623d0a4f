/** Registers `wfd sandbox <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { DELIVERIES, LOGS, OPEN, OPENAPI, RESEND, RESET, START, TRIGGER } from './flags.js';

export function registerSandboxCommands(sandbox: Command): void {
  addExamples(sandbox, [
    'wfd sandbox start',
    'wfd sandbox open',
    'wfd sandbox start --data-dir .sandbox',
    'wfd sandbox demo',
  ]);
  registerServerCommands(sandbox);
  registerWatchCommands(sandbox);
  registerSimulationCommands(sandbox);
}

/** The server and its data: start, its console (open), reset, and the description it serves (openapi). */
function registerServerCommands(sandbox: Command): void {
  const start = sandbox
    .command('start')
    .summary('Start the sandbox server and print its base URL and tokens; Ctrl-C stops it')
    .description(
      `Start the sandbox server and print its base URL and tokens; Ctrl-C stops it

Prints one JSON line {"base_url", "workspaces": [{id, slug, name, token}], "oauth": {client_id, client_secret, redirect_uris}, "data_dir", "ca_file", "openapi", "console", "profile"} first with -o json, for scripts. The console (wfd sandbox open) shows the requests it serves, webhook deliveries, its data, and the faults and limits in force. With --data-dir the state survives a restart; a data dir keeps the seed parameters it was made with (--seed, --cases, --forms, --attachments), which may then be left out. Unless --no-profile, saves profile "sandbox" (first workspace) and "sandbox-<slug>" for each other workspace; the current profile is left alone. While the sandbox that "sandbox" names still runs, its profiles are kept and this one's are named by its port: "sandbox-PORT", "sandbox-PORT-<slug>"; those are removed when it stops, or, if it was killed, at the next start. The OAuth client's redirect URIs https://127.0.0.1/callback and https://localhost/callback match any port.`,
    );
  addVerbFlags(start, START);
  addExamples(start, [
    'wfd sandbox start',
    'wfd --profile sandbox cases list',
    'wfd sandbox start --data-dir .sandbox --cases 100000',
    'wfd sandbox start --port 0 --cases 100000 --rate-limit off -o json',
    'wfd sandbox start --forms 1000 --attachments 300 --max-upload-bytes 1048576',
    'wfd sandbox start --oauth-token-ttl 1m',
    'wfd sandbox start --faults 429:0.1,503:0.05,reset:0.02,slow:0.02 --slow-ms 2000',
    'wfd sandbox start --attachments 40 --large-attachment-bytes 1073741824 --docintel-delay 100ms',
  ]).action(lazy(() => import('./start.js')));

  addExamples(
    addVerbFlags(
      sandbox
        .command('open')
        .summary("Open the running sandbox's console in the browser")
        .description(
          'Open the running sandbox\'s console in the browser: the requests it served (live, with their bodies and the curl and wfd api lines that repeat them), webhook deliveries (resend one), its data (filtered with --where), the faults and rate limit in force (change them), and the API reference (try each operation). The sandbox is the current profile\'s ("sandbox" after wfd sandbox start), or --base-url.',
        ),
      OPEN,
    ),
    [
      'wfd sandbox open',
      'wfd sandbox open reference',
      'wfd sandbox open --no-browser',
      'wfd --base-url http://127.0.0.1:4010 sandbox open webhooks',
    ],
  ).action(lazy(() => import('./open.js')));

  addExamples(
    addVerbFlags(
      sandbox
        .command('reset')
        .description(
          'Put a data dir back to its seed (it keeps the seed parameters); refused while a sandbox runs on it',
        ),
      RESET,
    ),
    ['wfd sandbox reset --data-dir .sandbox'],
  ).action(lazy(() => import('./reset.js')));

  addExamples(
    addVerbFlags(
      sandbox
        .command('openapi')
        .description(
          "Print the API's OpenAPI 3.1 description, as a running sandbox serves it at /openapi.json, without starting one",
        ),
      OPENAPI,
    ),
    [
      'wfd sandbox openapi > openapi.json',
      'npx openapi-typescript openapi.json -o api.d.ts',
      'wfd sandbox openapi --server https://api.example.com',
    ],
  ).action(lazy(() => import('./openapi.js')));
}

/** What a running sandbox saw: its request log and its webhook deliveries. */
function registerWatchCommands(sandbox: Command): void {
  addExamples(
    addVerbFlags(
      sandbox
        .command('logs')
        .description(
          "The running sandbox's /v1 request log: time, method, URL, status, duration, token prefix, injected fault; --follow prints requests as they come until Ctrl-C (exit 130; SIGTERM 143)",
        ),
      LOGS,
    ),
    [
      'wfd sandbox logs',
      'wfd sandbox logs --follow --status 4xx',
      'wfd sandbox logs -f --path /v1/forms -o ndjson',
      'wfd sandbox logs -f --tail 20    # the last 20 requests, then the new ones',
      'wfd sandbox logs --since 10m',
      'wfd --base-url http://127.0.0.1:4010 sandbox logs',
    ],
  ).action(lazy(() => import('./logs.js')));

  const deliveries = addExamples(
    sandbox
      .command('deliveries')
      .description(
        "The running sandbox's webhook deliveries (list, the default), or one sent again (resend)",
      ),
    [
      'wfd sandbox deliveries',
      'wfd sandbox deliveries --follow -o ndjson',
      'wfd sandbox deliveries resend 7c4d...',
    ],
  );

  addExamples(
    addVerbFlags(
      deliveries
        // The default verb: `wfd sandbox deliveries --follow` is `... deliveries list --follow`.
        .command('list', { isDefault: true })
        .alias('ls')
        .summary('List the deliveries; -f follows them')
        .description(
          "The running sandbox's webhook deliveries with their outcome and attempts; --follow prints each change as it comes until Ctrl-C (exit 130; SIGTERM 143)",
        ),
      DELIVERIES,
    ),
    [
      'wfd sandbox deliveries',
      'wfd sandbox deliveries --follow -o ndjson',
      'wfd sandbox deliveries --form 5b0e...',
    ],
  ).action(lazy(() => import('./deliveries.js')));

  addExamples(
    addVerbFlags(
      deliveries
        .command('resend')
        .summary('Send a delivery again')
        .description(
          'Send a recorded delivery again: a new delivery of the same payload (the same event id) to the same URL',
        ),
      RESEND,
    ),
    ['wfd sandbox deliveries resend 7c4d...', 'wfd sandbox deliveries resend 7c4d... --dry-run'],
  ).action(lazy(() => import('./resend.js')));
}

/** What a person or the API's users would do: the guided tour, and a respondent's events. */
function registerSimulationCommands(sandbox: Command): void {
  addExamples(
    sandbox
      .command('demo')
      .description('A guided tour: runs real wfd commands against a temporary sandbox, then exits'),
    ['npx wfd sandbox demo'],
  ).action(lazy(() => import('./demo.js')));

  addExamples(
    addVerbFlags(
      sandbox
        .command('trigger')
        .description(
          "Simulate a respondent (responses:*) or a form deletion on a running sandbox; emits the event to the form's webhooks",
        ),
      TRIGGER,
    ),
    [
      'wfd sandbox trigger responses:created --form 5b0e...',
      'wfd sandbox trigger responses:completed --form 5b0e... --attachments 2 --signature',
      'wfd --profile sandbox sandbox trigger forms:deleted --form 5b0e...',
      'wfd sandbox trigger responses:updated --form 5b0e... --set status=rejected --set \'answers={"iban":null}\'',
    ],
  ).action(lazy(() => import('./trigger.js')));
}
