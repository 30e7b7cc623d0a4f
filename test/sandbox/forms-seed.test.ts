import { describe, expect, it } from 'vitest';
import { seedForms } from '../../src/sandbox/forms/seed.js';
import type { FormStore } from '../../src/sandbox/forms/store.js';
import { seedStore } from '../../src/sandbox/seed.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Store } from '../../src/sandbox/store.js';

function seed(seedValue: number, forms: number): { store: Store; forms: FormStore } {
  const store = seedStore({ seed: seedValue, cases: 10 });
  return { store, forms: seedForms(store, { seed: seedValue, forms }) };
}

function snapshot({ store, forms }: { store: Store; forms: FormStore }) {
  return store.workspaces().map((ws) => ({
    templates: forms.templatesIn(ws).map((t) => [t.id, t.slug, t.createdAt, t.customizations]),
    forms: forms
      .formsIn(ws)
      .map((f) => [
        f.id,
        f.status,
        f.user,
        f.webhooks,
        f.responses.map((r) => [r.id, r.answers, r.attachments.length]),
      ]),
  }));
}

describe('seedForms', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(snapshot(seed(4, 100))).toEqual(snapshot(seed(4, 100)));
    expect(snapshot(seed(5, 100))[0]!.forms).not.toEqual(snapshot(seed(4, 100))[0]!.forms);
  });

  it('keeps templates independent of the form count, and the case data independent of forms', () => {
    const small = snapshot(seed(2, 0));
    const large = snapshot(seed(2, 500));
    expect(small.map((w) => w.templates)).toEqual(large.map((w) => w.templates));
    const cases = (store: Store) => store.workspaces().flatMap((ws) => store.casesIn(ws).map((c) => c.id));
    expect(cases(seed(2, 500).store)).toEqual(cases(seedStore({ seed: 2, cases: 10 })));
  });

  it('splits forms 80/20, with responses that match the form state', () => {
    const { store, forms } = seed(1, 2000);
    const [acme, globex] = store.workspaces();
    expect(forms.formsIn(acme!)).toHaveLength(1600);
    expect(forms.formsIn(globex!)).toHaveLength(400);
    const all = [...forms.formsIn(acme!), ...forms.formsIn(globex!)];
    for (const form of all) {
      if (form.completed) {
        expect(form.responses.length).toBeGreaterThan(0);
        for (const r of form.responses) expect(r.completedAt).not.toBeNull();
      } else {
        for (const r of form.responses) expect(r.completedAt).toBeNull();
      }
      if (form.status === 'draft' || form.status === 'sent') expect(form.responses).toEqual([]);
      for (const url of Object.keys(form.webhooks)) expect(url).toMatch(/^https:\/\/hooks\.example\//);
      expect(store.membersOf(form.workspace)).toContain(form.owner);
      expect(form.template.workspace).toBe(form.workspace);
    }
    const signatures = all.flatMap((f) => f.responses.flatMap((r) => r.signatures));
    expect(signatures.length).toBeGreaterThan(100);
    for (const s of signatures) expect(forms.findSignature(s.id)).toBe(s);
    expect(all.filter((f) => Object.keys(f.webhooks).length > 0).length).toBeGreaterThan(20);
  });

  it('seeds 50,000 forms', () => {
    const { store, forms } = seed(1, 50_000);
    const [acme, globex] = store.workspaces();
    expect(forms.formsIn(acme!)).toHaveLength(40_000);
    expect(forms.formsIn(globex!)).toHaveLength(10_000);
    expect(new Set(forms.formsIn(acme!).map((f) => f.id)).size).toBe(40_000);
  });
});

describe('startSandbox forms option', () => {
  it('serves the asked number of forms', async () => {
    const sandbox = await startSandbox({ port: 0, forms: 10, rateLimit: 'off' });
    try {
      const res = await fetch(`${sandbox.baseUrl}/v1/forms/count`, {
        headers: { authorization: `Bearer ${sandbox.workspaces[0]!.token}` },
      });
      expect(await res.json()).toEqual({ count: 8 });
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    [{ forms: -1 }, /^Invalid form count -1/],
    [{ forms: 2.5 }, /^Invalid form count 2.5/],
    [{ webhookRetryDelaysMs: [100, -1] }, /^Invalid webhook retry delays 100,-1/],
  ])('rejects %j with a one-line message', async (options, message) => {
    await expect(startSandbox(options)).rejects.toThrow(message);
  });
});
