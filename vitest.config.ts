import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Windows suite and the release test run apart, one file at a time (vitest.windows.config.ts).
    exclude: [...configDefaults.exclude, 'test/windows/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // Most of the suite's time is end-to-end tests waiting on the processes they spawn, so a
    // worker more than the cores overlaps those waits (8m19s → 4m26s on 2 cores, all passing).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // e2e tests spawn the built binary and a sandbox; give them room on a busy 2-core machine.
    testTimeout: 30_000,
    // Local dates (`--where 'created_at >= 2026-01-01'`) mean the same instant on every machine.
    env: { TZ: 'UTC' },
    hookTimeout: 30_000,
    // In CI, also a JSON report (.ci/run reads it; --outputFile.json=FILE names another).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
  },
});
