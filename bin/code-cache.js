// V8's compiled code of the bundle (dist/wfd.cjs, and the parts it requires: scripts/bundle.mjs),
// kept between runs in a folder of the user's cache, never in the install folder.
//
// Why our own: Node's `module.enableCompileCache()` (Node >= 22.1) keeps only what a file's first
// compilation made, not the functions a run compiled later, which are most of a command's code: a
// one-shot `cases get` was 3-9 ms slower with it (docs/performance.md has the figures), and Node
// 20 has none.
//
// Here the bundle is compiled through vm.Script, Node's public API for code caches, and the cache
// is written at exit, with what the run compiled: when it was missing or rejected, and when the
// run's command (`cases get`, `cases --help`: bin/wfd.js names it) is not yet among those it was
// made with, so that it comes to hold the code of each command the user runs, whichever came
// first (a cache made by `wfd --help` alone cost a later `cases get` some 5 ms of compiling).
// Writing costs about 4 ms at exit, once for each new command.
//
// No byte in the cache folder can crash wfd or change what it does. V8 checks a cache only
// against its own version, its flags and the source's length; so each cache file starts with a
// header: MAGIC, the length and CRC-32 of the source it was made from (a changed bundle file, even
// of the same length, never meets old code), and the CRC-32 of what follows (checked before V8
// sees a byte): the length of the list of commands the cache holds the code of, the list, and
// V8's data. Every byte of the file is covered by one of these checks. A file that fails either,
// or that V8 rejects, is dropped: the file runs from source and its cache is written again at
// exit. CRC-32 (zlib.crc32, Node >= 20.15 and 22.2; no
// cache without it) guards against damage, not against an attacker: the folder is the user's own
// (below), and whoever can write to it or to the install can run code as the user anyway. It
// costs a start about 2 ms, node:crypto's SHA-256 about 4 ms (most of it loading node:crypto).
//
// Every folder from the user's wfd cache folder down is checked right before each read and each
// write (`safeFolder`): a directory, not a link, the user's own, not writable by group or others; a
// folder that is not is neither read nor written (another user could swap its files). Files are
// written under a random name created exclusively (no link followed), then renamed into place
// (a link planted at the final name is replaced, never written through); whatever fails (a full
// disk, a read-only folder) removes the temporary file and costs nothing but the cache. On Windows
// there is no uid and no mode bits: only "a directory, not a link" is checked; the cache folder is
// under %LOCALAPPDATA%, which is the user's own.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire, Module } = require('node:module');

const MAGIC = Buffer.from('wfd-code-cache-3\n');
// MAGIC, then four 32-bit numbers: the source's length and CRC-32, the CRC-32 of all that follows
// it (from CHECKED on), the length of the commands (UTF-8, one a line); then the commands and V8's
// data. The commands' length is under the CRC: a damaged one would pass V8 a shifted buffer.
const CHECKED = MAGIC.length + 12;
const HEADER = MAGIC.length + 16;
// A cache stops taking in commands at this many (each costs a rewrite).
const MAX_COMMANDS = 100;
// The CommonJS wrapper on a line of its own: lineOffset -1 keeps the file's line numbers in traces.
const WRAPPER = Buffer.from('(function (exports, require, module, __filename, __dirname) {\n');
const WRAPPER_END = Buffer.from('\n})');
// Folders of other Node versions or installs not written for this long are removed when one is written.
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * The user's wfd cache folder: WFD_CACHE_DIR, else `<user cache folder>/wfd`. The same folder as
 * platformDirs().cache of src/core/process/platform.ts, which this file cannot import (it runs before the
 * bundle); test/unit/platform.test.ts holds the two to the same answers.
 */
function userCacheDir(env, platform) {
  if (env.WFD_CACHE_DIR) return env.WFD_CACHE_DIR;
  if (platform === 'win32') {
    // Windows rules whatever machine asks; Wine passes the Unix HOME through, which must not count.
    const { join } = path.win32;
    const home = env.USERPROFILE || require('node:os').homedir();
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'wfd', 'Cache');
  }
  const { join } = path.posix;
  const home = env.HOME || require('node:os').homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'wfd');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'wfd');
}

/**
 * Requires `entry` (dist/wfd.cjs), and the files of dist/ it requires, with V8's code cache kept
 * in `<cacheDir>/compile-cache/wfd-<node version>-<arch>-<flags and install>`.
 */
