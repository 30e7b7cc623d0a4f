/**
 * The bulk engine tells the truth: a lost answer is read back, not guessed; a refused token stops
 * the run; the exit code says which kind of problem happened.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveCasesOptions, runArchiveCases } from '../../src/commands/cases/archive.js';
import { runUnarchiveForms, UnarchiveFormsOptions } from '../../src/commands/forms/unarchive.js';
import { type TestContext, testContext } from '../support/context.js';
import { makeCase, makeForm } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

const FIELDS = ['id', 'result', 'archived_at', 'error'];
const ARCHIVED_AT = '2026-11-23T12:00:00.000Z';

/** A connection reset after the request went out: the server may have archived the case. */
function reset(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

async function archive(ids: string[]) {
  return runArchiveCases(ArchiveCasesOptions.parse({ ids }), t.ctx).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('bulk archive after lost answers', () => {
  it('reads each case back: confirmed, not archived (failed), or unknown; exit 8 for an unknown', async () => {
    t = await testContext({ fields: FIELDS });
    const [a, b, c, d] = [makeCase(), makeCase(), makeCase(), makeCase()];
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'POST' })
      .reply(200, { ...a, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    for (const lost of [b, c, d])
      t.api.intercept({ path: `/v1/cases/${lost.id}`, method: 'POST' }).replyWithError(reset());
    // b was archived before the connection broke, c was not, d cannot be read back.
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'GET' })
      .reply(200, { ...b, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'GET' }).reply(200, { ...c, archived_at: null });
    t.api
      .intercept({ path: `/v1/cases/${d.id}`, method: 'GET' })
      .reply(503, { statusCode: 503, error: 'Service Unavailable', message: 'down' })
      .times(6);
    const error = await archive([a.id, b.id, c.id, d.id] as string[]);
    const rows = t
      .stdout()
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      [a.id, 'archived'],
      [b.id, 'archived (confirmed)'],
      [c.id, 'failed'],
      [d.id, 'unknown'],
    ]);
    expect(rows[2]![3]).toMatch(/^not archived: network error talking to .*: ECONNRESET$/);
    expect(rows[3]![3]).toMatch(/^outcome unknown: .*reading the case back failed$/);
    // Each problem is told once, in its row.
    expect(t.stderr()).not.toContain(String(d.id));
    // Failed (8, the network) and unknown (8): one code.
    expect(error).toMatchObject({
      message: 'archived 2 of 4 cases (1 confirmed after a lost answer); 1 unknown; 1 failed',
      exitCode: 8,
    });
  });

  it('never sends the same archive twice: a lost answer is followed by a GET, not a second POST', async () => {
    t = await testContext({ fields: FIELDS });
    const a = makeCase();
    t.api.intercept({ path: `/v1/cases/${a.id}`, method: 'POST' }).replyWithError(reset());
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'GET' })
      .reply(200, { ...a, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    expect(await archive([a.id as string])).toBeUndefined();
    expect(t.stderr()).toBe('wfd: 1 confirmed by reading them back after a lost answer\n');
  });
});

describe('bulk archive of cases already archived', () => {
  it('says "already archived" when the answer shows no change since long before; a terminal table has no error column', async () => {
    t = await testContext({ fields: FIELDS, stdoutTTY: true, columns: 120, env: { NO_COLOR: '1' } });
    const [a, b] = [makeCase(), makeCase()];
    const old = '2026-11-01T09:00:00.000Z';
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'POST' })
      .reply(200, { ...a, archived_at: old, updated_at: old });
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'POST' })
      .reply(200, { ...b, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    expect(await archive([a.id, b.id] as string[])).toBeUndefined();
    const screen = t.stdout().split('\n');
    expect(screen[0]).toMatch(/^ID +RESULT +ARCHIVED AT$/);
    expect(screen[1]).toMatch(new RegExp(`^${a.id} +already archived +22d ago$`));
    expect(screen[2]).toMatch(new RegExp(`^${b.id} +archived +just now$`));
  });
});

