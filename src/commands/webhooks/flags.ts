/**
 * The arguments and flags of `wfd webhooks <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema. events takes none.
 */
import { DRY_RUN, type FlagDef, type VerbFlags } from '../../cli/flags.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';

const FORM_ID = {
  name: 'form-id',
  help: 'form id (UUID) or its first 8+ characters; a prefix costs one GET /v1/forms',
} as const;

/** `--events a,b`: completion offers the event names, as a comma-separated list. */
function eventsFlag(help: string) {
  return {
    flag: 'events',
    value: 'names',
    kind: 'text',
    help: `${help}, comma-separated`,
    completion: { kind: 'values', values: WEBHOOK_EVENTS, list: true },
  } as const satisfies FlagDef;
}

export const LIST_WEBHOOKS = { args: [FORM_ID], flags: [] } as const satisfies VerbFlags;

export const ADD_WEBHOOK = {
  args: [FORM_ID, { name: 'url', help: 'receiver URL (http or https)' }],
  flags: [{ ...eventsFlag('the events to notify'), required: true }, DRY_RUN],
} as const satisfies VerbFlags;

export const REMOVE_WEBHOOK = {
  args: [FORM_ID, { name: 'url', help: 'receiver URL, as `wfd webhooks list` shows it' }],
  flags: [eventsFlag('only these events (the URL goes once none is left)'), DRY_RUN],
} as const satisfies VerbFlags;

export const LISTEN = {
  flags: [
    {
      flag: 'host',
      value: 'host',
      kind: 'text',
      default: '127.0.0.1',
      trim: true,
      nonEmpty: true,
      help: 'address to listen on',
    },
    {
      flag: 'port',
      value: 'port',
      kind: 'integer',
      min: 0,
      max: 65535,
      default: 0,
      help: 'port to listen on; 0 picks a free one',
    },
    {
      flag: 'path',
      value: 'path',
      kind: 'text',
      default: '/',
      pattern: { regex: /^\//, message: 'must start with /' },
      help: 'the path deliveries are POSTed to',
    },
    eventsFlag('print only these events (others are answered 202, not counted)'),
    {
      flag: 'forms',
      value: 'ids',
      kind: 'text',
      help: 'register this listener on these forms for the run, comma-separated form ids (or their first 8+ characters)',
    },
    {
      flag: 'public-url',
      value: 'url',
      kind: 'text',
      help: 'the URL --forms registers: a tunnel to the listening port (needed when the API is not local)',
    },
    {
      flag: 'forward-to',
      value: 'url',
      kind: 'text',
      help: 'relay each delivery (body and headers) to this URL; its status is printed beside the delivery',
    },
    {
      flag: 'header',
      value: 'header',
      kind: 'text',
      repeatable: true,
      help: "a header added to each forwarded delivery, 'Name: value' (repeatable)",
    },
    {
      flag: 'clean-up',
      kind: 'switch',
      help: 'only remove what earlier --forms runs of this profile left registered (a killed run), then exit',
    },
    { flag: 'max', value: 'n', kind: 'integer', min: 1, help: 'exit 0 after n deliveries' },
    {
      flag: 'timeout',
      value: 'duration',
      kind: 'duration',
      help: 'stop waiting after this long (exit 8): 90s, 10m, 1h',
    },
  ],
} as const satisfies VerbFlags;
