/**
 * Runs the built CLI in this process and reports its peak RSS, for the benchmark.
 *
 *   node scripts/bench-rss.mjs <wfd arguments...>
 *
 * Same as `node bin/wfd.js <arguments...>`, then a last stderr line `maxrss=<KiB>`
 * (`process.resourceUsage().maxRSS`).
 */
import { createRequire } from 'node:module';

const { run } = createRequire(import.meta.url)('../dist/wfd.cjs');

const code = await run(['node', 'wfd', ...process.argv.slice(2)]);
process.exitCode = code;
process.stderr.write(`maxrss=${process.resourceUsage().maxRSS}\n`);
