/**
 * The config store: every change under the lock and re-read, atomic writes with the modes the
 * file's secrets need, and one clear line for each way local state can be broken.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigFileError, describeFsError } from '../../src/core/auth/config-file.js';
import { configDir } from '../../src/core/auth/config-paths.js';
import { resolveCredentials } from '../../src/core/auth/credentials.js';
import { ConfigStore, type Profile } from '../../src/core/auth/store.js';
import { readConfigData, settingsIn } from '../../src/core/settings.js';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

const profile = (token: string): Profile => ({ baseUrl: 'http://api.test', token, authType: 'token' });

/** The error `fn` rejects with. */
async function failure(fn: () => Promise<unknown>): Promise<Error & { hint?: string; exitCode?: number }> {
  try {
    await fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('writes', () => {
  it('ten concurrent changes from separate stores all land: each re-reads under the lock', async () => {
    const dir = join(scratch(), 'wfd');
    const stores = await Promise.all(Array.from({ length: 10 }, () => ConfigStore.open(dir)));
    await Promise.all(stores.map((store, i) => store.saveProfile(`p${i}`, profile(`wfd_${i}`))));
    const reread = await ConfigStore.open(dir);
    expect(Object.keys(reread.profiles()).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i}`).sort(),
    );
    // No temporary file or lock is left behind.
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('creates the folder 0700 and the file 0600, even under umask 000', async () => {
    const dir = join(scratch(), 'nested', 'wfd');
    const previous = process.umask(0);
    try {
      const store = await ConfigStore.open(dir);
      await store.saveProfile('a', profile('wfd_a'));
    } finally {
      process.umask(previous);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('tightens an existing 0755 folder when it writes, and leaves it alone when it only reads', async () => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    const store = await ConfigStore.open(dir);
    store.profiles();
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    await store.saveProfile('a', profile('wfd_a'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('writes nothing when a change changes nothing', async () => {
    const dir = scratch();
    const store = await ConfigStore.open(dir);
    expect(await store.setCurrent('nobody')).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps what another process wrote since this one read the file', async () => {
    const dir = scratch();
    const early = await ConfigStore.open(dir);
    const other = await ConfigStore.open(dir);
    await other.saveProfile('other', profile('wfd_other'));
    await early.saveProfile('mine', profile('wfd_mine'), { makeCurrent: false });
    expect(Object.keys(early.profiles()).sort()).toEqual(['mine', 'other']);
    expect(early.currentProfileName()).toBe('other');
  });

  it('waits for a held lock, then says which lock when it gives up', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'config.json.lock'));
    const store = await ConfigStore.open(dir, { lock: { waitMs: 200, sleep: async () => {} } });
    const error = await failure(() => store.saveProfile('a', profile('wfd_a')));
    expect(error.message).toBe(
      `the config file is locked by another wfd process (${join(dir, 'config.json.lock')})`,
    );
    expect(error.hint).toContain('if no wfd is running, remove the folder');
  });

  it('takes over a lock its holder abandoned (a crashed process)', async () => {
    const dir = scratch();
    const lock = join(dir, 'config.json.lock');
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    const store = await ConfigStore.open(dir, { lock: { waitMs: 200 } });
    await store.saveProfile('a', profile('wfd_a'));
    expect(store.profile('a')?.token).toBe('wfd_a');
  });

  it('reading needs no lock', async () => {
    const dir = scratch();
    await (await ConfigStore.open(dir)).saveProfile('a', profile('wfd_a'));
    mkdirSync(join(dir, 'config.json.lock'));
    const reader = await ConfigStore.open(dir, { lock: { waitMs: 0 } });
    expect(reader.profile('a')?.token).toBe('wfd_a');
  });
});

describe('broken local state: one clear line each', () => {
  it('malformed JSON names the file and the fix, and quotes none of its content', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'config.json'), '{"profiles": {"a": {"token": "wfd_secret_in_file"');
    const store = await ConfigStore.open(dir);
    const error = await failure(async () => store.profiles());
    expect(error).toBeInstanceOf(ConfigFileError);
    expect(error.message).toBe(`the config file ${join(dir, 'config.json')} is not valid JSON`);
    expect(error.hint).toContain(`mv ${join(dir, 'config.json')}`);
    expect(`${error.message}${error.hint}`).not.toContain('wfd_secret');
    // A change does not overwrite what the user may still want to repair.
    await expect(store.saveProfile('b', profile('wfd_b'))).rejects.toThrow('is not valid JSON');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('wfd_secret_in_file');
  });

  it('JSON that is not a config file', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'config.json'), '[1, 2]');
    await expect(async () => (await ConfigStore.open(dir)).profiles()).rejects.toThrow(
      `the config file ${join(dir, 'config.json')} is not a wfd config file (no "profiles" object)`,
    );
  });

  it('config.json that is a folder', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'config.json'));
    const error = await failure(async () => (await ConfigStore.open(dir)).profiles());
    expect(error.message).toBe(`${join(dir, 'config.json')} is a folder, but wfd keeps a file there`);
  });

  it('a config folder under a file, when reading and when writing', async () => {
    const file = join(scratch(), 'plain-file');
    writeFileSync(file, 'x');
    const dir = join(file, 'wfd');
    const store = await ConfigStore.open(dir);
    const message = `cannot use ${dir} as wfd's config folder: it, or a folder above it, is a file`;
    expect(() => store.profiles()).toThrow(message);
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(message);
  });

  it.skipIf(process.getuid?.() === 0)('a folder wfd may not write', async () => {
    const dir = scratch();
    chmodSync(dir, 0o500);
    const store = await ConfigStore.open(dir);
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(
      `cannot write ${dir}: permission denied`,
    );
  });

  it('a link at config.json is neither read nor written through, whatever it points to', async () => {
    const dir = scratch();
    const victim = join(scratch(), 'victim.json');
    writeFileSync(victim, '{"profiles":{"theirs":{"baseUrl":"http://evil.test","authType":"token"}}}');
    symlinkSync(victim, join(dir, 'config.json'));
    const store = await ConfigStore.open(dir);
    const error = await failure(async () => store.profiles());
    expect(error).toBeInstanceOf(ConfigFileError);
    expect(error.message).toBe(
      `wfd does not use ${join(dir, 'config.json')}: it is a symbolic link, which wfd does not follow`,
    );
    expect(error.hint).toBe('replace it with the file it points to, or set WFD_CONFIG_DIR to another folder');
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(/is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toContain('evil.test');
  });

  it('a config folder others may write to is not read; one of ours is made private when wfd writes', async () => {
    const dir = scratch();
    await (await ConfigStore.open(dir)).saveProfile('a', profile('wfd_a'));
    chmodSync(dir, 0o777);
    const loose = await ConfigStore.open(dir);
    expect(() => loose.profiles()).toThrow(
      expect.objectContaining({
        message: `wfd does not use ${dir}: it may be written by other users`,
        hint: `chmod 700 ${dir}, or set WFD_CONFIG_DIR to another folder`,
      }),
    );
    await loose.saveProfile('b', profile('wfd_b'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(Object.keys((await ConfigStore.open(dir)).profiles()).sort()).toEqual(['a', 'b']);
  });

  it('a shared folder (sticky, as /tmp) is neither read nor written', async () => {
    const dir = scratch();
    chmodSync(dir, 0o1777);
    const store = await ConfigStore.open(dir);
    expect(() => store.profiles()).toThrow(/may be written by other users/);
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(/may be written by other users/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the settings and aliases read before a command take nothing from a link or a loose folder', () => {
    const dir = scratch();
    const victim = join(scratch(), 'victim.json');
    const planted = '{"settings":{"pager":"evil-pager"},"aliases":{"co":"cases list"}}';
    writeFileSync(victim, planted);
    symlinkSync(victim, join(dir, 'config.json'));
    expect(readConfigData({ WFD_CONFIG_DIR: dir })).toBeUndefined();
    const loose = scratch();
    writeFileSync(join(loose, 'config.json'), planted);
    expect(settingsIn(readConfigData({ WFD_CONFIG_DIR: loose }))).toEqual({ pager: 'evil-pager' });
    chmodSync(loose, 0o777);
    expect(readConfigData({ WFD_CONFIG_DIR: loose })).toBeUndefined();
  });

  it('a config folder that is a link is not used', async () => {
    const real = scratch();
    const link = join(scratch(), 'wfd');
    symlinkSync(real, link);
    const store = await ConfigStore.open(link);
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(
      `wfd does not use ${link}: it is a symbolic link`,
    );
    expect(readdirSync(real)).toEqual([]);
  });

  it('permission and disk errors become one line naming the path', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect((describeFsError(errno('EACCES'), '/x/wfd', 'write') as Error).message).toBe(
      'cannot write /x/wfd: permission denied',
    );
    expect((describeFsError(errno('EROFS'), '/x/wfd', 'write') as Error).message).toBe(
      'cannot write /x/wfd: the file system is read-only',
    );
    expect((describeFsError(errno('ENOSPC'), '/x/wfd', 'write') as Error).message).toBe(
      'cannot write /x/wfd: no space left on the device',
    );
    const other = new TypeError('not a file-system error');
    expect(describeFsError(other, '/x', 'read')).toBe(other);
  });

  it('a broken file does not matter when WFD_TOKEN and a base URL supply everything', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'config.json'), 'not json');
    const store = await ConfigStore.open(dir);
    const env = { WFD_TOKEN: 'wfd_env', WFD_BASE_URL: 'http://env.test', WFD_PROFILE: 'x' };
    expect(resolveCredentials(store, { env })).toMatchObject({
      token: 'wfd_env',
      baseUrl: 'http://env.test',
    });
    expect(() => resolveCredentials(store, { env: { WFD_TOKEN: 'wfd_env' } })).toThrow('is not valid JSON');
  });
});

describe('where the folder is', () => {
  it('WFD_CONFIG_DIR, else the folder conf used, so existing profiles are found', () => {
    expect(configDir({ WFD_CONFIG_DIR: '/c' }, 'linux')).toBe('/c');
    expect(configDir({ HOME: '/h' }, 'linux')).toBe('/h/.config/wfd');
    expect(configDir({ HOME: '/h', XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/wfd');
    expect(configDir({ HOME: '/h' }, 'darwin')).toBe('/h/Library/Preferences/wfd');
  });
});
