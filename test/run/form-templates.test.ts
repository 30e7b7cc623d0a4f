/** Run tests of `wfd form-templates list|options|steps` against the fake API (test/support/fake-api.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { ListFormTemplatesOptions, runListFormTemplates } from '../../src/commands/form-templates/list.js';
import {
  FormTemplateOptionsOptions,
  runFormTemplateOptions,
} from '../../src/commands/form-templates/options.js';
import { FormTemplateStepsOptions, runFormTemplateSteps } from '../../src/commands/form-templates/steps.js';
import { UsageError } from '../../src/core/errors.js';
import {
  FORM_TEMPLATE_OPTION_FIELDS,
  FORM_TEMPLATE_STEPS_FIELDS,
  FORM_TEMPLATES,
} from '../../src/resources/form-templates.js';
import { envelopeOf, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const STEPS = {
  slug: 'employee-onboarding',
  steps: [
    {
      position: 1,
      title: 'Personal \u001b[31mdetails',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', required: true },
        { name: 'team', label: 'Team', type: 'choice', required: false, choices: ['ops', 'dev'] },
      ],
    },
    {
      position: 2,
      title: 'Contract',
      fields: [{ name: 'signature', label: 'Signature', type: 'signature', required: true }],
    },
  ],
};

describe('form-templates list', () => {
  it('pages with sort only and prints slug, title, updated', async () => {
    t = await testContext({ fields: FORM_TEMPLATES.fields });
    const template = {
      id: 'x',
      slug: 'nda-signature',
      title: 'Non-disclosure agreement',
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-02-01T00:00:00.000Z',
    };
    t.api
      .intercept({
        path: '/v1/form_templates?sort=-updated_at&page%5Bnumber%5D=1&page%5Bsize%5D=30',
        method: 'GET',
      })
      .reply(200, envelopeOf([template], 1, 30, 1));
    await runListFormTemplates(ListFormTemplatesOptions.parse({ sort: '-updated_at' }), t.ctx);
    expect(t.stdout()).toBe('nda-signature\tNon-disclosure agreement\t2025-02-01T00:00:00.000Z\n');
  });

  it('refuses a sort field the spec does not list, and filters, before any request', async () => {
    t = await testContext({ fields: FORM_TEMPLATES.fields });
    await expect(
      runListFormTemplates(ListFormTemplatesOptions.parse({ sort: 'title' }), t.ctx),
    ).rejects.toThrow(UsageError);
    // Form templates take no filter: --where is no option of theirs, and their schema refuses it.
    expect(() => ListFormTemplatesOptions.parse({ where: ['slug = x'] })).toThrow(/where/);
  });
});

describe('form-templates steps', () => {
  it("on a terminal: each step's title (escaped), then its fields with type and required flag", async () => {
    t = await testContext({
      stdoutTTY: true,
      env: { NO_COLOR: '1' },
      columns: 100,
      fields: FORM_TEMPLATE_STEPS_FIELDS,
    });
    t.api
      .intercept({ path: '/v1/form_templates/employee-onboarding/steps', method: 'GET' })
      .reply(200, STEPS);
    await runFormTemplateSteps(FormTemplateStepsOptions.parse({ slug: 'employee-onboarding' }), t.ctx);
    expect(t.stdout()).toBe(
      [
        'Template  employee-onboarding',
        '',
        '1. Personal ^[[31mdetails',
        'NAME       LABEL      TYPE    REQUIRED  CHOICES',
        'full_name  Full name  text    true      -',
        'team       Team       choice  false     ops, dev',
        '',
        '2. Contract',
        'NAME       LABEL      TYPE       REQUIRED  CHOICES',
        'signature  Signature  signature  true      -',
        '',
      ].join('\n'),
    );
  });

  it('reads a bare array of steps too; -o json is the answer as sent', async () => {
    t = await testContext({ globals: { json: true }, fields: FORM_TEMPLATE_STEPS_FIELDS });
    t.api.intercept({ path: '/v1/form_templates/kyc/steps', method: 'GET' }).reply(200, STEPS.steps);
    await runFormTemplateSteps(FormTemplateStepsOptions.parse({ slug: 'kyc' }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual({ steps: STEPS.steps });
  });

  it('an unknown slug exits 5 naming it', async () => {
    t = await testContext({ fields: FORM_TEMPLATE_STEPS_FIELDS });
    t.api
      .intercept({ path: '/v1/form_templates/tax%2Freturn/steps', method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Form template "tax/return" not found' });
    const error = await runFormTemplateSteps(
      FormTemplateStepsOptions.parse({ slug: 'tax/return' }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'form template "tax/return" not found',
      exitCode: 5,
      hint: 'run `wfd form-templates list` to see the slugs',
    });
  });
});

describe('form-templates options', () => {
  it('on a terminal: every option labelled, lists as words, customizations as a table, no JSON', async () => {
    t = await testContext({
      stdoutTTY: true,
      env: { NO_COLOR: '1' },
      columns: 80,
      fields: FORM_TEMPLATE_OPTION_FIELDS,
    });
    t.api.intercept({ path: '/v1/form_templates/nda-signature/options', method: 'GET' }).reply(200, {
      slug: 'nda-signature',
      languages: ['en', 'es'],
      expiry_days: 14,
      customizations: [{ id: 'c1', name: 'Sales' }],
    });
    await runFormTemplateOptions(FormTemplateOptionsOptions.parse({ slug: 'nda-signature' }), t.ctx);
    expect(t.stdout()).toBe(
      [
        'Slug         nda-signature',
        'Languages    en, es',
        'Expiry days  14',
        'Customizations',
        '  ID  NAME',
        '  c1  Sales',
        '',
      ].join('\n'),
    );
  });

  it('prints every option as a key/value line when piped', async () => {
    t = await testContext({ fields: FORM_TEMPLATE_OPTION_FIELDS });
    t.api.intercept({ path: '/v1/form_templates/nda-signature/options', method: 'GET' }).reply(200, {
      slug: 'nda-signature',
      expiry_days: 14,
      customizations: [{ id: 'c1', name: 'Sales' }],
    });
    await runFormTemplateOptions(FormTemplateOptionsOptions.parse({ slug: 'nda-signature' }), t.ctx);
    expect(t.stdout()).toBe(
      'slug\tnda-signature\nexpiry_days\t14\ncustomizations\t[{"id":"c1","name":"Sales"}]\n',
    );
  });
});
