/**
 * The benchmark's `binary` part (BENCH_ONLY=binary): the single executable dist/bin/wfd-linux-x64
 * (built by `npm run build:binary` when missing), its size, and its start-up against `node -e 0`
 * and `node bin/wfd.js`: `--version` and `cases list --help`, each run alternately in a shuffled
 * order with no Node on PATH for the binary, medians.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './bench-startup.mjs';

/**
 * @param {{ root: string, warmups: number, runs: number, progress(text: string): void }} options
 * @returns {{ rows: string[][], record: object }} table rows (measure, binary, baseline, ratio, notes)
 */
export function benchBinary({ root, warmups, runs, progress }) {
  const binary = path.join(root, 'dist/bin/wfd-linux-x64');
  if (!existsSync(binary)) {
    progress('binary: building dist/bin/wfd-linux-x64 (npm run build:binary)');
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-binary.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`binary: the build failed:\n${built.stderr.slice(-2000)}`);
  }
  const bytes = statSync(binary).size;
  const cli = path.join(root, 'bin/wfd.js');
  const commands = {
    binary: (args) => [binary, args, {}],
    'node -e 0': () => [process.execPath, ['-e', '0'], process.env],
    'node bin/wfd.js': (args) => [process.execPath, [cli, ...args], process.env],
  };
  const record = { bytes, runs };
  const rows = [];
  for (const [name, args] of [
    ['--version', ['--version']],
    ['cases list --help', ['cases', 'list', '--help']],
  ]) {
    progress(`binary: start-up of ${name}, ${warmups} warm-ups + ${runs} runs of each, alternating`);
    const samples = Object.fromEntries(Object.keys(commands).map((key) => [key, []]));
    for (let i = 0; i < warmups + runs; i++) {
      const order = Object.keys(commands);
      // A different one goes first each round, so none always runs on a cold cache.
      for (let r = 0; r < i % order.length; r++) order.push(order.shift());
      for (const key of order) {
        const ms = timed(...commands[key](args));
        if (i >= warmups) samples[key].push(ms);
      }
    }
    const [exe, bare, script] = Object.values(samples).map(median);
    record[name] = { binaryMs: exe, nodeMs: bare, scriptMs: script, samples };
    rows.push([
      `binary start-up: ${name} (median)`,
      `${exe.toFixed(1)} ms`,
      `${bare.toFixed(1)} ms`,
      `${(exe / bare).toFixed(2)}×`,
      `n=${runs}; baseline node -e 0; node bin/wfd.js ${script.toFixed(1)} ms (${(exe / script).toFixed(2)}× of it)`,
    ]);
  }
  rows.push([
    'binary size',
    `${(bytes / 2 ** 20).toFixed(1)} MiB`,
    '-',
    '-',
    'dist/bin/wfd-linux-x64: a node binary with the bundle and its code cache',
  ]);
  return { rows, record };
}

/** Spawn to exit, synchronously: start-up is all there is to time. */
function timed(command, args, env) {
  const start = performance.now();
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  if (result.status !== 0) {
    throw new Error(`binary: ${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return ms;
}
