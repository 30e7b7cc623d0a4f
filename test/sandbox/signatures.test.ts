import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http-request.js';
import { type Json, listAll, startTestSandbox, useTestSandbox } from './helpers.js';

let signature: Json;
let form: Json;
const t = useTestSandbox();
beforeAll(async () => {
  form = (await listAll(t, '/v1/forms', { 'flow[slug]': 'nda-signature', completed: 'true' }))[0];
  const detail = (await t.get(`/v1/forms/${form.id}`)).body;
  signature = detail.responses[0].signatures[0];
  signature.response_id = detail.responses[0].id;
});

/** The raw bytes and headers of a GET, for the binary answer. */
async function download(base: string, path: string, token: string, headers: Record<string, string> = {}) {
  const res = await request(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.statusCode, headers: res.headers, bytes: res.body.bytes };
}

describe('GET /v1/signatures/{id}', () => {
  it('serves JSON metadata by default', async () => {
    const res = await t.get(`/v1/signatures/${signature.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id: signature.id,
      form: { id: form.id },
      response: { id: signature.response_id },
      signer: signature.signer,
      signed_at: signature.signed_at,
      file: { filename: `signature-${signature.id}.pdf`, content_type: 'application/pdf' },
    });
  });

  it.each([
    ['Accept: application/pdf', '', { accept: 'application/pdf' }],
    ['an Accept list naming PDF', '', { accept: 'application/json;q=0.5, application/pdf' }],
    ['?download=true', '?download=true', {}],
  ])('serves the signed PDF for %s, with its headers', async (_name, query, headers) => {
    const res = await download(t.sandbox.baseUrl, `/v1/signatures/${signature.id}${query}`, t.token, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(res.bytes.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="signature-${signature.id}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Signature ${signature.id}`);
    expect(pdf.getCreationDate()?.toISOString()).toBe(signature.signed_at);
  });

  it('keeps JSON for download=false and for an Accept that refuses PDF', async () => {
    expect((await t.get(`/v1/signatures/${signature.id}?download=false`)).body.id).toBe(signature.id);
    const refused = await t.get(`/v1/signatures/${signature.id}`, {
      headers: { accept: 'application/pdf;q=0' },
    });
    expect(refused.body.id).toBe(signature.id);
  });

  it('makes the same bytes every time, and in another sandbox with the same seed', async () => {
    const path = `/v1/signatures/${signature.id}?download=true`;
    const first = await download(t.sandbox.baseUrl, path, t.token);
    const second = await download(t.sandbox.baseUrl, path, t.token);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const twin = await startTestSandbox();
    try {
      const again = await download(twin.sandbox.baseUrl, path, twin.token);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    } finally {
      await twin.close();
    }
  });

  it('prints names outside the PDF fonts’ alphabet without failing', async () => {
    const forms = await listAll(t, '/v1/forms', { completed: 'true' });
    const signed: Json[] = [];
    for (const f of forms.filter((x) => /[Łřıł]/u.test(`${x.user.given_name}${x.user.family_name}`))) {
      const detail = (await t.get(`/v1/forms/${f.id}`)).body;
      signed.push(...detail.responses.flatMap((r: Json) => r.signatures));
    }
    expect(signed.length).toBeGreaterThan(0);
    for (const s of signed) {
      const res = await download(t.sandbox.baseUrl, `/v1/signatures/${s.id}?download=true`, t.token);
      expect(res.status).toBe(200);
      await PDFDocument.load(res.bytes);
    }
  });

  it.each([
    ['download=yes', 'must be true or false', ['download'], 'invalid_value'],
    ['format=pdf', 'unknown query parameter format', ['format'], 'unrecognized_keys'],
  ])('rejects ?%s with a 400', async (query, message, path, type) => {
    const res = await t.get(`/v1/signatures/${signature.id}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message, path, type }]);
  });
});
