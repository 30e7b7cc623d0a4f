/**
 * Each platform's folders, keyring and file protection, from src/core/process/platform.ts: the one place
 * that knows them. macOS cannot run in CI here, so this is where its answers are held.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { configDir } from '../../src/core/auth/config-paths.js';
import { KeyringError, systemKeyring } from '../../src/core/auth/keyring.js';
import { budgetDir } from '../../src/core/budget/shared-budget.js';
import {
  accessRemedy,
  defaultPager,
  hasFileModes,
  keyringBackend,
  keyringRemedy,
  platformDirs,
  privateFileAccess,
  shellInvocation,
} from '../../src/core/process/platform.js';

describe('the folders of each platform', () => {
  it('linux: the XDG folders, else under ~', () => {
    expect(platformDirs({ HOME: '/h' }, 'linux')).toEqual({
      config: '/h/.config/wfd',
      state: '/h/.local/state/wfd',
      cache: '/h/.cache/wfd',
    });
    expect(
      platformDirs(
        { HOME: '/h', XDG_CONFIG_HOME: '/c', XDG_STATE_HOME: '/s', XDG_CACHE_HOME: '/k' },
        'linux',
      ),
    ).toEqual({ config: '/c/wfd', state: '/s/wfd', cache: '/k/wfd' });
  });

  it('darwin: ~/Library, the XDG variables ignored', () => {
    expect(platformDirs({ HOME: '/Users/ann', XDG_CONFIG_HOME: '/c' }, 'darwin')).toEqual({
      config: '/Users/ann/Library/Preferences/wfd',
      state: '/Users/ann/Library/Caches/wfd',
      cache: '/Users/ann/Library/Caches/wfd',
    });
  });

  it('win32: %APPDATA% and %LOCALAPPDATA%, with backslashes, whatever machine asks', () => {
    const env = {
      APPDATA: 'C:\\Users\\ann\\AppData\\Roaming',
      LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
      // Wine passes the Unix HOME through: it must not decide a Windows path.
      HOME: '/root',
    };
    expect(platformDirs(env, 'win32')).toEqual({
      config: 'C:\\Users\\ann\\AppData\\Roaming\\wfd\\Config',
      state: 'C:\\Users\\ann\\AppData\\Local\\wfd\\State',
      cache: 'C:\\Users\\ann\\AppData\\Local\\wfd\\Cache',
    });
    expect(platformDirs({ USERPROFILE: 'C:\\Users\\bo', HOME: '/root' }, 'win32')).toEqual({
      config: 'C:\\Users\\bo\\AppData\\Roaming\\wfd\\Config',
      state: 'C:\\Users\\bo\\AppData\\Local\\wfd\\State',
      cache: 'C:\\Users\\bo\\AppData\\Local\\wfd\\Cache',
    });
  });

  it('the config folder and the rate budget come from there, unless WFD_CONFIG_DIR is set', () => {
    const env = { APPDATA: 'C:\\A', LOCALAPPDATA: 'C:\\L' };
    expect(configDir(env, 'win32')).toBe('C:\\A\\wfd\\Config');
    expect(budgetDir(env, 'win32')).toMatch(/^C:\\L\\wfd\\State[\\/]rate-budget$/);
    expect(budgetDir({ HOME: '/Users/ann' }, 'darwin')).toBe('/Users/ann/Library/Caches/wfd/rate-budget');
    expect(configDir({ ...env, WFD_CONFIG_DIR: 'D:\\wfd' }, 'win32')).toBe('D:\\wfd');
  });
});

describe('the code cache folder of bin/code-cache.js, which cannot import platform.ts', () => {
  const { userCacheDir } = createRequire(import.meta.url)('../../bin/code-cache.js') as {
    userCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string;
  };
  const envs: [NodeJS.Platform, NodeJS.ProcessEnv][] = [
    ['linux', { HOME: '/h' }],
    ['linux', { HOME: '/h', XDG_CACHE_HOME: '/k' }],
    ['darwin', { HOME: '/Users/ann', XDG_CACHE_HOME: '/k' }],
    ['win32', { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local', HOME: '/root' }],
    ['win32', { USERPROFILE: 'C:\\Users\\bo', HOME: '/root' }],
  ];

  it.each(envs)('%s %j: the same folder as platformDirs().cache', (platform, env) => {
    expect(userCacheDir(env, platform)).toBe(platformDirs(env, platform).cache);
  });

  it('WFD_CACHE_DIR wins on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(userCacheDir({ HOME: '/h', WFD_CACHE_DIR: '/c' }, platform)).toBe('/c');
    }
  });
});

describe('the keyring of each platform', () => {
  it('names the store @napi-rs/keyring reaches there', () => {
    expect(keyringBackend('linux')).toBe('Secret Service');
    expect(keyringBackend('darwin')).toBe('macOS Keychain');
    expect(keyringBackend('win32')).toBe('Windows Credential Manager');
    expect(keyringBackend('aix')).toBeUndefined();
    expect(systemKeyring({}, 'win32', async () => undefined).name).toBe(
      'the system keyring (Windows Credential Manager)',
    );
  });

  it('on Windows and macOS needs no D-Bus session: the binding is asked', async () => {
    const asked: unknown[] = [];
    const keyring = systemKeyring({}, 'win32', async (request) => {
      asked.push(request);
      throw new KeyringError('its native binding cannot be loaded');
    });
    await expect(keyring.get('default')).rejects.toThrow(/native binding cannot be loaded/);
    expect(asked).toEqual([{ op: 'get', account: 'default' }]);
  });

  it('says what makes it answer in the words of each platform: D-Bus on Linux only', () => {
    expect(keyringRemedy('linux')).toMatch(/D-Bus session of a Secret Service/);
    expect(keyringRemedy('darwin')).toMatch(/login keychain/);
    expect(keyringRemedy('win32')).toMatch(/keyring binding/);
    for (const platform of ['darwin', 'win32'] as const)
      expect(keyringRemedy(platform)).not.toMatch(/D-Bus|Secret Service/);
  });
});

describe('what keeps a private file private', () => {
  it('a mode where there are modes; on Windows, the folder’s permissions, said as such', () => {
    expect(hasFileModes('linux')).toBe(true);
    expect(hasFileModes('darwin')).toBe(true);
    expect(hasFileModes('win32')).toBe(false);
    expect(privateFileAccess('linux')).toBe('mode 0600');
    expect(privateFileAccess('win32')).not.toMatch(/0600|mode/);
    expect(privateFileAccess('win32')).toMatch(/Windows account/);
    expect(accessRemedy('linux')).toMatch(/^chmod u\+rwx/);
    expect(accessRemedy('win32')).toMatch(/Full control/);
    expect(accessRemedy('win32')).not.toMatch(/chmod/);
  });
});

describe('a command line through the system shell (pager, ! alias, browser)', () => {
  it('POSIX: sh -c, the arguments as $1.. after --; none added without arguments', () => {
    expect(shellInvocation('less -S', [], {}, 'linux')).toEqual({
      file: '/bin/sh',
      args: ['-c', 'less -S'],
      windowsVerbatimArguments: false,
    });
    expect(shellInvocation('echo "$1"', ['a b', '$HOME'], {}, 'darwin').args).toEqual([
      '-c',
      'echo "$1"',
      '--',
      'a b',
      '$HOME',
    ]);
  });

  it('Windows: cmd (ComSpec) /d /s /c with the line quoted whole, the arguments appended in quotes', () => {
    expect(shellInvocation('more', [], { ComSpec: 'C:\\Windows\\cmd.exe' }, 'win32')).toEqual({
      file: 'C:\\Windows\\cmd.exe',
      args: ['/d', '/s', '/c', '"more"'],
      windowsVerbatimArguments: true,
    });
    expect(shellInvocation('start ""', ['https://x.test/?a=1&b=2'], {}, 'win32')).toEqual({
      file: 'cmd.exe',
      args: ['/d', '/s', '/c', '"start "" "https://x.test/?a=1&b=2""'],
      windowsVerbatimArguments: true,
    });
  });
});

describe('the pager when none is set', () => {
  it('less where the system has it; none on Windows, which has no less', () => {
    expect(defaultPager('linux')).toBe('less');
    expect(defaultPager('darwin')).toBe('less');
    expect(defaultPager('win32')).toBe('');
  });
});
