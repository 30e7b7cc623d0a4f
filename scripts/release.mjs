// `npm run release [-- --out DIR] [-- --url URL]`: everything a release offers, in one folder
// (release/ by default, emptied first): the npm tarball (wfd-cli-X.Y.Z.tgz), the single
// executables (wfd-linux-x64, and wfd-win-x64.exe, made under Wine), the Debian package of the
// Linux one (wfd_X.Y.Z_amd64.deb) and SHA256SUMS over them, in the format `sha256sum -c` reads.
// Built from `npm run build`, `npm pack` (its package.json without the checkout's scripts),
// scripts/build-binary.mjs and scripts/build-deb.mjs, so a release holds what those make and
// nothing else. Beside them, from SHA256SUMS, a Homebrew formula (wfd.rb) and a Scoop manifest
// (wfd.json) for a tap and a bucket, naming the files at URL, where the release's files will be
// served (a placeholder without --url; see scripts/package-manifests.mjs).
// test/windows/release.test.ts runs it and checks each file; docs/development.md says how to
// publish one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { homebrewFormula, scoopManifest } from './package-manifests.mjs';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { values: options } = parseArgs({ options: { out: { type: 'string' }, url: { type: 'string' } } });
const out = resolve(options.out ?? join(root, 'release'));
const url = (options.url ?? `https://releases.invalid/wfd/v${pkg.version}`).replace(/\/+$/, '');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
run(npm, ['run', 'build']);
packWithoutScripts();
const buildBinary = [process.execPath, join(root, 'scripts/build-binary.mjs')];
run(buildBinary, ['--out', out]);
run(
  [process.execPath, join(root, 'scripts/build-deb.mjs')],
  ['--binary', join(out, 'wfd-linux-x64'), '--out', out],
);
run(buildBinary, ['--target', 'win-x64', '--out', out]);

const hashes = {};
for (const name of readdirSync(out).sort()) hashes[name] = await sha256(join(out, name));
const sums = Object.entries(hashes).map(([name, hash]) => `${hash}  ${name}\n`);
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''));
const tarball = `${pkg.name}-${pkg.version}.tgz`;
writeFileSync(
  join(out, 'wfd.rb'),
  homebrewFormula({ pkg, url: `${url}/${tarball}`, sha256: hashes[tarball] }),
);
const exe = 'wfd-win-x64.exe';
writeFileSync(join(out, 'wfd.json'), scoopManifest({ pkg, url: `${url}/${exe}`, sha256: hashes[exe] }));
console.error(`release in ${out}:\n${sums.join('')}and wfd.rb, wfd.json for ${url}`);

/**
 * The npm tarball of the build above (pack's `prepare` would build it again), its package.json
 * without `scripts`: they are the checkout's (build, test), and a `prepare` there makes npm 11
 * warn at `npm install -g ./wfd-cli-X.Y.Z.tgz` that the package has install scripts to allow,
 * though npm never runs `prepare` for a tarball. Packed, unpacked, the field dropped, packed
 * again, so npm chooses the files both times.
 */
function packWithoutScripts() {
  const staging = join(out, '.pack');
  mkdirSync(staging);
  run(npm, ['pack', '--ignore-scripts', '--pack-destination', staging, '--loglevel=error']);
  run(['tar'], ['-xzf', join(staging, `${pkg.name}-${pkg.version}.tgz`), '-C', staging]);
  const manifest = join(staging, 'package', 'package.json');
  const { scripts: _, ...packed } = JSON.parse(readFileSync(manifest, 'utf8'));
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
  run(npm, [
    'pack',
    join(staging, 'package'),
    '--ignore-scripts',
    '--pack-destination',
    out,
    '--loglevel=error',
  ]);
  rmSync(staging, { recursive: true, force: true });
}

function sha256(path) {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}

function run([command, ...first], args) {
  const result = spawnSync(command, [...first, ...args], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(
      `release: ${[command, ...first, ...args].join(' ')} failed (${result.error?.message ?? result.status})`,
    );
    process.exit(1);
  }
}
