import { defineConfig } from 'vitest/config';

/**
 * The Windows suite (node.exe under Wine) and the release test (`npm run release`, which rebuilds
 * dist/ that the other tests run): apart from the main run, one file at a time.
 * `npx vitest run -c vitest.windows.config.ts`; .ci/run writes its JSON report.
 */
export default defineConfig({
  test: {
    include: ['test/windows/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    env: { TZ: 'UTC' },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results-windows.json' },
  },
});
