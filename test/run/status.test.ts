/**
 * Run tests of `wfd status`: the exact requests (every one used, none more) and the exact screen
 * a person sees, against the fake API (test/support/fake-api.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STATUS_REQUESTS } from '../../src/commands/status/requests.js';
import { runStatus, StatusOptions } from '../../src/commands/status/run.js';
import { envelopeOf, type TestContext, testContext } from '../support/context.js';
import { makeCase } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY_AGO = '2026-11-22T12:00:00.000Z';

/** Intercepts GET `path` whose query holds every pair of `params`, once. */
function expectGet(path: string, params: Record<string, string>, body: object): void {
  t.api
    .intercept({
      method: 'GET',
      path: (url: string) => {
        const [p, q = ''] = url.split('?');
        const query = new URLSearchParams(q);
        return p === `/v1${path}` && Object.entries(params).every(([k, v]) => query.get(k) === v);
      },
    })
    .reply(200, body);
}

function stubAll(owner?: Record<string, string>): void {
  const mine = owner ?? {};
  expectGet('/workspaces', {}, { data: [{ id: 'w1', slug: 'acme', name: 'Acme Corporation' }] });
  expectGet(
    '/cases/count',
    { archived: 'false', group_by: 'parent_status,waiting_for', ...mine },
    {
      count: 12,
      groups: [
        { parent_status: 'pending', waiting_for: 'contact', count: 5 },
        { parent_status: 'pending', waiting_for: 'owner', count: 2 },
        { parent_status: 'closed', waiting_for: 'none', count: 5 },
      ],
    },
  );
  expectGet(
    '/cases',
    {
      archived: 'false',
      sort: 'updated_at',
      'page[size]': '5',
      filter: JSON.stringify({
        attributes: { waiting_for: { $ne: 'none' }, parent_status: { $ne: 'closed' } },
      }),
      ...mine,
    },
    envelopeOf(
      [
        makeCase({
          reference: 'ACME-000007',
          title: 'Insurance claim: Ana',
          updated_at: '2026-11-02T12:00:00Z',
        }),
        makeCase({
          reference: 'ACME-000003',
          title: 'Loan application: a title too long for its column, cut',
          waiting_for: 'owner',
          updated_at: '2026-11-20T12:00:00Z',
        }),
      ],
      1,
      5,
      7,
    ),
  );
  expectGet(
    '/forms/count',
    { archived: 'false', completed: 'true', processed: 'false', group_by: 'flow.slug', ...mine },
    {
      count: 4,
      groups: [
        { 'flow.slug': 'kyc', count: 1 },
        { 'flow.slug': 'onboarding', count: 3 },
      ],
    },
  );
  const since = (field: string) => JSON.stringify({ attributes: { [field]: { $ge: DAY_AGO } } });
  expectGet('/cases/count', { filter: since('created_at'), ...mine }, { count: 2 });
  expectGet('/cases/count', { filter: since('updated_at'), ...mine }, { count: 9 });
  expectGet('/forms/count', { filter: since('created_at'), ...mine }, { count: 1 });
}

describe('wfd status', () => {
  it('sends its seven requests and prints one screen at 80 columns', async () => {
    expect(STATUS_REQUESTS).toBe(7);
    t = await testContext({ stdoutTTY: true, columns: 80, now: NOW });
    stubAll();
    await runStatus(StatusOptions.parse({}), t.ctx);
    expect(t.stdout()).toBe(
      [
        'Acme Corporation (acme) · 2026-11-23 12:00 UTC',
        '',
        'Cases: 12                      waiting for: none    owner  contact    total',
        '  draft                                        0        0        0        0',
        '  pending                                      0        2        5        7',
        '  in_progress                                  0        0        0        0',
        '  closed                                       5        0        0        5',
        '  total                                        5        2        5       12',
        '',
        'Waiting longest',
        '  REFERENCE    TITLE                            STAGE        WAITS FOR     SINCE',
        '  ACME-000007  Insurance claim: Ana             pending      contact     21d ago',
        '  ACME-000003  Loan application: a title too …  pending      owner        3d ago',
        '',
        'Forms completed, not processed: 4 (onboarding 3, kyc 1)',
        '',
        'Last 24 hours',
        '  2 cases created, 9 cases updated, 1 form created',
        '',
      ].join('\n'),
    );
  });

  it('--owner sends owner[email] with every count and list', async () => {
    t = await testContext({ globals: { output: 'json' }, now: NOW, fields: ['owner'] });
    stubAll({ 'owner[email]': 'alice@acme.example' });
    await runStatus(StatusOptions.parse({ owner: 'alice@acme.example' }), t.ctx);
    const report = JSON.parse(t.stdout());
    expect(report.owner).toBe('alice@acme.example');
    expect(report.cases.by_stage).toEqual({ draft: 0, pending: 7, in_progress: 0, closed: 5 });
    expect(report.cases.by_waiting_for).toEqual({ none: 5, owner: 2, contact: 5 });
    expect(report.forms.by_template).toEqual({ onboarding: 3, kyc: 1 });
    expect(report.last_day).toEqual({ since: DAY_AGO, cases_created: 2, cases_updated: 9, forms_created: 1 });
  });

  it('--owner that matches no case or form: zeros, and a hint that no owner matched (two more counts)', async () => {
    t = await testContext({ stdoutTTY: true, columns: 80, now: NOW });
    // Every answer empty: the report's counts, its list, then one count each of cases and forms
    // by the owner alone.
    const empty = (path: string, times: number) =>
      t.api
        .intercept({ method: 'GET', path: (url: string) => url.split('?')[0] === `/v1${path}` })
        .reply(200, path.endsWith('count') ? { count: 0, groups: [] } : envelopeOf([], 1, 5, 0))
        .times(times);
    expectGet('/workspaces', {}, { data: [{ id: 'w1', slug: 'acme', name: 'Acme Corporation' }] });
    empty('/cases/count', 4);
    empty('/forms/count', 3);
    empty('/cases', 1);
    await runStatus(StatusOptions.parse({ owner: 'zzz' }), t.ctx);
    expect(t.stdout()).toContain('  0 cases created, 0 cases updated, 0 forms created\n');
    expect(t.stderr()).toBe(
      'hint: no case or form has an owner matching "zzz"; --owner takes an e-mail, part of one, or an id\n',
    );
  });
});
