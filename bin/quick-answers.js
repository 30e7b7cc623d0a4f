// Answers printed without loading the program: `wfd --version`, and `wfd [command...] --help` on a
// pipe or to a file, 80 columns and no colour, from the page the build wrote (scripts/bundle.mjs;
// test/e2e/help-pages.test.ts holds each equal to the program's). Reading the whole bundle and
// building the command tree costs more than Node takes to start. A terminal is the program's:
// it pages help (src/main.ts). Anything else, or any doubt, is left to the program too.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Prints the answer to `argv` and returns true, or returns false when the program must run. */
function printQuickAnswer(argv, env) {
  const text = quickAnswer(argv.slice(2), env);
  if (text === undefined) return false;
  writeOut(text);
  return true;
}

function quickAnswer(args, env) {
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V' || args[0] === '-v')) {
    return `${require('../package.json').version}\n`;
  }
  const words = args.slice(0, -1);
  const asksHelp = args.at(-1) === '--help' || args.at(-1) === '-h';
  if (!asksHelp || !words.every((word) => /^[a-z][a-z-]*$/.test(word))) return undefined;
  // As src/output/io.ts decides: colour only when forced on a pipe; width COLUMNS, else 80.
  if (env.FORCE_COLOR !== undefined || !neverATerminal(1)) return undefined;
  const columns = Number(env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0 && columns !== 80) return undefined;
  try {
    return fs.readFileSync(
      path.join(__dirname, '..', 'dist', 'help', `${['wfd', ...words].join(' ')}.txt`),
      'utf8',
    );
  } catch {
    return undefined; // not a command (the program says so), or no page
  }
}

/** A pipe, a socket or a file (as src/output/io.ts tells them); a character device may be a terminal. */
function neverATerminal(fd) {
  try {
    const stat = fs.fstatSync(fd);
    return stat.isFIFO() || stat.isFile() || stat.isSocket();
  } catch {
    return false;
  }
}

/** As io.writeOut: straight to the file descriptor, without opening process.stdout (Node's stream and net modules). */
function writeOut(text) {
  const data = Buffer.from(text);
  let offset = 0;
  try {
    while (offset < data.length) offset += fs.writeSync(1, data, offset);
  } catch (error) {
    // A reader that went away (`wfd --help | head -1`) needs nothing more; a full non-blocking pipe, the stream.
    if (error.code === 'EAGAIN') process.stdout.write(data.subarray(offset));
  }
}

module.exports = { printQuickAnswer };
