/**
 * The layer order of docs/development.md's layout section: every import, type-only and lazy `import()`
 * included, points down it. The sandbox stands apart: it imports nothing outside its folder,
 * and only `commands` and above reach into it (to start it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const ORDER = [
  'data',
  'resources',
  'openapi',
  'core',
  'api',
  'output',
  'context',
  'cli',
  'commands',
  'program',
  'main',
  'keyring-host',
  'quick-pager',
];
/** plain data under every layer: they import nothing */
const PLAIN_DATA = new Set(['global-options.ts', 'exit-codes.ts']);

function layerOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts.length === 1) return PLAIN_DATA.has(parts[0]!) ? 'data' : parts[0]!.replace(/\.ts$/, '');
  return parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** `from '…'`, `import '…'` and `import('…')` with a relative path, as the files they name */
function relativeImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm,
  )) {
    found.push(normalize(join(dirname(file), match[1]!.replace(/\.js$/, '.ts'))));
  }
  return found;
}

function uphillImports(): string[] {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    for (const target of relativeImports(file, readFileSync(file, 'utf8'))) {
      const to = layerOf(target);
      const where = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
      if (from === 'sandbox' || to === 'sandbox') {
        // The ways out of the sandbox: the API's description as data (resources), from which its
        // requests are checked, and the document built from it (openapi), which it serves.
        const allowed =
          from === to ||
          ORDER.indexOf(from) >= ORDER.indexOf('commands') ||
          (from === 'sandbox' && (to === 'openapi' || to === 'resources'));
        if (!allowed) wrong.push(`${where} (the sandbox stands apart)`);
      } else if (!ORDER.includes(from) || !ORDER.includes(to)) {
        wrong.push(`${where} (a folder outside the layer order)`);
      } else if (ORDER.indexOf(to) > ORDER.indexOf(from)) {
        wrong.push(`${where} (${from} imports ${to}, a layer above it)`);
      }
    }
  }
  return wrong;
}

/** the first import cycle found, lazy imports counted (the cycle checker of CI counts static ones) */
function firstCycle(): string[] | undefined {
  const edges = new Map(
    sourceFiles(SRC).map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))] as const),
  );
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open')
      return [...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f));
    state.set(file, 'open');
    path.push(file);
    for (const target of edges.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of edges.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the layer order', () => {
  it('has no import cycle, lazy imports counted', () => {
    expect(firstCycle()).toBeUndefined();
  });

  it('has no import pointing up, lazy and type-only imports included', () => {
    expect(uphillImports()).toEqual([]);
  });

  it('reads lazy, type-only and side-effect imports, so the check above can fail', () => {
    const file = join(SRC, 'core/x.ts');
    const source = [
      "import type { A } from '../cli/action.js';",
      "const m = await import('../commands/index.js');",
      "import '../output/io.js';",
    ].join('\n');
    expect(relativeImports(file, source).map((target) => layerOf(target))).toEqual([
      'cli',
      'commands',
      'output',
    ]);
  });
});
