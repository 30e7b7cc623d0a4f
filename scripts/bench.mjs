/**
 * wfd's benchmark: ratios measured side by side in one run, never absolute thresholds.
 *
 *   npm run bench                  (builds, then runs this script)
 *   BENCH_QUICK=1 node scripts/bench.mjs   (sizes / 10, one repeat: a smoke run)
 *   BENCH_RUNS=40 ...              (rounds of start-up and one-shot commands; 15 by default)
 *
 * 1. Start-up as people meet it, on Node 20, 22 and 24 (scripts/bench-startup.mjs): help at a
 *    terminal (a pseudo-terminal of 80x24; paged by less, as by default, and timed until less
 *    has drawn its first screen) and piped, separately, beside `gh issue list --help` and
 *    `node -e 0`; `wfd --version` beside `node -e 0`. Wall time, ratio to the baseline of
 *    the same round, tail after the last output, peak RSS.
 * 1b. One-shot, on the same three lines (scripts/bench-oneshot.mjs): `cases get ID -o plain` and
 *    `cases list --limit 10 -o plain` against a CommonJS node:http script that sends the same
 *    request and prints the same rows (scripts/bench-oneshot-baseline.cjs).
 *    Both print a table per line with min-max, then the goals, each marked met or not met.
 * 2. Throughput: a sandbox (a child `wfd sandbox start`) of 100,000 cases;
 *    `wfd cases list --all -o ndjson` against scripts/bench-baseline.mjs (a minimal node:http
 *    loop with the same concurrency), alternately, median wall times; every run's line count
 *    must equal the API's `meta.total_count`.
 * 3. Memory: peak RSS of the same list at 10,000 and 100,000 cases, wfd and the baseline
 *    (GNU time's %M).
 * 4. Tables: `wfd cases list --all -o table` (on a pipe, COLUMNS=120) beside `-o plain` over
 *    sandboxes of 20,000 and 100,000 cases, wall time and peak RSS of one run each; the table
 *    must print the title, a blank line, the header and one line per row. And the same list at an
 *    80x24 terminal, a table in less, timed to its first screen. Goals: table <= 1.5x plain,
 *    first screen <= 1 s, peak RSS <= 80 MB for both (each marked met or NOT MET).
 * 5. Forms: `wfd forms list --all -o ndjson` over a sandbox of 50,000 forms against the same
 *    baseline loop over /v1/forms (same concurrency), alternately, median wall times; the line
 *    count must equal `meta.total_count`.
 * 6. Webhook latency: a form notifies two receivers of `forms:updated`, `wfd webhooks listen
 *    -o ndjson` (a child) and a bare node:http server in this process; each sample is one PATCH
 *    sent by this script, timed to the listener's stdout line and to the bare server's request;
 *    median and p95 of each.
 * 7. Attachments, each over its own sandbox:
 *    - export: `wfd attachments export` of at least 300 attachments (200 MB or more) against
 *      scripts/bench-export-baseline.mjs (the same forms list, reads and downloads with the same
 *      concurrency, streamed to files), alternately, median wall times; both must write the same
 *      number of files and bytes;
 *    - memory: peak RSS of `wfd attachments download <id> -O FILE` of one 1 GiB attachment
 *      beside the baseline's download of the same file;
 *    - rate limits: an export under the spec's limits with a scaled window (sandbox and client
 *      both at 100 requests per window, and 10 times that per 60 windows), its wall time over
 *      the theoretical minimum (R requests cannot take less than floor((R - 1) / 100) windows),
 *      and the 429s the sandbox answered, which must be none.
 * 8. Resilience: (a) a rate-limited job, the sandbox at --rate-limit 20/2s and the client's
 *    limiter set to the same (WFD_RATE_LIMIT=20/2s), `cases list --all -q` of 60 pages; its wall
 *    time against the least the limit allows (the unlimited run plus 2 s for each 20 requests
 *    past the first 20), and the number of 429 answers it met (from --debug; expected 0).
 *    (b) the same list against a sandbox injecting 429:0.1,503:0.05,reset:0.03,slow:0.02
 *    (--slow-ms 300) beside a fault-free one, median wall times; both must print every id.
 * 9. Data dir start-up: `wfd sandbox start --data-dir` of 100,000 cases whose journal holds some
 *    thousands of changes (made by this script: cases created, case data changed, forms changed,
 *    8 at a time), against the same start in memory, alternately; each time from spawn to the
 *    -o json line, medians.
 *
 * BENCH_ONLY=startup,oneshot,cases,forms,webhooks,attachments,resilience,datadir runs some of
 * the parts (cases: 2-4); `npm run bench` passes it on (BENCH_ONLY=startup,oneshot npm run bench).
 *
 * Every process it starts runs without NODE_* (NODE_EXTRA_CA_CERTS, NODE_OPTIONS) and WFD_*
 * settings: Node 20 reads NODE_EXTRA_CA_CERTS at every start (about 40 ms here), on both sides.
 *
 * Prints a table and one line of machine facts; writes the numbers to .bench/last.json.
 * Cleans up its sandboxes and temp dirs whatever happens; exits 1 with a message on any
 * failure. Timings are reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchOneshot } from './bench-oneshot.mjs';
import { benchStartup, cleanEnv, median, startRunner } from './bench-startup.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'wfd.js');
const GNU_TIME = '/usr/bin/time';
const BASELINE = path.join(ROOT, 'scripts', 'bench-baseline.mjs');
const FILES_BASELINE = path.join(ROOT, 'scripts', 'bench-export-baseline.mjs');
const NODE = process.execPath;

const QUICK = process.env.BENCH_QUICK === '1';
const CONFIG = {
  quick: QUICK,
  concurrency: 4,
  startupWarmups: QUICK ? 1 : 2,
  // More rounds narrow the medians on a busy machine (BENCH_RUNS=40).
  startupRuns: QUICK ? 1 : Number(process.env.BENCH_RUNS ?? 15),
  smallCases: QUICK ? 1_000 : 10_000,
  largeCases: QUICK ? 10_000 : 100_000,
  tableCases: QUICK ? 2_000 : 20_000,
  throughputRuns: QUICK ? 1 : 3,
  forms: QUICK ? 5_000 : 50_000,
  webhookWarmups: 3,
  webhookSamples: QUICK ? 10 : 50,
  // 400 seeded attachments, 320 of them in the first workspace (the one exported), one in ten of
  // its ordinary ones 8 MiB: about 290 MB.
  exportAttachments: QUICK ? 60 : 400,
  exportRuns: QUICK ? 1 : 3,
  largeBytes: QUICK ? 100 * 2 ** 20 : 2 ** 30,
  // 100 requests per window (and 1,000 per 60 windows), as the spec's limits scaled in time.
  rateWindow: QUICK ? '2s' : '10s',
  // 7,500 generated cases put 6,000 in the first workspace: 60 pages of 100.
  resilienceCases: 7_500,
  resilienceRate: { requests: 20, seconds: 2 },
  faults: '429:0.1,503:0.05,reset:0.03,slow:0.02',
  faultSlowMs: 300,
  faultRuns: QUICK ? 1 : 3,
  dataDirChanges: QUICK ? 300 : 3_000,
  dataDirRuns: QUICK ? 1 : 5,
};

const PARTS = ['startup', 'oneshot', 'cases', 'forms', 'webhooks', 'attachments', 'resilience', 'datadir'];
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((part) => part.trim()) : PARTS;
for (const part of ONLY) {
  if (!PARTS.includes(part)) {
    process.stderr.write(`bench: unknown BENCH_ONLY part "${part}" (expected ${PARTS.join(', ')})\n`);
    process.exit(2);
  }
}
const wants = (part) => ONLY.includes(part);

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

/** The environment of every wfd child: no NODE_* or WFD_* settings, no colour, a private config. */
function cliEnv(configDir, extra = {}) {
  return cleanEnv({ NO_COLOR: '1', WFD_CONFIG_DIR: configDir, ...extra });
}

