/**
 * The README's command lines run as written against a sandbox: each line of its shell blocks, in
 * order, in one config folder, with only the placeholders (`<form-id>`, the example host,
 * `$TOKEN`) replaced by real sandbox values. A script block (`#!/bin/sh`) runs whole. Lines that
 * install something, start a server or follow a log forever are listed in NOT_RUN, with why.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examplesOf } from '../../src/cli/help-page.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import type { Json } from '../sandbox/helpers.js';
import { type CommandLine, shellBlocks } from '../support/markdown-commands.js';
import { type Squid, skipSquid, startSquid } from '../support/squid.js';
import {
  baseEnv,
  collectRun,
  lines,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
  useSandbox,
  wfdOnPath,
} from './harness.js';

/** Lines not run, each with the reason; anything else in a shell block of the README runs. */
const NOT_RUN: readonly [pattern: RegExp, reason: string][] = [
  [/^npm (install|test)\b/, 'installs the package, or runs the whole suite'],
  [
    /^(sha256sum -c|install -D -m|npm link|man \.\/|sudo apt install \.\/)/,
    'an install line: test/windows/release.test.ts runs it against a release, or in the clone',
  ],
  [/^wfd sandbox start\b/, 'a server that runs until Ctrl-C (the harness starts this test’s sandbox so)'],
  [/ logs (-f\b|--follow)/, 'follows the log until Ctrl-C'],
  [/^wfd completion \w+ > /, 'installs a completion script into the shell’s folders'],
  [/^npx openapi-typescript\b/, 'fetches a generator from the registry (test/e2e/openapi.test.ts runs it)'],
];

const README = readFileSync('README.md', 'utf8');

/** Where each line runs: the test's `wfd` on PATH (so `npx wfd` is it too), an own HOME and config. */
interface Shell {
  cwd: string;
  env: NodeJS.ProcessEnv;
  replace(line: string): string;
}

