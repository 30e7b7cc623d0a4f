#!/usr/bin/env node
// CommonJS (bin/package.json): Node starts a CommonJS entry sooner than an ES module one.
'use strict';

const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

// Cache compiled code between runs (Node >= 22.1): start-up is a feature.
Module.enableCompileCache?.();

/**
 * Runs dist/chunks/startup.cjs (the code every start needs) as `require` would, handing V8 the
 * code it compiled for it during `npm run build`: compiling those 120 KB anew is about a tenth of
 * `wfd cases list --help`. V8 checks the cache against the source and its own version and flags,
 * and compiles as usual when it does not match.
 */
function loadStartupChunk(filename) {
  let cachedData;
  try {
    cachedData = readFileSync(`${filename}.v8cache`);
  } catch {
    // No cache (a build interrupted, a copied tree): compile.
  }
  const script = new Script(Module.wrap(readFileSync(filename, 'utf8')), { filename, cachedData });
  const chunk = new Module(filename, module);
  chunk.filename = filename;
  require.cache[filename] = chunk;
  const dir = dirname(filename);
  script
    .runInThisContext()
    .call(chunk.exports, chunk.exports, Module.createRequire(filename), chunk, filename, dir);
  chunk.loaded = true;
  return script;
}

const startup = join(__dirname, '../dist/chunks/startup.cjs');
const script = loadStartupChunk(startup);

// No SIGINT handler here: Node's default ends the process as a shell expects (exit 130);
// commands that must clean up (the sandbox server) listen for it themselves.
// dist/wfd.cjs is the bundled entry (scripts/bundle.mjs).
require('../dist/wfd.cjs')
  .run(process.argv)
  .then((code) => {
    process.exitCode = code;
    // scripts/bundle.mjs saves the code compiled by one start-up.
    if (process.env.WFD_WRITE_CODE_CACHE === '1')
      writeFileSync(`${startup}.v8cache`, script.createCachedData());
  });
