/**
 * Run tests of the cases verbs: `run<Verb><Noun>(options, ctx)` against the fake API (test/support/fake-api.ts),
 * asserting the exact requests (every interceptor used, none left) and the exact output.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveCasesOptions, runArchiveCases } from '../../src/commands/cases/archive.js';
import { CountCasesOptions, runCountCases } from '../../src/commands/cases/count.js';
import { CreateCaseOptions, runCreateCase } from '../../src/commands/cases/create.js';
import { GetCaseOptions, runGetCase } from '../../src/commands/cases/get.js';
import { ListCasesOptions, runListCases } from '../../src/commands/cases/list.js';
import { ApiError, UsageError } from '../../src/core/errors.js';
import { CASES } from '../../src/resources/cases.js';
import { envelopeOf, type TestContext, testContext } from '../support/context.js';
import { makeCase, makeCases } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

const page = (n: number, size = 100) => `page%5Bnumber%5D=${n}&page%5Bsize%5D=${size}`;

describe('cases list', () => {
  it('--limit 250 reads exactly three pages of 100 and prints 250 ids', async () => {
    t = await testContext({ globals: { quiet: true }, fields: CASES.fields });
    const rows = makeCases(300);
    for (const n of [1, 2, 3]) {
      t.api
        .intercept({ path: `/v1/cases?${page(n)}`, method: 'GET' })
        .reply(200, envelopeOf(rows.slice((n - 1) * 100, n * 100), n, 100, 300));
    }
    await runListCases(ListCasesOptions.parse({ limit: 250 }), t.ctx);
    const ids = t.stdout().trim().split('\n');
    expect(ids).toHaveLength(250);
    expect(ids[249]).toBe(rows[249]!.id);
  });

  it('sends every filter flag as its spec parameter, then filter and sort', async () => {
    t = await testContext({ globals: { output: 'json' }, fields: CASES.fields });
    const filter = JSON.stringify({ attributes: { created_at: { $ge: '2026-01-01T00:00:00.000Z' } } });
    const query = new URLSearchParams([
      ['parent_status', 'pending'],
      ['archived', 'false'],
      ['owner[email]', 'alice.martin@acme.example'],
      ['contact[search]', 'muller'],
      ['filter', filter],
      ['sort', '-updated_at'],
      ['page[number]', '1'],
      // The default limit, 30: one page of as many rows.
      ['page[size]', '30'],
    ])
      .toString()
      .replaceAll('+', '%20');
    t.api.intercept({ path: `/v1/cases?${query}`, method: 'GET' }).reply(200, envelopeOf([], 1, 30, 0));
    // Nothing matched: does the owner alone match anything? (Yes: no hint.)
    t.api
      .intercept({ path: '/v1/cases/count?owner%5Bemail%5D=alice.martin%40acme.example', method: 'GET' })
      .reply(200, { count: 3 });
    const options = ListCasesOptions.parse({
      parentStatus: 'pending',
      archived: false,
      owner: 'alice.martin@acme.example',
      contact: 'muller',
      where: ['created_at >= 2026-01-01'],
      sort: '-updated_at',
    });
    await runListCases(options, t.ctx);
    expect(t.stdout()).toBe('[]\n');
    expect(t.stderr()).toBe('');
  });

  it('refuses a bad filter value before any request', async () => {
    t = await testContext({ fields: CASES.fields });
    await expect(runListCases(ListCasesOptions.parse({ waitingFor: 'anyone' }), t.ctx)).rejects.toThrow(
      new UsageError('invalid --waiting-for "anyone": expected one of none, owner, contact'),
    );
  });

  it('prints tab-separated rows of the default columns when piped, the reference last', async () => {
    t = await testContext({ fields: CASES.fields });
    const row = makeCase({ title: 'Onboarding', contact: null });
    t.api
      .intercept({ path: `/v1/cases?${page(1, 30)}`, method: 'GET' })
      .reply(200, envelopeOf([row], 1, 30, 1));
    await runListCases(ListCasesOptions.parse({}), t.ctx);
    expect(t.stdout()).toBe(
      `${row.id}\tOnboarding\tpending\tsubmitted\tcontact\t\t2026-11-20T10:00:00.000Z\t${row.reference}\n`,
    );
  });
});

describe('cases list: rows left out', () => {
  it('piped, says on stderr how many rows the limit left out and how to get them', async () => {
    t = await testContext({ globals: { quiet: true }, fields: CASES.fields });
    const rows = makeCases(2);
    t.api
      .intercept({ path: `/v1/cases?${page(1, 2)}`, method: 'GET' })
      .reply(200, envelopeOf(rows, 1, 2, 143));
    await runListCases(ListCasesOptions.parse({ limit: 2 }), t.ctx);
    expect(t.stdout().trim().split('\n')).toHaveLength(2);
    expect(t.stderr()).toBe('wfd: printed 2 of 143 cases; add --all for every one, or --limit N\n');
  });

  it('says nothing when every row was printed', async () => {
    t = await testContext({ globals: { quiet: true }, fields: CASES.fields });
    t.api
      .intercept({ path: `/v1/cases?${page(1, 30)}`, method: 'GET' })
      .reply(200, envelopeOf(makeCases(3), 1, 30, 3));
    await runListCases(ListCasesOptions.parse({}), t.ctx);
    expect(t.stderr()).toBe('');
  });
});

describe('cases count', () => {
  it('prints the bare number, and {"count"} for JSON', async () => {
    t = await testContext();
    t.api.intercept({ path: '/v1/cases/count?waiting_for=owner', method: 'GET' }).reply(200, { count: 42 });
    await runCountCases(CountCasesOptions.parse({ waitingFor: 'owner' }), t.ctx);
    expect(t.stdout()).toBe('42\n');
    await t.close();

    t = await testContext({ globals: { json: true }, fields: ['count'] });
    t.api.intercept({ path: '/v1/cases/count', method: 'GET' }).reply(200, { data: { count: 7 } });
    await runCountCases(CountCasesOptions.parse({}), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual({ count: 7 });
  });

  it('--group-by status sends group_by and prints a row per status value', async () => {
    t = await testContext();
    t.api
      .intercept({ path: '/v1/cases/count?parent_status=pending&group_by=status', method: 'GET' })
      .reply(200, {
        count: 5,
        groups: [
          { status: 'submitted', count: 3 },
          { status: 'under_review', count: 2 },
        ],
      });
    await runCountCases(CountCasesOptions.parse({ parentStatus: 'pending', groupBy: 'status' }), t.ctx);
    expect(t.stdout()).toBe('submitted\t3\nunder_review\t2\n');
  });
});

describe('cases get', () => {
  it('says which case was not found and how to find ids', async () => {
    t = await testContext();
    const id = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
    t.api
      .intercept({ path: `/v1/cases/${id}`, method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Case not found' });
    const error = await runGetCase(GetCaseOptions.parse({ id }), t.ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `case ${id} not found`,
      exitCode: 5,
      hint: 'run `wfd cases list` to see case ids',
    });
  });
});

describe('cases create --dry-run', () => {
  it('prints the exact request with the token redacted and sends nothing', async () => {
    t = await testContext({ globals: { json: true } });
    const template = '3f0c0000-0000-4000-8000-000000000001';
    await runCreateCase(
      CreateCaseOptions.parse({ template, title: 'Onboarding', set: ['amount=12.5'], dryRun: true }),
      t.ctx,
    );
    expect(JSON.parse(t.stdout())).toEqual({
      method: 'POST',
      url: `${'http://api.test'}/v1/cases`,
      headers: {
        'user-agent': 'wfd/test',
        accept: 'application/json',
        authorization: 'Bearer wfd_01…',
        'content-type': 'application/json',
      },
      body: { template: { id: template }, title: 'Onboarding', data: { amount: 12.5 } },
    });
  });
});

describe('cases archive', () => {
  it('reports each id in input order, a missing one `not found` (once, in its row), exit 5', async () => {
    t = await testContext({ fields: ['id', 'result', 'archived_at', 'error'] });
    const [a, b] = [makeCase(), makeCase()];
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'POST', body: '{"archived":true}' })
      .reply(200, { ...a, archived_at: '2026-11-23T12:00:00.000Z', updated_at: '2026-11-23T12:00:00.000Z' });
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'POST' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Case not found' });
    const error = await runArchiveCases(ArchiveCasesOptions.parse({ ids: [a.id, b.id] }), t.ctx).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ message: 'archived 1 of 2 cases; 1 not found', exitCode: 5 });
    expect(t.stdout()).toBe(`${a.id}\tarchived\t2026-11-23T12:00:00.000Z\t\n${b.id}\tnot found\t\t\n`);
    expect(t.stderr()).toBe('');
  });
});
