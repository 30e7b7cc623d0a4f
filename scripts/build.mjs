// `npm run build`: dist/ made whole in a folder beside it (dist.building-PID), then swapped in
// (scripts/swap-folder.mjs), so a `wfd` linked to this checkout keeps running on the last build
// while the next is made, and a failed build leaves dist/ as it was. The steps: scripts/bundle.mjs
// (the code, help pages, console), then scripts/bundle-types.mjs (the sandbox's types).
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { swapFolder } from './swap-folder.mjs';

const root = resolve(import.meta.dirname, '..');
const PREFIX = 'dist.building-';
// What a build that was killed left behind.
for (const name of readdirSync(root).filter((entry) => entry.startsWith(PREFIX))) {
  if (!running(Number(name.slice(PREFIX.length)))) rmSync(join(root, name), { recursive: true, force: true });
}

const next = join(root, `${PREFIX}${process.pid}`);
const failed = ['bundle.mjs', 'bundle-types.mjs'].find(
  (step) =>
    spawnSync(process.execPath, [join(root, 'scripts', step), next], { cwd: root, stdio: 'inherit' })
      .status !== 0,
);
if (failed) {
  rmSync(next, { recursive: true, force: true });
  console.error(`build: scripts/${failed} failed; dist/ is as it was`);
  process.exitCode = 1;
} else swapFolder(next, join(root, 'dist'));

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
