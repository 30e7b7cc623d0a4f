/**
 * What a gh user met trying wfd at 80x24 (issue 28) and should not any more, each found by trying
 * it: the built binary against the sandbox, on a pseudo-terminal where the terminal matters.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { examplesOf } from '../../src/cli/help-page.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import { WEBHOOK_EVENTS } from '../../src/resources/webhook-events.js';
import {
  baseEnv,
  onTerminal,
  runWfd,
  type StartedSandbox,
  tempDir,
  useSandbox,
  wfdOnPath,
} from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '60', '--forms', '40'], (fixture) => {
  ({ sandbox, env } = fixture);
});

async function firstId(noun: string): Promise<string> {
  return (await runWfd([noun, 'list', '-L', '1', '-q'], { env })).stdout.trim();
}

describe('frictions of issue 28', () => {
  it('webhooks listen --forms: the event list of the banner wraps between events, never inside one', async () => {
    const form = await firstId('forms');
    const screen = onTerminal(['webhooks', 'listen', '--forms', form, '--timeout', '1s'], {
      env,
      columns: 80,
      expectCode: 8,
    });
    const banner = screen.slice(screen.indexOf('registered'), screen.indexOf('TIME UTC'));
    for (const event of WEBHOOK_EVENTS) expect(banner).toMatch(new RegExp(`(^|[ ,])${event}(,|$)`, 'm'));
    expect(banner.split('\n').every((line) => line.length <= 80 && line.trim() !== 'for')).toBe(true);
  });

  it('auth profiles at 80 columns: whole base URLs, and the current profile marked with *', async () => {
    const dir = tempDir();
    try {
      const own = baseEnv({ WFD_CONFIG_DIR: dir.path });
      const port = new URL(sandbox.baseUrl).port;
      const login = (profile: string, baseUrl: string, token: string) =>
        runWfd(
          [
            'auth',
            'login',
            '--with-token',
            '--insecure-storage',
            '--base-url',
            baseUrl,
            '--profile',
            profile,
          ],
          {
            env: own,
            stdin: token,
          },
        );
      expect(
        (await login('acme-production-eu-west', sandbox.baseUrl, sandbox.workspaces[0]!.token)).code,
      ).toBe(0);
      const local = `http://localhost:${port}`;
      expect((await login('globex-staging-us-east-2', local, sandbox.workspaces[1]!.token)).code).toBe(0);
      const screen = onTerminal(['auth', 'profiles'], { env: own, columns: 80 }).split('\n');
      const acme = screen.find((line) => line.startsWith('acme-'))!;
      const globex = screen.find((line) => line.startsWith('globex-'))!;
      expect(acme).toContain(` ${sandbox.baseUrl} `);
      expect(globex).toContain(` ${local} `);
      expect(globex).toMatch(/^\S+ +\* +globex /);
      expect(acme).toMatch(/^\S+ +acme /);
      expect(screen.join('\n')).not.toMatch(/true|false/);
      // Scripts keep the boolean.
      const json = JSON.parse((await runWfd(['auth', 'profiles', '-o', 'json'], { env: own })).stdout);
      expect(json.map((p: { current: boolean }) => p.current)).toEqual([false, true]);
    } finally {
      dir.remove();
    }
  });

  it('the replace-login question wraps before the URL, never inside it', async () => {
    const dir = tempDir();
    try {
      const own = baseEnv({ WFD_CONFIG_DIR: dir.path });
      const args = ['auth', 'login', '--base-url', sandbox.baseUrl, '--profile', 'acme'];
      const first = await runWfd([...args, '--with-token', '--insecure-storage'], {
        env: own,
        stdin: sandbox.workspaces[0]!.token,
      });
      expect(first.code).toBe(0);
      // No answer (stdin at its end): the question is asked, the login cancelled.
      const screen = onTerminal(args, { env: own, columns: 80, expectCode: 130 }).split('\n');
      const asked = screen.findIndex((line) => line.startsWith('Profile "acme" already holds a login'));
      expect(asked).toBeGreaterThanOrEqual(0);
      expect(screen[asked]!.length).toBeLessThanOrEqual(80);
      expect(screen[asked + 1]).toMatch(new RegExp(`^${sandbox.baseUrl}\\)\\. Replace it\\? \\[y/N\\]`));
    } finally {
      dir.remove();
    }
  });

  it('cases list --template with a Go template: the filter refuses it, and the hint points to --jq/--query', async () => {
    const result = await runWfd(['cases', 'list', '--template', '{{range .}}{{.id}}{{end}}'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: invalid case template id "{{range .}}{{.id}}{{end}}": expected a UUID, its first 8+ characters or a reference\n' +
        "hint: wfd has no Go templates: shape the JSON output with --jq (jq's language) or --query (JMESPath)\n",
    );
  });

  it('cases list --owner alice: part of an e-mail finds the cases, and the table has an OWNER column', async () => {
    const partial = await runWfd(['cases', 'count', '--owner', 'alice'], { env });
    expect(partial.code, partial.stderr).toBe(0);
    const whole = await runWfd(['cases', 'count', '--owner', 'alice.martin@acme.example'], { env });
    expect(Number(partial.stdout)).toBeGreaterThan(0);
    expect(partial.stdout).toBe(whole.stdout);
    const screen = onTerminal(['cases', 'list', '--owner', 'alice', '-L', '5'], { env, columns: 140 }).split(
      '\n',
    );
    const header = screen.find((line) => line.startsWith('REFERENCE'))!;
    expect(header).toMatch(/ OWNER /);
    const at = header.indexOf('OWNER');
    const rows = screen.filter((line) => /^[A-Z]+-\d+ /.test(line));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.slice(at)).toMatch(/^alice\.martin@/);
  });

  it("every --with-token example of auth login's help (docs/commands.md) logs in as written", async () => {
    const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
    const login = program.commands
      .find((c) => c.name() === 'auth')!
      .commands.find((c) => c.name() === 'login')!;
    const lines = examplesOf(login).filter((line) => line.includes('--with-token'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const bin = tempDir('wfd-docs-');
    try {
      wfdOnPath(bin.path);
      for (const line of lines) {
        const dir = tempDir();
        try {
          const script = line.replaceAll('https://api.example.com', sandbox.baseUrl);
          const run = spawnSync('/bin/sh', ['-c', script], {
            env: baseEnv({
              WFD_CONFIG_DIR: dir.path,
              TOKEN: sandbox.workspaces[0]!.token,
              PATH: `${bin.path}:${process.env.PATH}`,
            }),
            encoding: 'utf8',
          });
          expect([line, run.status, run.stderr]).toEqual([line, 0, expect.stringContaining('Logged in')]);
        } finally {
          dir.remove();
        }
      }
    } finally {
      bin.remove();
    }
  });
});
