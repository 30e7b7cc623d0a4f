/**
 * The arguments and flags of `wfd sandbox <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema. demo takes none.
 */
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';

/** The events `sandbox trigger` simulates: a respondent's, or the form's deletion. */
const TRIGGER_EVENTS = WEBHOOK_EVENTS.filter(
  (event) => event.startsWith('responses:') || event === 'forms:deleted',
);

export const START = {
  flags: [
    {
      flag: 'port',
      value: 'port',
      kind: 'integer',
      min: 0,
      max: 65535,
      help: 'port to listen on; 0 picks a free one (default: 4010, or a free one while 4010 is taken)',
    },
    { flag: 'host', value: 'host', kind: 'text', default: '127.0.0.1', help: 'address to listen on' },
    {
      flag: 'allowed-host',
      value: 'name',
      kind: 'text',
      repeatable: true,
      pattern: { regex: /^[\w.-]+$/, message: 'must be a host name, such as devbox.local' },
      help: "a host name to answer besides localhost and IP addresses (a proxy's, this machine's on the network); requests naming another are refused, against DNS rebinding (repeatable)",
    },
    {
      flag: 'data-dir',
      value: 'dir',
      kind: 'file',
      nonEmpty: true,
      help: 'keep the state in this directory across restarts (made when missing); default: in memory',
    },
    {
      flag: 'prune-uploads',
      kind: 'switch',
      help: 'with --data-dir: remove the upload files no record names (kept otherwise, and counted)',
    },
    // No defaults for the seed parameters: left out, a data dir's own apply.
    { flag: 'seed', value: 'n', kind: 'integer', min: 0, help: 'seed of the generated data (default 1)' },
    {
      flag: 'cases',
      value: 'n',
      kind: 'integer',
      min: 0,
      max: 1_000_000,
      help: 'number of cases to generate (default 200)',
    },
    {
      flag: 'forms',
      value: 'n',
      kind: 'integer',
      min: 0,
      max: 1_000_000,
      help: 'number of forms to generate (default 150)',
    },
    {
      flag: 'attachments',
      value: 'n',
      kind: 'integer',
      min: 0,
      max: 1_000_000,
      help: 'number of attachments to generate, one in ten large (default 100)',
    },
    {
      flag: 'large-attachment-bytes',
      value: 'n',
      kind: 'integer',
      min: 1,
      max: 2 ** 40,
      help: 'size of each large generated attachment, one in ten (default 8 MiB)',
    },
    {
      flag: 'docintel-delay',
      value: 'duration',
      kind: 'duration',
      min: 1,
      max: 3_600_000,
      default: 2000,
      defaultHelp: '2s',
      help: 'from a document intelligence job to its result',
    },
    {
      flag: 'max-upload-bytes',
      value: 'n',
      kind: 'integer',
      min: 1,
      max: 2 ** 31,
      default: 26_214_400,
      defaultHelp: '25 MiB',
      help: 'size limit of the files of one upload request together; more gets 413',
    },
    {
      flag: 'rate-limit',
      value: 'spec',
      kind: 'text',
      default: 'spec',
      values: ['spec', 'off'],
      help: 'spec (100/min per token, 1000/h per client), off, or N/DURATION like 20/10s',
    },
    {
      flag: 'faults',
      value: 'spec',
      kind: 'text',
      default: 'off',
      values: ['off'],
      help: 'inject faults into /v1 requests, drawn from the seed: off, or NAME:SHARE pairs (NAME 429, 500, 502, 503, 504, reset, slow) like 429:0.1,503:0.05',
    },
    {
      flag: 'slow-ms',
      value: 'ms',
      kind: 'integer',
      min: 0,
      max: 600_000,
      default: 1000,
      help: 'how long a slow fault holds an answer back, in milliseconds',
    },
    {
      flag: 'oauth-token-ttl',
      value: 'duration',
      kind: 'duration',
      min: 1000,
      max: 86_400_000,
      default: 86_400_000,
      defaultHelp: '24h',
      help: 'lifetime of OAuth access tokens, at most 24h',
    },
    {
      flag: 'tls',
      kind: 'switch',
      help: 'serve HTTPS, with a certificate signed by a local CA that wfd keeps (its file is printed)',
    },
    {
      flag: 'tls-hostname',
      value: 'name',
      kind: 'text',
      repeatable: true,
      pattern: { regex: /^[\w.:-]+$/, message: 'must be a host name or an IP address, such as api.dev.test' },
      help: 'with --tls: a name or address the certificate holds besides localhost, 127.0.0.1 and ::1 (repeatable)',
    },
    { flag: 'profile', kind: 'negated', help: 'do not save the "sandbox" profiles' },
  ],
} as const satisfies VerbFlags;

