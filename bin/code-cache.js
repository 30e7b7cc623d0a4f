// A compile cache for the bundle: V8's compiled code, kept per user, Node version, architecture,
// V8 flags and build, in a folder of the user's cache (never the install folder).
//
// The bundle is one closed CommonJS graph: dist/wfd.cjs requires dist/chunks/*.cjs, which require
// each other and Node's own modules. It is loaded here through vm.Script, Node's public API for
// code caches, instead of Node's loader. V8 accepts a cache only for its own version and flags and
// a source of the same length; the folder's name holds the build's id (a hash of every file of
// the bundle, dist/build-id), so a cache never meets another build's code. Caches are written at
// exit, when they also hold the functions the run compiled lazily (most of a command's code; Node's
// own compile cache keeps only what a first compilation made), and only for files whose cache was
// missing or rejected. Whatever fails (a read-only cache folder, a torn file) leaves the program
// running from source.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire, Module } = require('node:module');

// The CommonJS wrapper on a line of its own: lineOffset -1 keeps the file's line numbers in traces.
const WRAPPER = '(function (exports, require, module, __filename, __dirname) {\n';
// Folders of other builds (an older install, earlier development builds) not written for this
// long are removed when this build writes its own.
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Requires `entry` (dist/wfd.cjs) and the chunks it requires with V8's code cache kept under
 * `cacheRoot`; without a build id next to `entry`, a plain require.
 */
function requireWithCodeCache(entry, cacheRoot, env) {
  const folder = cacheFolder(path.dirname(entry), cacheRoot, env);
  if (folder === undefined || !ownFolder(folder)) return require(entry);
  const debug = /\bCOMPILE_CACHE\b/.test(env.NODE_DEBUG_NATIVE ?? '')
    ? (line) => fs.writeSync(2, `[wfd compile cache] ${line}\n`)
    : undefined;
  const unsaved = [];

  // Modules are Node's own, in require.cache: each file exists once, whoever requires it, and
  // what a process loaded can be listed as usual.
  const load = (filename) => {
    const known = require.cache[filename];
    if (known) return known.exports;
    const module = new Module(filename);
    module.filename = filename;
    // Before it runs: chunks that require each other get the exports so far, as with Node's loader.
    require.cache[filename] = module;
    const source = fs.readFileSync(filename, 'utf8');
    const cacheFile = path.join(folder, path.basename(filename));
    const cachedData = readIfThere(cacheFile);
    const script = new vm.Script(`${WRAPPER}${source}\n})`, { filename, lineOffset: -1, cachedData });
    const accepted = cachedData !== undefined && !script.cachedDataRejected;
    debug?.(`cache for ${filename} was ${accepted ? 'accepted' : cachedData ? 'rejected' : 'missing'}`);
    if (!accepted) unsaved.push({ script, cacheFile });
    const dirname = path.dirname(filename);
    try {
      script
        .runInThisContext()
        .call(module.exports, module.exports, requireFrom(filename, load), module, filename, dirname);
    } catch (error) {
      delete require.cache[filename];
      throw error;
    }
    module.loaded = true;
    return module.exports;
  };

  process.once('exit', () => {
    if (unsaved.length > 0) saveCaches(folder, unsaved, debug);
  });
  return load(entry);
}

/** A chunk's `require`: the bundle's own files through `load`, anything else through Node's. */
function requireFrom(filename, load) {
  let node;
  const nodeRequire = () => {
    node ??= createRequire(filename);
    return node;
  };
  const dirname = path.dirname(filename);
  const chunkRequire = (id) =>
    /^\.\.?\/.*\.cjs$/.test(id) ? load(path.join(dirname, id)) : nodeRequire()(id);
  // What bundled packages read of `require` (esbuild's __require passes it on).
  chunkRequire.resolve = (id, options) => nodeRequire().resolve(id, options);
  chunkRequire.main = require.main;
  chunkRequire.cache = require.cache;
  return chunkRequire;
}

/**
 * `<cacheRoot>/wfd-<node version>-<arch>-<flags>-<build>`, or undefined without a build id.
 * Flags are those Node and V8 were started with (a cache V8 would reject under others is kept
 * apart rather than overwritten back and forth).
 */
function cacheFolder(dist, cacheRoot, env) {
  let build;
  try {
    build = fs.readFileSync(path.join(dist, 'build-id'), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!/^[0-9a-f]{8,64}$/.test(build)) return undefined;
  const flags = fnv1a(`${process.execArgv.join(' ')}\n${env.NODE_OPTIONS ?? ''}`);
  return path.join(cacheRoot, `wfd-${process.version}-${process.arch}-${flags}-${build}`);
}

/** Writes each script's cache (each file whole: written aside, then renamed); prunes stale builds' folders. */
function saveCaches(folder, unsaved, debug) {
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (const { script, cacheFile } of unsaved) {
      const aside = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(aside, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(aside, cacheFile);
      debug?.(`wrote ${cacheFile}`);
    }
    removeStaleFolders(path.dirname(folder), path.basename(folder));
  } catch (error) {
    debug?.(`not saved: ${error.message}`);
  }
}

function removeStaleFolders(root, keep) {
  const now = Date.now();
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith('wfd-') || name === keep) continue;
    const other = path.join(root, name);
    if (now - fs.statSync(other).mtimeMs > STALE_MS) fs.rmSync(other, { recursive: true, force: true });
  }
}

/**
 * False when the folder exists but is another user's, or others may write to it: its caches are
 * code this process would run. A folder still to be made is this user's (made mode 700).
 */
function ownFolder(folder) {
  let stat;
  try {
    stat = fs.statSync(folder);
  } catch {
    return true;
  }
  const owner = process.getuid?.();
  return stat.isDirectory() && (owner === undefined || stat.uid === owner) && (stat.mode & 0o022) === 0;
}

function readIfThere(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** FNV-1a, 32 bits, in hex: a short name for a short string (node:crypto would cost the start more). */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

module.exports = { requireWithCodeCache };
