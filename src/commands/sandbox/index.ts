/** Registers `wfd sandbox <verb>`. */
import { Argument, type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { collect, durationArg, intArg } from '../../cli/arg-parsers.js';
import { completeWith } from '../../cli/completion-values.js';
import { addDryRun, addExamples } from '../../cli/options.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';

/** The events `sandbox trigger` simulates: a respondent's, or the form's deletion. */
const TRIGGER_EVENTS = WEBHOOK_EVENTS.filter(
  (event) => event.startsWith('responses:') || event === 'forms:deleted',
);

export function registerSandboxCommands(sandbox: Command): void {
  addExamples(sandbox, ['wfd sandbox start', 'wfd sandbox start --data-dir .sandbox', 'wfd sandbox demo']);

  const start = sandbox
    .command('start')
    .summary('Start the sandbox server and print its base URL and tokens; Ctrl-C stops it')
    .description(
      `Start the sandbox server and print its base URL and tokens; Ctrl-C stops it

Prints one JSON line {"baseUrl", "workspaces": [{id, slug, name, token}], "oauth": {client_id, client_secret, redirect_uris}, "dataDir", "profile"} first with -o json, for scripts. With --data-dir the state survives a restart; a data dir keeps the seed parameters it was made with (--seed, --cases, --forms, --attachments), which may then be left out. Unless --no-profile, saves profile "sandbox" (first workspace) and "sandbox-<slug>" for each other workspace; the current profile is left alone. While the sandbox that "sandbox" names still runs, its profiles are kept and this one's are named by its port: "sandbox-PORT", "sandbox-PORT-<slug>". The OAuth client's redirect URIs https://127.0.0.1/callback and https://localhost/callback match any port.`,
    )
    .addOption(
      new Option('--port <port>', 'port to listen on; 0 picks a free one')
        .default(4010)
        .argParser(intArg(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--data-dir <dir>',
        'keep the state in this directory across restarts (made when missing); default: in memory',
      ),
    )
    .addOption(
      new Option(
        '--prune-uploads',
        'with --data-dir: remove the upload files no record names (kept otherwise, and counted)',
      ),
    )
    // No commander defaults for the seed parameters: left out, a data dir's own apply.
    .addOption(new Option('--seed <n>', 'seed of the generated data (default 1)').argParser(intArg(0)))
    .addOption(
      new Option('--cases <n>', 'number of cases to generate (default 200)').argParser(intArg(0, 1_000_000)),
    )
    .addOption(
      new Option('--forms <n>', 'number of forms to generate (default 150)').argParser(intArg(0, 1_000_000)),
    )
    .addOption(
      new Option(
        '--attachments <n>',
        'number of attachments to generate, one in ten large (default 100)',
      ).argParser(intArg(0, 1_000_000)),
    )
    .addOption(
      new Option(
        '--large-attachment-bytes <n>',
        'size of each large generated attachment, one in ten (default 8 MiB)',
      ).argParser(intArg(1, 2 ** 40)),
    )
    .addOption(
      new Option('--docintel-delay <duration>', 'from a document intelligence job to its result')
        .default(2000, '2s')
        .argParser(durationArg({ minMs: 1, maxMs: 3_600_000 })),
    )
    .addOption(
      new Option(
        '--max-upload-bytes <n>',
        'size limit of the files of one upload request together; more gets 413',
      )
        .default(26_214_400, '25 MiB')
        .argParser(intArg(1, 2 ** 31)),
    )
    .addOption(
      completeWith(
        new Option(
          '--rate-limit <spec>',
          'spec (100/min per token, 1000/h per client), off, or N/DURATION like 20/10s',
        ).default('spec'),
        ['spec', 'off'],
      ),
    )
    .addOption(
      completeWith(
        new Option(
          '--faults <spec>',
          'inject faults into /v1 requests, drawn from the seed: off, or NAME:SHARE pairs (NAME 429, 500, 502, 503, 504, reset, slow) like 429:0.1,503:0.05',
        ).default('off'),
        ['off'],
      ),
    )
    .addOption(
      new Option('--slow-ms <ms>', 'how long a slow fault holds an answer back, in milliseconds')
        .default(1000)
        .argParser(intArg(0, 600_000)),
    )
    .addOption(
      new Option('--oauth-token-ttl <duration>', 'lifetime of OAuth access tokens, at most 24h')
        .default(86_400_000, '24h')
        .argParser(durationArg({ minMs: 1000, maxMs: 86_400_000 })),
    )
    .addOption(new Option('--no-profile', 'do not save the "sandbox" profiles'));
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
    sandbox
      .command('reset')
      .description(
        'Put a data dir back to its seed (it keeps the seed parameters); refused while a sandbox runs on it',
      )
      .requiredOption('--data-dir <dir>', 'the data dir, as given to `wfd sandbox start --data-dir`'),
    ['wfd sandbox reset --data-dir .sandbox'],
  ).action(lazy(() => import('./reset.js')));

  addExamples(
    sandbox
      .command('logs')
      .description(
        "The running sandbox's /v1 request log: time, method, URL, status, duration, token prefix, injected fault; --follow prints requests as they come until Ctrl-C",
      )
      .option('-f, --follow', 'keep printing new requests until Ctrl-C')
      .addOption(
        completeWith(
          new Option('--status <status>', 'only answers of a class (4xx, 5xx) or one status (404)'),
          ['2xx', '4xx', '5xx'],
        ),
      )
      .option('--path <prefix>', 'only requests whose path starts with this, such as /v1/cases'),
    [
      'wfd sandbox logs',
      'wfd sandbox logs --follow --status 4xx',
      'wfd sandbox logs -f --path /v1/forms -o ndjson',
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
    deliveries
      // The default verb: `wfd sandbox deliveries --follow` is `... deliveries list --follow`.
      .command('list', { isDefault: true })
      .alias('ls')
      .summary('List the deliveries; -f follows them')
      .description(
        "The running sandbox's webhook deliveries with their outcome and attempts; --follow prints each change as it comes until Ctrl-C",
      )
      .option('-f, --follow', 'keep printing deliveries as they are made and tried, until Ctrl-C')
      .option('--form <id>', 'only the deliveries of this form'),
    [
      'wfd sandbox deliveries',
      'wfd sandbox deliveries --follow -o ndjson',
      'wfd sandbox deliveries --form 5b0e...',
    ],
  ).action(lazy(() => import('./deliveries.js')));

  addExamples(
    addDryRun(
      deliveries
        .command('resend')
        .summary('Send a delivery again')
        .description(
          'Send a recorded delivery again: a new delivery of the same payload (the same event id) to the same URL',
        )
        .argument('<delivery-id>', 'the delivery, as `wfd sandbox deliveries` lists it'),
    ),
    ['wfd sandbox deliveries resend 7c4d...', 'wfd sandbox deliveries resend 7c4d... --dry-run'],
  ).action(lazy(() => import('./resend.js')));

  addExamples(
    sandbox
      .command('demo')
      .description('A guided tour: runs real wfd commands against a temporary sandbox, then exits'),
    ['npx wfd sandbox demo'],
  ).action(lazy(() => import('./demo.js')));

  addExamples(
    addDryRun(
      sandbox
        .command('trigger')
        .description(
          "Simulate a respondent (responses:*) or a form deletion on a running sandbox; emits the event to the form's webhooks",
        )
        .addArgument(
          completeWith(
            new Argument(
              '<event>',
              'responses:created, responses:updated, responses:completed, responses:deleted or forms:deleted',
            ),
            TRIGGER_EVENTS,
          ),
        )
        .requiredOption('--form <id>', 'the form (any workspace of the sandbox)')
        .option('--response <id>', "the response acted on (default: the form's latest)")
        .addOption(
          new Option('--attachments <n>', 'add this many attachments to the response').argParser(intArg(0)),
        )
        .option('--signature', "add a signature by the form's user to the response")
        .addOption(
          new Option(
            '--set <key=value>',
            'override a field of the delivered data, by dot path (status=completed, form.id=...); JSON values are typed (repeatable)',
          ).argParser(collect),
        ),
    ),
    [
      'wfd sandbox trigger responses:created --form 5b0e...',
      'wfd sandbox trigger responses:completed --form 5b0e... --attachments 2 --signature',
      'wfd --profile sandbox sandbox trigger forms:deleted --form 5b0e...',
      'wfd sandbox trigger responses:updated --form 5b0e... --set status=rejected --set \'answers={"iban":null}\'',
    ],
  ).action(lazy(() => import('./trigger.js')));
}
