/**
 * The config and credentials file: named profiles and the current one, as JSON in the config
 * folder (0700), the file 0600 because it may hold tokens and client secrets.
 *
 * A profile's secrets (token, refresh token, client secret) live in the system keyring where one
 * answers (`tokenStorage: 'keyring'` in the file, which then holds no secret), else in the file.
 * A keyring profile is read without them; `withTokens` fetches them, and from then on `profile`
 * returns it whole.
 *
 * Reading takes no lock: every write replaces the file atomically, so a reader sees a whole
 * version. Every change is lock, re-read, modify, write a temporary file, fsync, rename
 * (`update`), so parallel processes never lose each other's profiles; keyring entries are read
 * again and written under the same lock.
 */
import { join, resolve } from 'node:path';
import { AuthError } from '../errors.js';
import { followOwnLink, writeStateFile } from '../files/state-file.js';
import { own } from '../guards.js';
import { keyringRemedy, privateFileAccess } from '../process/platform.js';
import {
  type ConfigData,
  ConfigFileError,
  describeFsError,
  prepareConfigDir,
  readConfigFile,
} from './config-file.js';
import { CONFIG_FILE } from './config-paths.js';
import { type Keyring, KeyringError } from './keyring.js';
import { type HeldLock, type LockOptions, withFileLock } from './lock.js';
import {
  decodeSecrets,
  encodeSecrets,
  keyringAccount,
  type ProfileSecrets,
  sameSecrets,
  secretsOf,
  withoutSecrets,
  withSecrets,
} from './profile-secrets.js';

export interface ProfileWorkspace {
  id: string;
  slug: string;
  name: string;
}

/** The user who authorized an OAuth grant, from the id_token. */
export interface OAuthUser {
  name?: string;
  email?: string;
  locale?: string;
}

/** What refreshing an OAuth access token needs, unattended (a cron job). */
export interface OAuthGrant {
  clientId: string;
  clientSecret: string;
  /** how the token endpoint takes the client's credentials */
  clientAuth: 'client_secret_post' | 'client_secret_basic';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** absent when the scope had no offline_access: then the login must be repeated at expiry */
  refreshToken?: string;
  /** ISO time the access token expires, and its lifetime in seconds, when the server said */
  expiresAt?: string;
  expiresIn?: number;
  scope: string;
  user?: OAuthUser;
}

export interface Profile {
  baseUrl: string;
  /** the bearer token: a personal token, or the OAuth access token */
  token?: string;
  /** how the token was obtained: a pasted personal token, or OAuth */
  authType: 'token' | 'oauth';
  oauth?: OAuthGrant;
  workspace?: ProfileWorkspace;
  /** ISO time of the last login into this profile */
  savedAt?: string;
  /** the client-side rate limit of this profile (`--request-rate` syntax); the spec's when absent */
  rateLimit?: string;
  /** 'keyring': the secrets are in the system keyring, not in the file; absent: in the file */
  tokenStorage?: 'keyring';
  /** `wfd config` settings of this profile (src/core/settings.ts) */
  settings?: Record<string, string>;
}

/** Where a login asks its secrets to be kept: the keyring falls back to the file when none answers. */
export type TokenStorage = 'keyring' | 'file';

export interface ConfigStoreOptions {
  lock?: LockOptions;
  /** the system keyring; without one, every secret is kept in the file */
  keyring?: Keyring;
  /** a line for the user: where a token went when the keyring did not answer */
  notice?: (line: string) => void;
}

