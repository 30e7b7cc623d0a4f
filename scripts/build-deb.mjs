// `npm run build:deb [-- --binary FILE --out DIR]`: the Debian package wfd_<version>_amd64.deb,
// built with Debian's own dpkg-deb from the Linux single executable (dist/bin/wfd-linux-x64 by
// default; `npm run release` passes its own). The executable carries its Node, so the package
// depends on no system Node (Debian's is too old for wfd), only on the C libraries that Node's
// official Linux binaries link (test/windows/release.test.ts checks them against the symbol
// versions the executable asks for). It holds, where each tool finds them with no configuration:
//
//   /usr/bin/wfd                                      the executable
//   /usr/share/man/man1/wfd*.1.gz                     the man pages npm installs (package.json `man`)
//   /usr/share/bash-completion/completions/wfd        the committed completions/ scripts, as
//   /usr/share/zsh/vendor-completions/_wfd            `npm run completions` generates them: each
//   /usr/share/fish/vendor_completions.d/wfd.fish     file there goes to its shell's folder
//   /usr/share/doc/wfd/copyright                      wfd's licence, and Node's inside the executable
//   /usr/share/lintian/overrides/wfd                  what lintian says of Node's binary, explained
//
// The version is package.json's (a pre-release `1.0.0-rc.1` becomes `1.0.0~rc.1`, which Debian
// sorts before 1.0.0). Maintainer: $DEBFULLNAME <$DEBEMAIL>, as Debian's own tools read them.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * Where each committed completion script goes: the folder its shell loads completions from, or
 * null for a shell that loads none from a system folder (PowerShell reads only its $PROFILE). A
 * new script in completions/ stops the build until it has its entry here.
 */
const COMPLETION_PLACES = {
  'wfd.bash': 'usr/share/bash-completion/completions/wfd', // bash-completion's loader, on first TAB
  _wfd: 'usr/share/zsh/vendor-completions/_wfd', // on Debian's zsh $fpath, read by compinit
  'wfd.fish': 'usr/share/fish/vendor_completions.d/wfd.fish', // fish's own vendor folder
  'wfd.ps1': null, // PowerShell on Linux reads its $PROFILE only (README: wfd completion powershell)
};
/**
 * What the executable links (Node's official Linux x64 build): glibc 2.28 or later, as Node
 * states for its binaries, and GCC's runtime libraries.
 */
const DEPENDS = 'libc6 (>= 2.28), libgcc-s1 (>= 3.4), libstdc++6 (>= 7)';

/** The synopsis, then the long description (lines of at most 80 columns; `.` is an empty line). */
const DESCRIPTION = [
  'command-line client for the Workflow, Forms and Documents API',
  'wfd lists, counts and changes cases and forms, reads responses and',
  'signatures, exports attachments, runs document extraction and webhooks, from a',
  'terminal, a shell script or a CI job, with table, JSON, NDJSON and CSV output.',
  'wfd sandbox is a local emulator of the whole API, for trying commands and',
  'testing integrations.',
  '.',
  'One executable with its own Node.js, with manual pages (man wfd) and',
  'completions for bash, zsh and fish.',
];
/**
 * What lintian says of Node's official binary, which the executable is (wfd neither rebuilds
 * nor strips it), and of a package with no changelog yet.
 */
const LINTIAN_OVERRIDES = [
  '# Node.js as released: its own zlib, its symbols kept, built without PIE.',
  'embedded-library zlib [usr/bin/wfd]',
  'unstripped-binary-or-object [usr/bin/wfd]',
  'hardening-no-pie [usr/bin/wfd]',
  '# The changes of each release are on its release page.',
  'no-changelog usr/share/doc/wfd/changelog.gz (native package)',
];

const { values: options } = parseArgs({
  options: {
    binary: { type: 'string', default: join(root, 'dist/bin/wfd-linux-x64') },
    out: { type: 'string', default: join(root, 'dist/bin') },
  },
});
const name = Object.keys(pkg.bin)[0];
const version = pkg.version.replace('-', '~');
const output = join(resolve(options.out), `${name}_${version}_amd64.deb`);

const binary = resolve(options.binary);
const nodeVersion = nodeVersionOf(binary);
const completions = readdirSync(join(root, 'completions'))
  .sort()
  .map((file) => {
    const place = COMPLETION_PLACES[file];
    if (place === undefined) fail(`completions/${file} has no entry in COMPLETION_PLACES: add one`);
    return [file, place];
  })
  .filter(([, place]) => place !== null);

const tree = mkdtempSync(join(tmpdir(), 'wfd-deb-'));
let built;
try {
  stage();
  mkdirSync(dirname(output), { recursive: true });
  // gzip, not dpkg-deb's default xz: xz takes minutes over the 130 MB executable on two cores,
  // gzip seconds (45 MB against 31), and every dpkg and apt reads it.
  built = spawnSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', tree, output], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
} finally {
  rmSync(tree, { recursive: true, force: true });
}
if (built.error) fail(`dpkg-deb cannot run (${built.error.message}): apt-get install dpkg`);
if (built.status !== 0) fail(`dpkg-deb failed (${built.status})`);
console.error(`built ${output}`);

