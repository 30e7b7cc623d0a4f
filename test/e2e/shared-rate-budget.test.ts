/**
 * One rate budget for every process on a token: many one-shot processes, a few at a time,
 * against a sandbox enforcing the spec's limits scaled to 3 requests per 2 s (and 30 per 2 min),
 * with the client's limiter set the same, meet no 429. (With a budget per process, as before,
 * the same run met 429s: each process started with a full budget.)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunResult, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

const RATE = '3/2s';
const PROCESSES = 24;
const AT_A_TIME = 6;

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--rate-limit', RATE], (fixture) => {
  ({ sandbox, env } = fixture);
});

/** Runs `count` processes of `args`, `parallel` at a time; returns their results in order. */
async function runMany(args: string[], count: number, parallel: number, runEnv: NodeJS.ProcessEnv) {
  const results: RunResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await runWfd(args, { env: runEnv, timeoutMs: 60_000 });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

describe('a rate budget shared by processes', () => {
  it(`${PROCESSES} one-shot processes, ${AT_A_TIME} at a time, meet no 429`, async () => {
    await sandbox.resetRequests();
    // --retries 0: a 429 would fail the process (exit 7) rather than be waited out.
    const results = await runMany(['--retries', '0', 'cases', 'count'], PROCESSES, AT_A_TIME, {
      ...env,
      WFD_RATE_LIMIT: RATE,
    });
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const counts = new Set(results.map((result) => result.stdout.trim()));
    expect(counts.size).toBe(1);
    const log = await sandbox.requests();
    expect(log.count).toBe(PROCESSES);
    expect(log.requests.filter((request) => request.status === 429)).toEqual([]);
    // A process that waits two seconds or more says so once, with the time it waits until.
    for (const result of results) {
      const waits = result.stderr.match(/the next request can go/g) ?? [];
      expect(waits.length, result.stderr).toBeLessThanOrEqual(1);
      if (waits.length === 1)
        expect(result.stderr).toMatch(/is spent; the next request can go at \d\d:\d\d:\d\d UTC \(in \d+s\)/);
    }
  }, 120_000);

  it('WFD_RATE_LIMIT=off shares nothing: no budget file is written', async () => {
    const dir = tempDir();
    try {
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: 'off' },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(existsSync(join(dir.path, 'rate-budget'))).toBe(false);
      const limited = await runWfd(['cases', 'count'], { env: { ...env, WFD_CONFIG_DIR: dir.path } });
      expect(limited.code, limited.stderr).toBe(0);
      expect(existsSync(join(dir.path, 'rate-budget'))).toBe(true);
    } finally {
      dir.remove();
    }
  });
});
