/**
 * The config and credentials file: named profiles and the current one, as JSON in the config
 * folder (0700), the file 0600 because it holds tokens and client secrets.
 *
 * Reading takes no lock: every write replaces the file atomically, so a reader sees a whole
 * version. Every change is lock, re-read, modify, write a temporary file, fsync, rename
 * (`update`), so parallel processes never lose each other's profiles.
 */
import { join } from 'node:path';
import { writeTextFileAtomic } from './atomic-write.js';
import {
  type ConfigData,
  ConfigFileError,
  describeFsError,
  prepareConfigDir,
  readConfigFile,
} from './config-file.js';
import { CONFIG_FILE } from './config-paths.js';
import { type LockOptions, withFileLock } from './lock.js';

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
}

/** The file's content, as `update` hands it over to be changed in place. */
export interface Config {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class ConfigStore {
  private constructor(
    readonly dir: string,
    private snapshot: Config | undefined,
    private problem: ConfigFileError | undefined,
    private readonly lockOptions: LockOptions,
  ) {}

  /**
   * Reads the config file of `dir`. A file that cannot be read does not fail here: reading it
   * through the store does, so a run the environment fully configures never needs the file.
   */
  static async open(dir: string, lockOptions: LockOptions = {}): Promise<ConfigStore> {
    try {
      return new ConfigStore(
        dir,
        asConfig(await readConfigFile(join(dir, CONFIG_FILE))),
        undefined,
        lockOptions,
      );
    } catch (error) {
      if (!(error instanceof ConfigFileError)) throw error;
      return new ConfigStore(dir, undefined, error, lockOptions);
    }
  }

  get path(): string {
    return join(this.dir, CONFIG_FILE);
  }

  profiles(): Record<string, Profile> {
    return this.read().profiles;
  }

  profile(name: string): Profile | undefined {
    return Object.hasOwn(this.profiles(), name) ? this.profiles()[name] : undefined;
  }

  currentProfileName(): string | undefined {
    return this.read().currentProfile;
  }

  /**
   * Changes the file under the lock: `change` gets the data as it is on disk now (another
   * process may have written since `open`) and modifies it in place; the file is written only
   * when something changed. Resolves with what `change` returns.
   */
  async update<T>(change: (config: Config) => T | Promise<T>): Promise<T> {
    await prepareConfigDir(this.dir);
    return withFileLock(
      this.path,
      async (lock) => {
        const config = asConfig(await readConfigFile(this.path));
        const before = JSON.stringify(config);
        const result = await change(config);
        if (JSON.stringify(config) !== before) {
          lock.assertHeld();
          await writeTextFileAtomic(this.path, `${JSON.stringify(config, null, 2)}\n`).catch(
            (error: unknown) => {
              throw describeFsError(error, this.dir, 'write');
            },
          );
        }
        this.snapshot = config;
        this.problem = undefined;
        return result;
      },
      this.lockOptions,
    );
  }

  /** Saves a profile and, unless told otherwise, makes it the current one. */
  saveProfile(name: string, profile: Profile, options: { makeCurrent?: boolean } = {}): Promise<void> {
    return this.update((config) => {
      config.profiles[name] = profile;
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
