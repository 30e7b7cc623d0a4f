/**
 * The benchmark's one-shot part (BENCH_ONLY=oneshot): what a script calling wfd once per id pays.
 *
 * Against one sandbox, alternately (who goes first rotates): scripts/bench-oneshot-baseline.mjs
 * (a bare node:http request printing the same rows), `wfd cases get ID -o plain` and `wfd cases
 * list --limit 10 -o plain`, each with the client's rate limiter as a user has it (on, its shared
 * budget in a private state folder). For each: the median wall time (spawn to exit) as a ratio to
 * the baseline's, the tail (the child's exit after the last stdout/stderr byte this process saw,
 * which timers or sockets left open stretch), and peak RSS (GNU time's %M, written to a file so
 * it is not output). Every run's stdout is checked against the baseline's rows. A last row puts
 * `cases get` beside the same with WFD_RATE_LIMIT=off: what the limiter and its budget shared
 * between processes (a locked file read and written per request) cost a one-shot. Then `cases get`
 * against the bare request on each other supported Node line (scripts/bench-startup.mjs finds the
 * binaries), with the same alternation.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, nodeBinaries } from './bench-startup.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'wfd.js');
const BASELINE = path.join(ROOT, 'scripts', 'bench-oneshot-baseline.mjs');
const GNU_TIME = '/usr/bin/time';
const TIMEOUT_MS = 30_000;

/**
 * One run of `node args` to its exit: wall ms, tail ms after the last output byte, peak RSS KiB
 * (undefined without GNU time), stdout.
 */
