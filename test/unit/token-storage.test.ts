/**
 * Where the config store keeps a profile's secrets: the keyring (an in-memory stand-in here; the
 * real Secret Service is test/keyring/), the file when the keyring does not answer, and the
 * moves between them. And how the binding is reached: in a process of its own, each call with a
 * deadline; pinned to the Secret Service on Linux; not at all without a D-Bus session.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCredentials, requireCredentials } from '../../src/core/auth/credentials.js';
import {
  type Keyring,
  type KeyringAnswer,
  type KeyringCall,
  KeyringError,
  type KeyringRequest,
  systemKeyring,
} from '../../src/core/auth/keyring.js';
import { answer } from '../../src/core/auth/keyring-host.js';
import { keyringProcess } from '../../src/core/auth/keyring-process.js';
import { RefreshingToken } from '../../src/core/auth/refresh.js';
import { ConfigStore, type Profile } from '../../src/core/auth/store.js';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-tokens-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A keyring in memory; `down` makes every call fail as a locked or absent keyring does. */
function memoryKeyring() {
  const entries = new Map<string, string>();
  const calls: string[] = [];
  const state = { down: false };
  const keyring: Keyring = {
    name: 'the system keyring (test)',
    async get(account) {
      calls.push(`get ${account}`);
      if (state.down) throw new KeyringError('it is locked');
      return entries.get(account);
    },
    async set(account, secret) {
      calls.push(`set ${account}`);
      if (state.down) throw new KeyringError('it is locked');
      entries.set(account, secret);
    },
    async delete(account) {
      calls.push(`delete ${account}`);
      if (state.down) throw new KeyringError('it is locked');
      return entries.delete(account);
    },
  };
  return { keyring, entries, calls, state };
}

const oauthProfile = (token: string, refreshToken: string): Profile => ({
  baseUrl: 'http://api.test',
  token,
  authType: 'oauth',
  oauth: {
    clientId: 'app',
    clientSecret: 'the-client-secret',
    clientAuth: 'client_secret_post',
    authorizationEndpoint: 'http://api.test/authorize',
    tokenEndpoint: 'http://api.test/token',
    refreshToken,
    scope: 'offline_access',
  },
});

const fileText = (dir: string) => readFileSync(join(dir, 'config.json'), 'utf8');
const account = (dir: string, name = 'default') => `${name}@${resolve(dir)}`;

const tokenProfile = (token: string): Profile => ({ baseUrl: 'http://api.test', token, authType: 'token' });

async function open(dir: string, keyring: Keyring, notices: string[] = []) {
  return ConfigStore.open(dir, { keyring, notice: (line) => notices.push(line) });
}

