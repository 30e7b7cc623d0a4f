// Bundles the CLI and the sandbox library (`wfd-cli/sandbox`): the package ships dist/ and
// nothing else of src. One esbuild run, CommonJS out (Node starts a CommonJS file sooner than an
// ES module: no ES module loader to set up), no code splitting:
//
//   dist/wfd.cjs       the CLI: src/main.ts and every package it uses, bar those below. A command's
//                      code loaded with import() is a function of this file, run when the
//                      command runs (esbuild keeps it lazy).
//   dist/sandbox.cjs   the emulator and its server (fastify): the library's entry, which
//                      `wfd sandbox start` requires too, so that code exists once.
//   dist/openapi-check.cjs  the API description's validator (ajv), for `wfd api --check`.
//   dist/proxy-agent.cjs  the agents that reach the API through a proxy, when one is set.
//   dist/<part>.cjs    a heavy package few commands use (HEAVY below), required when one does.
//   dist/keyring-host.cjs  the program of the keyring's own process.
//   dist/quick-pager.cjs   the user's pager for a help page the build wrote, at a terminal.
//   dist/help/*.txt    every help page laid out for 80 columns, as the program prints it to a
//                      pipe, a file or an 80-column terminal (bin/quick-answers.js serves them).
//   dist/console/      the sandbox's console, which the sandbox serves and reads on the first
//                      request for it (src/sandbox/console/assets.ts; scripts/console-build.mjs).
//
// Each separate part is an entry of its own here and `external` to the others: an import of
// `pdf-lib` in src becomes `require('./pdf-lib.cjs')`, resolved by Node next to dist/wfd.cjs.
// With `dynamic-import` marked unsupported, esbuild writes an import() of such a part as that
// require too, so nothing sets up the ES module loader. Everything is bundled (package.json
// has no runtime `dependencies` but the keyring binding): an install fetches nothing but this
// package; src imports zod as a namespace (`import * as z from 'zod/mini'`, the sandbox from
// 'zod'), so esbuild keeps only the parts of it src uses. The sandbox's types are bundled by scripts/bundle-types.mjs. Compiled code is cached
// per user at run time (bin/code-cache.js).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { asciiOnly } from './ascii-only.mjs';
import { buildConsole } from './console-build.mjs';
import { versionInline } from './version-inline.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The folder written: dist/, or the one scripts/build.mjs swaps in for it. */
const OUT = resolve(process.argv[2] ?? 'dist');

/**
 * Packages that would make dist/wfd.cjs larger for one or two commands, by the file they are
 * bundled into. Every command pays for the size of dist/wfd.cjs
 * (read, checked and compiled at each start), so each is a file of its own (docs/performance.md
 * has the figures).
 */
const HEAVY = {
  'pdf-lib': 'pdf-lib', // attachments merge
  selfsigned: 'selfsigned', // auth login's loopback certificate
  'jq-wasm/inline': 'jq', // --jq (jq compiled to WebAssembly)
  // Smaller, but a tenth of wfd.cjs together (94 KB, read and decoded at every start), for a flag
  // or a moment most commands never meet. (A package imported for its default export stays in
  // wfd.cjs: through a part, import() would hand the module object, not the function.)
  '@jmespath-community/jmespath': 'jmespath', // --query
  'csv-stringify/sync': 'csv-stringify', // -o csv
  'proper-lockfile': 'proper-lockfile', // the config file's lock, taken to change it
};
/**
 * Modules of src that are parts of their own, by source file: the sandbox library, which
 * `wfd sandbox` commands import from src/sandbox/index.ts, and the API description's validator
 * (ajv, some 200 KB), which only `wfd api --check` loads.
 */
const LOCAL_PARTS = {
  [resolve('src/sandbox/index.ts')]: 'sandbox',
  [resolve('src/openapi/validate.ts')]: 'openapi-check',
  // The proxy agents (https-proxy-agent, http-proxy-agent), for a client with a proxy set.
  [resolve('src/core/http/proxy-agent.ts')]: 'proxy-agent',
  // The spinner (ora, cli-spinners: 60 KB), for a command at a terminal.
  [resolve('src/output/ora-part.ts')]: 'ora',
};

await build({
  entryPoints: {
    wfd: 'src/main.ts',
    ...Object.fromEntries(Object.entries(LOCAL_PARTS).map(([path, file]) => [file, path])),
    // The program of the keyring's own process (src/core/auth/keyring-process.ts starts it).
    'keyring-host': 'src/keyring-host.ts',
    // A help page the build wrote, paged at a terminal without the program (bin/quick-answers.js).
    'quick-pager': 'src/quick-pager.ts',
    ...Object.fromEntries(Object.entries(HEAVY).map(([name, file]) => [file, name])),
  },
  outdir: OUT,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  supported: { 'dynamic-import': false },
  // The native keyring binding (package.json `dependencies`) stays a package of node_modules.
  external: Object.keys(pkg.dependencies ?? {}),
  // Less to read and parse on every start (commander's comments are most of its size); names
  // are kept, so `--debug` stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  // `import.meta.url` is the file's own URL, as in an ES module (src/core/auth/keyring-process.ts),
  // made when read: making it at every start cost a command some 0.2 ms.
  define: { 'import.meta.url': '__importMeta.url' },
  banner: {
    js: "const __importMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };",
  },
  plugins: [versionInline(pkg.version), separateParts()],
  logLevel: 'warning',
});
if (readFileSync(join(OUT, 'wfd.cjs'), 'utf8').includes('package.json')) {
  throw new Error('bundle: dist/wfd.cjs still reads package.json (scripts/version-inline.mjs)');
}
// main.ts maps wfd's errors to exit codes with `instanceof`: a part with a copy of their classes
// would throw errors wfd does not know (exit 1, and no hint).
for (const part of Object.values(LOCAL_PARTS)) {
  if (readFileSync(join(OUT, `${part}.cjs`), 'utf8').includes('WfdError=class')) {
    throw new Error(
      `bundle: dist/${part}.cjs holds a copy of src/core/errors.ts; import it from wfd.cjs only`,
    );
  }
}
for (const file of readdirSync(OUT).filter((name) => name.endsWith('.cjs'))) {
  const path = join(OUT, file);
  writeFileSync(path, asciiOnly(readFileSync(path, 'utf8'), path));
}

await buildConsole(join(OUT, 'console'));

const { helpPagesForPipes, VERSION } = createRequire(import.meta.url)(join(OUT, 'wfd.cjs'));
// `wfd --version` without the program (bin/quick-answers.js): the program's own version.
writeFileSync(join(OUT, 'version.txt'), `${VERSION}\n`);

// Help pages printed ahead (bin/quick-answers.js): building the command tree and laying out a
// page costs more than Node takes to start, and a page on a pipe or in a file depends on nothing
// else (test/e2e/help-pages.test.ts checks each against the program's own output).
mkdirSync(join(OUT, 'help'));
for (const [words, page] of await helpPagesForPipes()) {
  writeFileSync(join(OUT, 'help', `${['wfd', words].join(' ').trim()}.txt`), page);
}

/** An import of a separate part (LOCAL_PARTS, HEAVY) from another file: a require of its file. */
function separateParts() {
  const names = Object.keys(HEAVY).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'separate-parts',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) =>
        args.kind === 'entry-point' ? undefined : { path: `./${HEAVY[args.path]}.cjs`, external: true },
      );
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        const part = LOCAL_PARTS[resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'))];
        return args.kind !== 'entry-point' && part ? { path: `./${part}.cjs`, external: true } : undefined;
      });
    },
  };
}
