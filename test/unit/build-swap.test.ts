/**
 * `npm run build` makes dist/ beside it and swaps it in (scripts/build.mjs), so a linked `wfd`
 * started during a build runs the last build or the new one, never a half-written one; a
 * checkout never built says so in a line.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { swapFolder } from '../../scripts/swap-folder.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'wfd-build-swap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder of generation `n`: files that must agree, one of them large enough to take a while to write. */
function generation(path: string, n: number): void {
  mkdirSync(path);
  writeFileSync(join(path, 'a.txt'), `${n}`);
  writeFileSync(join(path, 'b.txt'), `${n}\n`.repeat(50_000));
}

/**
 * Reads dist/a.txt and dist/b.txt in a loop, as `wfd` reads its files, trying again at once when
 * the folder is missing (bin/wfd.js waits 100 ms); prints what it saw when told to stop: the
 * generations, the files found partly written, how often the folder was missing.
 */
const READER = `
const { readFileSync, existsSync } = require('node:fs');
const [dist, stop] = process.argv.slice(1);
const seen = new Set();
const torn = [];
let missing = 0;
// A file's text; undefined while dist/ is missing (between the swap's renames).
const read = (name) => {
  try {
    return readFileSync(dist + '/' + name, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    // dist/ there and the file still missing: a folder not whole (not a swap that came between).
    if (existsSync(dist) && !existsSync(dist + '/' + name)) torn.push(name + ' missing');
    return undefined;
  }
};
process.stdout.write('reading\\n');
while (!existsSync(stop)) {
  const a = read('a.txt');
  const b = read('b.txt');
  if (a === undefined || b === undefined) {
    missing++;
    continue;
  }
  // A file of one generation, whole (a.txt and b.txt may be of two: the swap can come between).
  if (b !== b.slice(0, b.indexOf('\\n') + 1).repeat(50000)) torn.push('b.txt of ' + b.length + ' bytes');
  seen.add(a);
}
process.stdout.write(JSON.stringify({ seen: seen.size, torn, missing }));
`;

describe('swapFolder', () => {
  it('puts the new folder in the place of the old, and leaves neither the old one nor the new name', () => {
    const dir = join(work, 'once');
    mkdirSync(dir);
    generation(join(dir, 'dist'), 1);
    generation(join(dir, 'next'), 2);
    swapFolder(join(dir, 'next'), join(dir, 'dist'));
    expect(readFileSync(join(dir, 'dist/a.txt'), 'utf8')).toBe('2');
    expect(readdirSync(dir)).toEqual(['dist']);
    // No dist/ yet (a fresh checkout): the new one is simply put there.
    rmSync(join(dir, 'dist'), { recursive: true });
    generation(join(dir, 'next'), 3);
    swapFolder(join(dir, 'next'), join(dir, 'dist'));
    expect(readFileSync(join(dir, 'dist/a.txt'), 'utf8')).toBe('3');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('a reader meanwhile always finds one whole generation of the folder', async () => {
    const dir = join(work, 'readers');
    mkdirSync(dir);
    const dist = join(dir, 'dist');
    const stop = join(dir, 'stop');
    generation(dist, 0);
    const reader = spawn(process.execPath, ['-e', READER, dist, stop]);
    let out = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    const done = new Promise((resolvePromise) => reader.on('close', resolvePromise));
    await new Promise((resolvePromise) => reader.stdout.once('data', resolvePromise));
    for (let n = 1; n <= 40; n++) {
      generation(join(dir, 'next'), n);
      swapFolder(join(dir, 'next'), dist);
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 5));
    }
    writeFileSync(stop, '');
    await done;
    const { seen, torn } = JSON.parse(out.slice(out.indexOf('\n') + 1));
    expect(torn).toEqual([]);
    expect(seen).toBeGreaterThan(1);
  });
});

describe('bin/wfd.js without dist/', () => {
  it('a checkout never built: one line that says to build, exit 1', () => {
    const checkout = join(work, 'checkout');
    cpSync(join(ROOT, 'bin'), join(checkout, 'bin'), { recursive: true });
    const result = spawnSync(process.execPath, [join(checkout, 'bin/wfd.js'), 'config', 'list'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: checkout },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `wfd: ${join(checkout, 'dist/wfd.cjs')} is missing: build it with \`npm run build\`\n`,
    );
    expect(existsSync(join(checkout, 'dist'))).toBe(false);
  });
});