describe('secrets in the keyring', () => {
  it('the file keeps no secret; the keyring one entry; a new process reads them back', async () => {
    const dir = scratch();
    const { keyring, entries } = memoryKeyring();
    const notices: string[] = [];
    await (await open(dir, keyring, notices)).saveProfile(
      'default',
      oauthProfile('wfd_access', 'wfd_refresh'),
      {
        tokenStorage: 'keyring',
      },
    );
    expect(notices).toEqual([]);
    const text = fileText(dir);
    for (const secret of ['wfd_access', 'wfd_refresh', 'the-client-secret'])
      expect(text).not.toContain(secret);
    expect(JSON.parse(text).profiles.default).toMatchObject({
      tokenStorage: 'keyring',
      oauth: { clientId: 'app' },
    });
    expect(JSON.parse(entries.get(account(dir))!)).toEqual({
      token: 'wfd_access',
      refreshToken: 'wfd_refresh',
      clientSecret: 'the-client-secret',
    });

    const later = await open(dir, keyring);
    expect(later.profile('default')?.token).toBeUndefined();
    expect(later.tokenStorage('default')).toBe('keyring');
    const whole = await later.withTokens('default');
    expect(whole).toEqual({ ...oauthProfile('wfd_access', 'wfd_refresh'), tokenStorage: 'keyring' });
  });

  it('two config folders with a profile of the same name keep two entries', async () => {
    const [a, b] = [scratch(), scratch()];
    const { keyring, entries } = memoryKeyring();
    await (await open(a, keyring)).saveProfile('default', oauthProfile('wfd_a', 'r_a'), {
      tokenStorage: 'keyring',
    });
    await (await open(b, keyring)).saveProfile('default', oauthProfile('wfd_b', 'r_b'), {
      tokenStorage: 'keyring',
    });
    expect([...entries.keys()].sort()).toEqual([account(a), account(b)].sort());
    expect((await (await open(a, keyring)).withTokens('default'))?.token).toBe('wfd_a');
  });

  it('a change under the lock sees the tokens another process renewed meanwhile', async () => {
    const dir = scratch();
    const { keyring } = memoryKeyring();
    await (await open(dir, keyring)).saveProfile('default', oauthProfile('wfd_old', 'r_old'), {
      tokenStorage: 'keyring',
    });
    const first = await open(dir, keyring);
    const second = await open(dir, keyring);
    await first.withTokens('default');
    await second.withTokens('default');
    await second.update((config) => {
      config.profiles.default = { ...config.profiles.default!, token: 'wfd_new' };
      config.profiles.default.oauth!.refreshToken = 'r_new';
    });
    // The first process still holds the old token; under the lock it is handed the new one.
    expect(first.profile('default')?.token).toBe('wfd_old');
    const seen = await first.update((config) => config.profiles.default?.oauth?.refreshToken);
    expect(seen).toBe('r_new');
    expect(first.profile('default')?.token).toBe('wfd_new');
  });

  it('a renewal another process made between reading the file and the keyring is not made again', async () => {
    // test/keyring's "two processes refresh once" once saw two renewals: a process read config.json
    // before the other renewed (the expiry still past) and the keyring after (the new token), then
    // under the lock found the new token "still the one due" and renewed it again.
    const dir = scratch();
    const { keyring } = memoryKeyring();
    const now = () => new Date('2026-06-01T12:00:00Z');
    const due = {
      ...oauthProfile('wfd_old', 'r_old'),
      oauth: { ...oauthProfile('', '').oauth!, refreshToken: 'r_old', expiresAt: '2020-01-01T00:00:00Z' },
    };
    await (await open(dir, keyring)).saveProfile('default', due, { tokenStorage: 'keyring' });
    const late = await open(dir, keyring);
    const renewer = await open(dir, keyring);
    await renewer.withTokens('default');
    await renewer.update((config) => {
      const profile = config.profiles.default!;
      config.profiles.default = {
        ...profile,
        token: 'wfd_new',
        oauth: { ...profile.oauth!, refreshToken: 'r_new', expiresAt: '2026-06-01T13:00:00Z' },
      };
    });
    expect((await late.withTokens('default'))?.token).toBe('wfd_new');
    const endpoint: string[] = [];
    const token = new RefreshingToken({
      store: late,
      profileName: 'default',
      now,
      tokenClient: async (origin) => {
        endpoint.push(origin);
        throw new Error('the token endpoint was asked again');
      },
    });
    expect(await token.token()).toBe('wfd_new');
    expect(endpoint).toEqual([]);
  });

  it('logout deletes the entry; a login with --insecure-storage moves the token to the file', async () => {
    const dir = scratch();
    const { keyring, entries } = memoryKeyring();
    const store = await open(dir, keyring);
    await store.saveProfile('a', oauthProfile('wfd_a', 'r_a'), { tokenStorage: 'keyring' });
    await store.saveProfile('b', oauthProfile('wfd_b', 'r_b'), { tokenStorage: 'keyring' });
    expect(await store.removeProfile('a')).toBe(true);
    expect([...entries.keys()]).toEqual([account(dir, 'b')]);
    await store.saveProfile('b', oauthProfile('wfd_b2', 'r_b2'), { tokenStorage: 'file' });
    expect(entries.size).toBe(0);
    expect(JSON.parse(fileText(dir)).profiles.b).toMatchObject({ token: 'wfd_b2' });
    expect(JSON.parse(fileText(dir)).profiles.b.tokenStorage).toBeUndefined();
  });

  it('a token saved in the file by an older wfd keeps working and moves to the keyring at the next login', async () => {
    const dir = scratch();
    const { keyring, entries, calls } = memoryKeyring();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        currentProfile: 'default',
        profiles: { default: oauthProfile('wfd_file', 'r_file') },
      }),
    );
    const store = await open(dir, keyring);
    const credentials = await loadCredentials(store, { env: {} });
    expect(credentials).toMatchObject({ token: 'wfd_file', tokenStorage: 'file' });
    expect(calls).toEqual([]);
    await store.saveProfile('default', oauthProfile('wfd_next', 'r_next'), { tokenStorage: 'keyring' });
    expect(fileText(dir)).not.toContain('wfd_');
    expect(JSON.parse(entries.get(account(dir))!).token).toBe('wfd_next');
  });
});

