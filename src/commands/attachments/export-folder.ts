/**
 * The folder of an attachments export on disk: DIR/manifest.ndjson, DIR/<form>/<response>/<file>
 * and DIR/<form>/merged.pdf, and nothing else but temporary files while a run is under way
 * (hidden, ending in `.part`: src/core/files/files.ts). Never a symbolic link below DIR: a link to a
 * folder elsewhere would have the export write there (a shared CI cache may hold one).
 */
import { lstat, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError, WfdError } from '../../core/errors.js';
import { FOLDER_MODE } from '../../core/files/file-modes.js';
import { isTemporaryName, writeError } from '../../core/files/files.js';
import { quote } from '../../core/text/quote.js';
import { MANIFEST_NAME, type Manifest, parseManifest, READ_MANIFEST } from './export-manifest.js';

/** What DIR holds before a run. */
export type ExportFolder =
  /** missing, empty, or holding a manifest with nothing in it yet (and temporary files) */
  | { kind: 'new'; manifest: Manifest }
  /** an export: its manifest lists files, completed runs, or a run begun */
  | { kind: 'export'; manifest: Manifest }
  /** other files, and no manifest */
  | { kind: 'other' };

/**
 * Reads DIR's state. A DIR that exists as something other than a folder, or that holds a
 * symbolic link anywhere an export writes, is a UsageError.
 */
export async function readExportFolder(dir: string): Promise<ExportFolder> {
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory()) throw new UsageError(`--dir ${quote(dir)} is not a folder`);
  const link = found ? await findLink(dir) : undefined;
  if (link !== undefined) {
    throw new UsageError(
      `--dir ${quote(dir)} holds a symbolic link, ${quote(link, PATH_MAX)}: an export writes only to folders and files of its own`,
      { hint: 'remove the link (or export into a new folder)' },
    );
  }
  const names = found ? await readdir(dir) : [];
  const text = names.includes(MANIFEST_NAME)
    ? await readFile(join(dir, MANIFEST_NAME), { encoding: 'utf8', flag: READ_MANIFEST })
    : undefined;
  const manifest = parseManifest(text ?? '');
  if (text === undefined && names.some((name) => !isTemporaryName(name))) return { kind: 'other' };
  const empty =
    manifest.files.size === 0 && manifest.merged.size === 0 && manifest.runs.length === 0 && !manifest.plan;
  return { kind: empty ? 'new' : 'export', manifest };
}

/** The longest path Linux takes: a path in a message is shown whole. */
const PATH_MAX = 4096;

/**
 * The first symbolic link in DIR, its form folders and their response folders (the depths an
 * export writes to), relative to DIR and `/`-separated; undefined when there is none.
 */
async function findLink(dir: string): Promise<string | undefined> {
  async function search(folder: string, depth: number): Promise<string | undefined> {
    const entries = await readdir(join(dir, folder), { withFileTypes: true });
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) return path;
      if (entry.isDirectory() && depth < 2) {
        const found = await search(path, depth + 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
  return search('', 0);
}

/**
 * Makes `folder` (a path inside `dir`, which exists) one level at a time, each checked to be a folder of its
 * own: a link planted since the run began is refused (a WfdError naming it), never followed, not
 * even to make a folder (as a recursive mkdir would).
 */
export async function makeFolderInside(dir: string, folder: string): Promise<void> {
  const root = resolve(dir);
  const levels = relative(root, resolve(folder)).split(sep).filter(Boolean);
  let path = root;
  for (const level of levels) {
    path = join(path, level);
    await mkdir(path, { mode: FOLDER_MODE }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw writeError(path, error);
    });
    if (!(await lstat(path)).isDirectory()) {
      throw new WfdError(
        `${quote(relative(root, path).split(sep).join('/'), PATH_MAX)} in --dir ${quote(dir)} is not a folder of its own (a symbolic link?): the export does not write through it`,
      );
    }
  }
}

/**
 * `relative` (a manifest path, `/`-separated) as an absolute path inside `dir`; a path that
 * would leave `dir` (a manifest edited by hand) is refused.
 */
export function pathInside(dir: string, relativePath: string): string {
  const root = resolve(dir);
  const path = resolve(root, ...relativePath.split('/'));
  const rel = relative(root, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new UsageError(`the export path ${quote(relativePath)} is not inside ${quote(dir)}`);
  }
  return path;
}

/**
 * Removes the temporary files an interrupted run left in DIR, its form folders and their
 * response folders, but those in `keep` (partial downloads the run will continue). Returns how
 * many it removed.
 */
export async function removeTemporaryFiles(dir: string, keep: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  async function sweep(folder: string, depth: number): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (isTemporaryName(entry.name) && !keep.has(path)) {
        await rm(path, { recursive: true, force: true });
        removed++;
      } else if (entry.isDirectory() && depth < 2) await sweep(path, depth + 1);
    }
  }
  await sweep(resolve(dir), 0);
  return removed;
}
