// Answers printed without loading the program: `wfd --version`, and `wfd [command...] --help` laid
// out 80 columns wide (a pipe, a file, an 80-column terminal), from the page the build wrote
// (scripts/bundle.mjs): help has no colour, so the page is the same wherever it goes, and
// test/e2e/help-pages.test.ts holds each equal to the program's own. At a terminal the page goes
// through the user's pager, as the program pages help (dist/quick-pager.cjs, src/quick-pager.ts).
// Reading the whole bundle and building the command tree costs more than Node takes to start.
// Anything else, or any doubt, is left to the program, which prints the same.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Prints the answer to `argv` and returns true, or returns false when the program must run. */
function printQuickAnswer(argv, env) {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V' || args[0] === '-v')) {
    // The version the build gave the program (scripts/bundle.mjs), so the two never differ.
    writeOut(fs.readFileSync(path.join(__dirname, '..', 'dist', 'version.txt'), 'utf8'));
    return true;
  }
  const page = helpPage(args, env);
  if (page === undefined) return false;
  // At a terminal, help goes through the user's pager, as the program's would.
  if (!stdoutIsATerminal()) writeOut(page);
  else {
    require('../dist/quick-pager.cjs')
      .pagePage(page, env)
      .then((paged) => paged || writeOut(page));
  }
  return true;
}

/** The page the build wrote for `wfd [command...] --help`, when the program would print just that. */
function helpPage(args, env) {
  const words = args.slice(0, -1);
  const asksHelp = args.at(-1) === '--help' || args.at(-1) === '-h';
  if (!asksHelp || !words.every((word) => /^[a-z][a-z-]*$/.test(word))) return undefined;
  // Forced colour is the program's to decide; the page is laid out for 80 columns.
  if (env.FORCE_COLOR !== undefined || width(env) !== 80) return undefined;
  try {
    return fs.readFileSync(
      path.join(__dirname, '..', 'dist', 'help', `${['wfd', ...words].join(' ')}.txt`),
      'utf8',
    );
  } catch {
    return undefined; // not a command (the program says so), or no page
  }
}

/** The width the program lays a page out to, as src/output/io.ts decides: a terminal's columns, else COLUMNS, else 80. */
function width(env) {
  const columns = stdoutIsATerminal() ? process.stdout.columns : undefined;
  if (columns > 0) return columns;
  const given = Number(env.COLUMNS);
  return Number.isInteger(given) && given > 0 ? given : 80;
}

let terminal;
/** Whether stdout is a terminal, as src/output/io.ts tells it: a pipe, a socket or a file never is (no need to load node:tty). */
function stdoutIsATerminal() {
  if (terminal !== undefined) return terminal;
  try {
    const stat = fs.fstatSync(1);
    terminal = !(stat.isFIFO() || stat.isFile() || stat.isSocket()) && require('node:tty').isatty(1);
  } catch {
    terminal = false;
  }
  return terminal;
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