describe('no keyring answers', () => {
  it('the token goes to the file, with one notice saying where', async () => {
    const dir = scratch();
    const { keyring, state } = memoryKeyring();
    state.down = true;
    const notices: string[] = [];
    await (await open(dir, keyring, notices)).saveProfile('default', oauthProfile('wfd_access', 'r'), {
      tokenStorage: 'keyring',
    });
    expect(notices).toEqual([
      `the token of profile "default" is saved in ${join(dir, 'config.json')} (mode 0600): the system keyring (test) did not answer: it is locked`,
    ]);
    const saved = JSON.parse(fileText(dir)).profiles.default;
    expect(saved.token).toBe('wfd_access');
    expect(saved.tokenStorage).toBeUndefined();
  });

  it('a keyring profile whose keyring is locked: a clear exit 3 for commands that need the token', async () => {
    const dir = scratch();
    const { keyring, state, entries } = memoryKeyring();
    const store = await open(dir, keyring);
    await store.saveProfile('default', oauthProfile('wfd_access', 'r'), { tokenStorage: 'keyring' });
    state.down = true;
    const credentials = await loadCredentials(await open(dir, keyring), { env: {} });
    expect(credentials.tokenStorage).toBe('keyring');
    let error: (Error & { exitCode?: number; hint?: string }) | undefined;
    try {
      requireCredentials(credentials);
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toBe(
      'the token of profile "default" is kept in the system keyring (test), which did not answer: it is locked',
    );
    expect(error?.exitCode).toBe(3);
    expect(error?.hint).toContain('--insecure-storage');
    // Removed from the keyring by someone else: said as such.
    state.down = false;
    entries.clear();
    const gone = await loadCredentials(await open(dir, keyring), { env: {} });
    expect(() => requireCredentials(gone)).toThrow('profile "default" has no token in the system keyring');
  });

  it('WFD_TOKEN never asks the keyring', async () => {
    const dir = scratch();
    const { keyring, calls } = memoryKeyring();
    await (await open(dir, keyring)).saveProfile('default', oauthProfile('wfd_access', 'r'), {
      tokenStorage: 'keyring',
    });
    calls.length = 0;
    const credentials = await loadCredentials(await open(dir, keyring), { env: { WFD_TOKEN: 'wfd_env' } });
    expect(credentials).toMatchObject({ token: 'wfd_env', source: 'env' });
    expect(calls).toEqual([]);
  });

  it('a logout while the keyring is locked removes the profile, says the entry may remain, and deletes it at the next change', async () => {
    const dir = scratch();
    const { keyring, state, entries } = memoryKeyring();
    const notices: string[] = [];
    const store = await open(dir, keyring, notices);
    await store.saveProfile('default', oauthProfile('wfd_access', 'r'), { tokenStorage: 'keyring' });
    state.down = true;
    expect(await store.removeProfile('default')).toBe(true);
    expect(store.lingering.has('default')).toBe(true);
    const file = join(dir, 'config.json');
    expect(notices).toEqual([
      `the token of profile "default" may remain in the system keyring (test), which did not answer; wfd deletes it at its next change of ${file} while the keyring answers (a login, \`wfd config set\`, \`wfd auth switch\`)`,
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8')).keyringLeftovers).toEqual(['default']);
    expect(entries.size).toBe(1);
    // Still locked at the next change: kept in the list, told no more.
    await (await open(dir, keyring, notices)).saveProfile('other', tokenProfile('wfd_other'));
    expect(JSON.parse(readFileSync(file, 'utf8')).keyringLeftovers).toEqual(['default']);
    expect(notices).toHaveLength(1);
    // Unlocked: the next change deletes the entry, and the list goes.
    state.down = false;
    await (await open(dir, keyring, notices)).saveProfile('third', tokenProfile('wfd_third'));
    expect(entries.size).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).not.toHaveProperty('keyringLeftovers');
  });

  it('a leftover is dropped, not deleted, once a profile of that name keeps its token in the keyring again', async () => {
    const dir = scratch();
    const { keyring, state, entries } = memoryKeyring();
    const store = await open(dir, keyring);
    await store.saveProfile('default', oauthProfile('wfd_access', 'r'), { tokenStorage: 'keyring' });
    state.down = true;
    await store.removeProfile('default');
    state.down = false;
    await (await open(dir, keyring)).saveProfile('default', oauthProfile('wfd_new', 'r2'), {
      tokenStorage: 'keyring',
    });
    expect([...entries.values()]).toEqual([expect.stringContaining('wfd_new')]);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).not.toHaveProperty('keyringLeftovers');
  });
});

describe('systemKeyring', () => {
  /** Calls that record their requests and answer as the keyring's process would. */
  function recorded(answer: KeyringAnswer = '{"token":"wfd_x"}') {
    const requests: KeyringRequest[] = [];
    const call: KeyringCall = async (request) => {
      requests.push(request);
      return answer;
    };
    return { call, requests };
  }

  it('on Linux, without a D-Bus session, fails at once and makes no call', async () => {
    const { call, requests } = recorded();
    const keyring = systemKeyring({}, 'linux', call);
    await expect(keyring.get('a')).rejects.toThrow(
      'the system keyring did not answer: no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)',
    );
    expect(requests).toEqual([]);
  });

  it('passes each call on, and reads its answer', async () => {
    const { call, requests } = recorded();
    const keyring = systemKeyring({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/x' }, 'linux', call);
    expect(keyring.name).toBe('the system keyring (Secret Service)');
    expect(await keyring.get('default@/cfg')).toBe('{"token":"wfd_x"}');
    await keyring.set('default@/cfg', 's');
    expect(requests).toEqual([
      { op: 'get', account: 'default@/cfg' },
      { op: 'set', account: 'default@/cfg', secret: 's' },
    ]);
    expect(await systemKeyring({}, 'darwin', recorded(null).call).get('a')).toBeUndefined();
    expect(await systemKeyring({}, 'darwin', recorded(true).call).delete('a')).toBe(true);
    await expect(systemKeyring({}, 'aix', call).get('a')).rejects.toBeInstanceOf(KeyringError);
  });
});

describe("the keyring's process", () => {
  type Binding = Parameters<typeof answer>[1] extends () => Promise<infer B> ? B : never;

  /** A binding that records how its entries were made. */
  function fakeBinding(made: unknown[]): () => Promise<Binding> {
    class AsyncEntry {
      constructor(...args: unknown[]) {
        made.push(args);
      }
      async getSecret() {
        return Array.from(Buffer.from('{"token":"wfd_x"}'));
      }
    }
    return async () => ({ AsyncEntry }) as unknown as Binding;
  }

  it('pins every entry to the Secret Service: never the in-memory kernel keyring', async () => {
    const made: unknown[] = [];
    expect(await answer({ id: 7, op: 'get', account: 'default@/cfg' }, fakeBinding(made))).toEqual({
      id: 7,
      value: '{"token":"wfd_x"}',
    });
    expect(made).toEqual([['wfd', 'default@/cfg', { linux: { store: 'secret-service' } }]]);
  });

  it('a binding that cannot be loaded, or a call that fails, is an error of one line', async () => {
    const broken = async () => {
      throw new Error(
        'Cannot find native binding. npm has a bug related to optional dependencies\nmore lines',
      );
    };
    expect(await answer({ id: 1, op: 'set', account: 'a', secret: 's' }, broken)).toEqual({
      id: 1,
      error: `its native binding cannot be loaded (no @napi-rs/keyring build for ${process.platform}-${process.arch} is installed)`,
    });
    const failing = async () => {
      throw new Error('libsecret-1.so.0: cannot open shared object file\nmore lines');
    };
    expect(await answer({ id: 2, op: 'get', account: 'a' }, failing)).toEqual({
      id: 2,
      error: 'its native binding cannot be loaded (libsecret-1.so.0: cannot open shared object file)',
    });
  });

  /** The pids of the processes whose command line names `file` (Linux's /proc). */
  function processesRunning(file: string): string[] {
    return readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(file);
        } catch {
          return false; // ended meanwhile
        }
      });
  }

  /** A program for the keyring's process, written to a file. */
  function hostScript(source: string): string {
    const path = join(scratch(), 'host.cjs');
    writeFileSync(path, source);
    return path;
  }

  it('answers through a process of its own', async () => {
    const script = hostScript(
      "process.on('message', (r) => process.send({ id: r.id, value: r.op + ' ' + r.account }));" +
        "process.on('disconnect', () => process.exit(0));",
    );
    const call = keyringProcess({}, { script });
    expect(await call({ op: 'get', account: 'a' })).toBe('get a');
    expect(await call({ op: 'delete', account: 'b' })).toBe('delete b');
  });

  it('a process that does not answer in time is killed; the call fails, and so do the next at once', async () => {
    // Blocks its only thread, as the binding does on a session bus that never answers.
    const script = hostScript(
      "process.on('message', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));",
    );
    const call = keyringProcess({}, { script, deadlineMs: 300 });
    await expect(call({ op: 'get', account: 'a' })).rejects.toThrow(
      'the system keyring did not answer: no answer within 0.3 seconds',
    );
    await expect(call({ op: 'set', account: 'a', secret: 's' })).rejects.toThrow(
      'no answer within 0.3 seconds',
    );
    // Found by its command line: on a loaded machine the deadline can pass before it has started.
    await vi.waitFor(() => expect(processesRunning(script)).toEqual([]), { timeout: 10_000 });
  });

  it('a process that ends without answering fails the call', async () => {
    const call = keyringProcess({}, { script: hostScript("process.on('message', () => process.exit(4));") });
    await expect(call({ op: 'get', account: 'a' })).rejects.toThrow(
      'the system keyring did not answer: its process ended before it answered (exit 4)',
    );
  });
});
