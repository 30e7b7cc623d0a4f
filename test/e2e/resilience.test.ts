import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, lines, runWfd, type StartedSandbox, startSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '600'], (fixture) => {
  ({ sandbox, env } = fixture);
});

async function limitedSandbox(rateLimit: string) {
  const limited = await startSandbox(['--rate-limit', rateLimit, '--cases', '600', '--no-profile']);
  const limitedEnv = { ...env, WFD_TOKEN: limited.workspaces[0]!.token, WFD_BASE_URL: limited.baseUrl };
  return { limited, limitedEnv };
}

describe('rate limit', () => {
  it('a 429 is waited out per retryAfter and retried; every row arrives once', async () => {
    // 2 requests per second: page 1 and three concurrent pages cannot all pass at once.
    const { limited, limitedEnv } = await limitedSandbox('2/1s');
    try {
      const result = await runWfd(
        ['cases', 'list', '--limit', '400', '-q', '--concurrency', '4', '--debug'],
        {
          env: limitedEnv,
        },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(new Set(lines(result.stdout)).size).toBe(400);
      const log = await limited.requests();
      expect(log.requests.some((r) => r.status === 429)).toBe(true);
      expect(log.requests.filter((r) => r.status === 200)).toHaveLength(4);
      expect(result.stderr).toMatch(/← 429/);
      expect(result.stderr).toMatch(/retrying in/);
    } finally {
      await limited.stop();
    }
  });

  it('with --retries 0 a 429 exits 7 with the API message', async () => {
    const { limited, limitedEnv } = await limitedSandbox('2/1m');
    try {
      for (let i = 0; i < 2; i++) {
        await fetch(`${limited.baseUrl}/v1/workspaces`, {
          headers: { authorization: `Bearer ${limited.workspaces[0]!.token}` },
        });
      }
      const result = await runWfd(['cases', 'count', '--retries', '0'], { env: limitedEnv });
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/^error: .*\(HTTP 429\)$/m);
    } finally {
      await limited.stop();
    }
  });
});

describe('debug trace and pipes', () => {
  it('--debug traces each request with status and time, and never the token', async () => {
    const result = await runWfd(['workspaces', 'list', '--debug'], { env });
    expect(result.stderr).toMatch(/\[debug\] #1 → GET http:\/\/127\.0\.0\.1:\d+\/v1\/workspaces/);
    expect(result.stderr).toMatch(/\[debug\] #1 ← 200 \(\d+ms\)/);
    expect(result.stderr).not.toContain(sandbox.workspaces[0]!.token);
  });

  it('a closed stdout pipe (| head -1) ends quietly', async () => {
    const result = await new Promise<{ code: number | null; stderr: string; out: string }>((resolve) => {
      const child = spawn(
        'sh',
        [
          '-c',
          `"${process.execPath}" "${BIN}" cases list --limit 300 -o ndjson | head -1; echo "status=$?" 1>&2`,
        ],
        { env },
      );
      let stderr = '';
      let out = '';
      child.stderr.on('data', (c) => {
        stderr += c;
      });
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.on('close', (code) => resolve({ code, stderr, out }));
    });
    expect(lines(result.out)).toHaveLength(1);
    expect(result.stderr).not.toContain('EPIPE');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('network errors', () => {
  it('connection refused exits 8 with the URL and a hint', async () => {
    const result = await runWfd(['cases', 'list', '--retries', '0'], {
      env: { ...env, WFD_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('cannot connect to http://127.0.0.1:9');
  });
});