async function sh(
  shell: Shell,
  script: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('/bin/sh', ['-c', script], {
    cwd: shell.cwd,
    env: shell.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const result = await collectRun(child);
  clearTimeout(timer);
  return result;
}

async function json(sandbox: StartedSandbox, path: string, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${sandbox.workspaces[0]!.token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  return response.json();
}

/** The ids the README's placeholders stand for, found in (or made on) the sandbox. */
async function placeholders(sandbox: StartedSandbox): Promise<Record<string, string>> {
  const cases = (await json(sandbox, '/v1/cases?page%5Bsize%5D=100')).data as Json[];
  const loan = cases.find((c) => c.data && 'term_months' in c.data && c.archived_at === null);
  // A new form, as a reader would make one: `sandbox trigger` must create what its event needs.
  const form = await json(sandbox, '/v1/forms', {
    method: 'POST',
    body: JSON.stringify({ flow: { slug: 'customer-feedback' }, user: { email: 'readme@example.org' } }),
  });
  let response: Json;
  for (let page = 1; !response; page++) {
    const forms = (await json(sandbox, `/v1/forms?page%5Bsize%5D=100&page%5Bnumber%5D=${page}`))
      .data as Json[];
    expect(forms.length).toBeGreaterThan(0);
    for (const summary of forms) {
      const full = await json(sandbox, `/v1/forms/${summary.id}`);
      response = (full.responses ?? []).find(
        (r: Json) => r.attachments?.length > 0 && r.signatures?.length > 0,
      );
      if (response) break;
    }
  }
  return {
    '<case-id>': loan.id,
    '<form-id>': form.id,
    '<response-id>': response.id,
    '<attachment-id>': response.attachments[0].id,
    '<signature-id>': response.signatures[0].id,
  };
}

/** A folder with the test's `wfd` on PATH, an own HOME and config, and the replacements of the placeholders. */
async function readerShell(sandbox: StartedSandbox, home: string): Promise<Shell & { reports: string }> {
  const bin = join(home, 'bin');
  const cwd = join(home, 'work');
  const reports = join(home, 'reports');
  for (const dir of [bin, cwd, reports, join(home, 'config')]) mkdirSync(dir, { recursive: true });
  wfdOnPath(bin);
  writeFileSync(join(home, 'token'), `${sandbox.workspaces[0]!.token}\n`);
  const ids = await placeholders(sandbox);
  return {
    cwd,
    reports,
    env: baseEnv({
      PATH: `${bin}:${process.env.PATH}`,
      HOME: home,
      WFD_CONFIG_DIR: join(home, 'config'),
      TOKEN: sandbox.workspaces[0]!.token,
      // The sandbox runs without a rate limit; the client need not keep under the API's.
      WFD_RATE_LIMIT: 'off',
    }),
    replace(line) {
      let out = line
        .replaceAll('https://api.example.com', sandbox.baseUrl)
        .replaceAll('/etc/wfd/token', join(home, 'token'))
        .replaceAll('/srv/reports', reports)
        // `npx wfd` in a clone runs the clone's wfd: the one on this PATH.
        .replace(/^npx wfd /, 'wfd ');
      for (const [placeholder, id] of Object.entries(ids)) out = out.replaceAll(placeholder, id);
      return out;
    },
  };
}

describe('the README’s command lines', () => {
  let sandbox: StartedSandbox;
  const home = tempDir('wfd-readme-');
  // Small large-attachments, so that the export lines copy megabytes, not hundreds.
  useSandbox(['--large-attachment-bytes', '4096'], (fixture) => {
    sandbox = fixture.sandbox;
  });
  afterAll(() => home.remove());

  it('has shell blocks with wfd command lines to run', () => {
    const lines = shellBlocks(README).flatMap((block) => block.commands);
    expect(lines.filter((line) => /\bwfd /.test(line.text)).length).toBeGreaterThan(25);
  });

  it('runs each line as written, exit 0, in order (the sandbox profile saved first)', async () => {
    const shell = await readerShell(sandbox, home.path);
    const login = await runWfd(
      [
        'auth',
        'login',
        '--with-token',
        '--base-url',
        shell.replace('https://api.example.com'),
        '--profile',
        'sandbox',
      ],
      { env: shell.env, stdin: shell.env.TOKEN },
    );
    expect(login.code, login.stderr).toBe(0);
    const failures: string[] = [];
    const ran: CommandLine[] = [];
    for (const block of shellBlocks(README)) {
      if (block.text.startsWith('#!')) {
        const result = await sh(shell, shell.replace(block.text));
        if (result.code !== 0)
          failures.push(`README.md:${block.line} (script) exited ${result.code}: ${result.stderr}`);
        ran.push({ line: block.line, text: block.text });
        continue;
      }
      for (const command of block.commands) {
        if (NOT_RUN.some(([pattern]) => pattern.test(command.text))) continue;
        const line = shell.replace(command.text);
        expect(line, `README.md:${command.line} has a placeholder the test does not know`).not.toMatch(
          /<[a-z-]+-id>/,
        );
        const result = await sh(shell, line);
        if (result.code !== 0)
          failures.push(`README.md:${command.line} exited ${result.code}: ${command.text}\n${result.stderr}`);
        ran.push(command);
      }
    }
    expect(failures).toEqual([]);
    expect(ran.map((command) => command.text)).toEqual(
      expect.arrayContaining([
        'npx wfd sandbox demo     # a guided tour: real wfd commands against a temporary local sandbox',
        expect.stringMatching(
          /^wfd --profile sandbox sandbox trigger responses:completed --form <form-id> --signature/,
        ),
        expect.stringMatching(/^wfd cases archive - < old\.txt/),
      ]),
    );
    // The cron script wrote yesterday's report.
    expect(readFileSync(join(shell.reports, `closed-${yesterday()}.csv`), 'utf8')).toMatch(/^id,/);
  }, 240_000);
});

/** `date -d yesterday +%F`: the local day before today. */
function yesterday(): string {
  const day = new Date();
  day.setDate(day.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

describe('the bulk recipe of `wfd cases list --help`, on more matches than a page', () => {
  let env: NodeJS.ProcessEnv;
  // More cases than the seed's 160, so that more than a page's 30 match.
  useSandbox(['--cases', '500'], (fixture) => {
    env = { ...fixture.env, WFD_RATE_LIMIT: 'off' };
  });

  it('archives every matching case, not the first 30', async () => {
    const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
    const list = program.commands
      .find((c) => c.name() === 'cases')!
      .commands.find((c) => c.name() === 'list')!;
    const recipe = examplesOf(list).find((line) => line.includes('| wfd cases archive -'))!;
    expect(recipe).toMatch(/^wfd cases list --parent-status closed /);
    const count = async (...flags: string[]) =>
      Number(
        (await runWfd(['cases', 'count', '--parent-status', 'closed', ...flags], { env })).stdout.trim(),
      );
    const matching = await count('--no-archived');
    const archivedBefore = await count('--archived');
    expect(matching).toBeGreaterThan(30);

    const bin = tempDir('wfd-recipe-');
    wfdOnPath(bin.path);
    const result = await collectRun(
      spawn('/bin/sh', ['-c', recipe], { env: { ...env, PATH: `${bin.path}:${env.PATH}` } }),
    );
    bin.remove();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/\tarchived\t/g)?.length).toBe(matching);
    expect(await count('--no-archived')).toBe(0);
    expect(await count('--archived')).toBe(archivedBefore + matching);
  }, 60_000);
});

describe.skipIf(skipSquid)("the README's 'Behind a proxy' lines, through squid", () => {
  const work = tempDir('wfd-readme-proxy-');
  let squid: Squid | undefined;
  let tls: (StartedSandbox & { caFile: string }) | undefined;
  afterAll(async () => {
    await Promise.all([squid?.stop(), tls?.stop()]);
    work.remove();
  });

  it("run as one script, reach the API through the proxy, with the organisation's CA", async () => {
    const section = README.slice(
      README.indexOf('## Behind a proxy'),
      README.indexOf('\n## ', README.indexOf('## Behind a proxy') + 1),
    );
    const blocks = shellBlocks(section).map((block) => block.text);
    expect(blocks).toHaveLength(2);
    // alice's password, as the README's proxy URL spells it percent-encoded.
    const password = decodeURIComponent(/alice:([^@]+)@proxy\.example\.com/.exec(blocks[0]!)![1]!);
    squid = await startSquid({ hosts: { 'api.wfd.test': '127.0.0.1' }, users: { alice: password } });
    tls = (await startSandbox(
      ['--no-profile', '--rate-limit', 'off', '--tls', '--tls-hostname', 'api.wfd.test'],
      baseEnv({ WFD_CONFIG_DIR: join(work.path, 'sandbox') }),
    )) as StartedSandbox & { caFile: string };
    const env = baseEnv({
      WFD_CONFIG_DIR: join(work.path, 'client'),
      WFD_BASE_URL: `https://api.wfd.test:${new URL(tls.baseUrl).port}`,
      WFD_TOKEN: tls.workspaces[0]!.token,
      WFD_RATE_LIMIT: 'off',
      PATH: `${join(work.path, 'bin')}:${process.env.PATH}`,
    });
    mkdirSync(join(work.path, 'bin'));
    wfdOnPath(join(work.path, 'bin'));
    // The CA's exports first, so that the proxy's block trusts the sandbox; its doctor line last.
    const [exports, rest] = [true, false].map((exporting) =>
      blocks[1]!.split('\n').filter((line) => line.startsWith('export ') === exporting),
    );
    const script = [...exports!, blocks[0]!, ...rest!]
      .join('\n')
      .replaceAll('proxy.example.com:3128', `127.0.0.1:${squid.port}`)
      .replaceAll('/etc/ssl/certs/acme-root.pem', tls.caFile);
    const result = await collectRun(spawn('/bin/sh', ['-ec', script], { env, cwd: work.path }));
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(lines(result.stdout).filter((line) => line.includes('\t'))).toHaveLength(3);
    expect(result.stdout).toMatch(
      /^✓ proxy +https:\/\/api\.wfd\.test:\d+ is reached through http:\/\/alice:\*\*\*@127\.0\.0\.1:\d+ \(from HTTPS_PROXY\)$/m,
    );
    expect(result.stdout).toMatch(
      /^✓ CA certificates .*NODE_EXTRA_CA_CERTS .*sandbox-ca\.pem \(1 certificate\)/m,
    );
    expect(result.stdout).toMatch(
      /^\[debug\] connection to https:\/\/api\.wfd\.test:\d+ through the proxy http:\/\/alice:\*\*\*@/m,
    );
    expect(result.stdout + result.stderr).not.toContain(password);
    expect(
      squid.accessLog().filter((line) => / CONNECT api\.wfd\.test:\d+ alice /.test(line)).length,
    ).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
