// Bundles the CLI for start-up speed (DESIGN.md: start-up matters), and the sandbox library
// (`wfd-cli/sandbox`) with it: the package ships this bundle and nothing else of src. Two stages:
//
// 1. esbuild bundles src/main.ts as ES modules with code splitting: our modules and commander in
//    one start-up chunk, so `wfd --version` reads two files instead of ~30, while each command's
//    code stays in its own chunk, loaded when the command runs; what every command that calls
//    the API runs (context, credentials, the HTTP client, printing) is one more chunk, loaded
//    with the first command's code (WITH_RUNTIME below). undici and zod, which every
//    command that calls the API loads, are bundled into chunks of their own: required from
//    node_modules they are some 150 files to resolve and read, about 90 ms of every such command.
//    Every package is bundled (package.json has no `dependencies`): an install fetches nothing
//    but this package, and no version a consumer's install resolves differently (it ignores this
//    package's `overrides`) can break it or warn about its engines. The sandbox library is a
//    second entry (dist/sandbox.cjs) of the same build, so its code exists once, shared with the
//    `wfd sandbox` commands; its types are bundled by scripts/bundle-types.mjs.
// 2. Every output file is turned into CommonJS (dist/wfd.cjs, dist/chunks/*.cjs). Node starts a
//    CommonJS entry about 8 ms sooner than an ES module one: an ESM entry first sets up the ESM
//    loader, which `node -e 0` never does. esbuild splits only ES modules, hence the two stages;
//    the result is still one module graph (chunks require each other), so every class and every
//    piece of state exists once.
// The start-up chunk is named dist/chunks/startup.cjs. Compiled code is cached per user at run
// time by bin/code-cache.js, keyed by the build's id (dist/build-id); never in the install folder.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { build, transform } from 'esbuild';
import { versionInline } from './version-inline.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// What the package declares it needs at run time is loaded from node_modules; all else is bundled.
const external = Object.keys(pkg.dependencies ?? {});
// The packages this project names itself, which name a chunk (a chunk holds their dependencies too).
const named = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));

/**
 * The modules every command that calls the API runs, which src/cli/action.ts and src/context.ts
 * import lazily: bundled as one chunk (chunks/api-runtime-code-<hash>.cjs, reached through
 * chunks/api-runtime-<hash>.cjs), where esbuild would make
 * some 25 files of them, one for each set of importers, for each such command to find, read and
 * compile (about 15 ms of a one-shot `cases get`). Help and offline commands still load none of it.
 */
const WITH_RUNTIME = [
  'src/output/settings.ts',
  'src/cli/check-globals.ts',
  'src/context.ts',
  'src/core/auth/store.ts',
  'src/core/auth/config-paths.ts',
  'src/core/auth/keyring.ts',
  'src/core/auth/keyring-process.ts',
  'src/core/auth/credentials.ts',
  'src/core/http.ts',
  'src/core/limiter.ts',
  'src/core/duration.ts',
  'src/core/shared-budget.ts',
  'src/core/base-url.ts',
  // What most verbs import: their options schema (with zod), printing, reading records and pages.
  'src/cli/verb.ts',
  'src/cli/flag-schema.ts',
  'src/output/render.ts',
  'src/commands/shared/output.ts',
  'src/commands/shared/not-found.ts',
  'src/commands/shared/get.ts',
  'src/commands/shared/list.ts',
  'src/commands/shared/resolve-id.ts',
  'src/api/schemas.ts',
  'src/api/list.ts',
  'src/core/paginate.ts',
];

const result = await build({
  // dist/keyring-host.cjs: the program of the keyring's own process (src/core/auth/keyring-process.ts).
  entryPoints: { wfd: 'src/main.ts', sandbox: 'src/sandbox/index.ts', 'keyring-host': 'src/keyring-host.ts' },
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
  // versionInline first: of plugins that load a file, the first to answer wins.
  plugins: [versionInline(pkg.version), oneStartupChunk(), noChildProcessForCommander(), onlyTheZodWeUse()],
  metafile: true,
  logLevel: 'warning',
});

