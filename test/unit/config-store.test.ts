/**
 * The config store: every change under the lock and re-read, atomic writes with the modes the
 * file's secrets need, and one clear line for each way local state can be broken.
 */
import {
  chmodSync,
  lchownSync,
  lstatSync,
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

  it('a config.json linked into a private dotfiles folder (GNU stow) is read and written where it leads; the link stays', async () => {
    const dir = scratch();
    const dotfiles = join(scratch(), 'wfd');
    mkdirSync(dotfiles, { mode: 0o755 });
    const target = join(dotfiles, 'config.json');
    writeFileSync(
      target,
      '{"profiles":{"a":{"baseUrl":"http://api.test","authType":"token","token":"wfd_a"}}}',
      {
        mode: 0o600,
      },
    );
    symlinkSync(target, join(dir, 'config.json'));
    const store = await ConfigStore.open(dir);
    expect(Object.keys(store.profiles())).toEqual(['a']);
    await store.saveProfile('b', profile('wfd_b'));
    expect(lstatSync(join(dir, 'config.json')).isSymbolicLink()).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(target, 'utf8')).profiles).sort()).toEqual(['a', 'b']);
    expect(readdirSync(dotfiles)).toEqual(['config.json']);
  });

  it('a link at config.json to a file in a folder others may write to is neither read nor written through', async () => {
    const dir = scratch();
    const loose = scratch();
    chmodSync(loose, 0o777);
    const victim = join(loose, 'victim.json');
    writeFileSync(victim, '{"profiles":{"theirs":{"baseUrl":"http://evil.test","authType":"token"}}}');
    symlinkSync(victim, join(dir, 'config.json'));
    const store = await ConfigStore.open(dir);
    const error = await failure(async () => store.profiles());
    expect(error).toBeInstanceOf(ConfigFileError);
    expect(error.message).toBe(`wfd does not use ${loose}: it may be written by other users`);
    await expect(store.saveProfile('a', profile('wfd_a'))).rejects.toThrow(/may be written by other users/);
    expect(readFileSync(victim, 'utf8')).toContain('evil.test');
    expect(readdirSync(loose)).toEqual(['victim.json']);
  });

  it.skipIf(process.getuid?.() !== 0)('a link at config.json that another user made is refused', async () => {
    const dir = scratch();
    const target = join(scratch(), 'config.json');
    writeFileSync(target, '{"profiles":{}}');
    symlinkSync(target, join(dir, 'config.json'));
    lchownSync(join(dir, 'config.json'), 65534, 65534);
    const store = await ConfigStore.open(dir);
    expect(() => store.profiles()).toThrow(
      `wfd does not use ${join(dir, 'config.json')}: it is a symbolic link of another user (uid 65534)`,
    );
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

  it('the settings and aliases read before a command take nothing from a loose folder, linked or not', () => {
    const dir = scratch();
    const loose = scratch();
    const victim = join(loose, 'victim.json');
    const planted = '{"settings":{"pager":"evil-pager"},"aliases":{"co":"cases list"}}';
    writeFileSync(victim, planted);
    symlinkSync(victim, join(dir, 'config.json'));
    // Linked into a private folder of the user's own (a dotfile manager): read where it leads.
    expect(settingsIn(readConfigData({ WFD_CONFIG_DIR: dir }))).toEqual({ pager: 'evil-pager' });
    chmodSync(loose, 0o777);
    expect(readConfigData({ WFD_CONFIG_DIR: dir })).toBeUndefined();
    const plain = scratch();
    writeFileSync(join(plain, 'config.json'), planted);
    expect(settingsIn(readConfigData({ WFD_CONFIG_DIR: plain }))).toEqual({ pager: 'evil-pager' });
    chmodSync(plain, 0o777);
    expect(readConfigData({ WFD_CONFIG_DIR: plain })).toBeUndefined();
  });

  it('a config folder linked by a dotfile manager is used; linked to a loose folder, it is not', async () => {
    const real = scratch();
    const link = join(scratch(), 'wfd');
    symlinkSync(real, link);
    await (await ConfigStore.open(link)).saveProfile('a', profile('wfd_a'));
    expect(readdirSync(real)).toEqual(['config.json']);
    expect(Object.keys((await ConfigStore.open(link)).profiles())).toEqual(['a']);
    chmodSync(real, 0o777);
    await expect((await ConfigStore.open(link)).saveProfile('b', profile('wfd_b'))).rejects.toThrow(
      `wfd does not use ${link} (a link to ${real}): it may be written by other users`,
    );
  });

  it('a stray file at config.json.lock is named as such, not as a config folder that is a file', async () => {
    const dir = scratch();
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, '');
    const error = await failure(async () => (await ConfigStore.open(dir)).saveProfile('a', profile('wfd_a')));
    expect(error.message).toBe(
      `${lock} is in the way of the config file's lock: wfd makes a folder there, and found a file`,
    );
    expect(error.hint).toBe(`remove it if no wfd is running: rm ${lock}`);
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
