/**
 * One-shot commands as a script runs them (part `oneshot` of scripts/bench.mjs), on each
 * supported Node line: `wfd cases get ID -o plain` and `wfd cases list --limit 10 -o plain`
 * against scripts/bench-oneshot-baseline.cjs, a CommonJS node:http script that sends the same
 * request and prints the same rows, run by the same Node. On a pipe, as a script has them; the
 * client's rate limiter on, as a user has it (its shared budget in a private state folder, one
 * per line, so that no line waits for another's requests).
 *
 * The four commands run in turn, the order rotating each round (scripts/bench-startup.mjs);
 * each run's output must be the baseline's. Reported: wall time and its ratio to the baseline of
 * the same round, the tail after the last output, peak RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, cleanEnv, describe, nodeBinaries, ROOT, rotate } from './bench-startup.mjs';

const BASELINE = path.join(ROOT, 'scripts', 'bench-oneshot-baseline.cjs');

/** Returns {lines: [{line, version, results: {name: describe(...)}}], missing}. */
export async function benchOneshot({ runner, withSandbox, runs = 15, warmups = 2, log = () => {} }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'wfd-bench-oneshot-'));
  const binaries = nodeBinaries(log);
  try {
    return await withSandbox({ cases: 200 }, async (sandbox) => {
      const lines = [];
      for (const { line, node, version } of binaries.filter((binary) => binary.node)) {
        const env = cleanEnv({
          WFD_TOKEN: sandbox.token,
          WFD_BASE_URL: sandbox.baseUrl,
          WFD_CONFIG_DIR: path.join(scratch, String(line)),
        });
        const bare = (...args) => ({
          argv: [node, BASELINE, sandbox.baseUrl, sandbox.token, ...args],
          env,
          tty: false,
        });
        const first = await runner.measure(bare('list'));
        if (first.code !== 0) throw new Error(`one-shot baseline list exited ${first.code}: ${first.output}`);
        const id = first.output.split('\t')[0];
        const got = await runner.measure(bare('get', id));
        // Each run must print the baseline's lines: the list's in its order, a record's fields in any.
        const quoted = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const exactly = (text) => new RegExp(`^${quoted(text)}$`);
        const sameLines = (text) => ({
          test: (output) =>
            [...output.trim().split('\n')].sort().join('\n') ===
            [...text.trim().split('\n')].sort().join('\n'),
        });
        const variants = {
          'bare cases get': { ...bare('get', id), expect: exactly(got.output) },
          'wfd cases get ID -o plain': {
            argv: [node, BIN, 'cases', 'get', id, '-o', 'plain'],
            env,
            tty: false,
            expect: sameLines(got.output),
          },
          'bare cases list': { ...bare('list'), expect: exactly(first.output) },
          'wfd cases list --limit 10 -o plain': {
            argv: [node, BIN, 'cases', 'list', '--limit', '10', '-o', 'plain'],
            env,
            tty: false,
            expect: exactly(first.output),
          },
        };
        log(
          `one-shot on Node ${line}: ${warmups} warm-up + ${runs} rounds of ${Object.keys(variants).length} commands`,
        );
        const samples = await rotate(runner, variants, { runs, warmups, label: `one-shot on Node ${line}` });
        const results = {
          'bare cases get': describe(samples['bare cases get']),
          'bare cases list': describe(samples['bare cases list']),
          'wfd cases get ID -o plain': describe(
            samples['wfd cases get ID -o plain'],
            samples['bare cases get'],
          ),
          'wfd cases list --limit 10 -o plain': describe(
            samples['wfd cases list --limit 10 -o plain'],
            samples['bare cases list'],
          ),
        };
        lines.push({ line, version, results });
      }
      return { lines, missing: binaries.filter((binary) => binary.missing) };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
