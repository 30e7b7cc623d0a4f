#!/usr/bin/env node
// CommonJS (bin/package.json): Node starts a CommonJS entry sooner than an ES module one.
'use strict';

// `--version`, and a help page to a pipe, need none of the program (quick-answers.js).
if (!require('./quick-answers.js').printQuickAnswer(process.argv, process.env)) runProgram();

function runProgram() {
  const env = process.env;
  // dist/wfd.cjs is the bundled entry (scripts/bundle.mjs).
  const entry = require('node:path').join(__dirname, '../dist/wfd.cjs');
  // V8's compiled code of the bundle is kept between runs in the user's cache (never the install
  // folder, which may be read-only or shared), by bin/code-cache.js on every Node line: unlike
  // Node's own compile cache (module.enableCompileCache, Node >= 22.1), which keeps only what a
  // file's first compilation made, it also keeps the functions a run compiled lazily, most of a
  // command's code (a one-shot `cases get` on Node 22: 1.16x a bare request, 1.45x with Node's).
  // NODE_DISABLE_COMPILE_CACHE turns it off.
  const program = env.NODE_DISABLE_COMPILE_CACHE
    ? require(entry)
    : require('./code-cache.js').requireWithCodeCache(entry, compileCacheDir(env, process.platform), env);
  // No SIGINT handler here: Node's default ends the process as a shell expects (exit 130);
  // commands that must clean up (the sandbox server) listen for it themselves.
  program.run(process.argv).then((code) => {
    process.exitCode = code;
  });
}

/** `<user cache folder>/wfd/compile-cache`; WFD_CACHE_DIR replaces `<user cache folder>/wfd`. */
function compileCacheDir(env, platform) {
  const { join } = require('node:path');
  if (env.WFD_CACHE_DIR) return join(env.WFD_CACHE_DIR, 'compile-cache');
  const home = env.HOME || require('node:os').homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'wfd', 'compile-cache');
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'wfd', 'Cache', 'compile-cache');
  }
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'wfd', 'compile-cache');
}