/** Lays the package's files out in `tree`, as they will stand on the system. */
function stage() {
  const executable = join(tree, 'usr/bin/wfd');
  mkdirSync(dirname(executable), { recursive: true });
  copyFileSync(binary, executable);
  for (const page of pkg.man) put(`usr/share/man/man1/${basename(page)}.gz`, gzip(read(page)));
  for (const [file, place] of completions) put(place, read(`completions/${file}`));
  put(`usr/share/doc/${name}/copyright`, copyright(nodeVersion));
  put(
    `usr/share/lintian/overrides/${name}`,
    LINTIAN_OVERRIDES.map((line) => (line.startsWith('#') ? `${line}\n` : `${name}: ${line}\n`)).join(''),
  );
  writeControl();
  // The modes Debian wants, whatever the umask of the build.
  chmodSync(tree, 0o755);
  for (const entry of readdirSync(tree, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    chmodSync(path, entry.isDirectory() || path === executable ? 0o755 : 0o644);
  }
}

/** DEBIAN/control (the fields a package index takes) and DEBIAN/md5sums. */
function writeControl() {
  const files = listFiles(tree);
  const md5 = (file) =>
    createHash('md5')
      .update(readFileSync(join(tree, file)))
      .digest('hex');
  const sums = files.map((file) => `${md5(file)}  ${file}\n`);
  const kib = files.reduce((total, file) => total + Math.ceil(statSync(join(tree, file)).size / 1024), 0);
  const control = {
    Package: name,
    Version: version,
    Architecture: 'amd64',
    Maintainer: `${process.env.DEBFULLNAME ?? 'wfd-cli maintainers'} <${process.env.DEBEMAIL ?? 'maintainers@wfd-cli.invalid'}>`,
    'Installed-Size': String(kib),
    Depends: DEPENDS,
    Section: 'utils',
    Priority: 'optional',
    Homepage: pkg.homepage,
    Description: DESCRIPTION.join('\n '),
  };
  put(
    'DEBIAN/control',
    Object.entries(control)
      .map(([key, value]) => `${key}: ${value}\n`)
      .join(''),
  );
  put('DEBIAN/md5sums', sums.join(''));
}

/** /usr/share/doc/wfd/copyright, in Debian's machine-readable format. */
function copyright(nodeVersion) {
  const mit = [
    'Permission is hereby granted, free of charge, to any person obtaining a copy of this',
    'software and associated documentation files (the "Software"), to deal in the Software',
    'without restriction, including without limitation the rights to use, copy, modify, merge,',
    'publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons',
    'to whom the Software is furnished to do so, subject to the following conditions:',
    '.',
    'The above copyright notice and this permission notice shall be included in all copies or',
    'substantial portions of the Software.',
    '.',
    'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,',
    'INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR',
    'PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE',
    'FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR',
    'OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER',
    'DEALINGS IN THE SOFTWARE.',
  ];
  const year = new Date().getUTCFullYear();
  return [
    'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
    `Upstream-Name: ${pkg.name}`,
    `Source: ${pkg.homepage}`,
    '',
    'Files: *',
    `Copyright: ${year} the ${pkg.name} authors`,
    `License: ${pkg.license}`,
    '',
    'Files: usr/bin/wfd',
    `Copyright: ${year} the ${pkg.name} authors; Node.js contributors and others`,
    `License: ${pkg.license}`,
    `Comment: The executable is Node.js ${nodeVersion} with wfd and the npm packages it uses`,
    ' bundled into it. Node.js and the libraries it includes come under their own licences:',
    ` https://github.com/nodejs/node/blob/${nodeVersion}/LICENSE`,
    '',
    `License: ${pkg.license}`,
    ...mit.map((line) => ` ${line}`),
    '',
  ].join('\n');
}

/** The Node.js release an official node binary was built as (in its process.release.sourceUrl). */
function nodeVersionOf(binary) {
  const RELEASE_URL = 'nodejs.org/download/release/';
  const content = readFileSync(binary);
  const at = content.indexOf(RELEASE_URL);
  const found =
    at < 0
      ? null
      : /^v\d+\.\d+\.\d+(?=\/)/.exec(content.toString('latin1', at + RELEASE_URL.length, at + 60));
  if (!found) fail(`${binary} is not built from an official Node.js release`);
  return found[0];
}

function put(path, content) {
  const file = join(tree, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function read(path) {
  return readFileSync(join(root, path));
}

/** gzip -9n: no name, no time stamp, so the same page makes the same bytes. */
function gzip(content) {
  return gzipSync(content, { level: 9 });
}

/** The files under `dir` but DEBIAN/, relative, as md5sums lists them. */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('DEBIAN/'))
    .sort();
}

function fail(message) {
  console.error(`build-deb: ${message}`);
  process.exit(1);
}
