import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
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
