import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: someone who clones it can follow every reference it makes. The
 * design notes and the API's prose contract its authors worked from are not in it, so no file
 * may send a reader to them; a rule that matters is stated where it applies, in our own words.
 */
const CITATION = /\b(?:DESIGN|STYLE|api-v1)\.md\b/;

const ROOTS = ['README.md', 'package.json', 'bin', 'docs', 'scripts', 'src', 'test', '.ci', 'man'];

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  const entries = readdirSync(path, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const files = ROOTS.flatMap(filesUnder);

describe('the repository', () => {
  it('has files to look through', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain(join('src', 'main.ts'));
  });

  it('cites no file outside it', () => {
    const citing = files.filter((file) => CITATION.test(readFileSync(file, 'latin1')));
    expect(citing, 'files that cite the authors’ notes, which a clone does not have').toEqual([]);
  });

  it('would see a citation', () => {
    // Written in pieces, so that this file does not cite them itself.
    for (const name of ['DESIGN', 'STYLE', 'spec/api-v1']) expect(`(see ${name}.md)`).toMatch(CITATION);
  });
});
