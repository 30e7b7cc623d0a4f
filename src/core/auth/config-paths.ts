/**
 * Where wfd keeps its local state: the config folder and the files in it. Without
 * `WFD_CONFIG_DIR`, the platform's config folder (src/core/process/platform.ts).
 */
import { platformDirs } from '../process/platform.js';

/** Profiles and tokens (mode 0600). */
export const CONFIG_FILE = 'config.json';
/** The self-signed certificate and key of the OAuth loopback listener (mode 0600). */
export const LOOPBACK_CERT_FILE = 'oauth-loopback.pem';

/** The config folder for this environment. */
export function configDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  return env.WFD_CONFIG_DIR || platformDirs(env, platform).config;
}
