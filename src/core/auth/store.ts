/**
 * The config and credentials file, through `conf`: named profiles and the current one.
 * Written with mode 0600 because it holds tokens; `WFD_CONFIG_DIR` moves it (tests, CI).
 */
import type Conf from 'conf';

export interface ProfileWorkspace {
  id: string;
  slug: string;
  name: string;
}

export interface Profile {
  baseUrl: string;
  token?: string;
  /** how the token was obtained: a pasted personal token, or OAuth */
  authType: 'token' | 'oauth';
  workspace?: ProfileWorkspace;
  /** ISO time of the last login into this profile */
  savedAt?: string;
}

interface ConfigData {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class ConfigStore {
  private constructor(private readonly conf: Conf<ConfigData>) {}

  /** Opens (creating if needed) the config file in `dir`, or in the user's config directory. */
  static async open(dir: string | undefined): Promise<ConfigStore> {
    const { default: ConfCtor } = await import('conf');
    const conf = new ConfCtor<ConfigData>({
      projectName: 'wfd',
      projectSuffix: '',
      configName: 'config',
      configFileMode: 0o600,
      defaults: { profiles: {} },
      ...(dir ? { cwd: dir } : {}),
    });
    return new ConfigStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  profiles(): Record<string, Profile> {
    return this.conf.get('profiles') ?? {};
  }

  profile(name: string): Profile | undefined {
    return this.profiles()[name];
  }

  currentProfileName(): string | undefined {
    return this.conf.get('currentProfile');
  }

  saveProfile(name: string, profile: Profile): void {
    this.conf.set('profiles', { ...this.profiles(), [name]: profile });
  }

  setCurrent(name: string): void {
    this.conf.set('currentProfile', name);
  }

  removeProfile(name: string): void {
    const { [name]: _removed, ...rest } = this.profiles();
    this.conf.set('profiles', rest);
    if (this.currentProfileName() === name) this.conf.delete('currentProfile');
  }
}

/** Profile names become keys in the file and words on the command line: keep them simple. */
export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}