function requireWithCodeCache(entry, cacheDir, env, command) {
  const { crc32 } = require('node:zlib');
  if (crc32 === undefined) return require(entry);
  const debug = /\bCOMPILE_CACHE\b/.test(env.NODE_DEBUG_NATIVE ?? '')
    ? (line) => fs.writeSync(2, `[wfd compile cache] ${line}\n`)
    : () => {};
  const root = path.join(cacheDir, 'compile-cache');
  // Flags are those Node and V8 were started with (V8 rejects a cache made under others); the
  // install's folder keeps two installs from rewriting each other's caches back and forth.
  const key = crc32(`${process.execArgv.join(' ')}\n${env.NODE_OPTIONS ?? ''}\n${path.dirname(entry)}`);
  const folder = path.join(
    root,
    `wfd-${process.version}-${process.arch}-${key.toString(16).padStart(8, '0')}`,
  );
  const chain = [cacheDir, root, folder];
  const unsaved = [];

  // The script of a file, with its cache when the cache holds. The file's bytes and the cache's
  // (a megabyte or two) are dropped on return, before the bundle runs: its start allocates enough
  // for V8's first collection, which would move buffers still held then to the old generation,
  // where a short run never collects them (1.1-1.3 MiB of peak RSS on Node 24).
  const compile = (filename, name) => {
    const { wrapped, source } = readWrapped(filename);
    const sourceKey = [source.length, crc32(source)];
    const { data, commands = [], verdict } = readCache(chain, name, sourceKey);
    const script = new vm.Script(wrapped, { filename, lineOffset: -1, cachedData: data });
    const accepted = data !== undefined && !script.cachedDataRejected;
    debug(`cache for ${filename} was ${accepted ? 'accepted' : data ? 'rejected' : verdict}`);
    return { script, sourceKey, commands, accepted };
  };

  // Modules are Node's own, in require.cache: each file exists once, whoever requires it, and
  // what a process loaded can be listed as usual.
  const load = (filename) => {
    const known = require.cache[filename];
    if (known) return known.exports;
    const name = path.basename(filename);
    // Compiled first: a file missing (dist/ being swapped by a build) leaves no module behind.
    const { script, sourceKey, commands, accepted } = compile(filename, name);
    const module = new Module(filename);
    module.filename = filename;
    require.cache[filename] = module;
    if (!accepted) unsaved.push({ script, name, sourceKey, commands: [command] });
    else if (!commands.includes(command) && commands.length < MAX_COMMANDS) {
      unsaved.push({ script, name, sourceKey, commands: [...commands, command] });
    }
    try {
      script
        .runInThisContext()
        .call(
          module.exports,
          module.exports,
          requireFrom(filename, load),
          module,
          filename,
          path.dirname(filename),
        );
    } catch (error) {
      delete require.cache[filename];
      throw error;
    }
    module.loaded = true;
    return module.exports;
  };

  process.once('exit', () => {
    for (const { script, name, sourceKey, commands } of unsaved) {
      const written = writeCache(chain, name, sourceKey, commands, script.createCachedData());
      debug(written === true ? `wrote ${path.join(folder, name)}` : `not written: ${written}`);
    }
    if (unsaved.length > 0 && safeFolder(chain)) removeStaleFolders(root, path.basename(folder));
  });
  return load(entry);
}

/**
 * The file inside the CommonJS wrapper, as one string made from one buffer: a string made by
 * joining the file's text to the wrapper is a second copy of the megabyte, made when V8 compiles it.
 * `source` is the file's bytes.
 */
function readWrapped(filename) {
  const fd = fs.openSync(filename, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const bytes = Buffer.allocUnsafeSlow(WRAPPER.length + size + WRAPPER_END.length);
    WRAPPER.copy(bytes);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, bytes, WRAPPER.length + read, size - read, null);
      if (n === 0) break; // the file shrank while it was read
      read += n;
    }
    const end = WRAPPER.length + read;
    WRAPPER_END.copy(bytes, end);
    return {
      wrapped: bytes.toString('utf8', 0, end + WRAPPER_END.length),
      source: bytes.subarray(WRAPPER.length, end),
    };
  } finally {
    fs.closeSync(fd);
  }
}

/** A file's `require`: the bundle's own files (`./x.cjs`) through `load`, anything else through Node's. */
function requireFrom(filename, load) {
  const node = createRequire(filename);
  const dirname = path.dirname(filename);
  const bundleRequire = (id) => (/^\.\/[\w.-]+\.cjs$/.test(id) ? load(path.join(dirname, id)) : node(id));
  // What bundled packages read of `require` (esbuild's __require passes it on).
  bundleRequire.resolve = node.resolve;
  bundleRequire.main = require.main;
  bundleRequire.cache = require.cache;
  return bundleRequire;
}

