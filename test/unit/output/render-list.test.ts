import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/errors.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';
import { type Column, createRowSink, type RenderOptions } from '../../../src/output/render.js';

const now = () => new Date('2026-01-06T10:00:00Z');

const columns: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'parent_status', kind: 'status' },
  { field: 'created_at', kind: 'time' },
  { field: 'archived', kind: 'bool' },
];

const rows = [
  {
    id: 'c_1',
    title: 'Onboard Jane',
    parent_status: 'pending',
    created_at: '2026-01-06T07:00:00Z',
    archived: false,
    owner: { email: 'a@x.com' },
  },
  {
    id: 'c_22',
    title: 'Renew, lease',
    parent_status: 'closed',
    created_at: null,
    archived: true,
    owner: { email: 'b@x.com' },
  },
];

type MemoryIOOptions = Parameters<typeof createMemoryIO>[0];

/** Runs `rows` through a sink and returns what reached stdout and stderr. */
async function render(
  options: Partial<RenderOptions> & Pick<RenderOptions, 'format'>,
  data: Record<string, unknown>[] = rows,
  ioOptions: MemoryIOOptions = {},
  total?: number,
) {
  const test = createMemoryIO(ioOptions);
  const sink = await createRowSink(test.io, { columns, now, noun: 'cases', ...options });
  for (const row of data) await sink.write(row);
  await sink.end(total === undefined ? {} : { total });
  return { stdout: test.stdout(), stderr: test.stderr(), io: test.io };
}

