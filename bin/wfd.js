#!/usr/bin/env node
// CommonJS (bin/package.json): Node starts a CommonJS entry sooner than an ES module one.
'use strict';

// `--version`, and a help page to a pipe, need none of the program (quick-answers.js).
if (!require('./quick-answers.js').printQuickAnswer(process.argv, process.env)) runProgram();

function runProgram() {
  const env = process.env;
  // dist/wfd.cjs is the bundled program (scripts/bundle.mjs). V8's compiled code of it is kept
  // in the user's cache folder by code-cache.js; NODE_DISABLE_COMPILE_CACHE turns that off.
  const entry = require('node:path').join(__dirname, '../dist/wfd.cjs');
  const codeCache = env.NODE_DISABLE_COMPILE_CACHE ? undefined : require('./code-cache.js');
  const load = () =>
    codeCache
      ? codeCache.requireWithCodeCache(
          entry,
          codeCache.userCacheDir(env, process.platform),
          env,
          commandOf(process.argv),
        )
      : require(entry);
  const program = loadOrSayMissing(load, entry);
  // No SIGINT handler here: Node's default ends the process as a shell expects (exit 130);
  // commands that must clean up (the sandbox server) listen for it themselves.
  program.run(process.argv).then((code) => {
    process.exitCode = code;
  });
}

/**
 * The program, tried once more after a moment when it is missing: `npm run build` swaps a new
 * dist/ in with two renames (scripts/swap-folder.mjs), between which there is none for some
 * microseconds. Still missing: a checkout never built, said in a line (exit 1).
 */
function loadOrSayMissing(load, entry) {
  for (let attempt = 1; ; attempt++) {
    try {
      return load();
    } catch (error) {
      if (require('node:fs').existsSync(entry)) throw error;
      if (attempt === 2) {
        process.stderr.write(`wfd: ${entry} is missing: build it with \`npm run build\`\n`);
        process.exit(1);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

/**
 * What a run does, as the code cache keeps count of it: the first two words (`cases get`; an
 * option's value may take a word's place, which only makes one more name), and whether it asks
 * for help.
 */
function commandOf(argv) {
  const words = argv.slice(2).filter((arg) => /^[a-z][a-z-]*$/.test(arg));
  const help = argv.includes('--help') || argv.includes('-h');
  return [...words.slice(0, 2), ...(help ? ['--help'] : [])].join(' ');
}
