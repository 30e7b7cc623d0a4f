/** What an attachments export wrote, as two exports of the same data (or two platforms) compare it. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `dir` but the manifest, as `path sha256` (`/`-separated), sorted. */
export function exportedFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== 'manifest.ndjson') {
        const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
        out.push(`${relative(dir, path).split(sep).join('/')} ${sha}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}
