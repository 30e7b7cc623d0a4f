/**
 * No function of the client longer than 80 lines: a longer one does several jobs, and is split
 * by them. The sandbox, a program of its own with its own habits, is not counted. A table of
 * data is no function, so it is never counted; a function is measured from its first line to
 * its last, functions inside it included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const MAX_LINES = 80;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The name a person would search for: the function's own, else the variable, property or call it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return `${nameOf(node.parent as never, source)}.constructor`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source)})`;
  if (ts.isClassDeclaration(parent) && parent.name) return parent.name.getText(source);
  return '(anonymous)';
}

/** `file name: N lines` for each function of `text` longer than MAX_LINES. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) found.push(`${file} ${nameOf(declaration, source)}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function clientFiles(): string[] {
  return sourceFiles(SRC).filter((file) => relative(SRC, file).split(sep)[0] !== 'sandbox');
}

describe('function length', () => {
  it(`has no function of the client over ${MAX_LINES} lines`, () => {
    const long = clientFiles().flatMap((file) =>
      longFunctions(relative(SRC, file).split(sep).join('/'), readFileSync(file, 'utf8')),
    );
    expect(long).toEqual([]);
  });

  it('measures functions, methods and arrow functions, and skips tables of data, so the check can fail', () => {
    const body = Array.from({ length: 80 }, (_, i) => `  x${i}();`).join('\n');
    const text = [
      `function named() {\n${body}\n}`,
      `const arrow = () => {\n${body}\n};`,
      `class A {\n  method() {\n${body}\n  }\n}`,
      `const table = {\n${body.replaceAll('();', ': 1,')}\n};`,
      `function short() {\n  return 1;\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', text)).toEqual([
      'x.ts named: 82 lines',
      'x.ts arrow: 82 lines',
      'x.ts method: 82 lines',
    ]);
  });
});
