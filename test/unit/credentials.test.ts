import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireCredentials, resolveCredentials } from '../../src/core/auth/credentials.js';
import { ConfigStore } from '../../src/core/auth/store.js';

const dirs: string[] = [];
async function store() {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-unit-'));
  dirs.push(dir);
  const s = await ConfigStore.open(dir);
  await s.saveProfile('a', { baseUrl: 'http://a.example', token: 'wfd_aaaa', authType: 'token' });
  await s.saveProfile('b', { baseUrl: 'http://b.example', token: 'wfd_bbbb', authType: 'token' });
  await s.setCurrent('a');
  return s;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveCredentials precedence', () => {
  it('WFD_TOKEN > --profile > WFD_PROFILE > current profile', async () => {
    const s = await store();
    expect(resolveCredentials(s, { env: {} })).toMatchObject({
      token: 'wfd_aaaa',
      source: 'profile',
      profileName: 'a',
    });
    expect(resolveCredentials(s, { env: { WFD_PROFILE: 'b' } }).token).toBe('wfd_bbbb');
    expect(resolveCredentials(s, { env: { WFD_PROFILE: 'b' }, profileFlag: 'a' }).token).toBe('wfd_aaaa');
    expect(resolveCredentials(s, { env: { WFD_TOKEN: ' wfd_env\n', WFD_PROFILE: 'b' } })).toMatchObject({
      token: 'wfd_env',
      source: 'env',
      baseUrl: 'http://b.example',
    });
  });

  it('with WFD_TOKEN and a base URL, a stale WFD_PROFILE does not matter; the base URL source is known', async () => {
    const s = await store();
    expect(
      resolveCredentials(s, {
        env: { WFD_TOKEN: 'wfd_env', WFD_PROFILE: 'gone', WFD_BASE_URL: 'http://env' },
      }),
    ).toMatchObject({ token: 'wfd_env', baseUrl: 'http://env', baseUrlSource: 'env' });
    expect(() => resolveCredentials(s, { env: { WFD_TOKEN: 'wfd_env', WFD_PROFILE: 'gone' } })).toThrow(
      'no profile named "gone"',
    );
    expect(resolveCredentials(s, { env: { WFD_TOKEN: 'wfd_env' } }).baseUrlSource).toBe('profile');
  });

  it('a base URL that is not an http(s) URL is a usage error', async () => {
    const s = await store();
    const credentials = resolveCredentials(s, { env: {}, baseUrlFlag: 'notaurl' });
    expect(() => requireCredentials(credentials)).toThrow('invalid base URL "notaurl"');
  });

  it('--base-url > WFD_BASE_URL > the profile', async () => {
    const s = await store();
    expect(resolveCredentials(s, { env: {} }).baseUrl).toBe('http://a.example');
    expect(resolveCredentials(s, { env: { WFD_BASE_URL: 'http://env' } }).baseUrl).toBe('http://env');
    expect(
      resolveCredentials(s, { env: { WFD_BASE_URL: 'http://env' }, baseUrlFlag: 'http://flag' }).baseUrl,
    ).toBe('http://flag');
  });

  it('a named profile that does not exist is a usage error (as auth switch) listing the known ones', async () => {
    const s = await store();
    expect(() => resolveCredentials(s, { env: {}, profileFlag: 'zz' })).toThrow('no profile named "zz"');
    const error = (() => {
      try {
        resolveCredentials(s, { env: { WFD_PROFILE: 'zz' } });
      } catch (e) {
        return e as { exitCode: number; hint: string };
      }
    })();
    expect(error?.exitCode).toBe(2);
    expect(error?.hint).toContain('saved profiles: a, b');
  });

  it('requireCredentials: no token is exit 3, no base URL exit 2', async () => {
    const s = await store();
    await s.removeProfile('a');
    await s.removeProfile('b');
    const none = resolveCredentials(s, { env: {} });
    expect(() => requireCredentials(none)).toThrow('not logged in: no credentials found');
    const noUrl = resolveCredentials(s, { env: { WFD_TOKEN: 'wfd_x' } });
    expect(() => requireCredentials(noUrl)).toThrow('no base URL');
  });

  it('the config file is written with mode 0600 and removing the current profile unsets it', async () => {
    const s = await store();
    expect(statSync(s.path).mode & 0o777).toBe(0o600);
    await s.removeProfile('a');
    expect(s.currentProfileName()).toBeUndefined();
    expect(Object.keys(s.profiles())).toEqual(['b']);
  });
});
