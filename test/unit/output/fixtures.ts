/** Rows of every kind of text a terminal has to lay out: ASCII, accented, CJK, emoji, control characters. */
export const NOW = new Date('2026-01-06T10:00:00Z');

export const SCRIPT_ROWS: Record<string, unknown>[] = [
  {
    id: '0b3d6c1e-2f4a-4b8c-9d0e-1f2a3b4c5d6e',
    reference: 'ACME-000001',
    title: 'Onboard Jane Doe',
    contact: { given_name: 'Jane', family_name: 'Doe' },
    parent_status: 'pending',
    status: 'new',
    waiting_for: 'contact',
    updated_at: '2026-01-06T07:00:00Z',
  },
  {
    id: '1c4e7d2f-3a5b-4c9d-8e1f-2a3b4c5d6e7f',
    reference: 'ACME-000002',
    // "é" as e + a combining acute accent: one screen column, two code points.
    title: 'Renouvellement du contrat: Zoe\u0301 Brontë-Müller',
    contact: { given_name: 'Zoe\u0301', family_name: 'Brontë-Müller' },
    parent_status: 'in_progress',
    status: 'in_review',
    waiting_for: 'owner',
    updated_at: '2026-01-06T09:55:00Z',
  },
  {
    id: '2d5f8e3a-4b6c-4d0e-9f2a-3b4c5d6e7f80',
    reference: 'ACME-000003',
    title: '山田太郎の契約更新 — 東京本社との長期契約',
    contact: { given_name: '太郎', family_name: '山田' },
    parent_status: 'closed',
    status: 'completed',
    waiting_for: 'none',
    updated_at: '2025-11-20T10:00:00Z',
  },
  {
    id: '3e6a9f4b-5c7d-4e1f-8a3b-4c5d6e7f8091',
    reference: 'ACME-000004',
    title: 'Launch 🚀 party 👨‍👩‍👧 planning 🇯🇵',
    contact: { given_name: 'Ana', family_name: '😀' },
    parent_status: 'draft',
    status: 'new',
    waiting_for: 'owner',
    updated_at: '2024-12-01T10:00:00Z',
  },
  {
    id: '4f7b0a5c-6d8e-4f2a-9b4c-5d6e7f8091a2',
    reference: 'ACME-000005',
    title: 'Evil \u001b[31mRED\u001b[0m \u001b]0;pwned\u0007 title',
    contact: { given_name: 'Bob\r\n', family_name: 'Tab\tby' },
    parent_status: 'pending',
    status: 'x\u009by',
    waiting_for: 'contact',
    updated_at: '2026-01-05T10:00:00Z',
  },
];
