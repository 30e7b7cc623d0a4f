/**
 * Every cases command in every output format, against the sandbox. The table format needs
 * a terminal: those runs go through `script`, which gives the child a pseudo-terminal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lines, onTerminal, runWfd, useSandbox } from './harness.js';

const ESC = String.fromCharCode(27);
/** A colour (SGR) escape sequence. */
const SGR = new RegExp(`${ESC}\\[[\\d;]*m`);

let env: NodeJS.ProcessEnv;
let caseId: string;
let templateId: string;
useSandbox([], (fixture) => {
  ({ env } = fixture);
});

beforeAll(async () => {
  caseId = (await runWfd(['cases', 'list', '--no-archived', '--limit', '1', '-q'], { env })).stdout.trim();
  templateId = (await runWfd(['case-templates', 'list', '--limit', '1', '-q'], { env })).stdout.trim();
});

/** wfd on a pseudo-terminal of `columns`: what the screen shows (see harness.ts). */
function screen(args: string[], columns = 160): string {
  return onTerminal(args, { env, columns });
}

describe('cases list', () => {
  it('table on a terminal: title line, upper-case headers, relative times, no ANSI under NO_COLOR', () => {
    const out = screen(['cases', 'list', '--limit', '3']);
    expect(out).toMatch(/^Showing 3 of \d+ cases$/m);
    expect(out).toMatch(
      /^REFERENCE\s+TITLE\s+CONTACT\s+PARENT STATUS\s+STATUS\s+WAITING FOR\s+OWNER\s+UPDATED(\s+ID)?$/m,
    );
    expect(out).toMatch(/ \d+(min|h|d|mo|y) ago( |$)/m);
    // No colour (SGR) codes; the spinner may still move the cursor.
    expect(out).not.toMatch(SGR);
  });

  it('a terminal that reports 0 columns still gets its table (no spinner loop)', () => {
    const out = screen(['cases', 'list', '--limit', '2'], 0);
    expect(out).toMatch(/^Showing 2 of \d+ cases$/m);
    expect(out.length).toBeLessThan(10_000);
  });

  it('table in colour when FORCE_COLOR is set', () => {
    const out = screen(['cases', 'list', '--limit', '3']).length;
    const coloured = onTerminal(['cases', 'list', '--limit', '3'], {
      env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' },
      columns: 160,
    });
    expect(coloured).toContain('\u001b[');
    expect(coloured.length).toBeGreaterThan(out);
  });
});

describe('cases count', () => {
  it('plain, json, ndjson, csv, table', async () => {
    const plain = (await runWfd(['cases', 'count'], { env })).stdout;
    expect(plain).toMatch(/^\d+\n$/);
    const n = Number(plain);
    expect(JSON.parse((await runWfd(['cases', 'count', '--json'], { env })).stdout)).toEqual({ count: n });
    expect((await runWfd(['cases', 'count', '-o', 'ndjson'], { env })).stdout).toBe(`{"count":${n}}\n`);
    expect((await runWfd(['cases', 'count', '-o', 'csv'], { env })).stdout).toBe(`count\n${n}\n`);
    expect(screen(['cases', 'count']).trim()).toBe(String(n));
    expect((await runWfd(['cases', 'count', '--json', '--query', 'count'], { env })).stdout).toBe(`${n}\n`);
  });
});

describe('cases get', () => {
  it('table on a terminal: labelled fields and the steps', () => {
    const out = screen(['cases', 'get', caseId]);
    expect(out).toMatch(new RegExp(`^ID\\s+${caseId}$`, 'm'));
    expect(out).toMatch(/^Contact\s+\S/m);
    expect(out).toMatch(/^Steps$/m);
    expect(out).toMatch(/^#\s+TITLE\s+STATUS$/m);
  });
});

describe('cases create and update-data', () => {
  it('answer with the case in every format', async () => {
    const create = (format: string) =>
      runWfd(['cases', 'create', '--template', templateId, '--title', `Format ${format}`, '-o', format], {
        env,
      });
    const json = JSON.parse((await create('json')).stdout);
    expect(json.title).toBe('Format json');
    expect(JSON.parse((await create('ndjson')).stdout).title).toBe('Format ndjson');
    expect((await create('plain')).stdout).toMatch(/^title\tFormat plain$/m);
    const csv = lines((await create('csv')).stdout);
    expect(csv[0]!.split(',')).toContain('title');
    expect(csv).toHaveLength(2);
    expect(screen(['cases', 'create', '--template', templateId, '--title', 'Format table'])).toMatch(
      /^Title\s+Format table$/m,
    );
    const update = (format: string) =>
      runWfd(['cases', 'update-data', json.id, '--set', `f=${format}`, '-o', format], { env });
    expect(JSON.parse((await update('json')).stdout).data.f).toBe('json');
    expect(JSON.parse((await update('ndjson')).stdout).data.f).toBe('ndjson');
    expect((await update('plain')).stdout).toMatch(/^data\.f\tplain$/m);
    expect(lines((await update('csv')).stdout)[0]).toContain('data.f');
  });
});

describe('cases archive and unarchive', () => {
  it('report per id in every format', async () => {
    for (const format of ['json', 'ndjson', 'csv', 'plain']) {
      const out = (await runWfd(['cases', 'archive', caseId, '-o', format], { env })).stdout;
      if (format === 'json') expect(JSON.parse(out)[0]).toMatchObject({ id: caseId, result: 'archived' });
      if (format === 'ndjson') expect(JSON.parse(out)).toMatchObject({ id: caseId, result: 'archived' });
      if (format === 'csv') expect(lines(out)[0]).toBe('id,result,archived_at,error');
      if (format === 'plain') expect(out).toMatch(new RegExp(`^${caseId}\\tarchived\\t\\d{4}-`));
      const restored = await runWfd(['cases', 'unarchive', caseId], { env });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(new RegExp(`^${caseId}\\tunarchived\\t\\t$`, 'm'));
    }
    const table = screen(['cases', 'archive', caseId]);
    expect(table).toMatch(/^ID\s+RESULT\s+ARCHIVED AT/m);
    expect(screen(['cases', 'unarchive', caseId])).toMatch(new RegExp(`${caseId}\\s+unarchived`));
  });
});
