/**
 * Records are found by the identifiers people see: a case by its reference, any listed record by
 * an unambiguous id prefix of 8+ characters (as git takes a commit), a full UUID with no lookup.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveCasesOptions, runArchiveCases } from '../../src/commands/cases/archive.js';
import { GetCaseOptions, runGetCase } from '../../src/commands/cases/get.js';
import { runUpdateCaseData, UpdateCaseDataOptions } from '../../src/commands/cases/update-data.js';
import { GetFormOptions, runGetForm } from '../../src/commands/forms/get.js';
import { GetResponseOptions, runGetResponse } from '../../src/commands/responses/get.js';
import { type TestContext, testContext } from '../support/context.js';
import { makeCase, makeForm } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

const page = (data: unknown[]) => ({
  meta: { total_count: data.length, total_pages: 1, page_size: 10, current_page: 1 },
  data,
});

/** The query of a lookup request, decoded: `{reference: 'ACME-1', 'page[size]': '10', ...}`. */
function lookupQuery(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://x').searchParams);
}

function intercepted(path: (query: Record<string, string>) => boolean) {
  return (p: string) => p.startsWith('/v1/cases?') && path(lookupQuery(p));
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('cases get by reference or id prefix', () => {
  it('a reference costs one list request filtered on `reference`, then the case is read', async () => {
    t = await testContext({ globals: { quiet: true } });
    const c = makeCase({ reference: 'ACME-000132' });
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'ACME-000132'), method: 'GET' })
      .reply(200, page([c]));
    t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'GET' }).reply(200, c);
    await runGetCase(GetCaseOptions.parse({ id: 'ACME-000132' }), t.ctx);
    expect(t.stdout()).toBe(`${c.id}\n`);
  });

  it('an 8-character prefix is one request with a `$like` filter on id', async () => {
    t = await testContext({ globals: { quiet: true } });
    const c = makeCase({ id: '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10' });
    t.api
      .intercept({
        path: intercepted((q) => q.filter === '{"attributes":{"id":{"$like":"5b0e6f7e%"}}}'),
        method: 'GET',
      })
      .reply(200, page([c]));
    t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'GET' }).reply(200, c);
    await runGetCase(GetCaseOptions.parse({ id: '5B0E6F7E' }), t.ctx);
    expect(t.stdout()).toBe(`${c.id}\n`);
  });

  it('an ambiguous prefix lists the candidates (id, reference, title) and exits 2; nothing else is read', async () => {
    t = await testContext();
    const a = makeCase({ id: '5b0e6f7e-0000-4000-8000-000000000001', reference: 'ACME-1', title: 'First' });
    const b = makeCase({ id: '5b0e6f7e-0000-4000-8000-000000000002', reference: 'ACME-2', title: 'Second' });
    t.api.intercept({ path: intercepted((q) => 'filter' in q), method: 'GET' }).reply(200, page([a, b]));
    const error = await caught(runGetCase(GetCaseOptions.parse({ id: '5b0e6f7e' }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 2,
      message: [
        'id prefix "5b0e6f7e" is ambiguous: it matches several cases:',
        `  ${a.id}  ACME-1  First`,
        `  ${b.id}  ACME-2  Second`,
      ].join('\n'),
    });
  });

  it('no match is exit 5 naming what was looked for; a hex word is tried as prefix, then as reference', async () => {
    t = await testContext();
    t.api.intercept({ path: intercepted((q) => 'filter' in q), method: 'GET' }).reply(200, page([]));
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'deadbeef'), method: 'GET' })
      .reply(200, page([]));
    const error = await caught(runGetCase(GetCaseOptions.parse({ id: 'deadbeef' }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 5,
      message: 'no case has the id prefix or reference "deadbeef"',
    });
  });

  it('a full UUID is used as is: no lookup request', async () => {
    t = await testContext({ globals: { quiet: true } });
    const c = makeCase();
    t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'GET' }).reply(200, c);
    await runGetCase(GetCaseOptions.parse({ id: c.id }), t.ctx);
    expect(t.stdout()).toBe(`${c.id}\n`);
  });

  it('a server that refuses `$like` on ids gets a usage error that asks for the full id', async () => {
    t = await testContext();
    t.api
      .intercept({ path: intercepted((q) => 'filter' in q), method: 'GET' })
      .reply(400, { errors: [{ status: '400', title: 'Invalid filter', detail: 'id: $like not allowed' }] });
    const error = await caught(runGetCase(GetCaseOptions.parse({ id: '5b0e6f7e' }), t.ctx));
    expect(error).toMatchObject({ exitCode: 2, hint: expect.stringMatching(/^give the full case id/) });
  });
});

