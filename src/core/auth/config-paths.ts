/**
 * Where wfd keeps its local state: the config folder and the files in it. Without
 * `WFD_CONFIG_DIR`, the folder is the one `conf` used before (env-paths' config folder of
 * "wfd"), so profiles saved by earlier versions are still found.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Profiles and tokens (mode 0600). */
export const CONFIG_FILE = 'config.json';
/** The self-signed certificate and key of the OAuth loopback listener (mode 0600). */
export const LOOPBACK_CERT_FILE = 'oauth-loopback.pem';

/** The config folder for this environment. */
export function configDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (env.WFD_CONFIG_DIR) return env.WFD_CONFIG_DIR;
  const home = env.HOME || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'wfd');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'wfd', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'wfd');
}
