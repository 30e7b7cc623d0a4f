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
  // The sandbox console's browser code: a client of the sandbox, built apart (scripts/bundle.mjs).
  'console',
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

/**
 * `src/core/` in wings by concern, each importing only the wings before it: text (quoting,
 * counts, durations, graphemes) and process (signals, platforms) need nothing; files (state
 * files, downloads, uploads) may use them; the rate budget may write its file; the HTTP client
 * waits on the budget; credentials and the list query build on HTTP. BASE, the error classes
 * and small guards, sit under every wing; TOP, the files left at core's top level (paging,
 * settings, request bodies, polling), may use every wing.
 */
const CORE_WINGS = ['base', 'text', 'process', 'files', 'budget', 'http', 'auth', 'list-query', 'top'];
const CORE_BASE = new Set(['errors.ts', 'guards.ts', 'once.ts', 'zod-parse.ts']);
/** at most this many files at core's top level: anything else belongs in a wing */
const CORE_TOP_FILES = 12;

function wingOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] !== 'core') return undefined;
  if (parts.length > 2) return parts[1]!;
  return CORE_BASE.has(parts[1]!) ? 'base' : 'top';
}

/** the imports of `files` (path and source) that break the wing order */
function wingImportsAgainstOrder(files: [string, string][]): string[] {
  const wrong: string[] = [];
  for (const [file, source] of files) {
    const from = wingOf(file)!;
    if (!CORE_WINGS.includes(from)) wrong.push(`${relative(SRC, file)} (core/${from}/ is not a known wing)`);
    for (const target of relativeImports(file, source)) {
      const to = wingOf(target);
      if (to === undefined || to === from) continue;
      if (CORE_WINGS.indexOf(to) > CORE_WINGS.indexOf(from))
        wrong.push(
          `${relative(SRC, file)} -> ${relative(SRC, target)} (core's ${from} imports ${to}, a wing after it)`,
        );
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

  it("keeps core's wings in their order, and few files at core's top", () => {
    const core = sourceFiles(join(SRC, 'core')).map(
      (file) => [file, readFileSync(file, 'utf8')] as [string, string],
    );
    expect(wingImportsAgainstOrder(core)).toEqual([]);
    const top = readdirSync(join(SRC, 'core'), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(top.length).toBeLessThanOrEqual(CORE_TOP_FILES);
  });

  it('finds a wing importing one after it, so the check above can fail', () => {
    const source = "import { login } from '../auth/login-command.js';";
    expect(wingImportsAgainstOrder([[join(SRC, 'core/http/x.ts'), source]])).toEqual([
      "core/http/x.ts -> core/auth/login-command.ts (core's http imports auth, a wing after it)",
    ]);
    expect(wingImportsAgainstOrder([[join(SRC, 'core/misc/x.ts'), '']])).toEqual([
      'core/misc/x.ts (core/misc/ is not a known wing)',
    ]);
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
