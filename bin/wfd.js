#!/usr/bin/env node
// CommonJS (bin/package.json): Node starts a CommonJS entry sooner than an ES module one.
'use strict';

const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

// Node >= 22.1 caches compiled code between runs itself; on Node 20 the chunks below do.
Module.enableCompileCache?.();

/**
 * The bundle's chunks (dist/chunks/*.cjs) are run as `require` would run them, but handed the
 * code V8 compiled for them during `npm run build` (<chunk>.v8cache): parsing and compiling
 * the start-up chunk anew is about a tenth of `wfd cases list --help`, and the chunks with
 * undici and zod a good part of every command's start. V8 checks a cache against the source,
 * its own version and its flags, and compiles as usual when it does not match.
 */
const CHUNKS = join(__dirname, '../dist/chunks');
const WRITE_CODE_CACHE = process.env.WFD_WRITE_CODE_CACHE === '1';
/** The scripts run, kept only when the cache is to be saved from them. */
const scripts = new Map();
const loadJs = Module._extensions['.js'];
Module._extensions['.cjs'] = function loadChunk(module, filename) {
  if (dirname(filename) !== CHUNKS) return loadJs(module, filename);
  const script = compile(filename);
  if (WRITE_CODE_CACHE) scripts.set(filename, script);
  const run = script.runInThisContext();
  run.call(module.exports, module.exports, Module.createRequire(filename), module, filename, CHUNKS);
};

function compile(filename) {
  let cachedData;
  try {
    cachedData = readFileSync(`${filename}.v8cache`);
  } catch {
    // No cache (a build interrupted, a copied tree): compile.
  }
  // The chunks make no import() (scripts/bundle.mjs), which a Script needs a loader for.
  return new Script(Module.wrap(readFileSync(filename, 'utf8')), { filename, cachedData });
}

/** For scripts/bundle.mjs: saves what V8 compiled, the start-up's chunks after running them. */
function writeCodeCache() {
  for (const name of readdirSync(CHUNKS).filter((file) => file.endsWith('.cjs'))) {
    const filename = join(CHUNKS, name);
    const script = scripts.get(filename) ?? compile(filename);
    writeFileSync(`${filename}.v8cache`, script.createCachedData());
  }
}

// No SIGINT handler here: Node's default ends the process as a shell expects (exit 130);
// commands that must clean up (the sandbox server) listen for it themselves.
// dist/wfd.cjs is the bundled entry (scripts/bundle.mjs).
require('../dist/wfd.cjs')
  .run(process.argv)
  .then((code) => {
    process.exitCode = code;
    if (!WRITE_CODE_CACHE) return;
    try {
      writeCodeCache();
    } catch (error) {
      // A read-only install: say so in one line; the build checks for the files it needs.
      process.stderr.write(`wfd: cannot save the code cache: ${error.message}\n`);
      process.exitCode = 1;
    }
  });
