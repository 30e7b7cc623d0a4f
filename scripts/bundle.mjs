// Bundles the CLI's entry for start-up speed (DESIGN.md: start-up matters): our modules and
// commander in one file, so `wfd --version` reads one file instead of ~30, while each command's
// code stays in its own chunk, loaded when the command runs. The heavy packages (undici, zod,
// fastify, ...) stay external: they are loaded from node_modules, only by the chunks that need them.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== 'commander');

await build({
  entryPoints: { wfd: 'src/main.ts' },
  outdir: 'dist',
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
  // commander is CommonJS: give the bundle a `require` for its `require('node:events')` & co.
  banner: {
    js: "import { createRequire as __wfdRequire } from 'node:module'; const require = __wfdRequire(import.meta.url);",
  },
  // commander requires node:child_process for executable subcommands, which wfd does not use;
  // loading it (with net and dgram) costs every start about 6 ms, so commander gets a stub.
  plugins: [
    {
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
    },
  ],
  logLevel: 'warning',
});
