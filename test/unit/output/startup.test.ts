import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Specifiers of the static, value (not `import type`) imports and re-exports of a TypeScript file. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const pattern = /^(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms;
  return [...source.matchAll(pattern)].map((match) => (match[1] ?? match[2])!);
}

/** Every package a module loads at import time, following its relative imports. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(join(root, entry));
  return packages;
}

describe('start-up cost', () => {
  it('src/output/io.ts loads only Node built-ins (it runs for --version and --help)', () => {
    const packages = [...packagesLoadedBy('src/output/io.ts')];
    expect(packages.filter((name) => !builtinModules.includes(name.replace(/^node:/, '')))).toEqual([]);
  });

  it('src/output/render.ts defers table, colour, CSV and JMESPath libraries to the format in use', () => {
    expect([...packagesLoadedBy('src/output/render.ts')].filter((name) => !name.startsWith('node:'))).toEqual(
      [],
    );
  });

  it('the import scan sees heavy packages where they are imported', () => {
    expect(packagesLoadedBy('src/output/table-sink.ts')).toContain('string-width');
    expect(packagesLoadedBy('src/output/detail-view.ts')).toContain('string-width');
  });
});