function runOnce(label, args, env, scratch, node = process.execPath) {
  return new Promise((resolve, reject) => {
    const rssFile = path.join(scratch, 'rss');
    rmSync(rssFile, { force: true });
    const withTime = existsSync(GNU_TIME);
    const [command, argv] = withTime ? [GNU_TIME, ['-f', '%M', '-o', rssFile, node, ...args]] : [node, args];
    const start = performance.now();
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let lastOutput = start;
    let exitAt;
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      lastOutput = performance.now();
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      lastOutput = performance.now();
      stderr += chunk;
    });
    child.on('exit', () => {
      exitAt = performance.now();
    });
    child.on('error', (error) => reject(new Error(`${label}: could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0)
        return reject(new Error(`${label} exited ${signal ?? code}: ${stderr.trim().slice(-1000)}`));
      const maxRssKiB = withTime
        ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1))
        : undefined;
      // A pipe's last bytes can arrive after the exit event: the tail is then none.
      resolve({ ms: exitAt - start, tailMs: Math.max(0, exitAt - lastOutput), maxRssKiB, stdout });
    });
  });
}

const ms = (set) => set.map((run) => run.ms);

const range = (values, digits = 1) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/**
 * Runs the part over a sandbox from `withSandbox` (bench.mjs's), wfd with `env(extra)`;
 * returns table rows [measure, wfd, baseline, ratio, notes] and the record for last.json.
 */
export async function benchOneshot({ withSandbox, env, quick = false, progress = () => {} }) {
  const warmups = quick ? 1 : 2;
  const runs = quick ? 3 : 15;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'wfd-bench-oneshot-'));
  try {
    return await withSandbox({ cases: 200 }, async (sandbox) => {
      const childEnv = env({
        WFD_TOKEN: sandbox.token,
        WFD_BASE_URL: sandbox.baseUrl,
        XDG_STATE_HOME: path.join(scratch, 'state'),
      });
      const first = await runOnce(
        'baseline list',
        [BASELINE, sandbox.baseUrl, sandbox.token, 'list'],
        childEnv,
        scratch,
      );
      const id = first.stdout.split('\t')[0];
      const kinds = {
        baseline: {
          label: 'bare node:http',
          list: [BASELINE, sandbox.baseUrl, sandbox.token, 'list'],
          get: [BASELINE, sandbox.baseUrl, sandbox.token, 'get', id],
        },
        wfd: {
          label: 'wfd',
          list: [BIN, 'cases', 'list', '--limit', '10', '-o', 'plain'],
          get: [BIN, 'cases', 'get', id, '-o', 'plain'],
        },
      };
      // The same get without the client's limiter: what the limiter and its shared budget cost.
      kinds.unlimited = { label: 'wfd, WFD_RATE_LIMIT=off', get: kinds.wfd.get };
      const envOf = { unlimited: { ...childEnv, WFD_RATE_LIMIT: 'off' } };
      const samples = {};
      const expected = {};
      for (const command of ['list', 'get']) {
        for (const kind of Object.keys(kinds)) if (kinds[kind][command]) samples[`${kind} ${command}`] = [];
      }
      const order = Object.keys(samples);
      progress(`one-shot: ${warmups} warm-ups + ${runs} runs of each of ${order.join(', ')}, rotating`);
      for (let i = 0; i < warmups + runs; i++) {
        for (let k = 0; k < order.length; k++) {
          const name = order[(i + k) % order.length];
          const [kind, command] = name.split(' ');
          const run = await runOnce(name, kinds[kind][command], envOf[kind] ?? childEnv, scratch);
          // The list's rows must be the baseline's; a record must be the one asked for.
          const rows = run.stdout
            .trim()
            .split('\n')
            .map((line) => line.split('\t')[0]);
          const printed =
            command === 'list' ? rows.join() : String(rows.includes('id') && run.stdout.includes(id));
          expected[command] ??= command === 'list' ? printed : 'true';
          if (printed !== expected[command])
            throw new Error(`${name}: printed other rows than the baseline:\n${run.stdout.slice(0, 500)}`);
          if (i >= warmups) samples[name].push(run);
        }
      }
      const rows = [];
      const record = { runs, warmups, commands: {} };
      for (const [command, title] of [
        ['get', 'cases get ID -o plain'],
        ['list', 'cases list --limit 10 -o plain'],
      ]) {
        const wfd = samples[`wfd ${command}`];
        const bare = samples[`baseline ${command}`];
        const tails = (set) => set.map((run) => run.tailMs);
        const rss = (set) => set.map((run) => run.maxRssKiB / 1024);
        const ratios = wfd.map((run, i) => run.ms / bare[i].ms);
        rows.push(
          [
            `one-shot ${title}: wall (median)`,
            `${median(ms(wfd)).toFixed(1)} ms`,
            `${median(ms(bare)).toFixed(1)} ms`,
            `${(median(ms(wfd)) / median(ms(bare))).toFixed(2)}×`,
            `n=${runs}; wfd ${range(ms(wfd))} ms, bare ${range(ms(bare))} ms; per-pair ratio ${range(ratios, 2)}×`,
          ],
          [
            `one-shot ${title}: tail after last output`,
            `${median(tails(wfd)).toFixed(1)} ms`,
            `${median(tails(bare)).toFixed(1)} ms`,
            '',
            `median; wfd ${range(tails(wfd))} ms, bare ${range(tails(bare))} ms (last stdout/stderr byte to exit)`,
          ],
        );
        if (wfd[0].maxRssKiB !== undefined) {
          rows.push([
            `one-shot ${title}: peak RSS`,
            `${median(rss(wfd)).toFixed(1)} MiB`,
            `${median(rss(bare)).toFixed(1)} MiB`,
            `${(median(rss(wfd)) / median(rss(bare))).toFixed(2)}×`,
            `median; wfd ${range(rss(wfd))} MiB, bare ${range(rss(bare))} MiB`,
          ]);
        }
        record.commands[command] = {
          wfdMs: ms(wfd),
          baselineMs: ms(bare),
          wfdTailMs: tails(wfd),
          baselineTailMs: tails(bare),
          wfdMaxRssKiB: wfd.map((run) => run.maxRssKiB),
          baselineMaxRssKiB: bare.map((run) => run.maxRssKiB),
          ratio: median(ms(wfd)) / median(ms(bare)),
        };
      }
      const shared = ms(samples['wfd get']);
      const unlimited = ms(samples['unlimited get']);
      const diffs = shared.map((value, i) => value - unlimited[i]);
      rows.push([
        'one-shot cases get: rate limiter on (shared budget) vs off',
        `${median(shared).toFixed(1)} ms`,
        `${median(unlimited).toFixed(1)} ms`,
        `${(median(shared) / median(unlimited)).toFixed(2)}×`,
        `median difference ${median(diffs).toFixed(1)} ms (per pair ${range(diffs)} ms); baseline: WFD_RATE_LIMIT=off`,
      ]);
      record.sharedBudget = { onMs: shared, offMs: unlimited };
      record.lines = {};
      for (const binary of nodeBinaries(progress)) {
        if (binary.node === process.execPath) continue;
        if (!binary.node) {
          rows.push([`one-shot cases get on Node ${binary.line}`, '', '', '', `left out: ${binary.missing}`]);
          continue;
        }
        progress(`one-shot: cases get on Node ${binary.line}`);
        const pair = { wfd: [], bare: [] };
        for (let i = 0; i < warmups + runs; i++) {
          for (const kind of i % 2 ? ['wfd', 'bare'] : ['bare', 'wfd']) {
            const args = kind === 'wfd' ? kinds.wfd.get : kinds.baseline.get;
            const run = await runOnce(
              `${kind} get on Node ${binary.line}`,
              args,
              childEnv,
              scratch,
              binary.node,
            );
            if (i >= warmups) pair[kind].push(run);
          }
        }
        const ratios = pair.wfd.map((run, i) => run.ms / pair.bare[i].ms);
        rows.push([
          `one-shot cases get ID -o plain on Node ${binary.line}: wall (median)`,
          `${median(ms(pair.wfd)).toFixed(1)} ms`,
          `${median(ms(pair.bare)).toFixed(1)} ms`,
          `${(median(ms(pair.wfd)) / median(ms(pair.bare))).toFixed(2)}×`,
          `n=${runs}; per-pair ratio ${range(ratios, 2)}×; bare: that Node running the same script`,
        ]);
        record.lines[binary.line] = { wfdMs: ms(pair.wfd), baselineMs: ms(pair.bare) };
      }
      return { rows, record };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
