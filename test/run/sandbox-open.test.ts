/** Run tests of `wfd sandbox open`: the console of the sandbox the credentials name, in the browser. */
import { afterEach, describe, expect, it } from 'vitest';
import { OpenSandboxOptions, runOpenSandbox } from '../../src/commands/sandbox/open.js';
import { ORIGIN, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const noToken = (headers: Record<string, string>) => !('authorization' in headers);

describe('sandbox open', () => {
  it('asks the sandbox first, then opens its console, and says which URL', async () => {
    const opened: string[] = [];
    t = await testContext({ openBrowser: async (url) => void opened.push(url) });
    t.api.intercept({ path: '/_sandbox/health', method: 'GET', headers: noToken }).reply(200, { ok: true });
    await runOpenSandbox(OpenSandboxOptions.parse({}), t.ctx);
    expect(opened).toEqual([`${ORIGIN}/`]);
    expect(t.stderr()).toBe(`Opening ${ORIGIN}/ in your browser.\n`);
    expect(t.stdout()).toBe('');
  });

  it.each([
    ['reference', '/reference'],
    ['webhooks', '/#/webhooks'],
    ['data', '/#/data/cases'],
  ])('opens the section %s at %s', async (section, path) => {
    const opened: string[] = [];
    t = await testContext({ openBrowser: async (url) => void opened.push(url) });
    t.api.intercept({ path: '/_sandbox/health', method: 'GET' }).reply(200, { ok: true });
    await runOpenSandbox(OpenSandboxOptions.parse({ section }), t.ctx);
    expect(opened).toEqual([`${ORIGIN}${path}`]);
  });

  it('--no-browser prints the URL and opens nothing', async () => {
    t = await testContext({
      openBrowser: async () => {
        throw new Error('no browser expected');
      },
    });
    t.api.intercept({ path: '/_sandbox/health', method: 'GET' }).reply(200, { ok: true });
    await runOpenSandbox(OpenSandboxOptions.parse({ section: 'faults', browser: false }), t.ctx);
    expect(t.stdout()).toBe(`${ORIGIN}/#/faults\n`);
    expect(t.stderr()).toBe('');
  });

  it('a server that is not a sandbox: says so, and opens nothing', async () => {
    const opened: string[] = [];
    t = await testContext({ openBrowser: async (url) => void opened.push(url) });
    t.api.intercept({ path: '/_sandbox/health', method: 'GET' }).reply(404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/_sandbox/health not found',
    });
    await expect(runOpenSandbox(OpenSandboxOptions.parse({}), t.ctx)).rejects.toThrow(
      `${ORIGIN} has no /_sandbox/health hook: is it a wfd sandbox?`,
    );
    expect(opened).toEqual([]);
  });

  it('a browser that cannot be opened: the error names the URL to open by hand', async () => {
    t = await testContext({
      openBrowser: async () => {
        throw new Error('spawn xdg-open ENOENT');
      },
    });
    t.api.intercept({ path: '/_sandbox/health', method: 'GET' }).reply(200, { ok: true });
    const failure = runOpenSandbox(OpenSandboxOptions.parse({}), t.ctx);
    await expect(failure).rejects.toThrow('could not open a browser: spawn xdg-open ENOENT');
    await expect(failure).rejects.toMatchObject({
      hint: expect.stringContaining(`open ${ORIGIN}/ yourself`),
    });
  });
});
