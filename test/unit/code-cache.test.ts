/**
 * bin/code-cache.js, Node 20's compile cache, on a bundle of its own: an entry and two chunks
 * that require each other (as esbuild's chunks do), run in a child Node as bin/wfd.js runs it.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const LOADER = resolve('bin/code-cache.js');
let dir: string;
let dist: string;
let root: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-code-cache-'));
  dist = join(dir, 'dist');
  root = join(dir, 'cache');
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  writeFileSync(
    join(dist, 'wfd.cjs'),
    'var a=require("./chunks/a.cjs");exports.run=()=>a.hello()+" "+require("node:path").basename(__filename);',
  );
  // a.cjs and b.cjs require each other: b sees a's exports so far, as with Node's loader.
  writeFileSync(
    join(dist, 'chunks', 'a.cjs'),
    'exports.early="early";var b=require("./b.cjs");exports.hello=()=>b.greet();',
  );
  writeFileSync(
    join(dist, 'chunks', 'b.cjs'),
    'var a=require("./a.cjs");var seen=a.early;module.exports={greet:()=>"hello from b, "+seen,fail(){throw new Error("b failed")}};',
  );
  writeFileSync(join(dist, 'build-id'), '0123456789abcdef\n');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the bundle's `run()` in a child Node; `script` replaces what it does with the exports. */
