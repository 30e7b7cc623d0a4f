/** The client and the sandbox each spell the spec's webhook events; they must agree. */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/resources/webhook-events.js';
import { EVENTS } from '../../src/sandbox/webhooks/events.js';

describe('webhook event names', () => {
  it('are the same nine in the client and the sandbox', () => {
    expect([...EVENTS].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(EVENTS).toHaveLength(9);
  });
});
