/**
 * wfd's benchmark: ratios measured side by side in one run, never absolute thresholds.
 *
 *   npm run bench                  (builds, then runs this script)
 *   BENCH_QUICK=1 node scripts/bench.mjs   (sizes / 10, one repeat: a smoke run)
 *
 * 1. Start-up: `node bin/wfd.js --version` and `... cases list --help` against `node -e 0`,
 *    run alternately, medians.
 * 2. Throughput: a sandbox (a child `wfd sandbox start`) of 100,000 cases;
 *    `wfd cases list --all -o ndjson` against scripts/bench-baseline.mjs (a minimal undici
 *    loop with the same concurrency), alternately, median wall times; every run's line count
 *    must equal the API's `meta.total_count`.
 * 3. Memory: peak RSS of the same list at 10,000 and 100,000 cases, wfd through
 *    scripts/bench-rss.mjs (the CLI run in-process, then `maxrss=<KiB>` on stderr) and the
 *    baseline, which reports its own.
 *
 * Prints a table and one line of machine facts; writes the numbers to .bench/last.json.
 * Cleans up its sandboxes and temp dirs whatever happens; exits 1 with a message on any
 * failure. Timings are reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'wfd.js');
const RSS_WRAPPER = path.join(ROOT, 'scripts', 'bench-rss.mjs');
const BASELINE = path.join(ROOT, 'scripts', 'bench-baseline.mjs');
const NODE = process.execPath;

const QUICK = process.env.BENCH_QUICK === '1';
const CONFIG = {
  quick: QUICK,
  concurrency: 4,
  startupWarmups: QUICK ? 1 : 2,
  startupRuns: QUICK ? 1 : 15,
  smallCases: QUICK ? 1_000 : 10_000,
  largeCases: QUICK ? 10_000 : 100_000,
  throughputRuns: QUICK ? 1 : 3,
};

const STARTUP_TIMEOUT_MS = 30_000;
const LIST_TIMEOUT_MS = 5 * 60_000;
const SANDBOX_TIMEOUT_MS = 3 * 60_000;
const STDERR_KEEP = 64 * 1024;

class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Clean-up: every child and temp dir is registered, and released on success, failure or signal.

const children = new Set();
const tempDirs = new Set();
let cleanupPromise;
let interrupted = false;

function makeTempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

async function stopChild(child, graceMs = 5_000) {
  if (!alive(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => alive(child) && child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function cleanup() {
  cleanupPromise ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(child)));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    tempDirs.clear();
  })();
  return cleanupPromise;
}

// Last resort (an exit that skipped the async clean-up): no child or temp dir outlives us.
process.on('exit', () => {
  for (const child of children) if (alive(child)) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\nbench: ${signal}, cleaning up\n`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------
// Child processes

/** The environment of every wfd child: no inherited WFD_* settings, no colour, a private config. */
function cliEnv(configDir, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('WFD_') && key !== 'FORCE_COLOR') env[key] = value;
  }
  return { ...env, NO_COLOR: '1', WFD_CONFIG_DIR: configDir, ...extra };
}

function tail(text, max = 2_000) {
  const trimmed = text.trim();
  return trimmed.length > max ? `…${trimmed.slice(-max)}` : trimmed;
}

/**
 * Runs a child to completion, timed from spawn to the close of its stdio.
 * `onStdout` receives each stdout chunk; stderr's last 64 KiB are kept.
 * @returns {{ ms: number, stderr: string }}
 * @throws BenchError when it cannot start, times out or exits non-zero
 */
