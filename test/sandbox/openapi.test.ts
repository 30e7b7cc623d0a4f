/**
 * The OpenAPI description the sandbox serves (src/openapi/): it matches the sandbox's routes one
 * to one, and the sandbox's answers to requests of every operation (successes and the errors a
 * client meets) have a declared status and a body that fits its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/openapi/document.js';
import { findOperation, operationsOf } from '../../src/openapi/operations.js';
import { DescriptionValidator } from '../../src/openapi/validate.js';
import { type HttpResult, qs, startTestSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;
let doc: OpenApiDocument;
let validator: DescriptionValidator;

beforeAll(async () => {
  t = await startTestSandbox({ cases: 40, forms: 30, attachments: 10 });
  const served = await t.get('/openapi.json', { token: null });
  expect(served.status).toBe(200);
  doc = served.body;
  validator = new DescriptionValidator(doc);
});
afterAll(() => t.close());

/** What the description must not cover: the sandbox's test hooks, the description itself, the console's pages. */
const notApi = (path: string) =>
  path.startsWith('/_sandbox/') || ['/openapi.json', '/', '/reference'].includes(path);

describe('the served description', () => {
  it('names the sandbox as its server and in its OAuth flow', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.sandbox.baseUrl })]);
    const flows = (doc.components as Json).securitySchemes.oauth2.flows.authorizationCode;
    expect(flows.authorizationUrl).toBe(`${t.sandbox.baseUrl}/authorize`);
    expect(flows.tokenUrl).toBe(`${t.sandbox.baseUrl}/token`);
  });

  it('has an operation for every route of the sandbox, and a route for every operation', async () => {
    const { body } = await t.get('/_sandbox/routes', { token: null });
    const routes = (body.routes as { method: string; url: string }[])
      .filter((route) => !notApi(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    const operations = operationsOf(doc).map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual([...operations].sort());
  });
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked by the description, not typed here
type Json = any;

/** The operations a sample request reached: every one must be. */
const exercised = new Set<string>();

/** Sends a request and checks the answer against the operation the description gives it. */
async function checked(method: string, target: string, options: Parameters<TestSandbox['call']>[2] = {}) {
  const answer = await t.call(method, target, options);
  const path = target.split('?')[0]!;
  const op = findOperation(doc, method, path);
  expect(op, `${method} ${path} has no operation`).toBeDefined();
  exercised.add(op!.operationId);
  const mismatches = validator.response(op!, answer.status, contentTypeOf(answer), answer.body);
  expect(
    mismatches,
    `${method} ${target} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`,
  ).toEqual([]);
  return answer;
}

const contentTypeOf = (answer: HttpResult) => String(answer.headers['content-type'] ?? '') || undefined;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('every operation answers as described', () => {
  let ids: Record<'case' | 'template' | 'form' | 'response' | 'attachment' | 'signature', string>;

  beforeAll(async () => {
    const cases = (await t.get(`/v1/cases${qs({ 'page[size]': 1 })}`)).body.data;
    const templates = (await t.get(`/v1/case_templates${qs({ 'page[size]': 1 })}`)).body.data;
    const forms = (await t.get(`/v1/forms${qs({ 'page[size]': 100, completed: 'true' })}`)).body.data;
    const details = await Promise.all(forms.map((form: Json) => t.get(`/v1/forms/${form.id}`)));
    const responses = details.flatMap((detail) => detail.body.responses);
    ids = {
      case: cases[0].id,
      template: templates[0].id,
      form: forms[0].id,
      response: responses[0].id,
      attachment: responses.flatMap((r: Json) => r.attachments)[0].id,
      signature: responses.flatMap((r: Json) => r.signatures)[0].id,
    };
  });

  it('workspaces', async () => {
    await checked('GET', '/v1/workspaces');
    await checked('GET', '/v1/workspaces', { token: null });
    await checked('GET', '/v1/workspaces', { token: 'wfd_00000000000000000000000000000000' });
  });

  it('cases: list, count, get, create, data, archive', async () => {
    await checked(
      'GET',
      `/v1/cases${qs({ 'page[size]': 5, sort: '-created_at', parent_status: 'pending' })}`,
    );
    await checked('GET', `/v1/cases${qs({ filter: { attributes: { archived_at: { $eq: null } } } })}`);
    await checked('GET', `/v1/cases${qs({ filter: { attributes: { nope: { $eq: 1 } } } })}`);
    await checked('GET', `/v1/cases${qs({ 'page[size]': 1000 })}`);
    await checked('GET', '/v1/cases/count');
    await checked('GET', `/v1/cases/count${qs({ group_by: 'parent_status' })}`);
    await checked('GET', `/v1/cases/${ids.case}`);
    await checked('GET', `/v1/cases/${UNKNOWN}`);
    await checked('GET', '/v1/cases/not-a-uuid');
    const created = await checked('POST', '/v1/cases', {
      body: { template: { id: ids.template }, title: 'Described' },
    });
    expect(created.status).toBe(200);
    await checked('POST', '/v1/cases', { body: { title: 7 } });
    await checked('POST', '/v1/cases', { body: '{"broken' });
    await checked('POST', `/v1/cases/${ids.case}/data`, { body: { note: 'checked' } });
    await checked('POST', `/v1/cases/${ids.case}`, { body: { archived: true } });
    await checked('POST', `/v1/cases/${ids.case}`, { body: { archived: false } });
    await checked('POST', `/v1/cases/${ids.template}`, { body: { archived: true } });
  });

  it('case templates and form templates', async () => {
    await checked('GET', `/v1/case_templates${qs({ title: 'a', sort: 'title' })}`);
    await checked('GET', `/v1/case_templates${qs({ sort: 'nope' })}`);
    const slug = (await checked('GET', '/v1/form_templates')).body.data[0].slug;
    await checked('GET', `/v1/form_templates/${slug}/options`);
    await checked('GET', `/v1/form_templates/${slug}/steps`);
    await checked('GET', '/v1/form_templates/no-such-template/steps');
  });

  it('forms: list, count, get, create, update; responses', async () => {
    await checked('GET', `/v1/forms${qs({ 'flow[slug]': 'job-application', active: 'true' })}`);
    await checked('GET', `/v1/forms/count${qs({ group_by: 'status,completed' })}`);
    await checked('GET', `/v1/forms/${ids.form}`);
    await checked('GET', `/v1/forms/${UNKNOWN}`);
    const slug = (await t.get('/v1/form_templates')).body.data[0].slug;
    const user = { email: 'ana@example.com', given_name: 'Ana', family_name: 'Lima' };
    await checked('POST', '/v1/forms', { body: { flow: { slug }, user } });
    await checked('POST', '/v1/forms', { body: { flow: { slug: 'no-such-template' }, user } });
    await checked('PATCH', `/v1/forms/${ids.form}`, { body: { status: 'reviewed' } });
    await checked('GET', `/v1/responses/${ids.response}`);
    await checked('GET', `/v1/responses/${UNKNOWN}`);
  });

  it('attachments: upload, download, merge; signatures; document intelligence', async () => {
    const content = Buffer.from('described').toString('base64');
    const uploaded = await checked('POST', '/v1/attachments', {
      body: { filename: 'a.txt', content_type: 'text/plain', content },
    });
    await checked('POST', '/v1/attachments', { body: { filename: '' } });
    await checked('GET', `/v1/attachments/${ids.attachment}`);
    await checked('GET', `/v1/attachments/${ids.attachment}`, { headers: { range: 'bytes=0-9' } });
    await checked('GET', `/v1/attachments/${UNKNOWN}`);
    await checked('GET', `/v1/attachments${qs({ ids: ids.attachment })}`);
    await checked('GET', `/v1/signatures/${ids.signature}`);
    await checked('GET', `/v1/signatures/${ids.signature}${qs({ download: 'true' })}`);
    await checked('GET', `/v1/signatures/${UNKNOWN}`);
    const job = await checked('POST', '/v1/document-intelligence', {
      body: { attachment_id: uploaded.body.id },
    });
    await checked('GET', `/v1/document-intelligence/${job.body.id}`);
    await checked('GET', `/v1/document-intelligence/${UNKNOWN}`);
  });

  it('OAuth: metadata, authorize, token', async () => {
    await checked('GET', '/.well-known/openid-configuration', { token: null });
    const { client_id } = t.sandbox.oauth;
    await checked(
      'GET',
      `/authorize${qs({ client_id, redirect_uri: 'https://127.0.0.1/callback', response_type: 'code', state: 's' })}`,
      { token: null },
    );
    await checked('GET', `/authorize${qs({ client_id: 'nobody' })}`, { token: null });
    await checked('POST', '/token', {
      token: null,
      body: { grant_type: 'authorization_code', code: 'nope' },
    });
    const form = {
      token: null,
      body: 'session=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    await checked('POST', '/authorize/sign-in', form);
    await checked('POST', '/authorize/consent', form);
    await checked('POST', '/token', {
      token: null,
      body: {
        grant_type: 'refresh_token',
        refresh_token: 'nope',
        client_id,
        client_secret: t.sandbox.oauth.client_secret,
      },
    });
  });
});

it('reaches every operation of the description with the requests above', () => {
  expect(operationsOf(doc).filter((op) => !exercised.has(op.operationId))).toEqual([]);
});