/**
 * The environment of a wfd list against `sandbox`. The client-side rate limiter is off, as the
 * sandbox's is: at the spec's 100 requests a minute, 800 pages take eight minutes whatever the
 * client does, and the baseline loop has no limiter to compare with.
 */
function listEnv(configDir, sandbox) {
  return cliEnv(configDir, {
    WFD_TOKEN: sandbox.token,
    WFD_BASE_URL: sandbox.baseUrl,
    WFD_RATE_LIMIT: 'off',
  });
}

function tail(text, max = 2_000) {
  const trimmed = text.trim();
  return trimmed.length > max ? `…${trimmed.slice(-max)}` : trimmed;
}

/**
 * Runs a child to completion, timed from spawn to the close of its stdio.
 * `onStdout` receives each stdout chunk; stderr's last 64 KiB are kept. With `rss`, the child
 * runs under GNU time, which writes its peak RSS to a file.
 * @returns {{ ms: number, stderr: string, maxRssKiB?: number }}
 * @throws BenchError when it cannot start, times out or exits non-zero
 */
function runChild(label, args, { env, onStdout, timeoutMs, rss = false }) {
  return new Promise((resolve, reject) => {
    const rssFile = rss ? path.join(makeTempDir('wfd-bench-rss-'), 'rss') : undefined;
    const [command, argv] = rssFile ? [GNU_TIME, ['-f', '%M', '-o', rssFile, NODE, ...args]] : [NODE, args];
    const start = performance.now();
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      if (!rssFile) return resolve({ ms, stderr });
      const maxRssKiB = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
      rmSync(path.dirname(rssFile), { recursive: true, force: true });
      resolve({ ms, stderr, maxRssKiB });
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

/**
 * Starts `wfd sandbox start` with `cases` cases (and `forms` forms, when given; on `dataDir`, when
 * given); resolves once it serves and the count of `resource` (what the lists will read) is known.
 */
async function startSandbox({ cases, forms, resource = 'cases', rateLimit = 'off', extra = [], dataDir }) {
  const label = `sandbox (${cases} cases${forms === undefined ? '' : `, ${forms} forms`})`;
  const configDir = makeTempDir('wfd-bench-sandbox-');
  const args = [BIN, 'sandbox', 'start', '--port', '0', '-o', 'json', '--rate-limit', rateLimit];
  args.push('--cases', String(cases), '--no-profile', ...extra);
  if (forms !== undefined) args.push('--forms', String(forms));
  if (dataDir !== undefined) args.push('--data-dir', dataDir);
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
  if (typeof info?.base_url !== 'string' || typeof workspace?.token !== 'string') {
    throw new BenchError(`${label}: first line lacks base_url or workspaces[0].token: ${line.slice(0, 200)}`);
  }
  const seedMs = performance.now() - started;
  // Not under a rate limit: the request would take a slot of the server's window, unseen by wfd.
  // Under faults, through wfd's retries.
  const totalCount =
    rateLimit !== 'off'
      ? undefined
      : extra.includes('--faults')
        ? await countThroughWfd(info.base_url, workspace.token, label, resource)
        : await apiTotalCount(info.base_url, workspace.token, label, resource);
  return {
    cases,
    forms,
    resource,
    baseUrl: info.base_url,
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

async function apiTotalCount(baseUrl, token, label, resource) {
  const url = `${baseUrl}/v1/${resource}?page[number]=1&page[size]=1`;
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await answer.text();
  if (answer.status !== 200)
    throw new BenchError(`${label}: GET ${url}: HTTP ${answer.status}: ${tail(text, 300)}`);
  const total = JSON.parse(text)?.meta?.total_count;
  if (!Number.isInteger(total) || total <= 0) {
    throw new BenchError(
      `${label}: meta.total_count is ${JSON.stringify(total)}: expected a positive integer`,
    );
  }
  return total;
}

/** `wfd <resource> count`, whose retries ride out a faulty sandbox's faults. */
async function countThroughWfd(baseUrl, token, label, resource) {
  let out = '';
  const env = cliEnv(makeTempDir('wfd-bench-count-'), { WFD_BASE_URL: baseUrl, WFD_TOKEN: token });
  await runChild(`${label}: wfd ${resource} count`, [BIN, '--retries', '10', resource, 'count'], {
    env,
    timeoutMs: STARTUP_TIMEOUT_MS,
    onStdout: (chunk) => {
      out += chunk;
    },
  });
  const total = Number(out.trim());
  if (!Number.isInteger(total) || total <= 0)
    throw new BenchError(`${label}: wfd ${resource} count printed ${JSON.stringify(out.trim())}`);
  return total;
}

// ---------------------------------------------------------------------------------------------
// Measurements

/** `wfd <noun> list --all -o ndjson` at the benchmark's concurrency. */
function listArgs(resource) {
  return ['--concurrency', String(CONFIG.concurrency), resource, 'list', '--all', '-o', 'ndjson'];
}

/**
 * One list run of `kind` ('wfd' | 'baseline') of the sandbox's resource (cases or forms); checks
 * its rows. With `rss`, its peak RSS too.
 */
async function listRun(kind, sandbox, configDir, rss = false) {
  const label = `${kind} ${sandbox.resource} list of ${sandbox.totalCount} rows`;
  const counter = ndjsonCounter();
  let args;
  if (kind === 'wfd') args = [BIN, ...listArgs(sandbox.resource)];
  else args = [BASELINE, sandbox.baseUrl, sandbox.token, String(CONFIG.concurrency), sandbox.resource];
  const env = listEnv(configDir, sandbox);
  const { ms, maxRssKiB } = await runChild(label, args, {
    env,
    onStdout: counter.onData,
    timeoutMs: LIST_TIMEOUT_MS,
    rss,
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
  return { ms, rows: lines, bytes, maxRssKiB };
}

/** Lines before the rows of `-o table`: the title ("Showing N of N cases"), a blank line, the header. */
const TABLE_PREAMBLE_LINES = 3;

/** `cases list --all -o <format>`; checks the line count; returns wall time and peak RSS. */
async function formatRun(format, sandbox, configDir) {
  const label = `wfd cases list --all -o ${format} (${sandbox.cases} cases)`;
  const counter = ndjsonCounter();
  const env = { ...listEnv(configDir, sandbox), COLUMNS: '120' };
  const { ms, maxRssKiB } = await runChild(label, [BIN, 'cases', 'list', '--all', '-o', format], {
    env,
    onStdout: counter.onData,
    timeoutMs: LIST_TIMEOUT_MS,
    rss: true,
  });
  const expected = sandbox.totalCount + (format === 'table' ? TABLE_PREAMBLE_LINES : 0);
  if (counter.state.lines !== expected) {
    throw new BenchError(`${label}: printed ${counter.state.lines} lines, expected ${expected}`);
  }
  return { ms, maxRssKiB };
}

/**
 * `cases list --all` as a person meets it: at an 80x24 terminal, where it is a table in less (the
 * default pager); the time from start to less's first screen, then `q` (scripts/bench-run.py).
 */
async function firstScreenRun(sandbox, configDir) {
  const runner = startRunner();
  if (!runner) return undefined; // no pseudo-terminal without python3: the row says so
  try {
    const run = await runner.measure({
      argv: [NODE, BIN, 'cases', 'list', '--all'],
      env: { ...listEnv(configDir, sandbox), TERM: 'xterm-256color' },
      tty: true,
      pager: true,
    });
    if (run.code !== 0 || !run.output.includes('REFERENCE'))
      throw new BenchError(`the paged table exited ${run.code} and showed:\n${run.output.slice(0, 800)}`);
    return { ms: run.ms, maxRssKiB: run.maxRssKiB };
  } finally {
    runner.close();
  }
}

/** The table and plain runs over one sandbox, and the table's first screen at a terminal. */
async function tableRuns(sandbox, configDir) {
  progress(`tables: -o table and -o plain, ${sandbox.totalCount} rows`);
  const table = await formatRun('table', sandbox, configDir);
  const plain = await formatRun('plain', sandbox, configDir);
  const firstScreen = await firstScreenRun(sandbox, configDir);
  return { rows: sandbox.totalCount, cases: sandbox.cases, table, plain, firstScreen };
}

/** The goals of long tables (issue 28): each `met` or `NOT MET`. */
const TABLE_GOALS = { ratio: 1.5, firstScreenMs: 1000, rssMB: 80 };

function progress(text) {
  process.stderr.write(`bench: ${text}\n`);
}

/** Part 5: `forms list --all -o ndjson` against the baseline loop over /v1/forms, alternately. */
async function formsThroughput(configDir) {
  return withSandbox({ cases: 0, forms: CONFIG.forms, resource: 'forms' }, async (sandbox) => {
    const wfdRuns = [];
    const baselineRuns = [];
    for (let i = 0; i < CONFIG.throughputRuns; i++) {
      progress(`forms: run ${i + 1}/${CONFIG.throughputRuns}, ${sandbox.totalCount} rows`);
      const order = i % 2 === 0 ? ['wfd', 'baseline'] : ['baseline', 'wfd'];
      for (const kind of order)
        (kind === 'wfd' ? wfdRuns : baselineRuns).push(await listRun(kind, sandbox, configDir));
    }
    return { sandbox: describeSandbox(sandbox), wfdRuns, baselineRuns };
  });
}

/** A JSON API call of the benchmark itself (not through wfd); throws on a non-2xx answer. */
async function api(sandbox, method, path, body) {
  const answer = await fetch(`${sandbox.baseUrl}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (answer.status >= 300)
    throw new BenchError(`${method} ${path}: HTTP ${answer.status}: ${tail(text, 300)}`);
  return JSON.parse(text);
}

/** Resolves `key`'s waiter when it arrives (or keeps the time until it is waited for). */
function arrivals() {
  const waiting = new Map();
  const early = new Map();
  return {
    arrived(key, at) {
      const resolve = waiting.get(key);
      if (resolve) {
        waiting.delete(key);
        resolve(at);
      } else early.set(key, at);
    },
    wait(key, label) {
      if (early.has(key)) return Promise.resolve(early.get(key));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new BenchError(`${label}: no delivery of ${key} within 10 s`)),
          10_000,
        );
        waiting.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
  };
}

/** The status a `forms:updated` delivery carries: each sample PATCHes a status of its own. */
function statusOf(json) {
  return JSON.parse(json)?.data?.status;
}

/**
 * Part 6: webhook delivery latency. One form notifies `wfd webhooks listen -o ndjson` and a bare
 * node:http server of `forms:updated`; each sample PATCHes a new status and times the listener's
 * stdout line and the bare server's request from just before the PATCH.
 */
async function webhookLatency(configDir) {
  return withSandbox({ cases: 0, forms: 10, resource: 'forms' }, async (sandbox) => {
    const listened = arrivals();
    const bare = arrivals();
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.writeHead(202).end();
        bare.arrived(statusOf(body), performance.now());
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${server.address().port}/bare`;
    const listener = spawn(NODE, [BIN, 'webhooks', 'listen', '--port', '0', '-o', 'ndjson'], {
      cwd: ROOT,
      env: cliEnv(configDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(listener);
    try {
      const stderrRef = { text: '' };
      listener.stdout.setEncoding('utf8');
      let pending = '';
      listener.stdout.on('data', (chunk) => {
        const now = performance.now();
        pending += chunk;
        let at = pending.indexOf('\n');
        while (at !== -1) {
          listened.arrived(statusOf(JSON.stringify(JSON.parse(pending.slice(0, at)).body)), now);
          pending = pending.slice(at + 1);
          at = pending.indexOf('\n');
        }
      });
      const firstLine = await new Promise((resolve, reject) => {
        let text = '';
        listener.stderr.setEncoding('utf8');
        listener.stderr.on('data', (chunk) => {
          text += chunk;
          stderrRef.text = text.slice(-STDERR_KEEP);
          const at = text.indexOf('\n');
          if (at !== -1) resolve(text.slice(0, at));
        });
        listener.once('exit', (code) =>
          reject(new BenchError(`wfd webhooks listen exited ${code}: ${tail(text)}`)),
        );
      });
      const listenerUrl = firstLine.replace(/^listening on /, '');
      const form = await api(sandbox, 'POST', '/forms', {
        flow: { slug: 'customer-feedback' },
        user: { email: 'bench@example.org', given_name: 'Bench', family_name: 'Mark' },
        webhooks: { [listenerUrl]: ['forms:updated'], [bareUrl]: ['forms:updated'] },
      });
      const id = form.id ?? form.data?.id;
      const samples = { wfd: [], bare: [] };
      const total = CONFIG.webhookWarmups + CONFIG.webhookSamples;
      progress(
        `webhooks: ${CONFIG.webhookWarmups} warm-ups + ${CONFIG.webhookSamples} PATCHes, one at a time`,
      );
      for (let i = 0; i < total; i++) {
        const status = `bench-${i}`;
        const started = performance.now();
        await api(sandbox, 'PATCH', `/forms/${id}`, { status });
        const [printed, received] = await Promise.all([
          listened.wait(status, 'wfd webhooks listen'),
          bare.wait(status, 'the bare receiver'),
        ]);
        if (i >= CONFIG.webhookWarmups) {
          samples.wfd.push(printed - started);
          samples.bare.push(received - started);
        }
      }
      return { samples, sandbox: describeSandbox(sandbox) };
    } finally {
      await stopChild(listener);
      children.delete(listener);
      await new Promise((resolve) => server.close(resolve));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Statistics and the table

/** The nearest-rank percentile `p` (0-100) of `values`. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
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

/** The goals of start-up and one-shot commands on every Node line: ratios to the baseline, the tail after the output, peak RSS. */
const GOALS = { oneshot: 1.8, version: 1.2, tailMs: 15, rssMB: 60 };

const span = (stat, digits, unit = '') =>
  `${stat.median.toFixed(digits)}${unit} (${stat.min.toFixed(digits)}–${stat.max.toFixed(digits)})`;
const met = (ok) => (ok ? 'met' : 'NOT MET');
const MB = (MiB) => (MiB * 2 ** 20) / 1e6;

/**
 * The start-up and one-shot results: a table per Node line (median and min–max of wall times and
 * of the ratios, run by run, to the baseline of the same round; tail; peak RSS), then the goals.
 */
function printPeople({ startup, oneshot }, runs) {
  const byLine = new Map();
  for (const part of [startup, oneshot]) {
    for (const { line, version, results } of part?.lines ?? []) {
      const entry = byLine.get(line) ?? { version, results: {} };
      Object.assign(entry.results, results);
      byLine.set(line, entry);
    }
  }
  const against = (name) =>
    name.startsWith('wfd cases get')
      ? 'bare cases get'
      : name.startsWith('wfd cases list --limit')
        ? 'bare cases list'
        : name.includes('(terminal)')
          ? 'node -e 0 (terminal)'
          : 'node -e 0 (pipe)';
  for (const [line, { version, results }] of byLine) {
    process.stdout.write(
      `\nNode ${line} (${version}): ${runs} rounds, the order rotating; ms median (min–max); ratio: run by run to the baseline of its round\n`,
    );
    const rows = Object.entries(results).map(([name, r]) => {
      const own = name.startsWith('wfd');
      return [
        name,
        span(r.ms, 1),
        r.ratio ? `${span(r.ratio, 2, '×')} of ${against(name)}` : '',
        own && r.tailMs !== null
          ? `${r.tailMs.toFixed(1)} (max ${r.maxTailMs.toFixed(1)})`
          : own
            ? 'paged'
            : '',
        `${MB(r.rssMiB).toFixed(1)}`,
      ];
    });
    printTable(['command', 'wall ms', 'ratio', 'tail ms', 'peak RSS MB'], rows);
  }
  // The goals, line by line.
  const lines = [...byLine.keys()];
  const goalRows = [];
  const goal = (label, judge) => {
    const cells = lines.map((line) => {
      const judged = judge(byLine.get(line).results);
      return judged ? `${judged.value}: ${met(judged.ok)}` : '-';
    });
    goalRows.push([label, ...cells]);
  };
  const ratio = (r) => r?.ratio.median;
  goal('help at a terminal no slower than gh’s (× node -e 0)', (r) => {
    const wfd = ratio(r['wfd cases list --help (terminal)']);
    const gh = ratio(r['gh issue list --help (terminal)']);
    return wfd && gh && { value: `${wfd.toFixed(2)}× vs gh ${gh.toFixed(2)}×`, ok: wfd <= gh };
  });
  for (const [name, label] of [
    ['wfd cases get ID -o plain', `one-shot cases get ≤ ${GOALS.oneshot}× the bare script`],
    ['wfd cases list --limit 10 -o plain', `one-shot cases list ≤ ${GOALS.oneshot}× the bare script`],
  ])
    goal(
      label,
      (r) => r[name] && { value: `${ratio(r[name]).toFixed(2)}×`, ok: ratio(r[name]) <= GOALS.oneshot },
    );
  for (const where of ['terminal', 'pipe'])
    goal(`--version ≤ ${GOALS.version}× node -e 0 (${where})`, (r) => {
      const value = ratio(r[`wfd --version (${where})`]);
      return value && { value: `${value.toFixed(2)}×`, ok: value <= GOALS.version };
    });
  const wfdRuns = (r) =>
    Object.entries(r)
      .filter(([name]) => name.startsWith('wfd'))
      .map(([name, result]) => [name.replace(/^wfd /, '').replace(/ -o plain$/, ''), result]);
  goal(`tail ≤ ${GOALS.tailMs} ms (largest median of a wfd command)`, (r) => {
    const [name, worst] =
      wfdRuns(r)
        .filter(([, result]) => result.tailMs !== null)
        .sort((a, b) => b[1].tailMs - a[1].tailMs)[0] ?? [];
    return worst && { value: `${worst.tailMs.toFixed(1)} ms (${name})`, ok: worst.tailMs <= GOALS.tailMs };
  });
  goal(`peak RSS ≤ ${GOALS.rssMB} MB (largest of a wfd command)`, (r) => {
    const [name, worst] = wfdRuns(r).sort((a, b) => b[1].rssMiB - a[1].rssMiB)[0] ?? [];
    return (
      worst && { value: `${MB(worst.rssMiB).toFixed(1)} MB (${name})`, ok: MB(worst.rssMiB) <= GOALS.rssMB }
    );
  });
  process.stdout.write('\ngoals\n');
  printTable(['goal', ...lines.map((line) => `Node ${line}`)], goalRows);
  const missing = new Map(
    [...(startup?.missing ?? []), ...(oneshot?.missing ?? [])].map((m) => [m.line, m.missing]),
  );
  for (const [line, why] of missing) process.stdout.write(`Node ${line} left out: ${why}\n`);
  if (startup && !startup.gh) process.stdout.write('gh left out: no /usr/bin/gh (Debian package gh)\n');
}

function compactCount(n) {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n);
}
/**
 * One `cases list --all -q` run of `sandbox` with `extraEnv`; checks every id came out, and
 * counts the 429 answers in the --debug trace.
 */
async function quietListRun(label, sandbox, configDir, extraEnv) {
  const counter = ndjsonCounter();
  const env = { ...listEnv(configDir, sandbox), ...extraEnv };
  const { ms, stderr } = await runChild(
    label,
    [BIN, '--debug', '--retries', '10', 'cases', 'list', '--all', '-q'],
    {
      env,
      onStdout: counter.onData,
      timeoutMs: LIST_TIMEOUT_MS,
    },
  );
  if (counter.state.lines !== sandbox.totalCount) {
    throw new BenchError(
      `${label}: printed ${counter.state.lines} ids, the API counts ${sandbox.totalCount}`,
    );
  }
  const answers = stderr.match(/^\[debug\] #\d+ ← \d{3}/gm) ?? [];
  const tooMany = answers.filter((line) => line.endsWith('429')).length;
  const serverErrors = answers.filter((line) => /5\d\d$/.test(line)).length;
  return { ms, ids: counter.state.lines, requests: answers.length, tooMany, serverErrors };
}

/** Part 7: a rate-limited job against the least its limit allows, and a faulty run against a quiet one. */
async function resilience(configDir) {
  const { requests: perWindow, seconds } = CONFIG.resilienceRate;
  const rate = `${perWindow}/${seconds}s`;
  const cases = CONFIG.resilienceCases;
  const free = await withSandbox({ cases }, async (sandbox) => {
    progress(`resilience: unlimited list of ${sandbox.totalCount} ids`);
    return quietListRun('unlimited cases list', sandbox, configDir, {});
  });
  const limited = await withSandbox({ cases, rateLimit: rate }, async (sandbox) => {
    progress(`resilience: the same list at ${rate} on both sides`);
    // The same seed and size as the unlimited sandbox: the same count, not asked of this one.
    const counted = { ...sandbox, totalCount: free.ids };
    return quietListRun(`cases list at ${rate}`, counted, configDir, { WFD_RATE_LIMIT: rate });
  });
  // The first window's requests go at once; each further window waits `seconds`.
  const waitMs = Math.max(0, Math.ceil(limited.requests / perWindow) - 1) * seconds * 1000;
  const leastMs = free.ms + waitMs;

  const faultArgs = ['--faults', CONFIG.faults, '--slow-ms', String(CONFIG.faultSlowMs)];
  const quietRuns = [];
  const faultyRuns = [];
  await withSandbox({ cases }, async (quiet) => {
    await withSandbox({ cases, extra: faultArgs }, async (faulty) => {
      for (let i = 0; i < CONFIG.faultRuns; i++) {
        progress(`resilience: fault run ${i + 1}/${CONFIG.faultRuns} (${CONFIG.faults})`);
        const order = i % 2 === 0 ? ['quiet', 'faulty'] : ['faulty', 'quiet'];
        for (const which of order) {
          if (which === 'quiet') quietRuns.push(await quietListRun('fault-free list', quiet, configDir, {}));
          else faultyRuns.push(await quietListRun('list under faults', faulty, configDir, {}));
        }
      }
    });
  });
  return { rate, free, limited, waitMs, leastMs, quietRuns, faultyRuns };
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
  const configDir = makeTempDir('wfd-bench-config-');
  const benchStart = performance.now();
  if (QUICK) progress('BENCH_QUICK=1: sizes / 10, one repeat (a smoke run, not a measurement)');
  const table = [];
  const record = { date: new Date().toISOString(), config: CONFIG, parts: ONLY };

  let people;
  if (wants('startup') || wants('oneshot')) {
    const runner = startRunner();
    if (!runner) throw new BenchError('start-up and one-shot need python3 (scripts/bench-run.py times them)');
    try {
      const counts = { runs: CONFIG.startupRuns, warmups: CONFIG.startupWarmups, log: progress };
      people = {
        ...(wants('startup') ? { startup: await benchStartup({ runner, ...counts }) } : {}),
        ...(wants('oneshot') ? { oneshot: await benchOneshot({ runner, withSandbox, ...counts }) } : {}),
      };
    } finally {
      runner.close();
    }
    record.people = people;
  }

  if (wants('cases')) await casesParts(configDir, table, record);

  if (wants('forms')) {
    const forms = await formsThroughput(configDir);
    const rows = forms.sandbox.totalCount;
    const wfdWall = median(forms.wfdRuns.map((r) => r.ms));
    const baseWall = median(forms.baselineRuns.map((r) => r.ms));
    const F = compactCount(CONFIG.forms);
    table.push(
      [
        `forms list --all, ${F} forms sandbox: wall (median)`,
        fmt.s(wfdWall),
        fmt.s(baseWall),
        fmt.x(wfdWall / baseWall),
        `n=${CONFIG.throughputRuns}; ${rows} rows; wfd ${fmt.range(
          forms.wfdRuns.map((r) => r.ms),
          's',
        )}, baseline ${fmt.range(
          forms.baselineRuns.map((r) => r.ms),
          's',
        )}`,
      ],
      [
        `forms list --all, ${F} forms sandbox: throughput`,
        fmt.rate(rows / (wfdWall / 1000)),
        fmt.rate(rows / (baseWall / 1000)),
        fmt.x(baseWall / wfdWall),
        'rows / median wall time (start-up included)',
      ],
    );
    record.forms = {
      rows,
      wfdMs: wfdWall,
      baselineMs: baseWall,
      ratio: wfdWall / baseWall,
      sandbox: forms.sandbox,
      samples: { wfdMs: forms.wfdRuns.map((r) => r.ms), baselineMs: forms.baselineRuns.map((r) => r.ms) },
    };
  }

  if (wants('attachments')) await attachmentsParts(configDir, table, record);

  if (wants('webhooks')) {
    const { samples } = await webhookLatency(configDir);
    const n = `n=${CONFIG.webhookSamples}`;
    const stats = (values) => ({ medianMs: median(values), p95Ms: percentile(values, 95) });
    const wfd = stats(samples.wfd);
    const bare = stats(samples.bare);
    table.push(
      [
        'webhook latency, PATCH to print: median',
        fmt.ms(wfd.medianMs),
        fmt.ms(bare.medianMs),
        fmt.x(wfd.medianMs / bare.medianMs),
        `${n}; wfd webhooks listen line vs a bare node:http receiver of the same event`,
      ],
      [
        'webhook latency, PATCH to print: p95',
        fmt.ms(wfd.p95Ms),
        fmt.ms(bare.p95Ms),
        fmt.x(wfd.p95Ms / bare.p95Ms),
        `${n}; wfd ${fmt.range(samples.wfd, 'ms')}, bare ${fmt.range(samples.bare, 'ms')}`,
      ],
    );
    record.webhooks = { wfd, bare, samples };
  }

  if (wants('resilience')) {
    const r = await resilience(configDir);
    const quietMs = median(r.quietRuns.map((run) => run.ms));
    const faultyMs = median(r.faultyRuns.map((run) => run.ms));
    const perRun = (key) => median(r.faultyRuns.map((run) => run[key]));
    table.push(
      [
        `rate-limited job, ${r.rate}: wall vs least allowed`,
        fmt.s(r.limited.ms),
        fmt.s(r.leastMs),
        fmt.x(r.limited.ms / r.leastMs),
        `${r.limited.requests} requests, ${r.limited.tooMany}×429; least = unlimited run ${fmt.s(r.free.ms)} + ${fmt.s(r.waitMs)} of windows`,
      ],
      [
        'list under faults vs fault-free (median)',
        fmt.s(faultyMs),
        fmt.s(quietMs),
        fmt.x(faultyMs / quietMs),
        `n=${CONFIG.faultRuns}; ${CONFIG.faults}, slow ${CONFIG.faultSlowMs} ms; a run met ${perRun('tooMany')}×429 (Retry-After 1 s each), ${perRun('serverErrors')}×5xx (median)`,
      ],
    );
    record.resilience = {
      ...r,
      quietMs,
      faultyMs,
      faultRatio: faultyMs / quietMs,
      limitedRatio: r.limited.ms / r.leastMs,
    };
  }

  if (wants('datadir')) {
    const startup = await dataDirStartup();
    const dirMs = median(startup.dataDirMs);
    const memoryMs = median(startup.inMemoryMs);
    table.push([
      `sandbox start, ${compactCount(CONFIG.largeCases)} cases: data dir (median)`,
      fmt.ms(dirMs),
      fmt.ms(memoryMs),
      fmt.x(dirMs / memoryMs),
      `n=${CONFIG.dataDirRuns}; a journal of ${CONFIG.dataDirChanges} changes (${(startup.journalBytes / 1024).toFixed(0)} KiB) vs in memory; spawn to the -o json line`,
    ]);
    record.dataDir = { dataDirMs: dirMs, inMemoryMs: memoryMs, ratio: dirMs / memoryMs, ...startup };
  }

  process.stdout.write(`\nwfd benchmark${QUICK ? ' (BENCH_QUICK=1: smoke run, sizes / 10)' : ''}\n`);
  process.stdout.write(
    'every process it started ran without NODE_EXTRA_CA_CERTS, NODE_OPTIONS or any other NODE_* or WFD_* setting\n' +
      'help at a terminal is paged by less, as wfd does by default, and timed until less has drawn its first screen\n',
  );
  if (people) printPeople(people, CONFIG.startupRuns);
  if (table.length > 0) {
    process.stdout.write(
      '\nbaseline: scripts/bench-baseline.mjs (bare node:http, same concurrency) for lists; a bare node:http receiver for webhooks; scripts/bench-export-baseline.mjs for attachments (the theoretical minimum under the rate limits); the least time the limit allows, and a fault-free run, for resilience; the same sandbox in memory for a data dir\n\n',
    );
    printTable(['measure', 'wfd', 'baseline', 'wfd/baseline', 'notes'], table);
  }
  const loadEnd = loadavg();
  process.stdout.write(
    `\nmachine: node ${machine.node}, ${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), ` +
      `${machine.memGiB} GiB, loadavg ${loadStart} at start / ${loadEnd} at end; ` +
      `concurrency ${CONFIG.concurrency}; ` +
      `NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'set here, unset for every child' : 'unset'}; took ${((performance.now() - benchStart) / 1000).toFixed(0)} s\n`,
  );

  const benchDir = path.join(ROOT, '.bench');
  mkdirSync(benchDir, { recursive: true });
  record.machine = { ...machine, loadavgEnd: os.loadavg() };
  record.durationMs = performance.now() - benchStart;
  const file = path.join(benchDir, 'last.json');
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  progress(`wrote ${path.relative(process.cwd(), file) || file}`);
}

/** Parts 2-4: cases throughput and memory over two sizes, and tables. */
async function casesParts(configDir, table, record) {
  // 3 (small size). Memory at the small size, from its own sandbox.
  const small = await withSandbox({ cases: CONFIG.smallCases }, async (sandbox) => {
    progress(`memory: ${sandbox.totalCount} rows (sandbox of ${CONFIG.smallCases} cases)`);
    const wfd = await listRun('wfd', sandbox, configDir, true);
    const baseline = await listRun('baseline', sandbox, configDir, true);
    return { sandbox: describeSandbox(sandbox), wfd, baseline };
  });

  // 2 and 3 (large size). Throughput, then memory.
  const large = await withSandbox({ cases: CONFIG.largeCases }, async (sandbox) => {
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
    const wfd = await listRun('wfd', sandbox, configDir, true);
    const baseline = await listRun('baseline', sandbox, configDir, true);
    const tables = await tableRuns(sandbox, configDir);
    return { sandbox: describeSandbox(sandbox), wfdRuns, baselineRuns, wfd, baseline, tables };
  });

  // 4 (the smaller size; the larger ran in the sandbox above).
  const tables = [
    await withSandbox({ cases: CONFIG.tableCases }, (sandbox) => tableRuns(sandbox, configDir)),
    large.tables,
  ];

  const rows = large.sandbox.totalCount;
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
  const nList = `n=${CONFIG.throughputRuns}`;
  table.push(
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
  );
  for (const run of tables) {
    const size = compactCount(run.cases);
    const ratio = run.table.ms / run.plain.ms;
    const rssMB = MB(Math.max(run.table.maxRssKiB, run.plain.maxRssKiB) / 1024);
    table.push(
      [
        `list --all -o table, ${size} sandbox: wall`,
        fmt.s(run.table.ms),
        fmt.s(run.plain.ms),
        fmt.x(ratio),
        `${run.rows} rows; baseline: the same list -o plain; one run each; goal <= ${TABLE_GOALS.ratio}x: ${met(ratio <= TABLE_GOALS.ratio)}`,
      ],
      [
        `list --all -o table, ${size} sandbox: peak RSS`,
        fmt.mib(run.table.maxRssKiB),
        fmt.mib(run.plain.maxRssKiB),
        fmt.x(run.table.maxRssKiB / run.plain.maxRssKiB),
        `${run.rows} rows; baseline: the same list -o plain; goal <= ${TABLE_GOALS.rssMB} MB (${((TABLE_GOALS.rssMB * 1e6) / 2 ** 20).toFixed(1)} MiB) each: ${met(rssMB <= TABLE_GOALS.rssMB)}`,
      ],
      run.firstScreen
        ? [
            `list --all at a terminal, ${size} sandbox: first screen`,
            fmt.s(run.firstScreen.ms),
            '',
            '',
            `80x24, the table in less (the default), from start to its first screen; peak RSS ${fmt.mib(run.firstScreen.maxRssKiB)}; goal <= ${TABLE_GOALS.firstScreenMs / 1000} s: ${met(run.firstScreen.ms <= TABLE_GOALS.firstScreenMs)}`,
          ]
        : [
            `list --all at a terminal, ${size} sandbox: first screen`,
            '-',
            '',
            '',
            'not measured: needs python3',
          ],
    );
  }
  record.throughput = {
    ...throughput,
    sandbox: large.sandbox,
    samples: { wfdMs: large.wfdRuns.map((r) => r.ms), baselineMs: large.baselineRuns.map((r) => r.ms) },
    baselineMaxRssKiB: large.baselineRuns.map((r) => r.maxRssKiB),
  };
  record.tables = tables;
  record.memory = {
    ...memory,
    smallRatio: memory.small.wfdKiB / memory.small.baselineKiB,
    largeRatio: memory.large.wfdKiB / memory.large.baselineKiB,
    smallSandbox: small.sandbox,
    largeSandbox: large.sandbox,
  };
}

// ---------------------------------------------------------------------------------------------
// Part 7: attachments

/** A run of a child whose stdout is kept (small: a line of counts, or ids). */
async function runKeepingStdout(label, args, env, rss = false) {
  let stdout = '';
  const { ms, stderr, maxRssKiB } = await runChild(label, args, {
    env,
    timeoutMs: LIST_TIMEOUT_MS,
    rss,
    onStdout: (chunk) => {
      stdout += chunk;
    },
  });
  return { ms, stderr, stdout, maxRssKiB };
}

/** The files and bytes a manifest lists. */
function manifestTotals(dir) {
  let files = 0;
  let bytes = 0;
  for (const line of readFileSync(path.join(dir, 'manifest.ndjson'), 'utf8').split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.type !== undefined) continue;
    files++;
    bytes += entry.bytes;
  }
  return { files, bytes };
}

/** One export of `kind` ('wfd' | 'baseline') into a fresh folder; its wall time, files and bytes. */
async function exportRun(kind, sandbox, env) {
  const dir = path.join(makeTempDir('wfd-bench-export-'), 'out');
  const label = `${kind} export`;
  try {
    if (kind === 'wfd') {
      const args = [
        BIN,
        '--concurrency',
        String(CONFIG.concurrency),
        'attachments',
        'export',
        '--dir',
        dir,
        '-q',
      ];
      const { ms } = await runKeepingStdout(label, args, env);
      return { ms, ...manifestTotals(dir) };
    }
    const args = [FILES_BASELINE, 'export', sandbox.baseUrl, sandbox.token, dir, String(CONFIG.concurrency)];
    const { ms, stdout } = await runKeepingStdout(label, args, env);
    const match = /files=(\d+) bytes=(\d+)/.exec(stdout);
    if (!match) throw new BenchError(`${label}: no "files=N bytes=N" line on stdout: ${tail(stdout)}`);
    return { ms, files: Number(match[1]), bytes: Number(match[2]) };
  } finally {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}

/** The first attachment of `size` bytes in the sandbox's first workspace. */
async function findAttachment(sandbox, size) {
  const get = async (url) => {
    return api(sandbox, 'GET', url);
  };
  for (const form of (await get('/forms?page[size]=100')).data) {
    for (const response of (await get(`/forms/${form.id}`)).responses) {
      const found = response.attachments.find((a) => a.size === size);
      if (found) return found.id;
    }
  }
  throw new BenchError(`no attachment of ${size} bytes in the sandbox`);
}

/** Part 7: export throughput, the memory of a 1 GiB download, an export under the rate limits. */
async function attachmentsParts(configDir, table, record) {
  const throughput = await withSandbox(
    { cases: 0, forms: 150, resource: 'forms', extra: ['--attachments', String(CONFIG.exportAttachments)] },
    async (sandbox) => {
      const env = listEnv(configDir, sandbox);
      const wfd = [];
      const baseline = [];
      for (let i = 0; i < CONFIG.exportRuns; i++) {
        progress(`attachments: export run ${i + 1}/${CONFIG.exportRuns}`);
        const order = i % 2 === 0 ? ['wfd', 'baseline'] : ['baseline', 'wfd'];
        for (const kind of order) (kind === 'wfd' ? wfd : baseline).push(await exportRun(kind, sandbox, env));
      }
      const [first] = wfd;
      for (const run of [...wfd, ...baseline]) {
        if (run.files !== first.files || run.bytes !== first.bytes) {
          throw new BenchError(
            `attachments export: runs differ: ${run.files} files, ${run.bytes} bytes against ${first.files}, ${first.bytes}`,
          );
        }
      }
      if (!QUICK && (first.files < 300 || first.bytes < 200e6)) {
        throw new BenchError(
          `attachments export: ${first.files} files, ${first.bytes} bytes: expected >= 300 and >= 200 MB`,
        );
      }
      return { wfd, baseline, files: first.files, bytes: first.bytes };
    },
  );

  const memory = await withSandbox(
    {
      cases: 0,
      forms: 150,
      resource: 'forms',
      extra: ['--attachments', '40', '--large-attachment-bytes', String(CONFIG.largeBytes)],
    },
    async (sandbox) => {
      const id = await findAttachment(sandbox, CONFIG.largeBytes);
      const env = listEnv(configDir, sandbox);
      const dir = makeTempDir('wfd-bench-large-');
      try {
        progress(`attachments: download of one ${(CONFIG.largeBytes / 2 ** 20).toFixed(0)} MiB attachment`);
        const file = path.join(dir, 'large.bin');
        const wfd = await runKeepingStdout(
          'wfd download',
          [BIN, 'attachments', 'download', id, '-O', file],
          env,
          true,
        );
        rmSync(file, { force: true });
        const baseline = await runKeepingStdout(
          'baseline download',
          [FILES_BASELINE, 'download', sandbox.baseUrl, sandbox.token, id, file],
          env,
          true,
        );
        return {
          wfd: { ms: wfd.ms, maxRssKiB: wfd.maxRssKiB },
          baseline: { ms: baseline.ms, maxRssKiB: baseline.maxRssKiB },
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  const limit = `100/${CONFIG.rateWindow}`;
  const windowMs = Number.parseInt(CONFIG.rateWindow, 10) * 1000;
  const limited = await withSandbox(
    {
      cases: 0,
      forms: 150,
      resource: 'forms',
      rateLimit: limit,
      extra: ['--attachments', '160', '--large-attachment-bytes', '200000'],
    },
    async (sandbox) => {
      progress(`attachments: an export at ${limit} (sandbox and client)`);
      await fetch(`${sandbox.baseUrl}/_sandbox/requests`, { method: 'DELETE' });
      const env = { ...listEnv(configDir, sandbox), WFD_RATE_LIMIT: limit };
      const run = await exportRun('wfd', sandbox, env);
      const log = await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json();
      const tooMany = log.requests.filter((r) => r.status === 429).length;
      const minimumMs = Math.floor((log.count - 1) / 100) * windowMs;
      return { ms: run.ms, requests: log.count, tooMany, minimumMs, files: run.files };
    },
  );

  const wfdWall = median(throughput.wfd.map((r) => r.ms));
  const baseWall = median(throughput.baseline.map((r) => r.ms));
  const size = `${throughput.files} files, ${(throughput.bytes / 1e6).toFixed(0)} MB`;
  const MiB = (CONFIG.largeBytes / 2 ** 20).toFixed(0);
  table.push(
    [
      `attachments export, ${throughput.files} files: wall (median)`,
      fmt.s(wfdWall),
      fmt.s(baseWall),
      fmt.x(wfdWall / baseWall),
      `n=${CONFIG.exportRuns}; ${size}; goal <= 1.10; wfd ${fmt.range(
        throughput.wfd.map((r) => r.ms),
        's',
      )}, baseline ${fmt.range(
        throughput.baseline.map((r) => r.ms),
        's',
      )}`,
    ],
    [
      `peak RSS, download of one ${MiB} MiB attachment`,
      fmt.mib(memory.wfd.maxRssKiB),
      fmt.mib(memory.baseline.maxRssKiB),
      fmt.x(memory.wfd.maxRssKiB / memory.baseline.maxRssKiB),
      `goal < 150 MiB; wfd ${fmt.s(memory.wfd.ms)}, baseline ${fmt.s(memory.baseline.ms)}`,
    ],
    [
      `export at ${limit}: wall over the minimum`,
      fmt.s(limited.ms),
      fmt.s(limited.minimumMs),
      fmt.x(limited.ms / limited.minimumMs),
      `goal <= 1.10; ${limited.requests} requests, ${limited.files} files, ${limited.tooMany} answered 429 (goal 0)`,
    ],
  );
  record.attachments = {
    export: {
      files: throughput.files,
      bytes: throughput.bytes,
      wfdMs: wfdWall,
      baselineMs: baseWall,
      ratio: wfdWall / baseWall,
      samples: { wfdMs: throughput.wfd.map((r) => r.ms), baselineMs: throughput.baseline.map((r) => r.ms) },
    },
    largeDownload: { bytes: CONFIG.largeBytes, ...memory },
    rateLimited: { limit, ...limited, ratio: limited.ms / limited.minimumMs },
  };
  if (limited.tooMany > 0)
    throw new BenchError(`export at ${limit}: the sandbox answered ${limited.tooMany} requests 429`);
}

/**
 * Part 9: fills a data dir of `largeCases` cases with `dataDirChanges` changes, then starts a
 * sandbox on it and one in memory, alternately, timing each to its -o json line.
 */
async function dataDirStartup() {
  const dataDir = path.join(makeTempDir('wfd-bench-data-'), 'data');
  const cases = CONFIG.largeCases;
  await withSandbox({ cases, dataDir }, async (sandbox) => {
    progress(`data dir: ${CONFIG.dataDirChanges} changes to a sandbox of ${cases} cases`);
    const seeded = (await api(sandbox, 'GET', '/cases?page[size]=100')).data.map((c) => c.id);
    const forms = (await api(sandbox, 'GET', '/forms?page[size]=100')).data.map((f) => f.id);
    const template = (await api(sandbox, 'GET', '/case_templates')).data[0].id;
    let next = 0;
    const change = (n) => {
      if (n % 3 === 0)
        return api(sandbox, 'POST', '/cases', { template: { id: template }, title: `bench ${n}` });
      if (n % 3 === 1) return api(sandbox, 'POST', `/cases/${seeded[n % seeded.length]}/data`, { bench: n });
      return api(sandbox, 'PATCH', `/forms/${forms[n % forms.length]}`, { status: `bench-${n}` });
    };
    const worker = async () => {
      while (next < CONFIG.dataDirChanges) await change(next++);
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  });
  const journal = readdirSync(dataDir).find((name) => name.startsWith('journal-'));
  const journalBytes = journal ? statSync(path.join(dataDir, journal)).size : 0;
  const dataDirMs = [];
  const inMemoryMs = [];
  for (let i = 0; i < CONFIG.dataDirRuns; i++) {
    progress(`data dir: start-up ${i + 1}/${CONFIG.dataDirRuns}, on the data dir and in memory`);
    const order = i % 2 === 0 ? [dataDir, undefined] : [undefined, dataDir];
    for (const dir of order) {
      const sandbox = await startSandbox({ cases, dataDir: dir });
      (dir ? dataDirMs : inMemoryMs).push(sandbox.seedMs);
      await sandbox.close();
    }
  }
  return { dataDirMs, inMemoryMs, journalBytes, changes: CONFIG.dataDirChanges };
}

async function withSandbox(size, body) {
  const forms = size.forms === undefined ? '' : ` and ${size.forms} forms`;
  process.stderr.write(`bench: starting a sandbox of ${size.cases} cases${forms}\n`);
  const sandbox = await startSandbox(size);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

function describeSandbox(sandbox) {
  const { cases, forms, resource, workspace, totalCount, seedMs } = sandbox;
  return { cases, forms, resource, workspace, totalCount, seedMs };
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