// Chunks get names that say what they hold: the one with the program's modules is
// chunks/startup.cjs (the tests know it by that name), the code of the API runtime (WITH_RUNTIME)
// chunks/api-runtime-code-<hash>.cjs, and a shared chunk with bundled packages
// is named after those of them package.json names (chunks/undici-<hash>.cjs), so a trace of what
// a command loaded reads plainly.
const renames = new Map();
for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
  const name = basename(output);
  if (Object.keys(inputs).includes('src/program.ts')) renames.set(name, 'startup.cjs');
  else if (Object.keys(inputs).includes('src/context.ts'))
    renames.set(name, name.replace('chunk', 'api-runtime-code'));
  else if (name.startsWith('chunk-')) {
    const packages = new Set(
      Object.keys(inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]),
    );
    packages.delete(undefined);
    const ours = [...packages].filter((name) => named.has(name));
    const names = (ours.length > 0 ? ours : [...packages]).sort().map((name) => name.replace('/', '-'));
    if (names.length > 0) renames.set(name, name.replace('chunk', names.join('+')));
  }
}
if (![...renames.values()].includes('startup.cjs')) throw new Error('bundle: no output holds src/program.ts');

const buildHash = createHash('sha256');
for (const file of result.outputFiles) {
  const renamed = renames.get(basename(file.path));
  const path = renamed ? resolve(dirname(file.path), renamed) : file.path;
  // A CommonJS package reached by import() gets a chunk whose one export is its module.exports
  // as `default`. As CommonJS, that chunk is the package's module.exports itself, so the importer
  // sees its named exports as Node shows a CommonJS module's (`const { generate } = await
  // import('selfsigned')`), with `default` the whole.
  const onlyExport = /(?<=^|[;}])export default (require_[\w$]+)\(\);/m;
  let text = /\bexport\s*\{/.test(file.text)
    ? file.text
    : file.text.replace(onlyExport, 'module.exports = $1();');
  for (const [from, to] of renames) text = text.replaceAll(`/${from}"`, `/${to}"`);
  const { code } = await transform(text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Lazily loaded chunks and packages are required, in the same CommonJS graph: an import()
    // would set up the ES module loader, which no start-up needs.
    supported: { 'dynamic-import': false },
    // `import.meta.url` means the file's own URL, as it did in the ES module.
    define: { 'import.meta.url': '__wfdModuleUrl' },
    banner: file.text.includes('import.meta.url')
      ? "const __wfdModuleUrl = require('node:url').pathToFileURL(__filename).href;"
      : '',
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
  buildHash.update(`${basename(path)}\0${code}\0`);
}
if (readFileSync('dist/wfd.cjs', 'utf8').includes('package.json')) {
  throw new Error('bundle: dist/wfd.cjs still reads package.json (scripts/version-inline.mjs)');
}
// The build's id, a hash of every file of the bundle: the compile cache (bin/code-cache.js)
// keys its folder by it, since V8 checks a cache against a source's length only.
writeFileSync('dist/build-id', `${buildHash.digest('hex').slice(0, 16)}\n`);

// Help pages printed ahead (bin/quick-answers.js): building the command tree and laying out a
// page costs more than Node takes to start, and a page on a pipe or in a file depends on nothing
// else (test/e2e/help-pages.test.ts checks each against the program's own rendering).
const { helpPagesForPipes } = createRequire(import.meta.url)('../dist/wfd.cjs');
mkdirSync('dist/help');
for (const [words, page] of await helpPagesForPipes()) {
  writeFileSync(join('dist/help', `${['wfd', words].join(' ').trim()}.txt`), page);
}

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
 * `import { z } from 'zod'` makes `z` an object holding every export of zod, its 40 locales and
 * its JSON Schema converters among them: 580 KB that every API command would parse and run. Our
 * modules get instead a `z` holding the exports src names (`z.string`, `z.looseObject`, …; a
 * name zod does not export as a value, such as `z.infer`, is a type and left out), which lets
 * esbuild drop the rest: about 145 KB. zod's own modules import zod as they do.
 */
function onlyTheZodWeUse() {
  return {
    name: 'only-the-zod-we-use',
    setup(build) {
      build.onResolve({ filter: /^zod$/ }, (args) =>
        args.namespace === 'zod-used' || args.importer.includes('/node_modules/')
          ? undefined
          : { path: 'zod', namespace: 'zod-used' },
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-used' }, async () => {
        const zod = await import('zod');
        // A namespace (z.core, z.locales) is only ever a type here, and would bring all of itself.
        const values = new Set(
          Object.keys(zod).filter((name) => zod[name]?.[Symbol.toStringTag] !== 'Module'),
        );
        const used = new Set();
        for (const file of readdirSync('src', { recursive: true })) {
          if (!file.endsWith('.ts')) continue;
          for (const [, name] of readFileSync(resolve('src', file), 'utf8').matchAll(
            /\bz\.([A-Za-z_$][\w$]*)/g,
          )) {
            if (values.has(name)) used.add(name);
          }
        }
        const names = [...used].sort();
        const imports = names.map((name, i) => `${name} as z${i}`).join(', ');
        const members = names.map((name, i) => `${JSON.stringify(name)}: z${i}`).join(', ');
        return {
          contents: `import { ${imports} } from 'zod';\nexport const z = { ${members} };\n`,
          loader: 'js',
          resolveDir: resolve('.'),
        };
      });
    },
  };
}

