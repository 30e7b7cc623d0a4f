import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runWfd, startSandbox, tempDir } from './harness.js';

describe('sandbox start', () => {
  it('saves a "sandbox" profile so --profile sandbox works at once', async () => {
    const own = tempDir();
    const ownEnv = baseEnv({ WFD_CONFIG_DIR: own.path });
    const started = await startSandbox(['--rate-limit', 'off'], ownEnv);
    try {
      const result = await runWfd(['--profile', 'sandbox', 'cases', 'list', '--limit', '2', '-q'], {
        env: ownEnv,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(lines(result.stdout)).toHaveLength(2);
      const second = await runWfd(
        ['workspaces', 'list', '-q', '--profile', `sandbox-${started.workspaces[1]!.slug}`],
        {
          env: ownEnv,
        },
      );
      expect(second.stdout.trim()).toBe(started.workspaces[1]!.id);
    } finally {
      await started.stop();
      own.remove();
    }
  });
});

describe('sandbox demo', () => {
  it('runs a guided tour of real commands against a temporary sandbox and exits 0', async () => {
    const own = tempDir();
    try {
      const result = await runWfd(['sandbox', 'demo'], {
        env: baseEnv({ WFD_CONFIG_DIR: own.path }),
        timeoutMs: 60_000,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('$ wfd cases list --contact muller --limit 3');
      expect(result.stdout).toMatch(/Müller/);
      expect(result.stderr).toContain('error: invalid --parent-status "done"');
      // The tour leaves the user's config alone.
      const profiles = await runWfd(['auth', 'profiles', '-q'], {
        env: baseEnv({ WFD_CONFIG_DIR: own.path }),
      });
      expect(profiles.stdout).toBe('');
    } finally {
      own.remove();
    }
  });
});
