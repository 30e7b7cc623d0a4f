/** API records for run tests, complete enough for every renderer; override what a test checks. */

let sequence = 0;

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeCase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++sequence;
  return {
    id: uuid(n),
    title: `Case ${n}`,
    status: 'submitted',
    parent_status: 'pending',
    waiting_for: 'contact',
    reference: `ACME-${String(n).padStart(6, '0')}`,
    archived_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    is_template: false,
    template: { id: uuid(9000), title: 'Insurance claim' },
    owner: { id: uuid(9100), email: 'alice.martin@acme.example', name: 'Alice Martin' },
    workspace: { id: uuid(9200), slug: 'acme' },
    contact: { given_name: 'José', family_name: 'Müller', email: 'jose.muller@example.org' },
    data: { amount: 120.5 },
    ...overrides,
  };
}

export function makeCases(count: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, () => makeCase(overrides));
}

export function makeResponse(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++sequence;
  return {
    id: uuid(n),
    form: { id: uuid(8000) },
    created_at: '2026-11-10T09:00:00.000Z',
    updated_at: '2026-11-11T09:00:00.000Z',
    completed_at: '2026-11-11T09:00:00.000Z',
    answers: { full_name: 'José Müller', birth_date: '1990-04-01' },
    attachments: [{ id: uuid(7000 + n), filename: 'id.pdf', content_type: 'application/pdf', size: 1024 }],
    signatures: [
      {
        id: uuid(6000 + n),
        signer: { name: 'José Müller', email: 'jose.muller@example.org' },
        signed_at: '2026-11-11T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function makeForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++sequence;
  return {
    id: uuid(n),
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    status: 'sent',
    archived: false,
    active: true,
    completed: false,
    processed: false,
    flow: { slug: 'nda-signature', customization: null },
    user: { given_name: 'José', family_name: 'Müller', email: 'jose.muller@example.org', phone: null },
    owner: { id: uuid(9100), email: 'alice.martin@acme.example', name: 'Alice Martin' },
    workspace: { id: uuid(9200), slug: 'acme' },
    webhooks: {},
    ...overrides,
  };
}

export function makeForms(count: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, () => makeForm(overrides));
}
