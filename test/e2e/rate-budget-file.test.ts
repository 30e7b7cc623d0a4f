/**
 * The shared rate budget's file follows the rules of every state file (src/core/files/state-file.ts),
 * seen from the binary: values read from it are bounded, its folder is checked. The sandbox sets
 * no limit of its own; the client's limiter (3 per 2 s, 30 per 2 min) uses the budget.
 */
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

const RATE = '3/2s,30/2m';

let env: NodeJS.ProcessEnv;
let sandbox: StartedSandbox;
useSandbox([], (fixture) => {
  ({ env, sandbox } = fixture);
});

describe("the shared rate budget's file: values bounded, folder checked", () => {
  /** A config folder whose budget file one request made; returns it and the file. */
  async function withBudgetFile(): Promise<{ dir: ReturnType<typeof tempDir>; file: string }> {
    const dir = tempDir();
    const first = await runWfd(['cases', 'count'], {
      env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE },
    });
    expect(first.code, first.stderr).toBe(0);
    const folder = join(dir.path, 'rate-budget');
    const name = readdirSync(folder).find((entry) => entry.endsWith('.json'))!;
    return { dir, file: join(folder, name) };
  }

  it('a pause far in the future waits WFD_MAX_WAIT at most, and says so', async () => {
    const { dir, file } = await withBudgetFile();
    try {
      const log = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...log, pausedUntil: Date.now() + 98_204_149_835_000 }));
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE, WFD_MAX_WAIT: '1s' },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(
        /^wfd: the rate budget shared with other wfd processes holds requests until 5\d\d\d-\S+Z, longer than the 1s wfd waits at most \(WFD_MAX_WAIT\); waiting 1s at most\n$/,
      );
      expect(result.stderr).not.toMatch(/TimeoutOverflowWarning/);
    } finally {
      dir.remove();
    }
  });

  /** The client's whole budget (30 requests per 2 minutes) spent by finished runs, the oldest `agoMs` ago. */
  function spentBy(file: string, agoMs: number): void {
    const answered = Array.from({ length: 30 }, (_, i) => ({ t: Date.now() - agoMs + i, k: 'other' }));
    writeFileSync(file, JSON.stringify({ answered, reserved: [], pausedUntil: 0 }));
  }

  it('a hold longer than WFD_MAX_WAIT: exit 7 at once, nothing sent, its cause and when to try again', async () => {
    const { dir, file } = await withBudgetFile();
    try {
      spentBy(file, 30_000);
      await sandbox.resetRequests();
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE, WFD_MAX_WAIT: '10s' },
      });
      expect(result.code, result.stderr).toBe(7);
      expect(result.stderr).toMatch(
        /^error: the budget of 30 requests per 2m for this client, shared by every wfd run on this machine, is spent; the next request can go at \d\d:\d\d:\d\d UTC \(in 1m\d+s\), longer than the 10s wfd waits at most \(WFD_MAX_WAIT\)\nhint: run it again after \d\d:\d\d:\d\d UTC, or set WFD_MAX_WAIT=2m to wait for it\n$/,
      );
      expect((await sandbox.requests()).count).toBe(0);
    } finally {
      dir.remove();
    }
  });

  it('a shorter hold is waited for, told once with its cause in words', async () => {
    const { dir, file } = await withBudgetFile();
    try {
      spentBy(file, 120_000 - 10_000);
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(
        /^wfd: the budget of 30 requests per 2m for this client, shared by every wfd run on this machine, is spent; the next request can go at \d\d:\d\d:\d\d UTC \(in \d+s\)\n$/,
      );
    } finally {
      dir.remove();
    }
  });

  it('answers an hour ahead (the clock stepped back since) cost no wait', async () => {
    const { dir, file } = await withBudgetFile();
    try {
      // The client's whole budget (30 per 2 minutes), used an hour from now.
      const answered = Array.from({ length: 30 }, (_, i) => ({
        t: Date.now() + 3_600_000 + i,
        k: 'other',
      }));
      writeFileSync(file, JSON.stringify({ answered, reserved: [], pausedUntil: 0 }));
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
    } finally {
      dir.remove();
    }
  });

  it('a budget folder others may write to is not used, and one line says so', async () => {
    const { dir, file } = await withBudgetFile();
    try {
      const folder = join(dir.path, 'rate-budget');
      chmodSync(folder, 0o777);
      const before = readFileSync(file, 'utf8');
      const result = await runWfd(['cases', 'count'], {
        env: { ...env, WFD_CONFIG_DIR: dir.path, WFD_RATE_LIMIT: RATE },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe(
        `wfd: rate budget not shared with other wfd processes: wfd does not use ${folder}: it may be written by other users (chmod 700 ${folder})\n`,
      );
      expect(readFileSync(file, 'utf8')).toBe(before);
    } finally {
      dir.remove();
    }
  });
});