describe('other commands that take a case', () => {
  it('update-data resolves a reference before its POST', async () => {
    t = await testContext({ globals: { quiet: true } });
    const c = makeCase({ reference: 'ACME-7' });
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'ACME-7'), method: 'GET' })
      .reply(200, page([c]));
    t.api.intercept({ path: `/v1/cases/${c.id}/data`, method: 'POST' }).reply(200, c);
    await runUpdateCaseData(UpdateCaseDataOptions.parse({ id: 'ACME-7', set: ['amount=3'] }), t.ctx);
    expect(t.stdout()).toBe(`${c.id}\n`);
  });

  it('archive resolves references and prefixes before sending anything; full ids cost nothing', async () => {
    t = await testContext({ fields: ['id', 'result', 'archived_at', 'error'] });
    const [a, b] = [makeCase({ reference: 'ACME-8' }), makeCase()];
    const now = '2026-11-23T12:00:00.000Z';
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'ACME-8'), method: 'GET' })
      .reply(200, page([a]));
    for (const c of [a, b])
      t.api
        .intercept({ path: `/v1/cases/${c.id}`, method: 'POST' })
        .reply(200, { ...c, archived_at: now, updated_at: now });
    await runArchiveCases(ArchiveCasesOptions.parse({ ids: ['ACME-8', b.id] }), t.ctx);
    expect(t.stdout()).toBe(`${a.id}\tarchived\t${now}\t\n${b.id}\tarchived\t${now}\t\n`);
  });

  it('archive with an unknown reference stops before any change: exit 5', async () => {
    t = await testContext();
    const b = makeCase();
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'NOPE-1'), method: 'GET' })
      .reply(200, page([]));
    const error = await caught(runArchiveCases(ArchiveCasesOptions.parse({ ids: [b.id, 'NOPE-1'] }), t.ctx));
    expect(error).toMatchObject({ exitCode: 5, message: 'no case has the reference "NOPE-1"' });
  });
});

describe('what a lookup that finds nothing says', () => {
  it('7 hex characters: no reference matched, and an id prefix needs 8', async () => {
    t = await testContext();
    t.api
      .intercept({
        path: intercepted((q) => q.reference === '5b0e6f7' || q.reference === '5B0E6F7'),
        method: 'GET',
      })
      .reply(200, page([]))
      .times(2);
    const error = await caught(runGetCase(GetCaseOptions.parse({ id: '5b0e6f7' }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 5,
      message: 'no case has the reference "5b0e6f7"; an id prefix needs 8 characters',
    });
  });

  it('a reference in lower case: the API matches letter case, so the upper-case one is taken', async () => {
    t = await testContext({ globals: { quiet: true } });
    const c = makeCase({ reference: 'ACME-000132' });
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'acme-000132'), method: 'GET' })
      .reply(200, page([]));
    t.api
      .intercept({ path: intercepted((q) => q.reference === 'ACME-000132'), method: 'GET' })
      .reply(200, page([c]));
    t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'GET' }).reply(200, c);
    await runGetCase(GetCaseOptions.parse({ id: 'acme-000132' }), t.ctx);
    expect(t.stdout()).toBe(`${c.id}\n`);
  });

  it('a reference in lower case that matches in no case: not found, exit 5', async () => {
    t = await testContext();
    for (const reference of ['acme-999', 'ACME-999'])
      t.api
        .intercept({ path: intercepted((q) => q.reference === reference), method: 'GET' })
        .reply(200, page([]));
    const error = await caught(runGetCase(GetCaseOptions.parse({ id: 'acme-999' }), t.ctx));
    expect(error).toMatchObject({ exitCode: 5, message: 'no case has the reference "acme-999"' });
  });
});

describe('forms and records without a list', () => {
  it('forms get takes a prefix (one GET /v1/forms); a form has no reference, so a short word is a usage error', async () => {
    t = await testContext({ globals: { quiet: true } });
    const f = makeForm({ id: 'abcdef12-0000-4000-8000-000000000001' });
    t.api
      .intercept({
        path: (p) => p.startsWith('/v1/forms?') && lookupQuery(p).filter?.includes('abcdef12%') === true,
        method: 'GET',
      })
      .reply(200, page([f]));
    t.api.intercept({ path: `/v1/forms/${f.id}`, method: 'GET' }).reply(200, f);
    await runGetForm(GetFormOptions.parse({ id: 'abcdef12' }), t.ctx);
    expect(t.stdout()).toBe(`${f.id}\n`);
    const error = await caught(runGetForm(GetFormOptions.parse({ id: 'abcdef' }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 2,
      message: 'invalid form id "abcdef": expected a UUID or its first 8+ characters',
    });
  });

  it('responses cannot be listed, so a prefix is refused with the reason, before any request', async () => {
    t = await testContext();
    const error = await caught(runGetResponse(GetResponseOptions.parse({ id: 'abcdef12' }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('the API has no list of responses to look a prefix up in'),
    });
  });
});