function runChild(label, args, { env, onStdout, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(NODE, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk) => onStdout?.(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(new BenchError(`${label}: could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      const ms = performance.now() - start;
      clearTimeout(timer);
      children.delete(child);
      if (timedOut) return reject(new BenchError(`${label}: timed out after ${timeoutMs / 1000} s`));
      if (code !== 0) {
        const how = signal ? `was killed by ${signal}` : `exited ${code}`;
        return reject(new BenchError(`${label} ${how}${stderr.trim() ? `:\n${tail(stderr)}` : ''}`));
      }
      resolve({ ms, stderr });
    });
  });
}

/** Counts the lines of an NDJSON stream and keeps its first line, to check the rows are rows. */
function ndjsonCounter() {
  const state = { lines: 0, bytes: 0, first: '', firstDone: false, lastByte: -1 };
  return {
    state,
    onData(chunk) {
      state.bytes += chunk.length;
      let at = chunk.indexOf(10);
      if (!state.firstDone) {
        state.first += chunk.toString('utf8', 0, at === -1 ? chunk.length : at);
        if (at !== -1 || state.first.length > 1_000_000) state.firstDone = true;
      }
      while (at !== -1) {
        state.lines++;
        at = chunk.indexOf(10, at + 1);
      }
      state.lastByte = chunk[chunk.length - 1];
    },
  };
}

function parseMaxRss(label, stderr) {
  const match = /(?:^|\n)maxrss=(\d+)\s*$/.exec(stderr);
  if (!match) throw new BenchError(`${label}: no "maxrss=<KiB>" last line on stderr:\n${tail(stderr)}`);
  return Number(match[1]); // KiB
}

// ---------------------------------------------------------------------------------------------
// Sandboxes

function firstStdoutLine(child, label, timeoutMs, stderrRef) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      done();
      reject(
        new BenchError(`${label}: no first line within ${timeoutMs / 1000} s:\n${tail(stderrRef.text)}`),
      );
    }, timeoutMs);
    const onData = (chunk) => {
      buffer += chunk;
      const at = buffer.indexOf('\n');
      if (at === -1) return;
      done();
      resolve(buffer.slice(0, at));
    };
    const onExit = (code, signal) => {
      done();
      const how = signal ? `was killed by ${signal}` : `exited ${code}`;
      reject(new BenchError(`${label} ${how} before it printed its address:\n${tail(stderrRef.text)}`));
    };
    const onError = (error) => {
      done();
      reject(new BenchError(`${label}: could not start: ${error.message}`));
    };
    function done() {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      child.stdout.resume(); // keep draining: a full pipe must never block the server
    }
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/** Starts `wfd sandbox start` with `cases` cases; resolves once it serves and its count is known. */
async function startSandbox(cases) {
  const label = `sandbox (${cases} cases)`;
  const configDir = makeTempDir('wfd-bench-sandbox-');
  const args = [BIN, 'sandbox', 'start', '--port', '0', '-o', 'json', '--rate-limit', 'off'];
  args.push('--cases', String(cases), '--no-profile');
  const started = performance.now();
  const child = spawn(NODE, args, { cwd: ROOT, env: cliEnv(configDir), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const stderrRef = { text: '' };
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderrRef.text = (stderrRef.text + chunk).slice(-STDERR_KEEP);
  });
  const line = await firstStdoutLine(child, label, SANDBOX_TIMEOUT_MS, stderrRef);
  let info;
  try {
    info = JSON.parse(line);
  } catch {
    throw new BenchError(`${label}: first line is not JSON: ${line.slice(0, 200)}`);
  }
  const workspace = info?.workspaces?.[0];
  if (typeof info?.baseUrl !== 'string' || typeof workspace?.token !== 'string') {
    throw new BenchError(`${label}: first line lacks baseUrl or workspaces[0].token: ${line.slice(0, 200)}`);
  }
  const seedMs = performance.now() - started;
  const totalCount = await apiTotalCount(info.baseUrl, workspace.token, label);
  return {
    cases,
    baseUrl: info.baseUrl,
    token: workspace.token,
    workspace: workspace.slug,
    totalCount,
    seedMs,
    close: async () => {
      await stopChild(child);
      children.delete(child);
    },
  };
}

async function apiTotalCount(baseUrl, token, label) {
  const url = `${baseUrl}/v1/cases?page[number]=1&page[size]=1`;
  const { statusCode, body } = await request(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await body.text();
  if (statusCode !== 200)
    throw new BenchError(`${label}: GET ${url}: HTTP ${statusCode}: ${tail(text, 300)}`);
  const total = JSON.parse(text)?.meta?.total_count;
  if (!Number.isInteger(total) || total <= 0) {
    throw new BenchError(
      `${label}: meta.total_count is ${JSON.stringify(total)}: expected a positive integer`,
    );
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Measurements

async function timeStartup(label, args, configDir) {
  let out = '';
  const { ms } = await runChild(label, args, {
    env: cliEnv(configDir),
    timeoutMs: STARTUP_TIMEOUT_MS,
    onStdout: (chunk) => {
      if (out.length < 100_000) out += chunk;
    },
  });
  return { ms, out };
}

/** Alternates `args` and `node -e 0` (who goes first alternates too); returns both sample sets. */
async function startupPair(name, args, configDir) {
  const cli = [];
  const bare = [];
  const total = CONFIG.startupWarmups + CONFIG.startupRuns;
  for (let i = 0; i < total; i++) {
    const order = i % 2 === 0 ? ['cli', 'bare'] : ['bare', 'cli'];
    for (const which of order) {
      if (which === 'cli') {
        const { ms, out } = await timeStartup(`wfd ${name}`, [BIN, ...args], configDir);
        if (out.trim() === '') throw new BenchError(`wfd ${name} printed nothing on stdout`);
        if (i >= CONFIG.startupWarmups) cli.push(ms);
      } else {
        const { ms } = await timeStartup('node -e 0', ['-e', '0'], configDir);
        if (i >= CONFIG.startupWarmups) bare.push(ms);
      }
    }
  }
  return { cli, bare };
}

const LIST_ARGS = ['--concurrency', String(CONFIG.concurrency), 'cases', 'list', '--all', '-o', 'ndjson'];

/** One list run of `kind` ('wfd' | 'wfd-rss' | 'baseline') against `sandbox`; checks its rows. */
async function listRun(kind, sandbox, configDir) {
  const label = `${kind} list of ${sandbox.totalCount} rows`;
  const counter = ndjsonCounter();
  let args;
  if (kind === 'wfd') args = [BIN, ...LIST_ARGS];
  else if (kind === 'wfd-rss') args = [RSS_WRAPPER, ...LIST_ARGS];
  else args = [BASELINE, sandbox.baseUrl, sandbox.token, String(CONFIG.concurrency)];
  const env = cliEnv(configDir, { WFD_TOKEN: sandbox.token, WFD_BASE_URL: sandbox.baseUrl });
  const { ms, stderr } = await runChild(label, args, {
    env,
    onStdout: counter.onData,
    timeoutMs: LIST_TIMEOUT_MS,
  });
  const { lines, bytes, first, lastByte } = counter.state;
  if (lines !== sandbox.totalCount) {
    throw new BenchError(
      `${label}: row-count mismatch: printed ${lines} lines, the API's meta.total_count is ${sandbox.totalCount}`,
    );
  }
  if (bytes > 0 && lastByte !== 10) throw new BenchError(`${label}: output does not end with a newline`);
  let row;
  try {
    row = JSON.parse(first);
  } catch {
    throw new BenchError(`${label}: first line is not JSON: ${first.slice(0, 200)}`);
  }
  if (typeof row?.id !== 'string')
    throw new BenchError(`${label}: first row has no id: ${first.slice(0, 200)}`);
  const maxRssKiB = kind === 'wfd' ? undefined : parseMaxRss(label, stderr);
  return { ms, rows: lines, bytes, maxRssKiB };
}

// ---------------------------------------------------------------------------------------------
// Statistics and the table

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmt = {
  ms: (v) => `${v.toFixed(1)} ms`,
  s: (v) => `${(v / 1000).toFixed(2)} s`,
  rate: (v) => `${Math.round(v).toLocaleString('en-US')} rows/s`,
  mib: (v) => `${(v / 1024).toFixed(1)} MiB`,
  x: (v) => `${v.toFixed(2)}×`,
  range: (values, unit) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return unit === 'ms'
      ? `${lo.toFixed(1)}–${hi.toFixed(1)} ms`
      : `${(lo / 1000).toFixed(2)}–${(hi / 1000).toFixed(2)} s`;
  },
};

function printTable(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  // The first column (labels) and the last (notes) align left, numbers right.
  const line = (row) =>
    row
      .map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  process.stdout.write(`${out.join('\n')}\n`);
}

function compactCount(n) {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n);
}

