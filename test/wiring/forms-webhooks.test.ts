/** Wiring of the forms-side nouns: argv -> the options each verb receives, and bad lines exiting 2. */
import { describe, it } from 'vitest';
import { expectParsed, expectRefused } from '../support/wiring.js';

const ID = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';

describe('argv -> the options a verb receives', () => {
  it.each([
    [
      ['forms', 'ls', '--flow', 'a', '--flow', 'b', '--no-archived', '--completed', '--phone', '+4930'],
      'forms list',
      { flow: ['a', 'b'], archived: false, completed: true, phone: '+4930' },
    ],
    [
      ['forms', 'count', '--no-processed', '--group-by', 'status,flow.slug'],
      'forms count',
      { processed: false, groupBy: 'status,flow.slug' },
    ],
    [['forms', 'view', ID], 'forms get', { id: ID }],
    [
      [
        'forms',
        'create',
        '--template',
        'nda',
        '--email',
        'a@example.org',
        '--given-name',
        'Ana',
        '--family-name',
        'Silva',
        '--webhook',
        'https://x/=forms:created',
        '--webhook',
        'https://y/=forms:updated',
        '--dry-run',
      ],
      'forms create',
      {
        template: 'nda',
        email: 'a@example.org',
        givenName: 'Ana',
        familyName: 'Silva',
        webhook: ['https://x/=forms:created', 'https://y/=forms:updated'],
        dryRun: true,
      },
    ],
    [
      ['forms', 'update', ID, '--status', 'expired', '--no-active', '--processed'],
      'forms update',
      { id: ID, status: 'expired', active: false, processed: true },
    ],
    [['forms', 'archive', ID, '-'], 'forms archive', { ids: [ID, '-'] }],
    [['forms', 'unarchive', '-', '--dry-run'], 'forms unarchive', { ids: ['-'], dryRun: true }],
    [['responses', 'get', ID], 'responses get', { id: ID }],
    [
      ['form-templates', 'ls', '--sort', '-created_at', '--all'],
      'form-templates list',
      { sort: '-created_at', all: true },
    ],
    [['form-templates', 'options', 'nda'], 'form-templates options', { slug: 'nda' }],
    [['form-templates', 'steps', 'nda'], 'form-templates steps', { slug: 'nda' }],
    [['signatures', 'get', ID], 'signatures get', { id: ID }],
    [['signatures', 'download', ID, '-O', 'x.pdf'], 'signatures download', { id: ID, outputFile: 'x.pdf' }],
    [
      ['signatures', 'download', ID, '--output-file', '-'],
      'signatures download',
      { id: ID, outputFile: '-' },
    ],
    [['webhooks', 'events'], 'webhooks events', {}],
    [['webhooks', 'ls', ID], 'webhooks list', { formId: ID }],
    [
      ['webhooks', 'add', ID, 'https://x/', '--events', 'forms:created'],
      'webhooks add',
      { formId: ID, url: 'https://x/', events: 'forms:created' },
    ],
    [['webhooks', 'rm', ID, 'https://x/'], 'webhooks remove', { formId: ID, url: 'https://x/' }],
    [['webhooks', 'listen'], 'webhooks listen', { host: '127.0.0.1', port: 0, path: '/' }],
    [
      [
        'webhooks',
        'listen',
        '--host',
        '::1',
        '--port',
        '8080',
        '--path',
        '/hooks',
        '--events',
        'forms:updated',
        '--forward-to',
        'http://localhost:3000/',
        '--max',
        '2',
        '--timeout',
        '2m',
      ],
      'webhooks listen',
      {
        host: '::1',
        port: 8080,
        path: '/hooks',
        events: 'forms:updated',
        forwardTo: 'http://localhost:3000/',
        max: 2,
        timeout: 120_000,
      },
    ],
    [
      [
        'webhooks',
        'listen',
        '--forms',
        `${ID},${ID}`,
        '--public-url',
        'https://t.example/',
        '--forward-to',
        'http://localhost:3000/',
        '--header',
        'X-A: 1',
        '--header',
        'X-B: 2',
      ],
      'webhooks listen',
      {
        host: '127.0.0.1',
        port: 0,
        path: '/',
        forms: `${ID},${ID}`,
        publicUrl: 'https://t.example/',
        forwardTo: 'http://localhost:3000/',
        header: ['X-A: 1', 'X-B: 2'],
      },
    ],
    [
      ['sandbox', 'trigger', 'responses:completed', '--form', ID, '--attachments', '2', '--signature'],
      'sandbox trigger',
      { event: 'responses:completed', form: ID, attachments: 2, signature: true },
    ],
  ])('wfd %j -> %s %j', (args, command, options) => expectParsed(args, command, options));
});

// The messages are matched loosely: the help-and-errors work rewords commander's own errors.
describe('bad command lines exit 2 before the verb runs', () => {
  it.each([
    [['forms', 'create', '--template', 'nda', '--email', 'a@example.org'], /required option '?--given-name/],
    [['forms', 'list', '--flow'], /--flow/],
    [['forms', 'count', '--sort', 'x'], /unknown option .--sort/],
    [['signatures', 'download', ID], /required option .*--output-file/],
    [['webhooks', 'add', ID, 'https://x/'], /required option '?--events/],
    [['webhooks', 'listen', '--port', '70000'], /--port.*from 0 to 65535/],
    [['webhooks', 'listen', '--max', '0'], /--max.*at least 1/],
    [['webhooks', 'listen', '--timeout', 'soon'], /expected a duration/],
    [['webhooks', 'listen', '--path', 'hooks'], /--path.*must start with \//],
    [['webhooks', 'listen', '--fields', 'url'], '--fields: this command prints no records'],
    [['sandbox', 'trigger', 'forms:deleted'], /required option '?--form/],
    [['sandbox', 'trigger', 'forms:deleted', '--form', ID, '--attachments', '-1'], /--attachments/],
    [['forms', 'get', ID, '--fields', 'nope'], /unknown field "nope" in --fields/i],
  ])('wfd %j', (args, message) => expectRefused(args, message));
});
