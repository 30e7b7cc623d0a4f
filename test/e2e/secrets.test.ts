/**
 * Tokens never leak: every command, run with --debug (the most talkative), succeeding or
 * failing, prints at most a short prefix of the token, in stdout and in stderr alike.
 */
import { describe, expect, it } from 'vitest';
import { runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

const U = '00000000-0000-4000-8000-000000000000';

describe('no command shows the token, even with --debug', () => {
  it('across the commands, their failures and their dry runs', async () => {
    const token = env.WFD_TOKEN!;
    const caseId = (await runWfd(['cases', 'list', '--limit', '1', '-q'], { env })).stdout.trim();
    const formId = (await runWfd(['forms', 'list', '--limit', '1', '-q'], { env })).stdout.trim();
    const lines: string[][] = [
      ['workspaces', 'list'],
      ['cases', 'list', '--limit', '3'],
      ['cases', 'count'],
      ['cases', 'get', caseId],
      ['cases', 'get', U],
      ['cases', 'archive', caseId, '--dry-run'],
      ['cases', 'update-data', caseId, '--set', 'note=x', '--dry-run'],
      ['cases', 'create', '--template', U, '--title', 'x'],
      ['case-templates', 'list'],
      ['forms', 'list', '--limit', '2'],
      ['forms', 'get', formId],
      ['forms', 'count', '--group-by', 'status'],
      ['forms', 'update', formId, '--status', 'sent', '--dry-run'],
      ['form-templates', 'list'],
      ['webhooks', 'list', formId],
      ['api', 'GET', '/workspaces', '-i'],
      [
        'api',
        'POST',
        '/token',
        '-f',
        'grant_type=refresh_token',
        '-f',
        `refresh_token=${token}`,
        '--dry-run',
      ],
      ['api', 'GET', '/cases/nope'],
      ['auth', 'status'],
      ['auth', 'status', '--json'],
      ['doctor'],
      ['doctor', '-o', 'json'],
      ['sandbox', 'trigger', 'responses:created', '--form', formId, '--dry-run'],
    ];
    for (const args of lines) {
      const result = await runWfd([...args, '--debug'], { env });
      const text = result.stdout + result.stderr;
      expect([args.join(' '), text.includes(token)]).toEqual([args.join(' '), false]);
      // What may show: at most the first six characters.
      expect([args.join(' '), text.includes(token.slice(0, 7))]).toEqual([args.join(' '), false]);
    }
    // A run that fails on a revoked token says so without the token.
    await fetch(`${sandbox.baseUrl}/_sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: sandbox.workspaces[1]!.token }),
    });
    const revoked = await runWfd(['cases', 'list', '--debug'], {
      env: { ...env, WFD_TOKEN: sandbox.workspaces[1]!.token },
    });
    expect(revoked.code).toBe(3);
    expect(revoked.stdout + revoked.stderr).not.toContain(sandbox.workspaces[1]!.token);
    expect(revoked.stdout + revoked.stderr).not.toContain(sandbox.workspaces[1]!.token.slice(0, 7));
  }, 120_000);
});
