import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, parseEvents, parseWebhookFlags } from '../../src/commands/shared/webhook-args.js';
import { expectUsage } from '../support/expect-usage.js';

describe('webhook arguments', () => {
  it('--webhook splits at the last =, keeps the URL as typed and merges a URL given twice', () => {
    expect(
      parseWebhookFlags([
        'https://example.org/h?token=a=forms:created, forms:updated',
        'http://127.0.0.1:8080=responses:completed',
        'https://example.org/h?token=a=forms:updated,forms:archived',
      ]),
    ).toEqual({
      'https://example.org/h?token=a': ['forms:created', 'forms:updated', 'forms:archived'],
      'http://127.0.0.1:8080': ['responses:completed'],
    });
  });

  it('a URL named __proto__ stays a key, not a prototype', () => {
    const map = parseWebhookFlags(['http://h/__proto__=forms:created']);
    expect(Object.keys(map)).toEqual(['http://h/__proto__']);
  });

  it('event lists drop repeats and refuse unknown names', () => {
    expect(parseEvents('forms:created,forms:created,responses:deleted', '--events')).toEqual([
      'forms:created',
      'responses:deleted',
    ]);
    expectUsage(
      () => parseEvents('responses:signed', '--events'),
      'unknown event "responses:signed" in --events: expected one of forms:created, forms:updated, forms:deleted, forms:archived, forms:unarchived, responses:created, responses:updated, responses:deleted, responses:completed',
    );
    expectUsage(() => parseEvents(' , ', '--events'), '--events needs at least one event name');
  });

  it.each(['mailto:a@example.org', 'example.org/hook', 'file:///etc/passwd', 'ws://example.org/'])(
    'URL %j is refused',
    (url) => {
      expectUsage(
        () => checkWebhookUrl(url, '<url>'),
        `invalid <url> "${url}": expected an absolute http:// or https:// URL`,
      );
    },
  );
});
