import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAN_DIR, manPages, packageManEntries } from '../../src/commands/help/man-pages.js';
import { commandReference, REFERENCE_PATH } from '../../src/commands/help/reference.js';
import { OPENAPI_PATH, openApiText } from '../../src/openapi/document.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

const RERUN = 'run `npm run reference` after changing commands, options or examples';

describe('the generated documentation', () => {
  const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
  const pages = manPages(program);

  it(`docs/commands.md is the one generated from the command tree (${RERUN})`, () => {
    expect(readFileSync(REFERENCE_PATH, 'utf8')).toBe(commandReference(program));
  });

  it(`docs/openapi.json is the document built from the API's description (${RERUN})`, () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(openApiText());
  });

  it(`man/ holds exactly the generated pages (${RERUN})`, () => {
    expect(readdirSync(MAN_DIR).sort()).toEqual([...pages.keys()].sort());
    for (const [name, text] of pages) expect(readFileSync(`${MAN_DIR}/${name}`, 'utf8'), name).toBe(text);
  });

  it(`package.json ships the man pages and lists each for npm to link (${RERUN})`, () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(manifest.files).toContain(MAN_DIR);
    expect(manifest.man).toEqual(packageManEntries(pages));
  });

  it('has a reference section and a man page for every command, and wfd.1 lists them', () => {
    const reference = commandReference(program);
    const root = pages.get('wfd.1')!;
    for (const path of [
      'wfd cases list',
      'wfd forms create',
      'wfd sandbox deliveries list',
      'wfd api',
      'wfd help',
    ]) {
      expect(reference).toContain(`\n## ${path}\n`);
      const name = path.replace(/ /g, '-');
      expect(pages.get(`${name}.1`)).toMatch(
        new RegExp(`^\\.TH "${name.toUpperCase().replace(/-/g, '\\\\-')}" "1"`),
      );
      expect(root).toContain(`(${name.replace(/-/g, '\\-')}(1))`);
    }
  });

  it('escapes what roff would read as requests or special characters', () => {
    const page = pages.get('wfd-cases-list.1')!;
    expect(page).toContain('\\fB\\-\\-parent\\-status <status>\\fR');
    // Every line is a request of the man macros, or text that does not start with one.
    for (const line of page.split('\n')) {
      if (/^[.']/.test(line)) expect(line).toMatch(/^\.(TH|SH|TP|PP|nf|fi|RS|RE)\b/);
    }
    expect(page).not.toMatch(/(^|[^\\])-/m);
  });

  it('keeps help-page prose literal in markdown: no <form-id> read as HTML', () => {
    const reference = commandReference(program);
    expect(reference).toContain('DIR/\\<form-id\\>/');
    const prose = reference.replace(/^```[a-z]*\n[\s\S]*?^```$/gm, '');
    expect(prose).not.toMatch(/(^|[^\\])<(?!!--)/m);
  });
});