function run(env: Record<string, string> = {}, script = 'console.log(program.run())') {
  const driver = `const program = require(${JSON.stringify(LOADER)}).requireWithCodeCache(${JSON.stringify(
    join(dist, 'wfd.cjs'),
  )}, ${JSON.stringify(root)}, process.env); ${script}`;
  writeFileSync(join(dir, 'driver.cjs'), driver);
  const result = spawnSync(process.execPath, [join(dir, 'driver.cjs')], {
    env: { PATH: process.env.PATH, NODE_DEBUG_NATIVE: 'COMPILE_CACHE', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const verdicts = (stderr: string) =>
  [...stderr.matchAll(/cache for \S+\/(\S+) was (\w+)/g)].map(([, file, verdict]) => `${file} ${verdict}`);

describe("Node 20's compile cache (bin/code-cache.js)", () => {
  it("runs the bundle as Node would, writes each file's cache at exit, and V8 accepts it next time", () => {
    const first = run();
    expect(first.stdout).toBe('hello from b, early wfd.cjs\n');
    expect(verdicts(first.stderr)).toEqual(['wfd.cjs missing', 'a.cjs missing', 'b.cjs missing']);
    const [folder] = readdirSync(root);
    expect(folder).toMatch(
      new RegExp(`^wfd-${process.version}-${process.arch}-[0-9a-f]{8}-0123456789abcdef$`),
    );
    expect(readdirSync(join(root, folder!)).sort()).toEqual(['a.cjs', 'b.cjs', 'wfd.cjs']);

    const second = run();
    expect(second.stdout).toBe(first.stdout);
    expect(verdicts(second.stderr)).toEqual(['wfd.cjs accepted', 'a.cjs accepted', 'b.cjs accepted']);
    expect(second.stderr).not.toMatch(/wrote/);
  });

  it('keeps line numbers: a stack trace points at the file and line that threw', () => {
    writeFileSync(
      join(dist, 'chunks', 'b.cjs'),
      'var a=require("./a.cjs");\nmodule.exports={greet(){\nthrow new Error("b failed")}};',
    );
    const result = run({}, 'try { program.run() } catch (e) { console.log(e.stack.split("\\n")[1]) }');
    expect(result.stdout).toMatch(/chunks\/b\.cjs:3:7\)?$/m);
  });

  it('another build (a new id) gets its own folder, and folders of builds unused for a day go', () => {
    run();
    const [old] = readdirSync(root);
    const dayAgo = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    utimesSync(join(root, old!), dayAgo, dayAgo);
    // Node 22's own cache folder sits in the same root: never touched.
    mkdirSync(join(root, 'v22.0.0-x64-12345678-0'));
    utimesSync(join(root, 'v22.0.0-x64-12345678-0'), dayAgo, dayAgo);

    writeFileSync(join(dist, 'chunks', 'b.cjs'), 'module.exports={greet:()=>"changed"};');
    writeFileSync(join(dist, 'build-id'), 'fedcba9876543210\n');
    const result = run();
    expect(result.stdout).toBe('changed wfd.cjs\n');
    expect(verdicts(result.stderr)).toEqual(['wfd.cjs missing', 'a.cjs missing', 'b.cjs missing']);
    expect(readdirSync(root).sort()).toEqual([
      'v22.0.0-x64-12345678-0',
      expect.stringMatching(/^wfd-.*-fedcba9876543210$/),
    ]);
  });

  it('other V8 flags get a folder of their own, which V8 accepts as well', () => {
    run();
    const flagged = { NODE_OPTIONS: '--max-old-space-size=4096' };
    run(flagged);
    expect(readdirSync(root)).toHaveLength(2);
    expect(verdicts(run(flagged).stderr)).toEqual(['wfd.cjs accepted', 'a.cjs accepted', 'b.cjs accepted']);
    expect(verdicts(run().stderr)).toEqual(['wfd.cjs accepted', 'a.cjs accepted', 'b.cjs accepted']);
  });

  it('a torn cache file is rejected, the bundle runs from source, and the file is written again', () => {
    run();
    const [folder] = readdirSync(root);
    const file = join(root, folder!, 'a.cjs');
    writeFileSync(file, readFileSync(file).subarray(0, 40));
    const torn = run();
    expect(torn.stdout).toBe('hello from b, early wfd.cjs\n');
    expect(verdicts(torn.stderr)).toEqual(['wfd.cjs accepted', 'a.cjs rejected', 'b.cjs accepted']);
    expect(verdicts(run().stderr)).toEqual(['wfd.cjs accepted', 'a.cjs accepted', 'b.cjs accepted']);
  });

  it.skipIf(process.getuid?.() === 0)('an unwritable cache folder costs nothing but the cache', () => {
    mkdirSync(root);
    chmodSync(root, 0o500);
    const result = run({ NODE_DEBUG_NATIVE: '' });
    expect(result).toEqual({ status: 0, stdout: 'hello from b, early wfd.cjs\n', stderr: '' });
    chmodSync(root, 0o700);
  });

  it('a cache folder others may write to is not read: its caches would be code this process runs', () => {
    run();
    const [folder] = readdirSync(root);
    chmodSync(join(root, folder!), 0o777);
    const result = run();
    expect(result).toEqual({ status: 0, stdout: 'hello from b, early wfd.cjs\n', stderr: '' });
    chmodSync(join(root, folder!), 0o700);
    expect(verdicts(run().stderr)).toEqual(['wfd.cjs accepted', 'a.cjs accepted', 'b.cjs accepted']);
  });

  it('a cache root that is a file costs nothing but the cache', () => {
    writeFileSync(root, 'not a folder');
    const result = run({ NODE_DEBUG_NATIVE: '' });
    expect(result).toEqual({ status: 0, stdout: 'hello from b, early wfd.cjs\n', stderr: '' });
    expect(statSync(root).isFile()).toBe(true);
  });

  it('without a build id, the bundle is required as it is and nothing is cached', () => {
    rmSync(join(dist, 'build-id'));
    const result = run();
    expect(result.stdout).toBe('hello from b, early wfd.cjs\n');
    expect(result.stderr).toBe('');
    expect(() => readdirSync(root)).toThrow(/ENOENT/);
  });

  it("packages and Node's modules come through Node's require, which bundled code can inspect", () => {
    writeFileSync(
      join(dist, 'chunks', 'b.cjs'),
      'module.exports={greet:()=>[typeof require("node:os").cpus, typeof require.resolve("node:fs"), require.main.filename.endsWith("driver.cjs"), typeof require.cache].join(",")};',
    );
    expect(run().stdout).toBe('function,string,true,object wfd.cjs\n');
  });
});
