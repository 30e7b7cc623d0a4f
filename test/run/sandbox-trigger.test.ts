/** Run tests of `wfd sandbox trigger`: the no-token hook POST /_sandbox/trigger. */
import { afterEach, describe, expect, it } from 'vitest';
import { runTriggerSandbox, TriggerSandboxOptions } from '../../src/commands/sandbox/trigger.js';
import { UsageError } from '../../src/core/errors.js';
import { type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const FORM = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
const RESPONSE = '9a1c0000-0000-4000-8000-000000000001';
const FIELDS = ['event', 'form_id', 'response_id', 'delivery_ids'];

describe('sandbox trigger', () => {
  it('posts the event without a token and prints what happened', async () => {
    t = await testContext({ env: { WFD_TOKEN: '' }, fields: FIELDS });
    const body = {
      event: 'responses:completed',
      form_id: FORM,
      response_id: RESPONSE,
      attachments: 2,
      signature: true,
    };
    t.api
      .intercept({
        path: '/_sandbox/trigger',
        method: 'POST',
        body: JSON.stringify(body),
        headers: (headers) => !('authorization' in headers),
      })
      .reply(202, {
        event: 'responses:completed',
        form_id: FORM,
        response_id: RESPONSE,
        delivery_ids: ['d1', 'd2'],
      });
    const options = TriggerSandboxOptions.parse({
      event: 'responses:completed',
      form: FORM,
      response: RESPONSE,
      attachments: 2,
      signature: true,
    });
    await runTriggerSandbox(options, t.ctx);
    expect(t.stdout()).toBe(
      `event\tresponses:completed\nform_id\t${FORM}\nresponse_id\t${RESPONSE}\ndelivery_ids\t["d1","d2"]\n`,
    );
  });

  it("a refusal exits 6 with the sandbox's message", async () => {
    t = await testContext({ fields: FIELDS });
    t.api
      .intercept({ path: '/_sandbox/trigger', method: 'POST' })
      .reply(409, { statusCode: 409, error: 'Conflict', message: 'Response is already completed' });
    const error = await runTriggerSandbox(
      TriggerSandboxOptions.parse({ event: 'responses:completed', form: FORM }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 6, message: 'Response is already completed (HTTP 409)' });
  });

  it.each([
    [{ event: 'responses:signed' }, /^unknown event "responses:signed": expected one of forms:created, /],
    [{ form: 'f-1' }, /^invalid form id "f-1": expected a UUID$/],
    [{ response: 'r-1' }, /^invalid response id "r-1": expected a UUID$/],
  ])('%j exits 2 before any request', async (bad, message) => {
    t = await testContext({ fields: FIELDS });
    const options = TriggerSandboxOptions.parse({ event: 'responses:created', form: FORM, ...bad });
    const error = await runTriggerSandbox(options, t.ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });
});