/**
 * esbuild puts code shared by the entry and the lazily imported commands into one chunk per set
 * of importers: sixteen files for `wfd --version` to load, each a module resolution and a file
 * read. Every lazily imported module is made to import what the entry imports too (it runs the
 * entry's modules first in any case), so all of it has the same importers and lands in one chunk.
 * Likewise with the API runtime (WITH_RUNTIME): every lazily imported module imports it, and an
 * import() of one of its modules becomes an import() of all of it, so it too is one chunk.
 */
function oneStartupChunk() {
  const entry = resolve('src/main.ts');
  const startup = [
    ...readFileSync(entry, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)\.js';$/gm),
  ].map((match) => resolve(dirname(entry), `${match[1]}.ts`));
  const startupImports = startup.map((path) => `import ${JSON.stringify(path)};`);
  const runtime = WITH_RUNTIME.map((path) => resolve(path));
  const gone = WITH_RUNTIME.filter((path) => !existsSync(path));
  if (gone.length > 0) throw new Error(`bundle: WITH_RUNTIME names no such file: ${gone.join(', ')}`);
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
        // The sandbox library's modules stay free of the CLI's (wfd-cli/sandbox loads none of it).
        if (resolved.path.startsWith(resolve('src')) && !resolved.path.startsWith(resolve('src/sandbox'))) {
          lazy.add(resolved.path);
        }
        return resolved;
      });
      // One module that holds the API runtime (WITH_RUNTIME), each module's exports under its index.
      build.onResolve({ filter: /^wfd:api-runtime$/ }, () => ({ path: 'api-runtime', namespace: 'wfd' }));
      build.onLoad({ filter: /.*/, namespace: 'wfd' }, () => ({
        contents: [
          ...startupImports,
          ...runtime.map((path, i) => `export * as m${i} from ${JSON.stringify(path)};`),
        ].join('\n'),
        loader: 'js',
        resolveDir: resolve('.'),
      }));
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(resolve('src')) || args.path.startsWith(resolve('src/sandbox')))
          return undefined;
        // import() of a module of the API runtime: an import() of the whole runtime.
        const source = readFileSync(args.path, 'utf8').replace(
          /\bimport\('(\.[^']+)\.js'\)/g,
          (call, path) => {
            const index = runtime.indexOf(resolve(dirname(args.path), `${path}.ts`));
            return index < 0 ? call : `import('wfd:api-runtime').then((runtime) => runtime.m${index})`;
          },
        );
        const imports = lazy.has(args.path) ? [...startupImports, "import 'wfd:api-runtime';"] : [];
        return { contents: [...imports, source].join('\n'), loader: 'ts' };
      });
    },
  };
}
