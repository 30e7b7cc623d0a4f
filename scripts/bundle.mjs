// Bundles the CLI's entry for start-up speed (DESIGN.md: start-up matters): our modules and
// commander in one file, so `wfd --version` reads one file instead of ~30, while each command's
// code stays in its own chunk, loaded when the command runs. The heavy packages (undici, zod,
// fastify, ...) stay external: they are loaded from node_modules, only by the chunks that need them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
    oneStartupChunk(),
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
