/**
 * The hint of a token the server refuses (401): WFD_TOKEN only when it is what was sent, else the
 * profile and the exact command that logs it in again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listWorkspaces } from '../../src/api/workspaces.js';
import { ConfigStore } from '../../src/core/auth/store.js';
import { ApiError } from '../../src/core/errors.js';
import { failure, ORIGIN, type TestContext, TOKEN, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

function refuse(): void {
  t.api
    .intercept({ path: '/v1/workspaces', method: 'GET' })
    .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
}

async function refusal(): Promise<ApiError> {
  const error = await failure((await t.ctx.api()).request(listWorkspaces()));
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a refused token', () => {
  it('from a profile: names it and the login that replaces its token, not WFD_TOKEN', async () => {
    t = await testContext({ env: { WFD_TOKEN: undefined, WFD_BASE_URL: undefined } });
    const store = await ConfigStore.open(t.ctx.env.WFD_CONFIG_DIR!);
    await store.saveProfile('acme', { baseUrl: ORIGIN, token: TOKEN, authType: 'token' });
    refuse();
    const error = await refusal();
    expect(error.exitCode).toBe(3);
    expect(error.hint).toBe(
      'the token saved in profile "acme" is invalid or revoked: log in again with `wfd auth login --profile acme`',
    );
  });

  it('from WFD_TOKEN: says so', async () => {
    t = await testContext();
    refuse();
    expect((await refusal()).hint).toBe(
      'the token comes from WFD_TOKEN, which overrides every profile: set it to a valid token, or unset it',
    );
  });
});
