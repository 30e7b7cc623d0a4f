// `npm run release [-- --out DIR]`: everything a release offers, in one folder (release/ by
// default, emptied first): the npm tarball (wfd-cli-X.Y.Z.tgz), the single executables
// (wfd-linux-x64, and wfd-win-x64.exe, made under Wine), the Debian package of the Linux one
// (wfd_X.Y.Z_amd64.deb) and SHA256SUMS over them, in the format `sha256sum -c` reads. Built from
// `npm run build`, `npm pack`, scripts/build-binary.mjs and scripts/build-deb.mjs, so a release
// holds what those make and nothing else. test/windows/release.test.ts runs it and checks
// each file; docs/development.md says how to publish one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(options.out ?? join(root, 'release'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
run(npm, ['run', 'build']);
// The build above is the one packed (pack's `prepare` would build it again).
run(npm, ['pack', '--ignore-scripts', '--pack-destination', out, '--loglevel=error']);
const buildBinary = [process.execPath, join(root, 'scripts/build-binary.mjs')];
run(buildBinary, ['--out', out]);
run(
  [process.execPath, join(root, 'scripts/build-deb.mjs')],
  ['--binary', join(out, 'wfd-linux-x64'), '--out', out],
);
run(buildBinary, ['--target', 'win-x64', '--out', out]);

const files = readdirSync(out).sort();
const sums = [];
for (const name of files) sums.push(`${await sha256(join(out, name))}  ${name}\n`);
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''));
console.error(`release in ${out}:\n${sums.join('')}`);

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
