/**
 * The renderers on terminals of 40, 80, 120 and 200 columns, over ASCII, accented (combining),
 * CJK, emoji and control-character data: the exact screen lines, each within the width.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { CASE_DETAIL_VIEW } from '../../../src/commands/cases/shared.js';
import { tableColumnsFor } from '../../../src/commands/shared/list.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';
import { createRowSink, renderItem } from '../../../src/output/render.js';
import { CASES } from '../../../src/resources/cases.js';
import { NOW, SCRIPT_ROWS } from './fixtures.js';

const ESC = String.fromCharCode(27);

/** `cases list` on a terminal of `columns`, without colour. */
async function list(columns: number): Promise<string> {
  const test = createMemoryIO({ stdoutTTY: true, columns, env: { NO_COLOR: '1' } });
  const sink = await createRowSink(test.io, {
    format: 'table',
    columns: [...CASES.columns],
    tableColumns: tableColumnsFor(CASES, undefined)!,
    now: () => NOW,
    noun: 'cases',
  });
  for (const row of SCRIPT_ROWS) await sink.write(row);
  await sink.end({ total: 5 });
  return test.stdout();
}

function expectWithin(text: string, columns: number): void {
  for (const line of text.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
  expect(text).not.toContain(ESC);
}

const LIST: Record<number, string[]> = {
  40: [
    'Showing 5 of 5 cases',
    '',
    'REFERENCE    TITLE',
    'ACME-000001  Onboard Jane Doe',
    'ACME-000002  Renouvellement du contrat:…',
    'ACME-000003  山田太郎の契約更新 — 東京…',
    'ACME-000004  Launch 🚀 party 👨‍👩‍👧 plannin…',
    'ACME-000005  Evil ^[[31mRED^[[0m ^[]0;p…',
    '',
  ],
  80: [
    'Showing 5 of 5 cases',
    '',
    'REFERENCE    TITLE                            PARENT STATUS  STATUS     UPDATED',
    'ACME-000001  Onboard Jane Doe                 pending        new        3h ago',
    'ACME-000002  Renouvellement du contrat: Zoe\u0301…  in_progress    in_review  5min ago',
    'ACME-000003  山田太郎の契約更新 — 東京本社…   closed         completed  1mo ago',
    'ACME-000004  Launch 🚀 party 👨‍👩‍👧 planning 🇯🇵   draft          new        1y ago',
    'ACME-000005  Evil ^[[31mRED^[[0m ^[]0;pwned…  pending        x^[y       1d ago',
    '',
  ],
  120: [
    'Showing 5 of 5 cases',
    '',
    'REFERENCE    TITLE                                    CONTACT            PARENT STATUS  STATUS     WAITING FOR  UPDATED',
    'ACME-000001  Onboard Jane Doe                         Jane Doe           pending        new        contact      3h ago',
    'ACME-000002  Renouvellement du contrat: Zoe\u0301 Brontë-…  Zoe\u0301 Brontë-Müller  in_progress    in_review  owner        5min ago',
    'ACME-000003  山田太郎の契約更新 — 東京本社との長期…   太郎 山田          closed         completed  none         1mo ago',
    'ACME-000004  Launch 🚀 party 👨‍👩‍👧 planning 🇯🇵           Ana 😀             draft          new        owner        1y ago',
    'ACME-000005  Evil ^[[31mRED^[[0m ^[]0;pwned^G title   Bob  Tab by        pending        x^[y       contact      1d ago',
    '',
  ],
  200: [
    'Showing 5 of 5 cases',
    '',
    'REFERENCE    TITLE                                         CONTACT            PARENT STATUS  STATUS     WAITING FOR  UPDATED   ID',
    'ACME-000001  Onboard Jane Doe                              Jane Doe           pending        new        contact      3h ago    0b3d6c1e-2f4a-4b8c-9d0e-1f2a3b4c5d6e',
    'ACME-000002  Renouvellement du contrat: Zoe\u0301 Brontë-Müller  Zoe\u0301 Brontë-Müller  in_progress    in_review  owner        5min ago  1c4e7d2f-3a5b-4c9d-8e1f-2a3b4c5d6e7f',
    'ACME-000003  山田太郎の契約更新 — 東京本社との長期契約     太郎 山田          closed         completed  none         1mo ago   2d5f8e3a-4b6c-4d0e-9f2a-3b4c5d6e7f80',
    'ACME-000004  Launch 🚀 party 👨‍👩‍👧 planning 🇯🇵                Ana 😀             draft          new        owner        1y ago    3e6a9f4b-5c7d-4e1f-8a3b-4c5d6e7f8091',
    'ACME-000005  Evil ^[[31mRED^[[0m ^[]0;pwned^G title        Bob  Tab by        pending        x^[y       contact      1d ago    4f7b0a5c-6d8e-4f2a-9b4c-5d6e7f8091a2',
    '',
  ],
};

describe('cases list table', () => {
  it.each([40, 80, 120, 200])(
    'at %i columns: exact lines, each within the width, escapes shown',
    async (columns) => {
      const out = await list(columns);
      expect(out.split('\n')).toEqual(LIST[columns]);
      expectWithin(out, columns);
    },
  );
});

const item = {
  ...SCRIPT_ROWS[4],
  contact: { given_name: 'Bob\r\n', family_name: 'Tab\tby', email: 'bob@example.com' },
  owner: { email: 'o@x.com' },
  template: { title: 'Contract renewal' },
  created_at: '2026-01-03T10:00:00Z',
  archived_at: null,
  steps: [
    { position: 1, title: `Review ${ESC}[2J terms`, status: 'completed' },
    { position: 2, title: '契約に署名する', status: 'in_progress' },
  ],
  data: {
    renewal_date: '2026-07-30',
    auto_renew: false,
    'notes-for-team': `Call 🚀 before ${ESC}[31mFriday${ESC}[0m`,
    address: { street: '1 Main Street', city: 'Zürich', lines: ['Building A', 'Floor 3', 'Room 301'] },
  },
};

const GET: Record<number, string[]> = {
  40: [
    'Title          Evil ^[[31mRED^[[0m',
    '               ^[]0;pwned^G title',
    'Reference      ACME-000005',
    'Parent status  pending',
    'Status         x^[y',
    'Waiting for    contact',
    'Contact        Bob  Tab by',
    'Contact email  bob@example.com',
    'Owner          o@x.com',
    'Template       Contract renewal',
    'Created        2026-01-03 10:00 UTC (3d',
    '               ago)',
    'Updated        2026-01-05 10:00 UTC (1d',
    '               ago)',
    'Archived       -',
    'ID             4f7b0a5c-6d8e-4f2a-9b4c-5',
    '               d6e7f8091a2',
    '',
    'Steps',
    '#  TITLE               STATUS',
    '1  Review ^[[2J terms  completed',
    '2  契約に署名する      in_progress',
    '',
    'Data',
    'Renewal date    2026-07-30',
    'Auto renew      false',
    'Notes for team  Call 🚀 before',
    '                ^[[31mFriday^[[0m',
    'Address',
    '  Street  1 Main Street',
    '  City    Zürich',
    '  Lines   Building A, Floor 3, Room 301',
    '',
  ],
  80: [
    'Title          Evil ^[[31mRED^[[0m ^[]0;pwned^G title',
    'Reference      ACME-000005',
    'Parent status  pending',
    'Status         x^[y',
    'Waiting for    contact',
    'Contact        Bob  Tab by',
    'Contact email  bob@example.com',
    'Owner          o@x.com',
    'Template       Contract renewal',
    'Created        2026-01-03 10:00 UTC (3d ago)',
    'Updated        2026-01-05 10:00 UTC (1d ago)',
    'Archived       -',
    'ID             4f7b0a5c-6d8e-4f2a-9b4c-5d6e7f8091a2',
    '',
    'Steps',
    '#  TITLE               STATUS',
    '1  Review ^[[2J terms  completed',
    '2  契約に署名する      in_progress',
    '',
    'Data',
    'Renewal date    2026-07-30',
    'Auto renew      false',
    'Notes for team  Call 🚀 before ^[[31mFriday^[[0m',
    'Address',
    '  Street  1 Main Street',
    '  City    Zürich',
    '  Lines   Building A, Floor 3, Room 301',
    '',
  ],
};

describe('cases get detail view', () => {
  it.each([40, 80])(
    'at %i columns: labels, steps as a table, data fields, nested objects listed, escapes shown',
    async (columns) => {
      const test = createMemoryIO({ stdoutTTY: true, columns, env: { NO_COLOR: '1' } });
      await renderItem(test.io, { format: 'table', columns: [], now: () => NOW }, item, {
        view: CASE_DETAIL_VIEW,
      });
      expect(test.stdout().split('\n')).toEqual(GET[columns]);
      expectWithin(test.stdout(), columns);
    },
  );
});
