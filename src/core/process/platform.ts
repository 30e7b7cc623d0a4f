/**
 * What differs between Linux, macOS and Windows, in one place: the folders wfd keeps its files
 * in, the keyring that holds tokens, and what keeps a private file private. macOS cannot run in
 * CI here, so each platform's answers are unit-tested (test/unit/platform.test.ts) with paths
 * built by that platform's own rules (backslashes on Windows, whatever machine runs the test).
 */
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

export interface PlatformDirs {
  /** profiles and tokens (config.json), the OAuth loopback's certificate */
  config: string;
  /** state that is not configuration: the rate budget shared by processes */
  state: string;
  /** what can be thrown away: V8's compiled code */
  cache: string;
}

/**
 * The folders of `platform` for a process with `env`, before WFD_CONFIG_DIR and WFD_CACHE_DIR
 * (the callers apply those). The config folder is env-paths' config folder of "wfd", as `conf`
 * used before, so profiles saved by earlier versions are still found.
 */
export function platformDirs(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): PlatformDirs {
  if (platform === 'win32') {
    const { join } = win32;
    const home = env.USERPROFILE || homedir();
    const local = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
    return {
      config: join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'wfd', 'Config'),
      state: join(local, 'wfd', 'State'),
      cache: join(local, 'wfd', 'Cache'),
    };
  }
  const { join } = posix;
  const home = env.HOME || homedir();
  if (platform === 'darwin') {
    const caches = join(home, 'Library', 'Caches', 'wfd');
    return { config: join(home, 'Library', 'Preferences', 'wfd'), state: caches, cache: caches };
  }
  return {
    config: join(env.XDG_CONFIG_HOME || join(home, '.config'), 'wfd'),
    state: join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'wfd'),
    cache: join(env.XDG_CACHE_HOME || join(home, '.cache'), 'wfd'),
  };
}

/** The keyring @napi-rs/keyring reaches on `platform`, by the name users know; none elsewhere. */
export function keyringBackend(platform: NodeJS.Platform = process.platform): string | undefined {
  switch (platform) {
    case 'darwin':
      return 'macOS Keychain';
    case 'win32':
      return 'Windows Credential Manager';
    case 'linux':
    case 'freebsd':
    case 'openbsd':
      return 'Secret Service';
    default:
      return undefined;
  }
}

/**
 * What makes the keyring of `platform` answer, for the fix of a message saying it did not. On
 * Windows the Credential Manager is always there: when it does not answer, its binding (an
 * optional dependency of the package) could not be loaded.
 */
export function keyringRemedy(platform: NodeJS.Platform = process.platform): string {
  switch (keyringBackend(platform)) {
    case 'Secret Service':
      return 'start the D-Bus session of a Secret Service (GNOME Keyring, KWallet) and unlock it';
    case 'macOS Keychain':
      return 'unlock the login keychain (Keychain Access)';
    case 'Windows Credential Manager':
      return 'install wfd with npm, which brings the keyring binding (@napi-rs/keyring); the single executable has none, and keeps tokens in config.json';
    default:
      return 'use a platform with a system keyring';
  }
}

/** How to give yourself back access to the config folder, for the hint of a permission error. */
export function accessRemedy(platform: NodeJS.Platform = process.platform): string {
  return hasFileModes(platform)
    ? 'chmod u+rwx on the folder, u+rw on its files'
    : "Full control of the folder and its files for your account: the folder's Properties, Security";
}

/**
 * Whether file modes protect files on `platform`. Windows has ACLs instead: Node's mkdir and
 * chmod modes only set or clear the read-only flag there, and stat reports 0666/0777 for
 * everything, so a mode is neither set nor checked on Windows. A file in the config folder has
 * the folder's ACL, which under the user's profile (%APPDATA%) lets in that account, SYSTEM and
 * the administrators.
 */
export function hasFileModes(platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32';
}

/**
 * The pager long output goes through when none is set (WFD_PAGER, the config's `pager`, PAGER):
 * `less` where it is part of the system; none on Windows, which has no `less` (cmd would print
 * "Can't recognize 'less'" instead of the output) and whose `more` pages even a short text.
 */
export function defaultPager(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? '' : 'less';
}

/**
 * The longest path wfd gives a file it names itself (an export's), in UTF-16 units: on Windows,
 * MAX_PATH less its terminator, as Explorer and many tools open nothing longer (Node would write
 * it); elsewhere none that a name from the API could reach.
 */
export function maxPathLength(platform: NodeJS.Platform = process.platform): number | undefined {
  return platform === 'win32' ? 259 : undefined;
}

/** A program and its arguments, for node:child_process's spawn. */
export interface ShellInvocation {
  file: string;
  args: string[];
  windowsVerbatimArguments: boolean;
}

/**
 * How the system's shell runs the command line `line` given `args` (the pager, a `!` alias, the
 * `browser` setting). POSIX: `/bin/sh -c LINE -- ARGS...`, as gh runs its aliases: the line reads
 * the arguments as $1... Windows: cmd, which has no $1, `/d /s /c "LINE "ARG"..."` taken as it
 * is (cmd's own quoting): each argument appended to the line in double quotes.
 */
export function shellInvocation(
  line: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): ShellInvocation {
  if (platform === 'win32') {
    const whole = [line, ...args.map((arg) => `"${arg}"`)].join(' ');
    return {
      file: env.ComSpec ?? 'cmd.exe',
      args: ['/d', '/s', '/c', `"${whole}"`],
      windowsVerbatimArguments: true,
    };
  }
  return {
    file: '/bin/sh',
    args: args.length > 0 ? ['-c', line, '--', ...args] : ['-c', line],
    windowsVerbatimArguments: false,
  };
}

/** Who can read a private file wfd writes (the config file), for messages: `mode 0600`. */
export function privateFileAccess(platform: NodeJS.Platform = process.platform): string {
  return hasFileModes(platform)
    ? 'mode 0600'
    : 'readable as its folder allows: under your user profile, by your Windows account and administrators';
}