const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[`);
const dim = (text: string) => `${ESC}[2m${text}${ESC}[22m`;
const green = (text: string) => `${ESC}[32m${text}${ESC}[39m`;
const yellow = (text: string) => `${ESC}[33m${text}${ESC}[39m`;

describe('table', () => {
  const plainTable = [
    'Showing 2 of 143 cases',
    '',
    'ID    TITLE         PARENT STATUS  CREATED AT  ARCHIVED',
    'c_1   Onboard Jane  pending        3h ago      false',
    'c_22  Renew, lease  closed         -           true',
    '',
  ].join('\n');

  it('is borderless with upper-case headers, relative times and a title, without colour under NO_COLOR', async () => {
    const out = await render({ format: 'table' }, rows, { stdoutTTY: true, env: { NO_COLOR: '1' } }, 143);
    expect(out.stdout).toBe(plainTable);
    expect(out.stdout).not.toMatch(ANSI);
  });

  it('has no colour after --no-color', async () => {
    const test = createMemoryIO({ stdoutTTY: true });
    test.io.setColorDisabled(true);
    const sink = await createRowSink(test.io, { format: 'table', columns, now, noun: 'cases' });
    for (const row of rows) await sink.write(row);
    await sink.end({ total: 143 });
    expect(test.stdout()).toBe(plainTable);
  });

  it('colours ids, statuses, booleans and nulls on a colour TTY', async () => {
    const out = await render({ format: 'table' }, rows, { stdoutTTY: true }, 143);
    expect(out.stdout).toBe(
      [
        'Showing 2 of 143 cases',
        '',
        'ID    TITLE         PARENT STATUS  CREATED AT  ARCHIVED',
        `${dim('c_1')}   Onboard Jane  ${yellow('pending')}        3h ago      ${dim('false')}`,
        `${dim('c_22')}  Renew, lease  ${green('closed')}         ${dim('-')}           ${green('true')}`,
        '',
      ].join('\n'),
    );
  });

  it('colours draft and in_progress too', async () => {
    const data = [
      { id: 'a', parent_status: 'draft' },
      { id: 'b', parent_status: 'in_progress' },
      { id: 'c', parent_status: 'custom' },
    ];
    const out = await render(
      { format: 'table', columns: [{ field: 'parent_status', kind: 'status' }] },
      data,
      {
        stdoutTTY: true,
      },
    );
    expect(out.stdout).toBe(
      `Showing 3 cases\n\nPARENT STATUS\n${ESC}[90mdraft${ESC}[39m\n${ESC}[36min_progress${ESC}[39m\ncustom\n`,
    );
  });

  it('titles without a total, in the singular for one row, and leaves the title out without a noun', async () => {
    const idOnly: Column[] = [{ field: 'id', kind: 'id' }];
    expect((await render({ format: 'table', columns: idOnly }, [{ id: 'x' }])).stdout).toBe(
      'Showing 1 case\n\nID\nx\n',
    );
    const test = createMemoryIO();
    const sink = await createRowSink(test.io, { format: 'table', columns: idOnly, now });
    await sink.write({ id: 'x' });
    await sink.end({ total: 9 });
    expect(test.stdout()).toBe('ID\nx\n');
  });

  it('says "No cases found" on stderr and leaves stdout empty', async () => {
    const out = await render({ format: 'table' }, [], { stdoutTTY: true });
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('No cases found\n');
  });

  it('fits a narrow terminal by cutting the widest text columns, never ids', async () => {
    const data = [
      {
        id: 'case_0123456789abcdef',
        title: 'Onboarding Jane Doe and her whole family',
        contact: 'jane.doe@example.com',
      },
    ];
    const narrow: Column[] = [{ field: 'id', kind: 'id' }, { field: 'title' }, { field: 'contact' }];
    const out = await render({ format: 'table', columns: narrow, noun: undefined }, data, { columns: 55 });
    // 55 columns - 2 gaps of 2 - 21 for the id leaves 30: 15 each for title and contact.
    expect(out.stdout).toBe(
      [
        'ID                     TITLE            CONTACT',
        'case_0123456789abcdef  Onboarding Jan…  jane.doe@examp…',
        '',
      ].join('\n'),
    );
    expect(out.stdout.split('\n').every((line) => Array.from(line).length <= 55)).toBe(true);
  });

  it('replaces newlines and tabs inside values, so a row stays one line', async () => {
    const out = await render({ format: 'table', columns: [{ field: 'title' }], noun: undefined }, [
      { title: 'a\nb\tc' },
    ]);
    expect(out.stdout).toBe('TITLE\na b c\n');
  });

  it('shows a list of words as words, and a list of objects as JSON', async () => {
    const out = await render(
      { format: 'table', columns: [{ field: 'events' }, { field: 'steps' }], noun: undefined },
      [{ events: ['forms:created', 'responses:completed'], steps: [{ n: 1 }] }],
    );
    expect(out.stdout).toBe(
      'EVENTS                              STEPS\nforms:created, responses:completed  [{"n":1}]\n',
    );
  });
});

describe('plain', () => {
  it('prints tab-separated values, no header, ISO times, empty nulls, no colour even when forced', async () => {
    const out = await render({ format: 'plain' }, rows, { env: { FORCE_COLOR: '1' } }, 143);
    expect(out.stdout).toBe(
      'c_1\tOnboard Jane\tpending\t2026-01-06T07:00:00Z\tfalse\nc_22\tRenew, lease\tclosed\t\ttrue\n',
    );
    expect(out.stderr).toBe('');
  });

  it('flattens tabs and newlines to spaces and writes objects as compact JSON', async () => {
    const out = await render(
      { format: 'plain', columns: [{ field: 'title' }, { field: 'owner' }, { field: 'tags' }] },
      [{ title: 'line1\r\nline2\tend', owner: { email: 'a@x.com' }, tags: ['x', 'y'] }],
    );
    expect(out.stdout).toBe('line1 line2 end\t{"email":"a@x.com"}\t["x","y"]\n');
  });

  it('emits each row as it is written and prints nothing when empty', async () => {
    const test = createMemoryIO();
    const sink = await createRowSink(test.io, { format: 'plain', columns, now });
    await sink.write(rows[0]!);
    expect(test.stdout()).toBe('c_1\tOnboard Jane\tpending\t2026-01-06T07:00:00Z\tfalse\n');
    expect((await render({ format: 'plain' }, [])).stdout).toBe('');
  });
});

describe('json', () => {
  it('streams one pretty array, byte for byte what JSON.stringify would give', async () => {
    const test = createMemoryIO();
    const sink = await createRowSink(test.io, { format: 'json', columns, now });
    await sink.write(rows[0]!);
    // The first row is out before the second arrives: the array minus its closing "\n]".
    expect(test.stdout()).toBe(JSON.stringify([rows[0]], null, 2).slice(0, -2));
    await sink.write(rows[1]!);
    await sink.end({ total: 2 });
    expect(test.stdout()).toBe(`${JSON.stringify(rows, null, 2)}\n`);
    expect(JSON.parse(test.stdout())).toEqual(rows);
  });

  it('prints [] when empty', async () => {
    expect((await render({ format: 'json' }, [])).stdout).toBe('[]\n');
  });

  it('never colours, even with FORCE_COLOR on a TTY', async () => {
    const out = await render({ format: 'json' }, rows, { stdoutTTY: true, env: { FORCE_COLOR: '1' } });
    expect(out.stdout).not.toMatch(ANSI);
    expect(out.io.colorEnabled()).toBe(false);
  });

  it('keeps only --fields, nested, with missing paths as null', async () => {
    const out = await render({ format: 'json', fields: ['id', 'owner.email', 'contact.email'] }, rows);
    expect(JSON.parse(out.stdout)).toEqual([
      { id: 'c_1', owner: { email: 'a@x.com' }, contact: { email: null } },
      { id: 'c_22', owner: { email: 'b@x.com' }, contact: { email: null } },
    ]);
  });

  it('applies --query to the whole array', async () => {
    const out = await render({ format: 'json', query: "[?parent_status=='closed'].id" }, rows);
    expect(out.stdout).toBe('[\n  "c_22"\n]\n');
    expect((await render({ format: 'json', query: 'length(@)' }, rows)).stdout).toBe('2\n');
  });

  it('applies --query after --fields', async () => {
    const out = await render({ format: 'json', fields: ['owner.email'], query: '[].owner.email' }, rows);
    expect(JSON.parse(out.stdout)).toEqual(['a@x.com', 'b@x.com']);
  });

  it('turns table and plain into json when --query is given', async () => {
    for (const format of ['table', 'plain'] as const) {
      const out = await render({ format, query: '[0].title' }, rows, { stdoutTTY: true });
      expect(out.stdout).toBe('"Onboard Jane"\n');
    }
  });

  it('rejects a malformed --query before any row is written', async () => {
    const test = createMemoryIO();
    await expect(createRowSink(test.io, { format: 'json', columns, query: '[?status==' })).rejects.toThrow(
      UsageError,
    );
    await expect(createRowSink(test.io, { format: 'json', columns, query: '[?status==' })).rejects.toThrow(
      'invalid --query "[?status=="',
    );
  });
});

describe('ndjson', () => {
  it('prints one compact object per line as rows arrive', async () => {
    const test = createMemoryIO();
    const sink = await createRowSink(test.io, { format: 'ndjson', columns, now });
    await sink.write(rows[0]!);
    expect(test.stdout()).toBe(`${JSON.stringify(rows[0])}\n`);
    await sink.write(rows[1]!);
    await sink.end();
    expect(test.stdout()).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });

  it('selects --fields per line', async () => {
    const out = await render({ format: 'ndjson', fields: ['id', 'owner.email'] }, rows);
    expect(out.stdout).toBe(
      '{"id":"c_1","owner":{"email":"a@x.com"}}\n{"id":"c_22","owner":{"email":"b@x.com"}}\n',
    );
  });

  it('applies --query to each row', async () => {
    const out = await render({ format: 'ndjson', query: '{id: id, mail: owner.email}' }, rows);
    expect(out.stdout).toBe('{"id":"c_1","mail":"a@x.com"}\n{"id":"c_22","mail":"b@x.com"}\n');
  });

  it('prints nothing when empty', async () => {
    expect((await render({ format: 'ndjson' }, [])).stdout).toBe('');
  });
});

describe('csv', () => {
  const tricky = [
    {
      id: 'c_1',
      title: 'Smith, "Jane"',
      notes: 'line1\nline2',
      owner: { email: 'a@x.com', name: null },
      tags: ['a', 'b'],
      archived: false,
    },
    { id: 'c_2', title: 'plain', notes: null, owner: null, tags: [], archived: true, extra: 'dropped' },
  ];

  const trickyColumns = ['id', 'title', 'notes', 'owner.email', 'owner.name', 'tags', 'archived'].map(
    (field) => ({
      field,
    }),
  );

  it("has the command's columns as header and quotes commas, quotes and newlines", async () => {
    const out = await render({ format: 'csv', columns: trickyColumns }, tricky);
    expect(out.stdout).toBe(
      [
        'id,title,notes,owner.email,owner.name,tags,archived',
        'c_1,"Smith, ""Jane""","line1',
        'line2",a@x.com,,"[""a"",""b""]",false',
        'c_2,plain,,,,[],true',
        '',
      ].join('\n'),
    );
  });

  it('csv-excel: the same CSV with a byte-order mark first and CRLF line ends, for Excel', async () => {
    const out = await render({ format: 'csv-excel', columns: trickyColumns }, [
      { ...tricky[0], title: 'Chloé, "Jane"' },
      tricky[1]!,
    ]);
    expect(out.stdout).toBe(
      [
        '\uFEFFid,title,notes,owner.email,owner.name,tags,archived',
        'c_1,"Chloé, ""Jane""","line1\nline2",a@x.com,,"[""a"",""b""]",false',
        'c_2,plain,,,,[],true',
        '',
      ].join('\r\n'),
    );
    expect((await render({ format: 'csv-excel', fields: ['id'] }, [])).stdout).toBe('\uFEFFid\r\n');
  });

  it('uses --fields as the header, printed even with no rows', async () => {
    const out = await render({ format: 'csv', fields: ['id', 'owner.email', 'owner'] }, tricky);
    expect(out.stdout).toBe(
      'id,owner.email,owner\nc_1,a@x.com,"{""email"":""a@x.com"",""name"":null}"\nc_2,,\n',
    );
    expect((await render({ format: 'csv', fields: ['id', 'title'] }, [])).stdout).toBe('id,title\n');
  });

  it('keeps the same header whatever the first row holds', async () => {
    const forward = await render({ format: 'csv', columns: trickyColumns }, tricky);
    const reversed = await render({ format: 'csv', columns: trickyColumns }, [...tricky].reverse());
    expect(reversed.stdout.split('\n')[0]).toBe(forward.stdout.split('\n')[0]);
    expect(reversed.stdout.split('\n')[1]).toBe('c_2,plain,,,,[],true');
  });

  it('falls back to the first row leaves only when the command gives no columns', async () => {
    expect((await render({ format: 'csv', columns: [] }, tricky)).stdout.split('\n')[0]).toBe(
      'id,title,notes,owner.email,owner.name,tags,archived',
    );
    expect((await render({ format: 'csv', columns: [] }, [])).stdout).toBe('');
  });

  it('writes each row as it arrives', async () => {
    const test = createMemoryIO();
    const sink = await createRowSink(test.io, { format: 'csv', columns: [], fields: ['id', 'n'], now });
    await sink.write({ id: 'c_1', n: 1 });
    expect(test.stdout()).toBe('id,n\nc_1,1\n');
  });

  it('cannot be combined with --query', async () => {
    await expect(render({ format: 'csv', query: '[].id' })).rejects.toThrow(
      '--query applies to JSON output: it cannot be used with -o csv',
    );
  });
});

describe('--fields in table and plain', () => {
  it('replaces the columns, reusing the command kinds and inferring times and ids', async () => {
    const data = [{ ...rows[0], updated_at: '2026-01-04T10:00:00Z' }];
    const fields = ['id', 'owner.email', 'parent_status', 'updated_at'];
    const table = await render({ format: 'table', fields, noun: undefined }, data, { stdoutTTY: true });
    expect(table.stdout).toBe(
      `ID   OWNER.EMAIL  PARENT STATUS  UPDATED AT\n${dim('c_1')}  a@x.com      ${yellow('pending')}        2d ago\n`,
    );
    const plain = await render({ format: 'plain', fields }, data);
    expect(plain.stdout).toBe('c_1\ta@x.com\tpending\t2026-01-04T10:00:00Z\n');
  });
});

describe('-q', () => {
  it.each(['table', 'plain', 'json', 'ndjson', 'csv', 'csv-excel'] as const)(
    'prints only ids with -o %s',
    async (format) => {
      const out = await render({ format, quiet: true, query: '[].title' }, [...rows, { title: 'no id' }], {
        stdoutTTY: true,
      });
      expect(out.stdout).toBe('c_1\nc_22\n');
      expect(out.stderr).toBe('');
    },
  );
});

describe('FORMATS_HELP', () => {
  it('has a paragraph per format and states the column rules of plain, CSV and table', async () => {
    const { FORMATS_HELP } = await import('../../../src/output/render.js');
    for (const format of ['table', 'plain', 'json', 'ndjson', 'csv', 'csv-excel']) {
      expect(FORMATS_HELP).toMatch(new RegExp(`^${format} {2,}\\S`, 'm'));
    }
    const text = FORMATS_HELP.replace(/\s+/g, ' ');
    expect(text).toContain('Lists have the columns of plain (the same for every run)');
    expect(text).toContain("the full id first, the same for every run and terminal (not the table's)");
    expect(text).toContain('ids and times are cut only on very narrow terminals, last of all');
    expect(text).not.toContain('never cut');
  });
});

describe('machine formats on a terminal', () => {
  // OSC 0 sets the terminal's title; U+009B is the 8-bit CSI; DEL and a carriage return too.
  const hostile = [
    { id: 'c_1', title: `${ESC}]0;pwned\u0007 \u009b31m red\u007f\rover`, tags: ['\u009b2J'] },
  ];
  const fields = ['id', 'title', 'tags'];

  it('csv escapes control characters on a terminal and keeps the exact data on a pipe', async () => {
    const screen = await render({ format: 'csv', fields }, hostile, { stdoutTTY: true });
    expect(screen.stdout).toBe('id,title,tags\nc_1,^[]0;pwned^G ^[31m red^?^Mover,"[""^[2J""]"\n');
    const piped = await render({ format: 'csv', fields }, hostile);
    expect(piped.stdout).toContain(`${ESC}]0;pwned\u0007 \u009b31m red\u007f\rover`);
  });

  it('json and ndjson write C1 controls and DEL as \\u escapes on a terminal: the same JSON value', async () => {
    for (const format of ['json', 'ndjson'] as const) {
      const screen = await render({ format }, hostile, { stdoutTTY: true });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw control characters
      expect(screen.stdout, format).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(screen.stdout).toContain('\\u009b31m red\\u007f\\rover');
      const value = format === 'json' ? JSON.parse(screen.stdout) : [JSON.parse(screen.stdout)];
      expect(value).toEqual(hostile);
      const piped = await render({ format }, hostile);
      expect(piped.stdout, format).toContain('\u009b31m red\u007f');
    }
  });
});
