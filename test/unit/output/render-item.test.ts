import { describe, expect, it } from 'vitest';
import { viewOfKeys } from '../../../src/output/labels.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';
import { type Column, type DetailView, type RenderOptions, renderItem } from '../../../src/output/render.js';

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

const stepColumns: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'completed', kind: 'bool' },
];

const view: DetailView = {
  fields: [
    { label: 'ID', field: 'id', kind: 'id' },
    { label: 'Title', field: 'title' },
    { label: 'Parent status', field: 'parent_status', kind: 'status' },
    { label: 'Created', field: 'created_at', kind: 'time' },
    { label: 'Owner', field: 'owner.email' },
  ],
  tables: [{ title: 'Steps', field: 'steps', columns: stepColumns }],
  entries: { title: 'Data', field: 'data' },
};

const withSteps = {
  ...item,
  steps: [
    { id: 's_1', title: 'Collect ID', completed: true },
    { id: 's_2', title: 'Sign', completed: false },
  ],
  data: { loan_amount: 25000, 'co-signer': { name: 'Ann', since: [2020, 2021] }, empty: null },
};

async function show(
  options: Partial<RenderOptions> & Pick<RenderOptions, 'format'>,
  ioOptions: Parameters<typeof createMemoryIO>[0] = {},
  shown: Record<string, unknown> = item,
) {
  const test = createMemoryIO(ioOptions);
  await renderItem(test.io, { columns, now, ...options }, shown, { view });
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

  it('table: the view, labelled fields with full times, titled tables, data entries, no colour when off', async () => {
    const out = await show({ format: 'table' }, { stdoutTTY: true, env: { NO_COLOR: '1' } }, withSteps);
    expect(out.stdout).toBe(
      [
        'ID             c_1',
        'Title          Onboard Jane',
        'Parent status  in_progress',
        'Created        2026-01-03 10:00 UTC (3d ago)',
        'Owner          o@x.com',
        '',
        'Steps',
        'ID   TITLE       COMPLETED',
        's_1  Collect ID  true',
        's_2  Sign        false',
        '',
        'Data',
        'Loan amount  25000',
        'Co signer',
        '  Name   Ann',
        '  Since  2020, 2021',
        'Empty        -',
        '',
      ].join('\n'),
    );
  });

  it('table: dim labels, coloured values and bold titles on a colour TTY', async () => {
    const out = await show({ format: 'table' }, { stdoutTTY: true }, { ...withSteps, data: {} });
    const dim = (text: string) => `${ESC}[2m${text}${ESC}[22m`;
    expect(out.stdout).toBe(
      [
        `${dim('ID')}             ${dim('c_1')}`,
        `${dim('Title')}          Onboard Jane`,
        `${dim('Parent status')}  ${ESC}[36min_progress${ESC}[39m`,
        `${dim('Created')}        2026-01-03 10:00 UTC (3d ago)`,
        `${dim('Owner')}          o@x.com`,
        '',
        `${ESC}[1mSteps${ESC}[22m`,
        'ID   TITLE       COMPLETED',
        `${dim('s_1')}  Collect ID  ${ESC}[32mtrue${ESC}[39m`,
        `${dim('s_2')}  Sign        ${dim('false')}`,
        '',
        `${ESC}[1mData${ESC}[22m`,
        dim('none'),
        '',
      ].join('\n'),
    );
  });

  it('table: --fields replaces the view with those paths as labels', async () => {
    const out = await show({ format: 'table', fields: ['id', 'owner.email'] }, {}, withSteps);
    expect(out.stdout).toBe('id           c_1\nowner.email  o@x.com\n');
  });

  it('table: wraps long values and lists to the width instead of cutting them, and says when a table is empty', async () => {
    const test = createMemoryIO({ columns: 30 });
    await renderItem(
      test.io,
      { format: 'table', columns: [], now },
      {
        title: 'A rather long title that needs wrapping',
        steps: [],
        data: { tags: ['alpha', 'beta', 'gamma', 'delta'] },
      },
      { view: { ...view, fields: [{ label: 'Title', field: 'title' }] } },
    );
    expect(test.stdout()).toBe(
      // 30 columns - 5 for the label - 2 for the gap: 23 for the value.
      [
        'Title  A rather long title',
        '       that needs wrapping',
        '',
        'Steps',
        'none',
        '',
        'Data',
        'Tags  alpha, beta, gamma,',
        '      delta',
        '',
      ].join('\n'),
    );
  });

  it('table and plain: control characters from the API are shown in caret notation', async () => {
    const evil = {
      id: 'c_9',
      title: `Evil ${ESC}[31mRED${ESC}[0m ${ESC}]0;pwned\u0007 title`,
      [`k${ESC}`]: 'v\u009b',
    };
    const table = await show({ format: 'table', columns: [] }, { columns: 80 }, evil);
    expect(table.stdout).toBe(
      [
        'ID             c_9',
        'Title          Evil ^[[31mRED^[[0m ^[]0;pwned^G title',
        'Parent status  -',
        'Created        -',
        'Owner          -',
        '',
        'Steps',
        'none',
        '',
        'Data',
        'none',
        '',
      ].join('\n'),
    );
    const plain = await show({ format: 'plain' }, {}, evil);
    expect(plain.stdout).toBe('id\tc_9\ntitle\tEvil ^[[31mRED^[[0m ^[]0;pwned^G title\nk^[\tv^[\n');
    const json = await show({ format: 'json' }, {}, evil);
    expect(JSON.parse(json.stdout)).toEqual(evil);
  });

  it('table: every leaf when the command gives no columns', async () => {
    const test = createMemoryIO();
    await renderItem(
      test.io,
      { format: 'table', columns: [], now },
      { id: 'x', meta: { updated_at: '2026-01-06T09:55:00Z' } },
    );
    expect(test.stdout()).toBe('id               x\nmeta.updated_at  2026-01-06 09:55 UTC (5min ago)\n');
  });

  it('table: no raw JSON: a map as a table of its entries, answers before the tables, lists of objects as tables', async () => {
    const test = createMemoryIO({ stdoutTTY: true, env: { NO_COLOR: '1' }, columns: 80 });
    await renderItem(
      test.io,
      { format: 'table', columns: [], now },
      {
        id: 'r_1',
        webhooks: { 'https://a.example/hook': ['responses:created', 'forms:deleted'] },
        answers: { full_name: 'Ana Silva', address: { city: 'Porto', zip: '4000' } },
        files: [{ id: 'f_1', filename: 'a.pdf' }],
      },
      {
        view: {
          fields: [{ label: 'ID', field: 'id', kind: 'id' }],
          tables: [
            {
              title: 'Webhooks',
              field: 'webhooks',
              entriesAs: { key: 'url', value: 'events' },
              columns: [{ field: 'url', header: 'URL' }, { field: 'events' }],
            },
            { title: 'Files', field: 'files', columns: [{ field: 'filename' }] },
          ],
          entries: { title: 'Answers', field: 'answers', beforeTables: true },
        },
      },
    );
    expect(test.stdout()).toBe(
      [
        'ID  r_1',
        '',
        'Answers',
        'Full name  Ana Silva',
        'Address',
        '  City  Porto',
        '  Zip   4000',
        '',
        'Webhooks',
        'URL                     EVENTS',
        'https://a.example/hook  responses:created, forms:deleted',
        '',
        'Files',
        'FILENAME',
        'a.pdf',
        '',
      ].join('\n'),
    );
    expect(test.stdout()).not.toMatch(/[{[]"/);
  });

  it('table: a view of any answer labelled from its keys, its lists of objects as tables (template options)', async () => {
    const options = {
      slug: 'job-application',
      languages: ['en', 'es'],
      expiry_days: 45,
      customizations: [{ id: 'c_1', name: 'Graduate programme' }],
      extra: {},
    };
    const test = createMemoryIO({ columns: 80 });
    await renderItem(test.io, { format: 'table', columns: [], now }, options, { view: viewOfKeys(options) });
    expect(test.stdout()).toBe(
      [
        'Slug         job-application',
        'Languages    en, es',
        'Expiry days  45',
        'Customizations',
        '  ID   NAME',
        '  c_1  Graduate programme',
        'Extra        -',
        '',
      ].join('\n'),
    );
  });
});
