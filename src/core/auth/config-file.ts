/**
 * Reading the config file and preparing its folder, with one clear line for each way local
 * state can be broken: malformed JSON, `config.json` that is a folder, a config folder under a
 * file, a folder wfd may not write. Errors name the file and say how to fix it; they never
 * quote the file's content (it holds tokens).
 */
import { dirname } from 'node:path';
import { WfdError } from '../errors.js';
import { checkStateFolder, followOwnLink, readStateFile, UnsafeStateError } from '../files/state-file.js';
import { isRecord } from '../guards.js';
import { accessRemedy } from '../process/platform.js';

/** The config file or its folder cannot be used (exit 1); names the path and the fix. */
export class ConfigFileError extends WfdError {}

export interface ConfigData {
  currentProfile?: string;
  profiles: Record<string, unknown>;
}

const MOVE_ASIDE = 'or set WFD_CONFIG_DIR to another folder';

/** The file's data; an absent file is an empty config. */
export async function readConfigFile(path: string): Promise<ConfigData> {
  let text: string | undefined;
  try {
    // A link of the user's own (a dotfile manager's) is read where it leads, the target checked.
    text = readStateFile(followOwnLink(path));
  } catch (error) {
    const code = errnoCode(error);
    // The file's folder is the one that cannot be a folder.
    throw describeFsError(error, code === 'ENOTDIR' ? dirname(path) : path, 'read');
  }
  if (text === undefined) return { profiles: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigFileError(`the config file ${path} is not valid JSON`, {
      hint: `fix it in an editor, or move it aside (mv ${path} ${path}.bak) and log in again`,
    });
  }
  if (!isRecord(data) || (data.profiles !== undefined && !isRecord(data.profiles))) {
    throw new ConfigFileError(`the config file ${path} is not a wfd config file (no "profiles" object)`, {
      hint: `move it aside (mv ${path} ${path}.bak) and log in again`,
    });
  }
  const current = typeof data.currentProfile === 'string' ? data.currentProfile : undefined;
  return {
    ...(data as object),
    profiles: (data.profiles as Record<string, unknown> | undefined) ?? {},
    ...(current ? { currentProfile: current } : {}),
  };
}

/**
 * Creates the folder with mode 0700, or tightens an existing one of ours to 0700: it holds
 * tokens and client secrets. A shared folder (sticky, like /tmp) or someone else's is left alone,
 * and refused (src/core/files/state-file.ts). On Windows the modes do nothing (no owner check either:
 * no getuid): the folder keeps the ACL it inherits, which under %APPDATA% admits the user, SYSTEM
 * and the administrators.
 */
export async function prepareConfigDir(dir: string): Promise<void> {
  const { chmod, lstat, mkdir } = await import('node:fs/promises');
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const info = await lstat(dir);
    if (!info.isDirectory() && !info.isSymbolicLink())
      throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    const ours = process.getuid === undefined || info.uid === process.getuid();
    const shared = (info.mode & 0o1000) !== 0;
    if (ours && info.isDirectory() && !shared && (info.mode & 0o077) !== 0) await chmod(dir, 0o700);
    checkStateFolder(dir);
  } catch (error) {
    throw describeFsError(error, dir, 'create');
  }
}

/** One line for a file-system error on the config folder or a file in it; other errors pass through. */
export function describeFsError(error: unknown, path: string, action: 'read' | 'write' | 'create'): unknown {
  if (error instanceof UnsafeStateError)
    return new ConfigFileError(error.message, { hint: `${error.hint}, ${MOVE_ASIDE}` });
  switch (errnoCode(error)) {
    case 'EISDIR':
      return new ConfigFileError(`${path} is a folder, but wfd keeps a file there`, {
        hint: `move the folder away, ${MOVE_ASIDE}`,
      });
    case 'ENOTDIR':
    case 'EEXIST':
      return new ConfigFileError(
        `cannot use ${path} as wfd's config folder: it, or a folder above it, is a file`,
        {
          hint: `move the file away, ${MOVE_ASIDE}`,
        },
      );
    case 'EACCES':
    case 'EPERM':
      return new ConfigFileError(`cannot ${action} ${path}: permission denied`, {
        hint: `give yourself access (${accessRemedy()}), ${MOVE_ASIDE}`,
      });
    case 'EROFS':
      return new ConfigFileError(`cannot ${action} ${path}: the file system is read-only`, {
        hint: `set WFD_CONFIG_DIR to a writable folder`,
      });
    case 'ENOSPC':
      return new ConfigFileError(`cannot ${action} ${path}: no space left on the device`);
    case undefined:
      // Not a file-system error: whatever failed says so itself.
      return error;
    default:
      return new ConfigFileError(`cannot ${action} ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function errnoCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
}