describe('already archived, known from the answer', () => {
  it('a case archived one second before (its archived_at, on the Date header clock) is "already archived"', async () => {
    t = await testContext({ fields: FIELDS });
    const [a, b] = [makeCase(), makeCase()];
    const date = { date: 'Mon, 23 Nov 2026 12:00:00 GMT' };
    // a: archived by an earlier run a second ago, and updated since (updated_at says nothing)
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'POST' })
      .reply(
        200,
        { ...a, archived_at: '2026-11-23T11:59:59.000Z', updated_at: ARCHIVED_AT },
        { headers: date },
      );
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'POST' })
      .reply(200, { ...b, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT }, { headers: date });
    expect(await archive([a.id, b.id] as string[])).toBeUndefined();
    const results = t
      .stdout()
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1]);
    expect(results).toEqual(['already archived', 'archived']);
  });

  it('with -q, a problem (not in the output) is told once on stderr', async () => {
    t = await testContext({ fields: FIELDS, globals: { quiet: true } });
    const [a, b] = [makeCase(), makeCase()];
    t.api
      .intercept({ path: `/v1/cases/${a.id}`, method: 'POST' })
      .reply(200, { ...a, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'POST' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Case not found' });
    expect(await archive([a.id, b.id] as string[])).toMatchObject({ exitCode: 5 });
    expect(t.stdout()).toBe(`${a.id}\n`);
    expect(t.stderr()).toBe(`error: ${b.id}: not found\n`);
  });
});

describe('bulk archive with a refused token', () => {
  it('stops at the first 401: one error, the rest not sent, exit 3', async () => {
    t = await testContext({ fields: FIELDS, globals: { concurrency: 1 } });
    const ids = [makeCase(), makeCase(), makeCase(), makeCase()].map((c) => c.id as string);
    t.api
      .intercept({ path: `/v1/cases/${ids[0]}`, method: 'POST' })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    const error = await archive(ids);
    expect(error).toMatchObject({ exitCode: 3, message: 'archived 0 of 4 cases; 1 failed; 3 not sent' });
    // The first id's error is in its row; stderr says why the rest were not sent.
    expect(t.stdout().split('\n')[0]).toBe(`${ids[0]}\tfailed\t\tInvalid token (HTTP 401)`);
    expect(t.stderr().split('\n').filter(Boolean)).toEqual([
      'error: Invalid token (HTTP 401); 3 not sent',
      'hint: the token comes from WFD_TOKEN, which overrides every profile: set it to a valid token, or unset it',
    ]);
  });

  it('stops at a rate-budget hold longer than WFD_MAX_WAIT: the rest not sent (never "failed"), exit 7, when to go on', async () => {
    t = await testContext({
      fields: FIELDS,
      globals: { concurrency: 1 },
      env: { WFD_RATE_LIMIT: '2/10m', WFD_MAX_WAIT: '1m' },
    });
    const cases = [makeCase(), makeCase(), makeCase(), makeCase()];
    for (const c of cases.slice(0, 2))
      t.api
        .intercept({ path: `/v1/cases/${c.id}`, method: 'POST' })
        .reply(200, { ...c, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    const error = await archive(cases.map((c) => c.id as string));
    expect(error).toMatchObject({ exitCode: 7, message: 'archived 2 of 4 cases; 2 not sent' });
    expect(
      t
        .stdout()
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['archived', 'archived', 'not sent', 'not sent']);
    const [told, hint, ...rest] = t.stderr().split('\n').filter(Boolean);
    expect(told).toMatch(
      /^error: the budget of 2 requests per 10m for this token is spent; the next request can go at \d\d:\d\d:\d\d UTC \(in 10m\), longer than the 1m wfd waits at most \(WFD_MAX_WAIT\); 2 not sent$/,
    );
    expect(hint).toMatch(
      /^hint: run it again after \d\d:\d\d:\d\d UTC, or set WFD_MAX_WAIT=10m to wait for it$/,
    );
    expect(rest).toEqual([]);
  });

  it('a 403 on one record is that record only, unless the token itself is refused', async () => {
    t = await testContext({ fields: FIELDS, globals: { concurrency: 1 } });
    const [a, b] = [makeCase(), makeCase()];
    const forbidden = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };
    t.api.intercept({ path: `/v1/cases/${a.id}`, method: 'POST' }).reply(403, forbidden);
    t.api.intercept({ path: '/v1/workspaces', method: 'GET' }).reply(200, { data: [] });
    t.api
      .intercept({ path: `/v1/cases/${b.id}`, method: 'POST' })
      .reply(200, { ...b, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    expect(await archive([a.id, b.id] as string[])).toMatchObject({
      exitCode: 4,
      message: 'archived 1 of 2 cases; 1 failed',
    });
    await t.close();

    t = await testContext({ fields: FIELDS, globals: { concurrency: 1 } });
    t.api.intercept({ path: `/v1/cases/${a.id}`, method: 'POST' }).reply(403, forbidden);
    t.api.intercept({ path: '/v1/workspaces', method: 'GET' }).reply(403, forbidden);
    expect(await archive([a.id, b.id] as string[])).toMatchObject({
      exitCode: 4,
      message: 'archived 0 of 2 cases; 1 failed; 1 not sent',
    });
  });
});

describe('bulk archive under 503', () => {
  const unavailable = { statusCode: 503, error: 'Service Unavailable', message: 'down' };

  it('retries a 503: archiving is idempotent by the state machine, so every case ends archived, exit 0', async () => {
    t = await testContext({ fields: FIELDS, globals: { concurrency: 1 } });
    const cases = [makeCase(), makeCase(), makeCase()];
    for (const c of cases) {
      t.api.intercept({ path: `/v1/cases/${c.id}`, method: 'POST' }).reply(503, unavailable);
      t.api
        .intercept({ path: `/v1/cases/${c.id}`, method: 'POST' })
        .reply(200, { ...c, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT });
    }
    expect(await archive(cases.map((c) => c.id as string))).toBeUndefined();
    const results = t
      .stdout()
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1]);
    expect(results).toEqual(['archived', 'archived', 'archived']);
  });

  it('forms unarchive retries a 503 too (PATCH archived)', async () => {
    t = await testContext({ fields: ['id', 'result', 'archived', 'error'] });
    const form = makeForm({ archived: true });
    t.api.intercept({ path: `/v1/forms/${form.id}`, method: 'PATCH' }).reply(503, unavailable);
    t.api
      .intercept({ path: `/v1/forms/${form.id}`, method: 'PATCH' })
      .reply(200, { ...form, archived: false, updated_at: ARCHIVED_AT });
    const outcome = await runUnarchiveForms(UnarchiveFormsOptions.parse({ ids: [form.id] }), t.ctx).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome).toBeUndefined();
    expect(t.stdout().split('\t').slice(0, 2)).toEqual([form.id, 'unarchived']);
  });
});

