import { describe, expect, it } from 'vitest';
import { HOSTILE_FILES, seedAttachments } from '../../src/sandbox/attachments/seed.js';
import type { AttachmentRecord } from '../../src/sandbox/forms/records.js';
import { seedForms } from '../../src/sandbox/forms/seed.js';
import type { FormStore } from '../../src/sandbox/forms/store.js';
import { seedStore } from '../../src/sandbox/seed.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Store } from '../../src/sandbox/store.js';

function seed(attachments: number, seedValue = 1, largeBytes = 1000) {
  const store = seedStore({ seed: seedValue, cases: 0 });
  const forms = seedForms(store, { seed: seedValue, forms: 300 });
  seedAttachments(store, forms, { seed: seedValue, attachments, largeBytes });
  return { store, forms };
}

function attachmentsIn({ store, forms }: { store: Store; forms: FormStore }) {
  return store
    .workspaces()
    .map((ws) =>
      forms.formsIn(ws).flatMap((f) => f.responses.flatMap((r) => r.attachments as AttachmentRecord[])),
    );
}

describe('seedAttachments', () => {
  it('seeds the number asked, 80% in the first workspace, on completed responses of templates that take files', () => {
    const seeded = seed(500);
    const [acme, globex] = attachmentsIn(seeded);
    expect(acme).toHaveLength(400);
    expect(globex).toHaveLength(100);
    for (const a of [...acme!, ...globex!]) {
      expect(a.response!.completedAt).not.toBeNull();
      expect(a.response!.form.template.options.allow_attachments).toBe(true);
      expect(a.workspace).toBe(a.response!.form.workspace);
      expect(seeded.forms.findAttachment(a.id)).toBe(a);
      expect(a.sha256).toBeNull();
    }
  });

  it('makes one in ten of the ordinary files large, of the size asked', () => {
    const all = attachmentsIn(seed(500, 1, 12345)).flat();
    const large = all.filter((a) => a.source === 'binary');
    expect(large).toHaveLength(Math.floor((500 - HOSTILE_FILES.length) / 10));
    for (const a of large) expect([a.size, a.contentType]).toEqual([12345, 'application/octet-stream']);
    expect(new Set(all.map((a) => a.source))).toEqual(new Set(['pdf', 'png', 'text', 'binary']));
  });

  it('puts the hostile names first, on one response of the first workspace', () => {
    const [acme] = attachmentsIn(seed(100));
    const hostile = acme!.filter((a) => HOSTILE_FILES.some(([name]) => name === a.filename));
    expect(hostile.map((a) => a.filename)).toEqual(HOSTILE_FILES.map(([name]) => name));
    expect(new Set(hostile.map((a) => a.response)).size).toBe(1);
  });

  it('lists the files in the answer of the first file field', () => {
    const { store, forms } = seed(200);
    for (const form of forms.formsIn(store.workspaces()[0]!)) {
      const field = form.template.steps.flatMap((s) => s.fields).find((f) => f.type === 'file');
      for (const response of form.responses.filter((r) => r.attachments.length > 0)) {
        expect(response.answers[field!.name]).toEqual(response.attachments.map((a) => a.id));
      }
    }
  });

  it('is deterministic, and leaves forms and responses as they are whatever the count', () => {
    const ids = (s: ReturnType<typeof seed>) =>
      attachmentsIn(s)
        .flat()
        .map((a) => [a.id, a.filename, a.size]);
    expect(ids(seed(300))).toEqual(ids(seed(300)));
    expect(ids(seed(300, 2))).not.toEqual(ids(seed(300)));
    const responses = (s: ReturnType<typeof seed>) =>
      s.store
        .workspaces()
        .flatMap((ws) => s.forms.formsIn(ws).map((f) => [f.id, f.responses.map((r) => r.id)]));
    expect(responses(seed(0))).toEqual(responses(seed(1000)));
  });
});

describe('startSandbox attachment options', () => {
  it.each([
    [{ attachments: -1 }, /^Invalid attachment count -1: expected an integer from 0 to 1000000$/],
    [
      { largeAttachmentBytes: 0 },
      /^Invalid large attachment size 0: expected an integer from 1 to \d+ \(bytes\)$/,
    ],
    [{ maxUploadBytes: 1.5 }, /^Invalid upload limit 1.5: expected an integer from 1 to \d+ \(bytes\)$/],
    [
      { docintelDelayMs: -5 },
      /^Invalid document intelligence delay -5: expected an integer from 0 to \d+ \(ms\)$/,
    ],
  ])('rejects %j with a one-line message', async (options, message) => {
    await expect(startSandbox(options)).rejects.toThrow(message);
  });
});