/** The file's content, as `update` hands it over to be changed in place. */
export interface Config {
  currentProfile?: string;
  profiles: Record<string, Profile>;
  /** `wfd config` settings for all profiles (src/core/settings.ts) */
  settings?: Record<string, string>;
  /** `wfd alias`: name -> expansion */
  aliases?: Record<string, string>;
  /**
   * Profiles removed while the keyring did not answer, whose entry may remain there: deleted at
   * the next change of the file while it answers (or dropped once a profile of that name keeps
   * its token there again).
   */
  keyringLeftovers?: string[];
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class ConfigStore {
  /** the secrets of keyring profiles that this process has read or written */
  private readonly tokens = new Map<string, ProfileSecrets>();
  /** profiles removed from the file whose keyring entry could not be deleted (a notice said so) */
  readonly lingering = new Set<string>();

  private constructor(
    readonly dir: string,
    private snapshot: Config | undefined,
    private problem: ConfigFileError | undefined,
    private readonly options: ConfigStoreOptions,
  ) {}

  /**
   * Reads the config file of `dir`. A file that cannot be read does not fail here: reading it
   * through the store does, so a run the environment fully configures never needs the file.
   */
  static async open(dir: string, options: ConfigStoreOptions = {}): Promise<ConfigStore> {
    try {
      return new ConfigStore(dir, asConfig(await readConfigFile(join(dir, CONFIG_FILE))), undefined, options);
    } catch (error) {
      if (!(error instanceof ConfigFileError)) throw error;
      return new ConfigStore(dir, undefined, error, options);
    }
  }

  get path(): string {
    return join(this.dir, CONFIG_FILE);
  }

  /** what the keyring is called, for messages */
  get keyringName(): string {
    return this.options.keyring?.name ?? 'the system keyring';
  }

  /** The profiles; a keyring profile whose secrets were not fetched comes without them. */
  profiles(): Record<string, Profile> {
    return Object.fromEntries(
      Object.entries(this.read().profiles).map(([name, profile]) => [name, this.joined(name, profile)]),
    );
  }

  profile(name: string): Profile | undefined {
    const profile = own(this.read().profiles, name);
    return profile && this.joined(name, profile);
  }

  /** Where the secrets of a profile are kept; undefined when there is no such profile. */
  tokenStorage(name: string): TokenStorage | undefined {
    const profile = own(this.read().profiles, name);
    return profile && (profile.tokenStorage === 'keyring' ? 'keyring' : 'file');
  }

  /**
   * The profile with its secrets, fetched from the keyring if it keeps them (once per process).
   * A keyring that does not answer is an AuthError: the profile's token cannot be had.
   */
  async withTokens(name: string): Promise<Profile | undefined> {
    const profile = own(this.read().profiles, name);
    if (profile?.tokenStorage === 'keyring' && !this.tokens.has(name)) {
      this.tokens.set(name, await this.readSecrets(name));
    }
    return this.profile(name);
  }

  /**
   * Why no keyring answers here, or undefined when one does: a read of an entry that is not
   * there (`wfd doctor`).
   */
  async keyringProblem(): Promise<string | undefined> {
    try {
      if (!this.options.keyring) throw new KeyringError('wfd was started without one');
      await this.options.keyring.get(keyringAccount('(doctor)', resolve(this.dir)));
      return undefined;
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      return error.reason;
    }
  }

  /** The file's content as read (settings and aliases included); throws as `profiles` does on a broken file. */
  contents(): Readonly<Config> {
    return this.read();
  }

  currentProfileName(): string | undefined {
    return this.read().currentProfile;
  }

  /**
   * Changes the file under the lock: `change` gets the data as it is on disk now (another
   * process may have written since `open`) and modifies it in place; the file is written only
   * when something changed. Resolves with what `change` returns.
   *
   * The keyring profiles whose secrets this process has fetched are handed over with their
   * secrets as the keyring holds them now (another process may have renewed them). Secrets that
   * changed go to the keyring, for a profile that keeps them there; when the keyring does not
   * answer, to the file, with a notice.
   */
  async update<T>(change: (config: Config) => T | Promise<T>): Promise<T> {
    await prepareConfigDir(this.dir);
    return withFileLock(
      this.path,
      async (lock) => {
        const stored = asConfig(await readConfigFile(this.path));
        const held = new Map<string, ProfileSecrets>();
        for (const name of this.tokens.keys()) {
          if (own(stored.profiles, name)?.tokenStorage !== 'keyring') continue;
          // A keyring that stopped answering leaves the profile without its secrets, as one this
          // process never fetched: it can still be removed or replaced (a logout, a login).
          const secrets = await this.readSecrets(name).catch((error: unknown) => {
            if (error instanceof AuthError) return undefined;
            throw error;
          });
          if (secrets) held.set(name, secrets);
        }
        const config: Config = structuredClone(stored);
        for (const [name, secrets] of held)
          config.profiles[name] = withSecrets(config.profiles[name]!, secrets);
        const before = JSON.stringify(config);
        const result = await change(config);
        if (JSON.stringify(config) !== before) {
          this.snapshot = await this.write(stored, config, held, lock);
        } else {
          this.snapshot = stored;
          this.tokens.clear();
          for (const [name, secrets] of held) this.tokens.set(name, secrets);
        }
        this.problem = undefined;
        return result;
      },
      this.options.lock,
    );
  }

  /**
   * Saves a profile and, unless told otherwise, makes it the current one. `tokenStorage` says
   * where its secrets go (the keyring falls back to the file, with a notice); by default where
   * `profile.tokenStorage` says.
   */
  saveProfile(
    name: string,
    profile: Profile,
    options: { makeCurrent?: boolean; tokenStorage?: TokenStorage } = {},
  ): Promise<void> {
    const { tokenStorage: _asGiven, ...rest } = profile;
    const storage = options.tokenStorage ?? (profile.tokenStorage === 'keyring' ? 'keyring' : 'file');
    const saved: Profile = storage === 'keyring' ? { ...rest, tokenStorage: 'keyring' } : rest;
    return this.update((config) => {
      config.profiles[name] = saved;
      if (options.makeCurrent ?? true) config.currentProfile = name;
    });
  }

  /** Makes `name` the current profile; false when no such profile exists (any more). */
  setCurrent(name: string): Promise<boolean> {
    return this.update((config) => {
      if (!Object.hasOwn(config.profiles, name)) return false;
      config.currentProfile = name;
      return true;
    });
  }

  /** Removes a profile; false when it was not there. */
  removeProfile(name: string): Promise<boolean> {
    return this.update((config) => {
      if (!Object.hasOwn(config.profiles, name)) return false;
      delete config.profiles[name];
      if (config.currentProfile === name) delete config.currentProfile;
      return true;
    });
  }

  /** Saves `config`: secrets to the keyring where asked and possible, the rest to the file. */
  private async write(
    stored: Config,
    config: Config,
    held: Map<string, ProfileSecrets>,
    lock: HeldLock,
  ): Promise<Config> {
    const file: Config = { ...config, profiles: { ...config.profiles } };
    const written = new Map<string, ProfileSecrets>();
    let keyringFailed = false;
    for (const [name, profile] of Object.entries(config.profiles)) {
      if (profile.tokenStorage !== 'keyring') continue;
      const secrets = secretsOf(profile);
      const known = held.get(name);
      file.profiles[name] = withoutSecrets(profile);
      // A keyring profile whose secrets this process never fetched has none here to write.
      if (known ? sameSecrets(known, secrets) : Object.keys(secrets).length === 0) {
        if (known) written.set(name, known);
        continue;
      }
      try {
        await this.writeSecrets(name, secrets);
        written.set(name, secrets);
      } catch (error) {
        if (!(error instanceof KeyringError)) throw error;
        keyringFailed = true;
        const { tokenStorage: _keyring, ...inFile } = profile;
        file.profiles[name] = inFile;
        this.options.notice?.(
          `the token of profile "${name}" is saved in ${this.path} (${privateFileAccess()}): ${this.keyringName} did not answer: ${error.reason}`,
        );
      }
    }
    await this.deleteLeftovers(stored, file, keyringFailed);
    lock.assertHeld();
    const text = `${JSON.stringify(file, null, 2)}\n`;
    // A config.json a dotfile manager links elsewhere is written where it leads, keeping the link.
    await Promise.resolve()
      .then(() => writeStateFile(followOwnLink(this.path), text))
      .catch((error: unknown) => {
        throw describeFsError(error, this.dir, 'write');
      });
    this.tokens.clear();
    for (const [name, secrets] of written) this.tokens.set(name, secrets);
    return file;
  }

  /**
   * Deletes the keyring entries no profile refers to any more (a logout, a login that chose the
   * file), and those an earlier change could not delete; what the keyring does not delete now is
   * listed in the file (`keyringLeftovers`), to be tried again at the next change, and told.
   */
  private async deleteLeftovers(stored: Config, file: Config, keyringFailed: boolean): Promise<void> {
    const keeps = (name: string) => own(file.profiles, name)?.tokenStorage === 'keyring';
    const removed = Object.entries(stored.profiles)
      .filter(([name, profile]) => profile.tokenStorage === 'keyring' && !keeps(name))
      .map(([name]) => name);
    const earlier = (stored.keyringLeftovers ?? []).filter((name) => !keeps(name) && !removed.includes(name));
    const left: string[] = [];
    for (const name of [...removed, ...earlier]) {
      if (keyringFailed) {
        left.push(name);
        continue;
      }
      await this.deleteSecrets(name).catch((error: unknown) => {
        if (!(error instanceof KeyringError)) throw error;
        keyringFailed = true;
        left.push(name);
      });
    }
    for (const name of left.filter((name) => removed.includes(name))) {
      this.lingering.add(name);
      this.options.notice?.(
        `the token of profile "${name}" may remain in ${this.keyringName}, which did not answer; wfd deletes it at its next change of ${this.path} while the keyring answers (a login, \`wfd config set\`, \`wfd auth switch\`)`,
      );
    }
    if (left.length > 0) file.keyringLeftovers = left;
    else delete file.keyringLeftovers;
  }

  private account(name: string): string {
    return keyringAccount(name, resolve(this.dir));
  }

  private async readSecrets(name: string): Promise<ProfileSecrets> {
    const { keyring } = this.options;
    try {
      if (!keyring) throw new KeyringError('wfd was started without one');
      const text = await keyring.get(this.account(name));
      return text === undefined ? {} : decodeSecrets(text);
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      throw new AuthError(
        `the token of profile "${name}" is kept in ${this.keyringName}, which did not answer: ${error.reason}`,
        {
          hint: `${keyringRemedy()}, and run the command again; or log in again, with --insecure-storage to keep the token in ${this.path}`,
        },
      );
    }
  }

  private async writeSecrets(name: string, secrets: ProfileSecrets): Promise<void> {
    const { keyring } = this.options;
    if (!keyring) throw new KeyringError('wfd was started without one');
    await keyring.set(this.account(name), encodeSecrets(secrets));
  }

  private async deleteSecrets(name: string): Promise<void> {
    const { keyring } = this.options;
    if (!keyring) throw new KeyringError('wfd was started without one');
    await keyring.delete(this.account(name));
  }

  /** The profile as read from the file, with its keyring secrets when this process fetched them. */
  private joined(name: string, profile: Profile): Profile {
    const secrets = profile.tokenStorage === 'keyring' ? this.tokens.get(name) : undefined;
    return secrets ? withSecrets(profile, secrets) : profile;
  }

  private read(): Config {
    if (this.problem) throw this.problem;
    return this.snapshot ?? { profiles: {} };
  }
}

/** The file is wfd's own: its profiles are taken as written. */
function asConfig(data: ConfigData): Config {
  return data as Config;
}

/** Profile names become keys in the file and words on the command line: keep them simple. */
export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}
