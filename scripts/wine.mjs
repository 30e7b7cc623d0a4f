// Windows programs under Wine, for the build of the Windows executable (scripts/build-binary.mjs).
// Two things Wine needs that a Windows machine does not: a prefix (Wine's C: drive and registry)
// that reports Windows 10, since a new prefix reports an older version and Node refuses to start
// there; and standard output and error going to files, since Node under Wine fails (EBADF) to
// write to a pipe. The test suite has its own copy of this (test/windows/wine.ts).
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The Windows name of a Linux path: Wine maps `/` to drive Z:. */
export function windowsPath(path) {
  return `Z:${path.replaceAll('/', '\\')}`;
}

/** WINEPREFIX, else a prefix of this user's under the temporary folder; made on first use. */
export function winePrefix() {
  const prefix = process.env.WINEPREFIX || join(tmpdir(), `wfd-wine-${userInfo().uid}`);
  const marker = join(prefix, '.wfd-win10');
  if (!existsSync(marker)) {
    mkdirSync(prefix, { recursive: true });
    const result = spawnSync('wine', ['winecfg', '-v', 'win10'], {
      env: { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all' },
      stdio: 'ignore',
    });
    if (result.status !== 0)
      throw new Error(
        `wine winecfg -v win10 failed (${result.error?.message ?? result.status}): is wine installed?`,
      );
    writeFileSync(marker, '');
  }
  return prefix;
}

/**
 * Runs `program` (a Linux path to a .exe) under Wine with `args` and `env` (Wine's own variables
 * added); its stdout and stderr go through files. Returns spawnSync's shape.
 */
export function runUnderWine(program, args, { env = process.env, cwd } = {}) {
  const prefix = winePrefix();
  const dir = mkdtempSync(join(tmpdir(), 'wfd-wine-run-'));
  try {
    const out = openSync(join(dir, 'out'), 'w');
    const err = openSync(join(dir, 'err'), 'w');
    let result;
    try {
      result = spawnSync('wine', [program, ...args], {
        cwd,
        env: { ...env, PATH: process.env.PATH, WINEPREFIX: prefix, WINEDEBUG: '-all' },
        stdio: ['ignore', out, err],
        timeout: 300_000,
      });
    } finally {
      closeSync(out);
      closeSync(err);
    }
    return {
      ...result,
      stdout: readFileSync(join(dir, 'out'), 'utf8'),
      stderr: readFileSync(join(dir, 'err'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
