/**
 * The client-side limiter against a sandbox that enforces a (scaled) limit: a job of 61 requests
 * at 20 per 2 s finishes without a single 429 reaching the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
// 80% of 7,600 cases are the first workspace's: 6,080 rows, 61 pages of 100.
useSandbox(['--cases', '7600', '--rate-limit', '20/2s'], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe('client-side rate limit', () => {
  it('keeps a 61-request --all under the server limit: zero 429, every row once', async () => {
    await sandbox.resetRequests();
    const result = await runWfd(['cases', 'list', '--all', '-q'], {
      env: { ...env, WFD_RATE_LIMIT: '20/2s' },
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(0);
    const ids = lines(result.stdout);
    expect(ids).toHaveLength(6080);
    expect(new Set(ids).size).toBe(6080);
    const log = await sandbox.requests();
    expect(log.count).toBe(61);
    expect(log.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(result.stderr).toBe('');
  }, 60_000);
});
