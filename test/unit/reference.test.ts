import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandReference, REFERENCE_END, REFERENCE_START } from '../../src/commands/help/reference.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

describe("the README's command reference", () => {
  const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });

  it('is the one generated from the command tree (run `npm run reference` after changing commands)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf(REFERENCE_START);
    const end = readme.indexOf(REFERENCE_END) + REFERENCE_END.length;
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, end)).toBe(commandReference(program));
  });

  it('has a section for every command', () => {
    const reference = commandReference(program);
    for (const path of ['wfd cases list', 'wfd forms create', 'wfd api', 'wfd doctor', 'wfd auth login'])
      expect(reference).toContain(`\n### ${path}\n`);
  });
});
