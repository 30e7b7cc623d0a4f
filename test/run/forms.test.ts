/**
 * Run tests of the forms verbs: `run<Verb>Forms(options, ctx)` against the fake API (test/support/fake-api.ts),
 * asserting the exact requests (every interceptor used, none left) and the exact output.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runArchiveForms } from '../../src/commands/forms/archive.js';
import { CountFormsOptions, runCountForms } from '../../src/commands/forms/count.js';
import { CreateFormOptions, runCreateForm } from '../../src/commands/forms/create.js';
import { GetFormOptions, runGetForm } from '../../src/commands/forms/get.js';
import { ListFormsOptions, runListForms } from '../../src/commands/forms/list.js';
import { runUnarchiveForms, UnarchiveFormsOptions } from '../../src/commands/forms/unarchive.js';
import { runUpdateForm, UpdateFormOptions } from '../../src/commands/forms/update.js';
import { ApiError, UsageError } from '../../src/core/errors.js';
import { FORMS } from '../../src/resources/forms.js';
import { envelopeOf, failure, type TestContext, testContext } from '../support/context.js';
import { makeForm, makeResponse } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

/** A query string as the client encodes it: brackets and `+` percent-encoded. */
function qs(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
/** The first page at the default limit, 30: one page of as many rows. */
const PAGE: [string, string][] = [
  ['page[number]', '1'],
  ['page[size]', '30'],
];
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Form not found' };
const ID = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';

describe('forms list', () => {
  it('sends every method-1 flag as its spec parameter; several --flow as the array form', async () => {
    t = await testContext({ globals: { json: true }, fields: FORMS.fields });
    const path = `/v1/forms?${qs([
      ['workspace[slug]', 'acme'],
      ['flow[slug][]', 'nda-signature'],
      ['flow[slug][]', 'expense-claim'],
      ['flow[customization]', '3f0c0000-0000-4000-8000-000000000001'],
      ['owner[email]', 'alice.martin@acme.example'],
      ['user[given_name]', 'José'],
      ['user[family_name]', 'Müller'],
      ['user[email]', 'jose.muller@example.org'],
      ['user[phone]', '+49301234567'],
      ['archived', 'false'],
      ['active', 'true'],
      ['completed', 'true'],
      ['processed', 'false'],
      ['sort', '-updated_at'],
      ...PAGE,
    ])}`;
    expect(path).toContain('user%5Bphone%5D=%2B4930');
    t.api.intercept({ path, method: 'GET' }).reply(200, envelopeOf([], 1, 30, 0));
    // Nothing matched: does the owner alone match anything? (No: a hint says so.)
    t.api
      .intercept({ path: '/v1/forms/count?owner%5Bemail%5D=alice.martin%40acme.example', method: 'GET' })
      .reply(200, { count: 0 });
    const options = ListFormsOptions.parse({
      workspace: 'acme',
      flow: ['nda-signature', 'expense-claim'],
      customization: '3f0c0000-0000-4000-8000-000000000001',
      owner: 'alice.martin@acme.example',
      givenName: 'José',
      familyName: 'Müller',
      email: 'jose.muller@example.org',
      phone: '+49301234567',
      archived: false,
      active: true,
      completed: true,
      processed: false,
      sort: '-updated_at',
    });
    await runListForms(options, t.ctx);
    expect(t.stdout()).toBe('[]\n');
    expect(t.stderr()).toBe('hint: no form has an owner matching "alice.martin@acme.example"\n');
  });

  it('one --flow is the plain parameter; rows print in the plain columns', async () => {
    t = await testContext({ fields: FORMS.fields });
    const form = makeForm({ status: 'completed', completed: true });
    t.api
      .intercept({ path: `/v1/forms?${qs([['flow[slug]', 'nda-signature'], ...PAGE])}`, method: 'GET' })
      .reply(200, envelopeOf([form], 1, 30, 1));
    await runListForms(ListFormsOptions.parse({ flow: ['nda-signature'] }), t.ctx);
    expect(t.stdout()).toBe(
      `${form.id}\tnda-signature\tjose.muller@example.org\tcompleted\ttrue\t2026-11-01T10:00:00.000Z\n`,
    );
  });

  it('on an 80-column terminal the id is its 8-character prefix and the template is whole', async () => {
    t = await testContext({ stdoutTTY: true, env: { NO_COLOR: '1' }, columns: 80, fields: FORMS.fields });
    const forms = [
      makeForm({ flow: { slug: 'employee-onboarding', customization: null } }),
      makeForm({ flow: { slug: 'customer-feedback', customization: null }, status: 'completed' }),
    ];
    t.api.intercept({ path: `/v1/forms?${qs(PAGE)}`, method: 'GET' }).reply(200, envelopeOf(forms, 1, 30, 2));
    await runListForms(ListFormsOptions.parse({}), t.ctx);
    const lines = t.stdout().split('\n');
    const short = (form: Record<string, unknown>) => String(form.id).slice(0, 8);
    // The e-mail keeps a readable width; COMPLETED (the status mostly says it) gives way first.
    expect(lines).toContain(
      'ID        USER         EMAIL             TEMPLATE             STATUS     CREATED',
    );
    expect(lines).toContain(
      `${short(forms[0]!)}  José Müller  jose.muller@exa…  employee-onboarding  sent       22d ago`,
    );
    expect(lines).toContain(
      `${short(forms[1]!)}  José Müller  jose.muller@exa…  customer-feedback    completed  22d ago`,
    );
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('the full id stays in plain output, JSON and CSV', async () => {
    const form = makeForm();
    for (const output of ['plain', 'json', 'csv'] as const) {
      t = await testContext({ globals: { output }, fields: FORMS.fields });
      t.api
        .intercept({ path: `/v1/forms?${qs(PAGE)}`, method: 'GET' })
        .reply(200, envelopeOf([form], 1, 30, 1));
      await runListForms(ListFormsOptions.parse({}), t.ctx);
      expect(t.stdout()).toContain(String(form.id));
      await t.close();
    }
    t = await testContext();
  });

  it.each([
    [{ customization: 'abc' }, 'invalid --customization "abc": expected a UUID'],
    [{ email: 'jose@' }, 'invalid --email "jose@": expected an e-mail address'],
    // Part of an e-mail is a search (owner.email ilike); words with spaces are neither.
    [{ owner: 'not an email' }, 'invalid --owner "not an email": expected an e-mail address'],
    [{ workspace: ID }, `invalid --workspace "${ID}": forms are filtered by workspace slug, not id`],
  ])('refuses %j before any request', async (flags, message) => {
    t = await testContext({ fields: FORMS.fields });
    await expect(runListForms(ListFormsOptions.parse(flags), t.ctx)).rejects.toThrow(new UsageError(message));
  });
});

describe('forms count', () => {
  it('prints the bare number', async () => {
    t = await testContext({ fields: ['count', ...FORMS.fields] });
    t.api.intercept({ path: '/v1/forms/count?completed=true', method: 'GET' }).reply(200, { count: 12 });
    await runCountForms(CountFormsOptions.parse({ completed: true }), t.ctx);
    expect(t.stdout()).toBe('12\n');
  });

  it('--group-by sends group_by=a,b after the filters and prints a row per group', async () => {
    t = await testContext({ fields: ['count', ...FORMS.fields] });
    t.api
      .intercept({
        path: `/v1/forms/count?${qs([
          ['archived', 'false'],
          ['group_by', 'status,flow.slug'],
        ])}`,
        method: 'GET',
      })
      .reply(200, {
        count: 5,
        groups: [
          { status: 'sent', 'flow.slug': 'nda-signature', count: 3 },
          { status: 'sent', 'flow.slug': null, count: 2 },
        ],
      });
    await runCountForms(CountFormsOptions.parse({ archived: false, groupBy: 'status,flow.slug' }), t.ctx);
    expect(t.stdout()).toBe('sent\tnda-signature\t3\nsent\t\t2\n');
  });

  it('-o json rows are {field: value, count}, dotted fields nested as in forms', async () => {
    t = await testContext({ globals: { json: true }, fields: ['count', ...FORMS.fields] });
    t.api
      .intercept({ path: `/v1/forms/count?${qs([['group_by', 'flow.slug,completed']])}`, method: 'GET' })
      .reply(200, { data: [{ flow: { slug: 'nda-signature' }, completed: true, count: 4 }] });
    await runCountForms(CountFormsOptions.parse({ groupBy: 'flow.slug,completed' }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual([{ flow: { slug: 'nda-signature' }, completed: true, count: 4 }]);
  });

  it('a table on a terminal, one line per group', async () => {
    t = await testContext({ stdoutTTY: true, env: { NO_COLOR: '1' }, fields: ['count', ...FORMS.fields] });
    t.api
      .intercept({ path: `/v1/forms/count?${qs([['group_by', 'status']])}`, method: 'GET' })
      .reply(200, { groups: { completed: 40, sent: 2 } });
    await runCountForms(CountFormsOptions.parse({ groupBy: 'status' }), t.ctx);
    expect(t.stdout()).toBe('Showing 2 groups\n\nSTATUS     COUNT\ncompleted  40\nsent       2\n');
  });

  it('an answer without groups prints the total with a warning', async () => {
    t = await testContext({ fields: ['count', ...FORMS.fields] });
    t.api
      .intercept({ path: `/v1/forms/count?${qs([['group_by', 'status']])}`, method: 'GET' })
      .reply(200, { meta: { total_count: 9 } });
    await runCountForms(CountFormsOptions.parse({ groupBy: 'status' }), t.ctx);
    expect(t.stdout()).toBe('9\n');
    expect(t.stderr()).toMatch(/^warning: the API answered a count without groups/);
  });

  it('an answer it cannot read is an error naming the request', async () => {
    t = await testContext({ fields: ['count', ...FORMS.fields] });
    t.api
      .intercept({ path: `/v1/forms/count?${qs([['group_by', 'status']])}`, method: 'GET' })
      .reply(200, { groups: [{ status: 'sent' }] });
    const error = await failure(runCountForms(CountFormsOptions.parse({ groupBy: 'status' }), t.ctx));
    expect(error).toMatchObject({
      message: 'unexpected answer from GET /forms/count: group 1 has no count',
      exitCode: 1,
    });
  });

  it.each([
    ['status,status', '--group-by names "status" twice'],
    ['status,', 'invalid --group-by field "": expected a field such as status or flow.slug'],
    ['Flow.Slug', 'invalid --group-by field "Flow.Slug": expected a field such as status or flow.slug'],
    ['flow,flow.slug', '--group-by names "flow.slug" inside another of its fields'],
  ])('--group-by %j is refused before any request', async (groupBy, message) => {
    t = await testContext({ fields: ['count', ...FORMS.fields] });
    await expect(runCountForms(CountFormsOptions.parse({ groupBy }), t.ctx)).rejects.toThrow(
      new UsageError(message),
    );
  });
});

describe('forms get', () => {
  it('shows a summary, the webhooks and the responses with their attachment and signature counts on a terminal', async () => {
    t = await testContext({ stdoutTTY: true, env: { NO_COLOR: '1' }, columns: 100, fields: FORMS.fields });
    const response = makeResponse({ completed_at: null, signatures: [] });
    const form = makeForm({
      id: ID,
      webhooks: { 'https://example.org/hook': ['forms:updated'] },
      responses: [response],
    });
    t.api.intercept({ path: `/v1/forms/${ID}`, method: 'GET' }).reply(200, form);
    await runGetForm(GetFormOptions.parse({ id: ID }), t.ctx);
    const out = t.stdout();
    expect(out).toContain('Template       nda-signature\n');
    expect(out).toContain('User           José Müller\n');
    expect(out).toContain(
      '\nWebhooks\nURL                       EVENTS\nhttps://example.org/hook  forms:updated\n',
    );
    expect(out).not.toContain('{"');
    expect(out).toContain(
      '\nResponses\nID                                    CREATED  COMPLETED  FILES  SIGNED\n',
    );
    expect(out).toContain(`${response.id}  13d ago  -          1      0\n`);
  });

  it('at 80 columns the responses table cuts no header and keeps whole response ids', async () => {
    t = await testContext({ stdoutTTY: true, env: { NO_COLOR: '1' }, columns: 80, fields: FORMS.fields });
    const response = makeResponse({
      created_at: '2025-12-01T10:00:00Z',
      completed_at: '2025-12-02T10:00:00Z',
    });
    t.api
      .intercept({ path: `/v1/forms/${ID}`, method: 'GET' })
      .reply(200, makeForm({ id: ID, responses: [response] }));
    await runGetForm(GetFormOptions.parse({ id: ID }), t.ctx);
    const lines = t.stdout().split('\n');
    const header = lines[lines.indexOf('Responses') + 1]!;
    expect(header).toBe('ID                                    CREATED   COMPLETED  FILES  SIGNED');
    expect(lines[lines.indexOf('Responses') + 2]).toMatch(new RegExp(`^${response.id}  11mo ago `));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('-o json is the whole object, unknown fields included', async () => {
    t = await testContext({ globals: { json: true }, fields: FORMS.fields });
    const form = makeForm({ id: ID, extra: { kept: true } });
    t.api.intercept({ path: `/v1/forms/${ID}`, method: 'GET' }).reply(200, { data: form });
    await runGetForm(GetFormOptions.parse({ id: ID }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(form);
  });

  it('says which form was not found (exit 5)', async () => {
    t = await testContext();
    t.api.intercept({ path: `/v1/forms/${ID}`, method: 'GET' }).reply(404, NOT_FOUND);
    const error = await failure(runGetForm(GetFormOptions.parse({ id: ID }), t.ctx));
    expect(error).toMatchObject({ message: `form ${ID} not found`, exitCode: 5 });
  });
});

describe('forms create', () => {
  const flags = {
    template: 'nda-signature',
    email: 'ana@example.org',
    givenName: 'Ana',
    familyName: 'Silva',
  };

  it('sends flow, user and the --webhook map, and prints the new id', async () => {
    t = await testContext({ fields: FORMS.fields });
    const created = makeForm();
    const body = {
      flow: { slug: 'nda-signature' },
      user: { email: 'ana@example.org', given_name: 'Ana', family_name: 'Silva' },
      webhooks: {
        'https://example.org/hook?a=b': ['forms:updated', 'responses:completed', 'forms:archived'],
        'http://127.0.0.1:8080/': ['forms:created'],
      },
    };
    t.api.intercept({ path: '/v1/forms', method: 'POST', body: JSON.stringify(body) }).reply(201, created);
    const webhook = [
      'https://example.org/hook?a=b=forms:updated,responses:completed',
      'http://127.0.0.1:8080/=forms:created',
      'https://example.org/hook?a=b=forms:archived,forms:updated',
    ];
    await runCreateForm(CreateFormOptions.parse({ ...flags, webhook }), t.ctx);
    expect(t.stdout()).toBe(`${created.id}\n`);
  });

  it('--body fields are kept; flags override them; -o json prints the form', async () => {
    t = await testContext({ globals: { json: true }, fields: FORMS.fields });
    const file = join(tmpdir(), `wfd-form-body-${process.pid}.json`);
    writeFileSync(file, JSON.stringify({ flow: { slug: 'x', customization: ID }, user: { phone: '+4930' } }));
    const created = makeForm();
    const body = {
      flow: { slug: 'nda-signature', customization: ID },
      user: { phone: '+4930', email: 'ana@example.org', given_name: 'Ana', family_name: 'Silva' },
    };
    t.api
      .intercept({ path: '/v1/forms', method: 'POST', body: JSON.stringify(body) })
      .reply(200, { data: created });
    await runCreateForm(CreateFormOptions.parse({ ...flags, body: file }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(created);
  });

  it.each([
    [{ email: 'ana@' }, 'invalid --email "ana@": expected an e-mail address'],
    [
      { webhook: ['ftp://example.org/=forms:created'] },
      'invalid --webhook URL "ftp://example.org/": expected an absolute http:// or https:// URL',
    ],
    [
      { webhook: ['/relative=forms:created'] },
      'invalid --webhook URL "/relative": expected an absolute http:// or https:// URL',
    ],
    [
      { webhook: ['https://example.org/=forms:created,form:updated'] },
      /^unknown event "form:updated" in --webhook https:\/\/example.org\/: expected one of forms:created, /,
    ],
    [
      { webhook: ['https://example.org/'] },
      'invalid --webhook "https://example.org/": expected URL=event[,event...]',
    ],
    [{ webhook: ['https://example.org/='] }, '--webhook https://example.org/ needs at least one event name'],
  ])('%j exits 2 before any request', async (bad, message) => {
    t = await testContext({ fields: FORMS.fields });
    const error = await failure(runCreateForm(CreateFormOptions.parse({ ...flags, ...bad }), t.ctx));
    expect(error).toBeInstanceOf(UsageError);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  });

  it("an unknown template slug exits 6 with the API's message", async () => {
    t = await testContext({ fields: FORMS.fields });
    t.api.intercept({ path: '/v1/forms', method: 'POST' }).reply(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Form template "tax-return" not found',
      errors: [{ message: 'form template not found', path: ['flow', 'slug'], type: 'invalid_value' }],
    });
    const error = await failure(
      runCreateForm(CreateFormOptions.parse({ ...flags, template: 'tax-return' }), t.ctx),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      exitCode: 6,
      message: 'Form template "tax-return" not found: flow.slug: form template not found (HTTP 400)',
    });
  });

  it('--dry-run prints the request and sends nothing', async () => {
    t = await testContext({ globals: { json: true }, fields: FORMS.fields });
    await runCreateForm(CreateFormOptions.parse({ ...flags, dryRun: true }), t.ctx);
    expect(JSON.parse(t.stdout())).toMatchObject({
      method: 'POST',
      url: 'http://api.test/v1/forms',
      body: { flow: { slug: 'nda-signature' }, user: { email: 'ana@example.org' } },
    });
  });
});

describe('forms update', () => {
  it('PATCHes only the fields given and shows the form', async () => {
    t = await testContext({ globals: { json: true }, fields: FORMS.fields });
    const updated = makeForm({ id: ID, status: 'expired', active: false });
    t.api
      .intercept({ path: `/v1/forms/${ID}`, method: 'PATCH', body: '{"status":"expired","active":false}' })
      .reply(200, updated);
    await runUpdateForm(UpdateFormOptions.parse({ id: ID, status: 'expired', active: false }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(updated);
  });

  it('with nothing to change it exits 2 and sends nothing', async () => {
    t = await testContext({ fields: FORMS.fields });
    const error = await failure(runUpdateForm(UpdateFormOptions.parse({ id: ID }), t.ctx));
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ message: 'nothing to update', exitCode: 2 });
  });
});

describe('forms archive and unarchive', () => {
  it('report each id in input order as cases archive does, a missing one `not found`, exit 5', async () => {
    t = await testContext({ fields: ['id', 'result', 'archived', 'error'] });
    const [a, b] = [makeForm(), makeForm()];
    t.api
      .intercept({ path: `/v1/forms/${a.id}`, method: 'PATCH', body: '{"archived":true}' })
      .reply(200, { ...a, archived: true, updated_at: '2026-11-23T12:00:00.000Z' });
    t.api.intercept({ path: `/v1/forms/${b.id}`, method: 'PATCH' }).reply(404, NOT_FOUND);
    const error = await failure(runArchiveForms(UnarchiveFormsOptions.parse({ ids: [a.id, b.id] }), t.ctx));
    expect(error).toMatchObject({ message: 'archived 1 of 2 forms; 1 not found', exitCode: 5 });
    expect(t.stdout()).toBe(`${a.id}\tarchived\ttrue\t\n${b.id}\tnot found\t\t\n`);
    // Told once, in its row: nothing above the report.
    expect(t.stderr()).toBe('');
  });

  it('unarchive reads ids from stdin and sends archived=false', async () => {
    t = await testContext({
      stdin: `${ID}\n`,
      globals: { json: true },
      fields: ['id', 'result', 'archived', 'error'],
    });
    t.api
      .intercept({ path: `/v1/forms/${ID}`, method: 'PATCH', body: '{"archived":false}' })
      .reply(200, makeForm({ id: ID, archived: false, updated_at: '2026-11-23T12:00:00.000Z' }));
    await runUnarchiveForms(UnarchiveFormsOptions.parse({ ids: ['-'] }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual([{ id: ID, result: 'unarchived', archived: false, error: null }]);
  });

  it('a malformed id exits 2 before any request', async () => {
    t = await testContext({ fields: ['id', 'result', 'archived', 'error'] });
    await expect(runArchiveForms(UnarchiveFormsOptions.parse({ ids: [ID, 'nope'] }), t.ctx)).rejects.toThrow(
      new UsageError('invalid form id "nope": expected a UUID or its first 8+ characters; nothing was sent'),
    );
  });
});
