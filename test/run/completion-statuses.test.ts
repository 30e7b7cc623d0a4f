/** `wfd completion --statuses`: what the scripts offer for `cases list --status`. */
import { afterEach, describe, expect, it } from 'vitest';
import { CompletionOptions, runCompletion } from '../../src/commands/completion/print.js';
import { type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

describe('completion --statuses', () => {
  it('prints the custom statuses in use (one grouped count), never the parent statuses', async () => {
    t = await testContext();
    t.api.intercept({ path: '/v1/cases/count?group_by=status', method: 'GET' }).reply(200, {
      count: 5,
      groups: [
        { status: 'awaiting_documents', count: 3 },
        { status: 'pending', count: 1 },
        { status: 'two words', count: 1 },
      ],
    });
    await runCompletion(CompletionOptions.parse({ statuses: true }), t.ctx);
    expect(t.stdout()).toBe('awaiting_documents\npending\n');
  });

  it('with no answer, nothing, and nothing on stderr', async () => {
    t = await testContext();
    t.api
      .intercept({ path: '/v1/cases/count?group_by=status', method: 'GET' })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    await runCompletion(CompletionOptions.parse({ statuses: true }), t.ctx);
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toBe('');
  });
});
