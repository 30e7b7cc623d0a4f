/**
 * The sandbox console in a real browser: headless Chromium (Debian's, which .ci/run installs)
 * driven by playwright-core, against `wfd sandbox start`, with the built wfd making the requests
 * the page shows. Every request the page makes is recorded: one to another origin fails the
 * test. Screenshots at 1280 and 390 pixels wide, light and dark, go to test-results/ (not
 * committed): console-requests-*, console-request-*, console-reference-*, and the other sections.
 */
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, runWfd, type StartedSandbox, startSandbox, tempDir } from '../e2e/harness.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = new URL('../../test-results/', import.meta.url).pathname;
const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;
/** How long a pushed row may take on a loaded machine; the time it took is printed. */
const PUSH_WAIT_MS = 10_000;

let sandbox: StartedSandbox;
let browser: Browser;
let env: NodeJS.ProcessEnv;
let receiver: { server: Server; url: string; answered: number };
const config = tempDir();
/** Every request a page made to another origin than the sandbox's. */
const outside: string[] = [];

// CI installs Chromium, so there a missing one fails the run; elsewhere the test is skipped.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the sandbox console in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [sandbox, browser] = await Promise.all([
      startSandbox(['--rate-limit', 'off', '--no-profile']),
      chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      }),
    ]);
    env = baseEnv({
      WFD_CONFIG_DIR: config.path,
      WFD_TOKEN: sandbox.workspaces[0]!.token,
      WFD_BASE_URL: sandbox.baseUrl,
    });
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sandbox?.stop();
    receiver?.server.close();
    config.remove();
    expect(outside).toEqual([]);
  });

  async function open(path: string, options: { width?: number; scheme?: string } = {}): Promise<Page> {
    const width = options.width ?? 1280;
    const context: BrowserContext = await browser.newContext({
      viewport: { width, height: width > 600 ? 800 : 844 },
      colorScheme: (options.scheme ?? 'light') as 'light' | 'dark',
    });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${sandbox.baseUrl}/`) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(`${sandbox.baseUrl}${path}`);
    return page;
  }

  async function screenshots(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const page = await open(path, { width, scheme });
        await ready(page);
        await page.screenshot({ path: join(ARTIFACTS, `console-${name}-${width}-${scheme}.png`) });
        await page.context().close();
      }
    }
  }

  it('shows a request wfd makes as it is answered, with no reload', async () => {
    const page = await open('/');
    await page.getByText('live', { exact: true }).waitFor();
    const made = await runWfd(['cases', 'list', '--limit', '2', '--status', 'new'], { env });
    expect(made.code, made.stderr).toBe(0);
    const answered = Date.now();
    const link = page.getByRole('link', { name: '/v1/cases?status=new&page[number]=1&page[size]=2' });
    await link.waitFor({ timeout: PUSH_WAIT_MS });
    console.log(`console: the request was listed ${Date.now() - answered} ms after wfd exited`);
    const row = page.locator('tr', { has: link });
    expect(await row.locator('td').allTextContents()).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d$/),
      'GET',
      '/v1/cases?status=new&page[number]=1&page[size]=2',
      '200',
      expect.stringMatching(/^\d+(\.\d)?$/),
      'acme',
    ]);
    await page.context().close();
  }, 60_000);

  it("a request's detail: the masked token, its bodies, and the curl and wfd api lines; by keyboard", async () => {
    const made = await runWfd(['api', 'POST', '/cases', '-f', 'title=From the console test'], { env });
    expect(made.code).toBe(6);
    const page = await open('/');
    const link = page.getByRole('link', { name: '/v1/cases', exact: true }).first();
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('region', { name: 'Request detail' });
    await detail.getByText('Send it again').waitFor();
    const token = sandbox.workspaces[0]!.token;
    const text = await detail.textContent();
    expect(text).toContain(`${token.slice(0, 8)}…`);
    expect(text).not.toContain(token);
    expect(await detail.getByLabel('wfd api command').textContent()).toBe(
      `printf '%s' '{"title":"From the console test"}' | wfd --base-url ${sandbox.baseUrl} api POST /v1/cases --input -`,
    );
    expect(await detail.getByLabel('curl command').textContent()).toContain(
      `curl -X POST ${sandbox.baseUrl}/v1/cases -H "Authorization: Bearer $WFD_TOKEN"`,
    );
    expect(text).toContain('"title": "From the console test"');
    expect(text).toContain('"message": "Invalid request body"');
    await detail.getByText('Headers (').first().click();
    expect(await detail.locator('table.headers').first().textContent()).toContain(
      `authorizationBearer ${token.slice(0, 8)}…`,
    );
    await page.context().close();

    await screenshots('/', 'requests', (p) =>
      p.getByRole('link', { name: '/v1/cases', exact: true }).waitFor(),
    );
    const log = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()) as {
      requests: Array<{ seq: number; method: string }>;
    };
    const seq = log.requests.findLast((r) => r.method === 'POST')!.seq;
    await screenshots(`/#/requests/${seq}`, 'request', (p) => p.getByText('Send it again').waitFor());
  }, 180_000);

  it('shows the delivery a trigger makes, with its attempts, and sends it again', async () => {
    const forms = await runWfd(['forms', 'list', '--limit', '1', '-q'], { env });
    const form = forms.stdout.trim();
    const url = `${receiver.url}/hooks`;
    expect(
      (await runWfd(['webhooks', 'add', form, url, '--events', 'responses:completed'], { env })).code,
    ).toBe(0);
    const page = await open('/#/webhooks');
    await page.getByText('live', { exact: true }).waitFor();
    await page.getByRole('cell', { name: url }).waitFor();
    const trigger = await runWfd(['sandbox', 'trigger', 'responses:completed', '--form', form], { env });
    expect(trigger.code, trigger.stderr).toBe(0);
    const delivered = page
      .locator('details.delivery', { hasText: url })
      .filter({ hasText: 'delivered' })
      .first();
    await delivered.waitFor({ timeout: PUSH_WAIT_MS });
    // Pinned by its id: the one sent again will come first.
    const card = page.locator(`details[data-id="${await delivered.getAttribute('data-id')}"]`);
    expect(await card.locator('summary').textContent()).toMatch(/^delivered\s*responses:completed/);
    await card.locator('summary').click();
    expect(await card.locator('table.attempts').textContent()).toContain('{"received":1}');

    await card.getByRole('button', { name: 'Resend' }).click();
    await card.getByText(/^Sent again as [0-9a-f]{8}…$/).waitFor();
    const resent = page.locator('details.delivery', { hasText: url }).filter({ hasText: 'Sends again' });
    await expect.poll(() => resent.count()).toBe(1);
    const { deliveries } = (await (
      await fetch(`${sandbox.baseUrl}/_sandbox/deliveries?form_id=${form}`)
    ).json()) as {
      deliveries: Array<{ resend_of: string | null }>;
    };
    const again = deliveries.find((d) => d.resend_of !== null);
    expect(again).toMatchObject({ url, event: 'responses:completed', outcome: expect.any(String) });
    await expect.poll(() => receiver.answered).toBe(2);
    await page.screenshot({ path: join(ARTIFACTS, 'console-webhooks-1280-light.png') });
    await page.context().close();
  }, 120_000);

  it('a fault set on the page is what the next wfd cases list meets', async () => {
    const page = await open('/#/faults');
    const faults = page.getByLabel('Faults of /v1 requests');
    await expect.poll(() => faults.inputValue()).toBe('off');
    await faults.fill('503:1');
    await page.getByRole('button', { name: 'Apply faults' }).click();
    await page.getByText('In force: faults 503:1').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'console-faults-1280-light.png') });
    const listed = await runWfd(['cases', 'list', '--limit', '1', '--retries', '0'], { env });
    expect(listed.code).toBe(1);
    expect(listed.stderr).toMatch(/503/);
    await page.getByRole('button', { name: 'None' }).click();
    await page.getByText('In force: faults off').waitFor();
    expect((await runWfd(['cases', 'list', '--limit', '1', '-q'], { env })).code).toBe(0);
    await page.context().close();
  }, 60_000);

  it('filters data with --where, shows the wfd line of the filter, and a record as JSON', async () => {
    const page = await open('/#/data/cases');
    await page.getByRole('cell').first().waitFor();
    await page.getByLabel('Where').fill('status = new\ncontact.family_name ilike %e%');
    await page.getByLabel('Sort').selectOption('-created_at');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('wfd command').getByText("wfd cases list --where 'status = new'").waitFor();
    expect(await page.getByLabel('wfd command').textContent()).toBe(
      "wfd cases list --where 'status = new' --where 'contact.family_name ilike %e%' --sort -created_at",
    );
    const expected = await runWfd(
      [
        'cases',
        'list',
        '--where',
        'status = new',
        '--where',
        'contact.family_name ilike %e%',
        '--sort',
        '-created_at',
        '--limit',
        '1',
        '--json',
        '--fields',
        'reference',
      ],
      { env },
    );
    const [first] = JSON.parse(expected.stdout) as Array<{ reference: string }>;
    const link = page.getByRole('link', { name: first!.reference });
    await link.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'console-data-1280-light.png') });
    await link.click();
    const record = page.getByRole('region', { name: 'Record' });
    await record.locator('pre').waitFor();
    expect(JSON.parse((await record.locator('pre').textContent())!)).toMatchObject({
      reference: first!.reference,
      steps: expect.any(Array),
    });
    await page.getByLabel('Where').fill('colour = red');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('alert')
      .getByText(/colour/)
      .waitFor();
    // Reading the data is not the integrator's doing: it is not in the log.
    const logged = (await sandbox.requests()).requests.filter((r) => r.url.includes('contact.family_name'));
    expect(logged).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('the API reference lists every operation of the description, and tries one against the sandbox', async () => {
    const description = (await (await fetch(`${sandbox.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
      webhooks?: Record<string, Record<string, unknown>>;
    };
    // The operations of its paths, and of its webhooks (what the sandbox sends), by name.
    const operations = [description.paths, description.webhooks ?? {}].flatMap((items) =>
      Object.entries(items).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const page = await open('/reference');
    await page.locator('.opblock').first().waitFor();
    const shown = await page
      .locator('.opblock-summary')
      .evaluateAll((blocks) =>
        blocks.map(
          (b) =>
            `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    // An operation of several tags is shown under each.
    expect([...new Set(shown)].sort()).toEqual(operations.sort());

    await sandbox.resetRequests();
    const block = page.locator('#operations-workspaces-listWorkspaces');
    await block.locator('.opblock-summary').click();
    await block.getByRole('button', { name: 'Execute' }).click();
    await block.locator('.live-responses-table tr.response .response-col_status').first().waitFor();
    expect(
      (
        await block.locator('.live-responses-table tr.response .response-col_status').first().textContent()
      )?.trim(),
    ).toBe('200');
    expect((await sandbox.requests()).requests).toMatchObject([
      { method: 'GET', url: '/v1/workspaces', status: 200 },
    ]);
    await page.context().close();

    await screenshots('/reference', 'reference', (p) => p.locator('.opblock').first().waitFor());
  }, 180_000);
});

/** A webhook receiver answering `{"received": N}`, N counting the deliveries. */
async function startReceiver(): Promise<{ server: Server; url: string; answered: number }> {
  const state = { answered: 0 };
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      state.answered++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ received: state.answered }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    get answered() {
      return state.answered;
    },
  };
}