/** The console's sections `sandbox open` takes, by the path of each (the page is the console's root). */
export const CONSOLE_SECTIONS = {
  requests: '/#/requests',
  webhooks: '/#/webhooks',
  data: '/#/data/cases',
  faults: '/#/faults',
  reference: '/reference',
} as const;

export const OPEN = {
  args: [
    {
      name: 'section',
      optional: true,
      values: Object.keys(CONSOLE_SECTIONS),
      help: 'requests (the default), webhooks, data, faults or reference (the API reference)',
    },
  ],
  flags: [{ flag: 'browser', kind: 'negated', help: 'print the URL instead of opening it' }],
} as const satisfies VerbFlags;

export const OPENAPI = {
  flags: [
    {
      flag: 'server',
      value: 'url',
      kind: 'text',
      pattern: { regex: /^https?:\/\/[^/?#\s]+\/?$/, message: 'must be a host root: http(s)://HOST[:PORT]' },
      help: "the server the description names (default http://127.0.0.1:4010, the sandbox's default port)",
    },
  ],
} as const satisfies VerbFlags;

export const RESET = {
  flags: [
    {
      flag: 'data-dir',
      value: 'dir',
      kind: 'file',
      required: true,
      nonEmpty: true,
      help: 'the data dir, as given to `wfd sandbox start --data-dir`',
    },
  ],
} as const satisfies VerbFlags;

export const LOGS = {
  flags: [
    { flag: 'follow', short: 'f', kind: 'switch', help: 'keep printing new requests until Ctrl-C' },
    {
      flag: 'status',
      value: 'status',
      kind: 'text',
      values: ['2xx', '4xx', '5xx'],
      help: 'only answers of a class (4xx, 5xx) or one status (404)',
    },
    {
      flag: 'path',
      value: 'prefix',
      kind: 'text',
      pattern: { regex: /^\//, message: 'must start with /' },
      help: 'only requests whose path starts with this, such as /v1/cases',
    },
    {
      flag: 'since',
      value: 'time',
      kind: 'text',
      help: 'only requests since this time: an age (10m, 2h), today, or an ISO date and time',
    },
    {
      flag: 'tail',
      value: 'n',
      kind: 'integer',
      min: 0,
      help: 'of the requests logged before, only the last n (0: none, with --follow only new ones)',
    },
  ],
} as const satisfies VerbFlags;

export const DELIVERIES = {
  flags: [
    {
      flag: 'follow',
      short: 'f',
      kind: 'switch',
      help: 'keep printing deliveries as they are made and tried, until Ctrl-C',
    },
    { flag: 'form', value: 'id', kind: 'uuid', help: 'only the deliveries of this form' },
  ],
} as const satisfies VerbFlags;

export const RESEND = {
  args: [
    {
      name: 'delivery-id',
      help: 'the delivery id, or its first 8+ characters (one GET of the kept deliveries), as `wfd sandbox deliveries` lists it',
    },
  ],
  flags: [DRY_RUN],
} as const satisfies VerbFlags;

export const TRIGGER = {
  args: [
    {
      name: 'event',
      help: 'responses:created, responses:updated, responses:completed, responses:deleted or forms:deleted',
      completion: TRIGGER_EVENTS,
    },
  ],
  flags: [
    {
      flag: 'form',
      value: 'id',
      kind: 'uuid',
      required: true,
      help: 'the form (any workspace of the sandbox)',
    },
    {
      flag: 'response',
      value: 'id',
      kind: 'uuid',
      help: "the response acted on (default: the form's latest)",
    },
    {
      flag: 'attachments',
      value: 'n',
      kind: 'integer',
      min: 0,
      help: 'add this many attachments to the response',
    },
    { flag: 'signature', kind: 'switch', help: "add a signature by the form's user to the response" },
    {
      flag: 'set',
      value: 'key=value',
      kind: 'text',
      repeatable: true,
      help: 'override a field of the delivered data, by dot path (status=completed, form.id=...); JSON values are typed (repeatable)',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
