/**
 * `wfd help environment` lists every environment variable wfd reads: the variables are found in
 * the code (`env.NAME`, `env?.NAME`, `env['NAME']`), so one added without a line in the topic
 * fails here with its name and file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedVariables, environmentHelp } from '../../src/commands/help/environment.js';

const ROOT = join(import.meta.dirname, '../..');
const READ = /\benv(?:\?)?(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"`]([A-Za-z_][A-Za-z0-9_]*)['"`]\s*\])/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each variable the code reads, with the first file that reads it. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'bin'))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(READ)) {
      const name = match[1] ?? match[2]!;
      if (!found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

describe('wfd help environment', () => {
  it('finds the variables the code reads (the scan itself works)', () => {
    const read = variablesRead();
    for (const name of ['WFD_TOKEN', 'WFD_PROGRESS_INTERVAL', 'WFD_CACHE_DIR', 'NO_COLOR', 'HOME'])
      expect(read.has(name), name).toBe(true);
  });

  it('lists every variable the code reads', () => {
    const listed = documentedVariables();
    const missing = [...variablesRead()].filter(([name]) => !listed.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing, 'add these to src/commands/help/environment.ts').toEqual([]);
  });

  it('names each variable at the start of a line of the topic', () => {
    const text = environmentHelp();
    for (const name of documentedVariables()) expect(text).toMatch(new RegExp(`^  (\\S+, )*${name}\\b`, 'm'));
  });
});
