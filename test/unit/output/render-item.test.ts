import { describe, expect, it } from 'vitest';
import { createMemoryIO } from '../../../src/output/io.js';
import { type Column, type RenderOptions, renderItem } from '../../../src/output/render.js';

const now = () => new Date('2026-01-06T10:00:00Z');

const columns: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'parent_status', kind: 'status' },
  { field: 'created_at', kind: 'time' },
  { field: 'owner.email' },
];

const item = {
  id: 'c_1',
  title: 'Onboard Jane',
  parent_status: 'in_progress',
  created_at: '2026-01-03T10:00:00Z',
  owner: { email: 'o@x.com', name: null },
  tags: ['vip'],
};

const steps = {
  title: 'Steps',
  columns: [
    { field: 'id', kind: 'id' },
    { field: 'title' },
    { field: 'completed', kind: 'bool' },
  ] as Column[],
  rows: [
    { id: 's_1', title: 'Collect ID', completed: true },
    { id: 's_2', title: 'Sign', completed: false },
  ],
};

async function show(
  options: Partial<RenderOptions> & Pick<RenderOptions, 'format'>,
  ioOptions: Parameters<typeof createMemoryIO>[0] = {},
  sections = [steps],
) {
  const test = createMemoryIO(ioOptions);
  await renderItem(test.io, { columns, now, ...options }, item, { sections });
  return { stdout: test.stdout(), stderr: test.stderr() };
}

const ESC = '\u001b';

describe('renderItem', () => {
  it('json: the object, pretty', async () => {
    expect((await show({ format: 'json' })).stdout).toBe(`${JSON.stringify(item, null, 2)}\n`);
  });

  it('json: --fields and --query', async () => {
    expect((await show({ format: 'json', fields: ['id', 'owner.email'] })).stdout).toBe(
      '{\n  "id": "c_1",\n  "owner": {\n    "email": "o@x.com"\n  }\n}\n',
    );
    expect((await show({ format: 'table', query: 'owner.email' })).stdout).toBe('"o@x.com"\n');
  });

  it('ndjson: one line', async () => {
    expect((await show({ format: 'ndjson' })).stdout).toBe(`${JSON.stringify(item)}\n`);
  });

  it('plain: a key/value line per flattened leaf', async () => {
    expect((await show({ format: 'plain' })).stdout).toBe(
      [
        'id\tc_1',
        'title\tOnboard Jane',
        'parent_status\tin_progress',
        'created_at\t2026-01-03T10:00:00Z',
        'owner.email\to@x.com',
        'owner.name\t',
        'tags\t["vip"]',
        '',
      ].join('\n'),
    );
  });

  it('plain: only --fields', async () => {
    expect((await show({ format: 'plain', fields: ['title', 'owner.email', 'owner.phone'] })).stdout).toBe(
      'title\tOnboard Jane\nowner.email\to@x.com\nowner.phone\t\n',
    );
  });

  it('csv: header and one row', async () => {
    expect((await show({ format: 'csv' })).stdout).toBe(
      'id,title,parent_status,created_at,owner.email,owner.name,tags\nc_1,Onboard Jane,in_progress,2026-01-03T10:00:00Z,o@x.com,,"[""vip""]"\n',
    );
  });

  it('-q: the id', async () => {
    expect((await show({ format: 'json', quiet: true })).stdout).toBe('c_1\n');
  });

  it('table: a block of the columns with full times, then titled sections, no colour when off', async () => {
    const out = await show({ format: 'table' }, { stdoutTTY: true, env: { NO_COLOR: '1' } });
    expect(out.stdout).toBe(
      [
        'id             c_1',
        'title          Onboard Jane',
        'parent_status  in_progress',
        'created_at     2026-01-03 10:00 UTC (3d ago)',
        'owner.email    o@x.com',
        '',
        'Steps',
        'ID   TITLE       COMPLETED',
        's_1  Collect ID  true',
        's_2  Sign        false',
        '',
      ].join('\n'),
    );
  });

  it('table: dim labels, coloured values and a bold section title on a colour TTY', async () => {
    const out = await show({ format: 'table', fields: ['id', 'parent_status'] }, { stdoutTTY: true });
    const dim = (text: string) => `${ESC}[2m${text}${ESC}[22m`;
    expect(out.stdout).toBe(
      [
        `${dim('id')}             ${dim('c_1')}`,
        `${dim('parent_status')}  ${ESC}[36min_progress${ESC}[39m`,
        '',
        `${ESC}[1mSteps${ESC}[22m`,
        'ID   TITLE       COMPLETED',
        `${dim('s_1')}  Collect ID  ${ESC}[32mtrue${ESC}[39m`,
        `${dim('s_2')}  Sign        ${dim('false')}`,
        '',
      ].join('\n'),
    );
  });

  it('table: wraps long values to the width instead of cutting them, and says when a section is empty', async () => {
    const test = createMemoryIO({ columns: 30 });
    await renderItem(
      test.io,
      { format: 'table', columns: [{ field: 'title' }], now },
      { title: 'A rather long title that needs wrapping' },
      { sections: [{ title: 'Steps', columns: steps.columns, rows: [] }] },
    );
    expect(test.stdout()).toBe(
      // 30 columns - 5 for the label - 2 for the gap: 23 for the value.
      ['title  A rather long title', '       that needs wrapping', '', 'Steps', 'none', ''].join('\n'),
    );
  });

  it('table: every leaf when the command gives no columns', async () => {
    const test = createMemoryIO();
    await renderItem(
      test.io,
      { format: 'table', columns: [], now },
      { id: 'x', meta: { updated_at: '2026-01-06T09:55:00Z' } },
    );
    expect(test.stdout()).toBe('id               x\nmeta.updated_at  2026-01-06 09:55 UTC (5m ago)\n');
  });
});