/** The cache data for `name` if its header holds, or why there is none ('missing', 'damaged'...). */
function readCache(chain, name, sourceKey) {
  if (!safeFolder(chain)) {
    return { verdict: fs.existsSync(chain.at(-1)) ? 'not read: the folder is not safe' : 'missing' };
  }
  const file = path.join(chain.at(-1), name);
  let bytes;
  try {
    // O_NOFOLLOW: a link is not read (the folder is ours, so only we could have made one).
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    try {
      bytes = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return { verdict: 'missing' };
  }
  const holds =
    bytes.length > HEADER &&
    bytes.subarray(0, MAGIC.length).equals(MAGIC) &&
    bytes.readUInt32LE(MAGIC.length) === sourceKey[0] &&
    bytes.readUInt32LE(MAGIC.length + 4) === sourceKey[1] &&
    bytes.readUInt32LE(MAGIC.length + 8) === require('node:zlib').crc32(bytes.subarray(CHECKED)) &&
    bytes.readUInt32LE(MAGIC.length + 12) < bytes.length - HEADER;
  if (!holds) return { verdict: 'damaged or made from other code' };
  const end = HEADER + bytes.readUInt32LE(MAGIC.length + 12);
  return { commands: bytes.toString('utf8', HEADER, end).split('\n'), data: bytes.subarray(end) };
}

/** Writes `name`'s cache whole, or not at all; true, or why not. */
function writeCache(chain, name, sourceKey, commands, data) {
  const folder = chain.at(-1);
  let aside;
  try {
    if (!makeFolders(chain)) return 'the folder is not safe';
    aside = path.join(folder, `.${name}.${require('node:crypto').randomBytes(8).toString('hex')}.tmp`);
    const fd = fs.openSync(aside, 'wx', 0o600);
    try {
      const list = Buffer.from(commands.join('\n'));
      const bytes = Buffer.concat([MAGIC, Buffer.alloc(16), list, data]);
      bytes.writeUInt32LE(sourceKey[0], MAGIC.length);
      bytes.writeUInt32LE(sourceKey[1], MAGIC.length + 4);
      bytes.writeUInt32LE(list.length, MAGIC.length + 12);
      bytes.writeUInt32LE(require('node:zlib').crc32(bytes.subarray(CHECKED)), MAGIC.length + 8);
      writeAll(fd, bytes);
    } finally {
      fs.closeSync(fd);
    }
    if (!safeFolder(chain)) throw new Error('the folder is not safe');
    fs.renameSync(aside, path.join(folder, name));
    return true;
  } catch (error) {
    if (aside !== undefined) fs.rmSync(aside, { force: true });
    return error.message;
  }
}

/**
 * Makes the folders of `chain` that are missing, each checked (`safeFolder`) before the next is
 * made inside it: nothing is made through a link or in a folder others may write to. False at
 * the first that is not safe.
 */
function makeFolders(chain) {
  for (const [i, dir] of chain.entries()) {
    try {
      // The user's cache folder may lack its parents (WFD_CACHE_DIR); the levels below are ours.
      fs.mkdirSync(dir, { recursive: i === 0, mode: 0o700 });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!safeFolder([dir])) return false;
  }
  return true;
}

/** Writes every byte of `bytes`: a write may take fewer than it was given (a disk filling up). */
function writeAll(fd, bytes) {
  for (let done = 0; done < bytes.length; ) {
    const wrote = fs.writeSync(fd, bytes, done, bytes.length - done);
    if (wrote <= 0)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    done += wrote;
  }
}

/**
 * True when every folder of `chain` is a directory, not a link, and (but on Windows) the user's
 * own and not writable by group or others: its files are code this process would run.
 */
function safeFolder(chain) {
  const uid = process.getuid?.();
  return chain.every((dir) => {
    try {
      const stat = fs.lstatSync(dir);
      if (!stat.isDirectory()) return false;
      return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0);
    } catch {
      return false;
    }
  });
}

function removeStaleFolders(root, keep) {
  try {
    const now = Date.now();
    for (const name of fs.readdirSync(root)) {
      if (!name.startsWith('wfd-') || name === keep) continue;
      const other = path.join(root, name);
      const stat = fs.lstatSync(other);
      if (stat.isDirectory() && now - stat.mtimeMs > STALE_MS)
        fs.rmSync(other, { recursive: true, force: true });
    }
  } catch {
    // another process removed it first, or the root went: nothing to keep tidy
  }
}

module.exports = { requireWithCodeCache, userCacheDir };
