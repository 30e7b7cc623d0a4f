/**
 * The OAuth login in a real browser: headless Chromium (Debian's, which .ci/run installs) driven
 * by playwright-core runs the sandbox's authorize pages for the built `wfd auth login --oauth
 * --no-browser`, and lands on wfd's HTTPS loopback past the self-signed certificate warning.
 * Screenshots of the authorize pages go to test-results/ (not committed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedConfig, startOAuthLogin } from '../e2e/auth-oauth-driver.js';
import { baseEnv, lines, runWfd, type StartedSandbox, startSandbox, tempDir } from '../e2e/harness.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = new URL('../../test-results/', import.meta.url).pathname;

let sandbox: StartedSandbox;
let browser: Browser;
const dirs: { remove(): void }[] = [];

// CI installs Chromium, so there a missing one fails the run; elsewhere the test is skipped.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('wfd auth login --oauth in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [sandbox, browser] = await Promise.all([
      startSandbox(['--rate-limit', 'off', '--no-profile']),
      chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.stop();
    for (const dir of dirs) dir.remove();
  });

  function user(): { dir: string; env: NodeJS.ProcessEnv } {
    const dir = tempDir();
    dirs.push(dir);
    return {
      dir: dir.path,
      env: baseEnv({ WFD_CONFIG_DIR: dir.path, WFD_CLIENT_SECRET: sandbox.oauth.client_secret }),
    };
  }

  /** Opens the URL wfd printed, signs in as alice, and picks the second workspace by its label. */
  async function signInAndChoose(url: string, screenshot?: string): Promise<Page> {
    // The loopback's certificate is self-signed: the user accepts it, as the fingerprint allows.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('E-mail address').fill('alice.martin@acme.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    const second = sandbox.workspaces[1]!;
    await page.getByLabel(second.name).check();
    if (screenshot) await page.screenshot({ path: join(ARTIFACTS, screenshot), fullPage: true });
    return page;
  }

  it('signs in, picks the second workspace, approves: wfd saves it and lists its cases', async () => {
    const { dir, env } = user();
    const login = startOAuthLogin(sandbox, { env });
    const page = await signInAndChoose(await login.url, 'oauth-authorize.png');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.textContent('body')).toContain('You can close this tab');
    expect(page.url()).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/callback\?code=/);

    const result = await login.result;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('✓ Logged in to workspace Globex Inc. (globex) as Alice Martin');
    expect(savedConfig(dir).profiles.default?.oauth?.refreshToken).toMatch(/^wfdr_/);

    const globex = sandbox.workspaces[1]!;
    const expected = await runWfd(['cases', 'list', '--all', '-q'], {
      env: baseEnv({ WFD_TOKEN: globex.token, WFD_BASE_URL: sandbox.baseUrl }),
    });
    const listed = await runWfd(['cases', 'list', '--all', '-q'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(lines(listed.stdout)).toEqual(lines(expected.stdout));
    expect(lines(listed.stdout).length).toBeGreaterThan(0);
  });

  it('a denial: wfd exits 3 with the description, and the tab says so', async () => {
    const { env } = user();
    const login = startOAuthLogin(sandbox, { env });
    const page = await signInAndChoose(await login.url);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => page.textContent('h1')).toBe('wfd could not sign you in');
    const result = await login.result;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: the authorization was refused \(access_denied\): The user denied access$/m,
    );
    const profiles = await runWfd(['auth', 'profiles', '-o', 'json'], { env });
    expect(JSON.parse(profiles.stdout)).toEqual([]);
  });
});