function loadavg() {
  return os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
    memGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadavgStart: os.loadavg(),
  };
  const loadStart = loadavg();
  const progress = (text) => process.stderr.write(`bench: ${text}\n`);
  const configDir = makeTempDir('wfd-bench-config-');
  const benchStart = performance.now();
  if (QUICK) progress('BENCH_QUICK=1: sizes / 10, one repeat (a smoke run, not a measurement)');

  // 1. Start-up
  progress(`start-up: ${CONFIG.startupWarmups} warm-ups + ${CONFIG.startupRuns} runs of each, alternating`);
  const version = await startupPair('--version', ['--version'], configDir);
  const help = await startupPair('cases list --help', ['cases', 'list', '--help'], configDir);

  // 3 (small size). Memory at the small size, from its own sandbox.
  const small = await withSandbox(CONFIG.smallCases, async (sandbox) => {
    progress(`memory: ${sandbox.totalCount} rows (sandbox of ${CONFIG.smallCases} cases)`);
    const wfd = await listRun('wfd-rss', sandbox, configDir);
    const baseline = await listRun('baseline', sandbox, configDir);
    return { sandbox: describeSandbox(sandbox), wfd, baseline };
  });

  // 2 and 3 (large size). Throughput, then memory.
  const large = await withSandbox(CONFIG.largeCases, async (sandbox) => {
    const wfdRuns = [];
    const baselineRuns = [];
    for (let i = 0; i < CONFIG.throughputRuns; i++) {
      progress(`throughput: run ${i + 1}/${CONFIG.throughputRuns}, ${sandbox.totalCount} rows`);
      const order = i % 2 === 0 ? ['wfd', 'baseline'] : ['baseline', 'wfd'];
      for (const kind of order) {
        const result = await listRun(kind, sandbox, configDir);
        (kind === 'wfd' ? wfdRuns : baselineRuns).push(result);
      }
    }
    progress(`memory: ${sandbox.totalCount} rows (sandbox of ${CONFIG.largeCases} cases)`);
    const wfd = await listRun('wfd-rss', sandbox, configDir);
    const baseline = await listRun('baseline', sandbox, configDir);
    return { sandbox: describeSandbox(sandbox), wfdRuns, baselineRuns, wfd, baseline };
  });

  // Results
  const rows = large.sandbox.totalCount;
  const startup = {
    version: { wfdMs: median(version.cli), nodeMs: median(version.bare) },
    help: { wfdMs: median(help.cli), nodeMs: median(help.bare) },
  };
  const wfdWall = median(large.wfdRuns.map((r) => r.ms));
  const baseWall = median(large.baselineRuns.map((r) => r.ms));
  const throughput = {
    rows,
    wfdMs: wfdWall,
    baselineMs: baseWall,
    wfdRowsPerSec: rows / (wfdWall / 1000),
    baselineRowsPerSec: rows / (baseWall / 1000),
    ratio: wfdWall / baseWall,
    wfdBytes: large.wfdRuns[0].bytes,
    baselineBytes: large.baselineRuns[0].bytes,
  };
  const memory = {
    small: {
      rows: small.sandbox.totalCount,
      wfdKiB: small.wfd.maxRssKiB,
      baselineKiB: small.baseline.maxRssKiB,
    },
    large: { rows, wfdKiB: large.wfd.maxRssKiB, baselineKiB: large.baseline.maxRssKiB },
  };
  memory.wfdGrowth = memory.large.wfdKiB / memory.small.wfdKiB;
  memory.baselineGrowth = memory.large.baselineKiB / memory.small.baselineKiB;

  const S = compactCount(CONFIG.smallCases);
  const L = compactCount(CONFIG.largeCases);
  const nStart = `n=${CONFIG.startupRuns}`;
  const nList = `n=${CONFIG.throughputRuns}`;
  const table = [
    [
      'start-up: --version (median)',
      fmt.ms(startup.version.wfdMs),
      fmt.ms(startup.version.nodeMs),
      fmt.x(startup.version.wfdMs / startup.version.nodeMs),
      `${nStart}; wfd ${fmt.range(version.cli, 'ms')}, node ${fmt.range(version.bare, 'ms')}`,
    ],
    [
      'start-up: cases list --help (median)',
      fmt.ms(startup.help.wfdMs),
      fmt.ms(startup.help.nodeMs),
      fmt.x(startup.help.wfdMs / startup.help.nodeMs),
      `${nStart}; wfd ${fmt.range(help.cli, 'ms')}, node ${fmt.range(help.bare, 'ms')}`,
    ],
    [
      `list --all, ${L} sandbox: wall (median)`,
      fmt.s(wfdWall),
      fmt.s(baseWall),
      fmt.x(throughput.ratio),
      `${nList}; ${rows} rows; wfd ${fmt.range(
        large.wfdRuns.map((r) => r.ms),
        's',
      )}, baseline ${fmt.range(
        large.baselineRuns.map((r) => r.ms),
        's',
      )}`,
    ],
    [
      `list --all, ${L} sandbox: throughput`,
      fmt.rate(throughput.wfdRowsPerSec),
      fmt.rate(throughput.baselineRowsPerSec),
      fmt.x(throughput.wfdRowsPerSec / throughput.baselineRowsPerSec),
      'rows / median wall time (start-up included)',
    ],
    [
      `peak RSS, ${S} sandbox`,
      fmt.mib(memory.small.wfdKiB),
      fmt.mib(memory.small.baselineKiB),
      fmt.x(memory.small.wfdKiB / memory.small.baselineKiB),
      `${memory.small.rows} rows; maxRSS of one run each`,
    ],
    [
      `peak RSS, ${L} sandbox`,
      fmt.mib(memory.large.wfdKiB),
      fmt.mib(memory.large.baselineKiB),
      fmt.x(memory.large.wfdKiB / memory.large.baselineKiB),
      `${memory.large.rows} rows; maxRSS of one run each`,
    ],
    [
      `peak RSS growth, ${L}/${S}`,
      fmt.x(memory.wfdGrowth),
      fmt.x(memory.baselineGrowth),
      '',
      `${(memory.large.rows / memory.small.rows).toFixed(1)}× the rows`,
    ],
  ];
  const header = ['measure', 'wfd', 'baseline', 'wfd/baseline', 'notes'];
  process.stdout.write(`\nwfd benchmark${QUICK ? ' (BENCH_QUICK=1: smoke run, sizes / 10)' : ''}\n`);
  process.stdout.write(
    'baseline: `node -e 0` for start-up; scripts/bench-baseline.mjs (bare undici Pool, same concurrency) for lists\n\n',
  );
  printTable(header, table);
  const loadEnd = loadavg();
  process.stdout.write(
    `\nmachine: node ${machine.node}, ${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), ` +
      `${machine.memGiB} GiB, loadavg ${loadStart} at start / ${loadEnd} at end; ` +
      `concurrency ${CONFIG.concurrency}; took ${((performance.now() - benchStart) / 1000).toFixed(0)} s\n`,
  );

  const benchDir = path.join(ROOT, '.bench');
  mkdirSync(benchDir, { recursive: true });
  const record = {
    date: new Date().toISOString(),
    config: CONFIG,
    machine: { ...machine, loadavgEnd: os.loadavg() },
    durationMs: performance.now() - benchStart,
    startup: {
      version: {
        ...startup.version,
        ratio: startup.version.wfdMs / startup.version.nodeMs,
        samples: version,
      },
      help: { ...startup.help, ratio: startup.help.wfdMs / startup.help.nodeMs, samples: help },
    },
    throughput: {
      ...throughput,
      sandbox: large.sandbox,
      samples: { wfdMs: large.wfdRuns.map((r) => r.ms), baselineMs: large.baselineRuns.map((r) => r.ms) },
      baselineMaxRssKiB: large.baselineRuns.map((r) => r.maxRssKiB),
    },
    memory: {
      ...memory,
      smallRatio: memory.small.wfdKiB / memory.small.baselineKiB,
      largeRatio: memory.large.wfdKiB / memory.large.baselineKiB,
      smallSandbox: small.sandbox,
      largeSandbox: large.sandbox,
    },
  };
  const file = path.join(benchDir, 'last.json');
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  progress(`wrote ${path.relative(process.cwd(), file) || file}`);
}

async function withSandbox(cases, body) {
  process.stderr.write(`bench: starting a sandbox of ${cases} cases\n`);
  const sandbox = await startSandbox(cases);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

function describeSandbox(sandbox) {
  const { cases, workspace, totalCount, seedMs } = sandbox;
  return { cases, workspace, totalCount, seedMs };
}

try {
  await main();
  await cleanup();
} catch (error) {
  if (!interrupted) {
    const message = error instanceof BenchError ? error.message : (error?.stack ?? String(error));
    process.stderr.write(`bench: FAILED: ${message}\n`);
    await cleanup();
    process.exitCode = 1;
  }
}
