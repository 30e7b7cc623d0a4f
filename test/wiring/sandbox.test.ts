/** Wiring tests of `wfd sandbox start|reset|logs|deliveries`: argv -> the options the verb receives. */
import { describe, it } from 'vitest';
import { expectParsed, expectRefused } from '../support/wiring.js';

const ID = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
const START_DEFAULTS = {
  host: '127.0.0.1',
  maxUploadBytes: 26_214_400,
  rateLimit: 'spec',
  faults: 'off',
  slowMs: 1000,
  oauthTokenTtl: 86_400_000,
  docintelDelay: 2000,
  profile: true,
};

describe('sandbox commands parse into their options', () => {
  it.each([
    // The seed parameters have no commander default: left out, a data dir's own apply.
    [
      ['sandbox', 'start', '--data-dir', '.sandbox'],
      'sandbox start',
      { ...START_DEFAULTS, dataDir: '.sandbox' },
    ],
    [
      ['sandbox', 'start', '--seed', '7', '--cases', '0', '--forms', '3', '--attachments', '4'],
      'sandbox start',
      { ...START_DEFAULTS, seed: 7, cases: 0, forms: 3, attachments: 4 },
    ],
    [
      ['sandbox', 'start', '--allowed-host', 'devbox.local', '--allowed-host', 'proxy.lan'],
      'sandbox start',
      { ...START_DEFAULTS, allowedHost: ['devbox.local', 'proxy.lan'] },
    ],
    [['sandbox', 'reset', '--data-dir', '/tmp/d'], 'sandbox reset', { dataDir: '/tmp/d' }],
    [['sandbox', 'open'], 'sandbox open', { browser: true }],
    [
      ['sandbox', 'open', 'reference', '--no-browser'],
      'sandbox open',
      { section: 'reference', browser: false },
    ],
    [['sandbox', 'logs'], 'sandbox logs', {}],
    [
      ['sandbox', 'logs', '-f', '--status', '4xx', '--path', '/v1/cases', '-o', 'ndjson'],
      'sandbox logs',
      { follow: true, status: '4xx', path: '/v1/cases' },
    ],
    [
      ['sandbox', 'deliveries', '--follow', '--form', ID],
      'sandbox deliveries list',
      { follow: true, form: ID },
    ],
    [['sandbox', 'deliveries', 'ls', '-f'], 'sandbox deliveries list', { follow: true }],
    [
      ['sandbox', 'deliveries', 'resend', ID, '--dry-run'],
      'sandbox deliveries resend',
      { deliveryId: ID, dryRun: true },
    ],
  ])('wfd %j -> %s %j', (args, command, options) => expectParsed(args, command, options));
});

describe('bad sandbox command lines exit 2 before the verb runs', () => {
  it.each([
    [['sandbox', 'reset'], /required option '?--data-dir/],
    [['sandbox', 'start', '--cases', '-1'], /--cases/],
    [['sandbox', 'start', '--allowed-host', 'http://x/'], /--allowed-host.*must be a host name/],
    [['sandbox', 'logs', '--path', 'v1/cases'], /--path.*must start with \//],
    [
      ['sandbox', 'open', 'settings'],
      /invalid <section> "settings": expected requests, webhooks, data, faults or reference/,
    ],
    [['sandbox', 'logs', '--fields', 'nope'], /unknown field "nope" in --fields/i],
    [['sandbox', 'deliveries', '--since', '3'], /unknown option .--since/],
  ])('wfd %j', (args, message) => expectRefused(args, message));
});
