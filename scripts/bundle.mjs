// Bundles the CLI for start-up speed (DESIGN.md: start-up matters). Two stages:
//
// 1. esbuild bundles src/main.ts as ES modules with code splitting: our modules and commander in
//    one start-up chunk, so `wfd --version` reads two files instead of ~30, while each command's
//    code stays in its own chunk, loaded when the command runs. undici and zod, which every
//    command that calls the API loads, are bundled into chunks of their own: required from
//    node_modules they are some 150 files to resolve and read, about 90 ms of every such command.
//    The sandbox's packages (fastify, pdf-lib, ...) stay external.
// 2. Every output file is turned into CommonJS (dist/wfd.cjs, dist/chunks/*.cjs). Node starts a
//    CommonJS entry about 8 ms sooner than an ES module one: an ESM entry first sets up the ESM
//    loader, which `node -e 0` never does. esbuild splits only ES modules, hence the two stages;
//    the result is still one module graph (chunks require each other), so every class and every
//    piece of state exists once.
// 3. The start-up chunk is named dist/chunks/startup.cjs, and a start-up is run once to save V8's
//    compiled code for every chunk beside it (<chunk>.v8cache), which bin/wfd.js hands to V8.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { build, transform } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Bundled rather than required: commander, undici and zod (start-up speed, see 1.) and the
// packages that ship only as ES modules, which `require` cannot load on every Node 20.
const BUNDLED = new Set(['commander', 'chalk', 'ora', 'string-width', 'open', 'undici', 'zod']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

const result = await build({
  entryPoints: { wfd: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  write: false,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  chunkNames: 'chunks/[name]-[hash]',
  // Less to parse on every start (commander's comments are most of the bundle); names are kept
  // so that `--debug` stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [oneStartupChunk(), noChildProcessForCommander()],
  metafile: true,
  logLevel: 'warning',
});

// Chunks get names that say what they hold: the one with the program's modules is
// chunks/startup.cjs (bin/wfd.js and the tests know it by that name), and a shared chunk with
// bundled packages is named after them (chunks/undici-<hash>.cjs), so a trace of what a command
// loaded reads plainly.
const renames = new Map();
for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
  const name = basename(output);
  if (Object.keys(inputs).includes('src/program.ts')) renames.set(name, 'startup.cjs');
  else if (name.startsWith('chunk-')) {
    const packages = [
      ...new Set(Object.keys(inputs).map((input) => /node_modules\/([^/]+)\//.exec(input)?.[1])),
    ]
      .filter(Boolean)
      .sort();
    if (packages.length > 0) renames.set(name, name.replace('chunk', packages.join('+')));
  }
}
if (![...renames.values()].includes('startup.cjs')) throw new Error('bundle: no output holds src/program.ts');

for (const file of result.outputFiles) {
  const renamed = renames.get(basename(file.path));
  const path = renamed ? resolve(dirname(file.path), renamed) : file.path;
  let text = file.text;
  for (const [from, to] of renames) text = text.replaceAll(`/${from}"`, `/${to}"`);
  const { code } = await transform(text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Lazily loaded chunks and packages are required, in the same CommonJS graph: bin/wfd.js
    // runs the chunks as scripts, which have no ES module loader to import() with.
    supported: { 'dynamic-import': false },
    // `import.meta.url` means the file's own URL, as it did in the ES module.
    define: { 'import.meta.url': '__wfdModuleUrl' },
    banner: file.text.includes('import.meta.url')
      ? "const __wfdModuleUrl = require('node:url').pathToFileURL(__filename).href;"
      : '',
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  if (/\bimport\(/.test(code)) throw new Error(`bundle: ${basename(path)} still calls import()`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
}

// A start-up that builds a noun's subtree and its help compiles nearly all the start-up code;
// the other chunks are cached as compiled before they run.
const cached = spawnSync(process.execPath, ['bin/wfd.js', 'cases', 'list', '--help'], {
  env: { ...process.env, WFD_WRITE_CODE_CACHE: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (cached.status !== 0) throw new Error('bundle: the start-up run for the code cache failed');

/** commander requires node:child_process for executable subcommands, which wfd does not use;
 * loading it (with net and dgram) costs every start about 6 ms, so commander gets a stub. */
function noChildProcessForCommander() {
  return {
    name: 'no-child-process-for-commander',
    setup(build) {
      build.onResolve({ filter: /^node:child_process$/ }, (args) =>
        args.importer.includes('/node_modules/commander/')
          ? { path: 'child_process', namespace: 'commander-stub' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'commander-stub' }, () => ({
        contents: "module.exports = { spawn() { throw new Error('wfd has no executable subcommands'); } };",
        loader: 'js',
      }));
    },
  };
}

/**
 * esbuild puts code shared by the entry and the lazily imported commands into one chunk per set
 * of importers: sixteen files for `wfd --version` to load, each a module resolution and a file
 * read. Every lazily imported module is made to import what the entry imports too (it runs the
 * entry's modules first in any case), so all of it has the same importers and lands in one chunk.
 */
function oneStartupChunk() {
  const entry = resolve('src/main.ts');
  const startup = [
    ...readFileSync(entry, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)\.js';$/gm),
  ].map((match) => resolve(dirname(entry), `${match[1]}.ts`));
  const lazy = new Set();
  return {
    name: 'one-startup-chunk',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.startup) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { startup: true },
        });
        if (resolved.path.startsWith(resolve('src'))) lazy.add(resolved.path);
        return resolved;
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!lazy.has(args.path)) return undefined;
        const imports = startup.map((path) => `import ${JSON.stringify(path)};`).join('\n');
        return { contents: `${imports}\n${readFileSync(args.path, 'utf8')}`, loader: 'ts' };
      });
    },
  };
}