describe('bulk summaries', () => {
  const LONG_AGO = '2026-11-01T08:00:00.000Z';
  const archivedAnswers = (fresh: string[], before: string[]) => {
    for (const id of fresh)
      t.api
        .intercept({ path: `/v1/cases/${id}`, method: 'POST' })
        .reply(200, makeCase({ id, archived_at: ARCHIVED_AT, updated_at: ARCHIVED_AT }));
    for (const id of before)
      t.api
        .intercept({ path: `/v1/cases/${id}`, method: 'POST' })
        .reply(200, makeCase({ id, archived_at: LONG_AGO, updated_at: LONG_AGO }));
  };

  it('counts "already archived" apart from "archived" on a terminal', async () => {
    t = await testContext({ fields: FIELDS, stderrTTY: true });
    const [a, b, c] = [makeCase(), makeCase(), makeCase()].map((x) => x.id as string);
    archivedAnswers([a!], [b!, c!]);
    expect(await archive([a!, b!, c!])).toBeUndefined();
    expect(
      t
        .stdout()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['archived', 'already archived', 'already archived', undefined]);
    expect(t.stderr()).toBe('✓ archived 1 of 3 cases; 2 already archived\n');
  });

  it('counts "already archived", "not found" and "failed" apart in the exit error', async () => {
    t = await testContext({ fields: FIELDS });
    const [a, b, c, d] = [makeCase(), makeCase(), makeCase(), makeCase()].map((x) => x.id as string);
    archivedAnswers([a!], [b!]);
    t.api.intercept({ path: `/v1/cases/${c}`, method: 'POST' }).reply(404, { message: 'Not Found' });
    t.api
      .intercept({ path: `/v1/cases/${d}`, method: 'POST' })
      .reply(400, { message: 'a template cannot be archived' });
    expect(await archive([a!, b!, c!, d!])).toMatchObject({
      message: 'archived 1 of 4 cases; 1 already archived; 1 not found; 1 failed',
      exitCode: 1,
    });
  });
});

describe('"already archived" in the rows', () => {
  it("is told by the closest bound of the clocks the run's Date headers give, not each answer's alone", async () => {
    t = await testContext({ fields: FIELDS, globals: { concurrency: 1 } });
    const [a, b] = [makeCase(), makeCase()].map((x) => x.id as string);
    // The server's clock is ahead by 1 s or more (a's answer says so); b was archived 0.5 s
    // before the request on that clock, which b's own Date header (cut to the second) hides.
    t.api
      .intercept({ path: `/v1/cases/${a}`, method: 'POST' })
      .reply(200, makeCase({ id: a, archived_at: '2026-11-23T12:00:01.000Z' }), {
        headers: { date: 'Mon, 23 Nov 2026 12:00:01 GMT' },
      });
    t.api
      .intercept({ path: `/v1/cases/${b}`, method: 'POST' })
      .reply(200, makeCase({ id: b, archived_at: '2026-11-23T12:00:00.500Z' }), {
        headers: { date: 'Mon, 23 Nov 2026 12:00:00 GMT' },
      });
    expect(await archive([a!, b!])).toBeUndefined();
    expect(
      t
        .stdout()
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['archived', 'already archived']);
  });
});
