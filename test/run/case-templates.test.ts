/** `case-templates list` on a terminal: the id as its 8-character prefix, so titles stay whole at 80 columns. */
import { afterEach, describe, expect, it } from 'vitest';
import { ListCaseTemplatesOptions, runListCaseTemplates } from '../../src/commands/case-templates/list.js';
import { CASE_TEMPLATES } from '../../src/resources/case-templates.js';
import { envelopeOf, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const TEMPLATE = {
  id: 'dda33cf5-0b4e-4c1e-9a55-0d9b3f1f2a10',
  title: 'Supplier due diligence',
  reference: 'TPL-ACME-03',
  owner: { email: 'bruno.costa@acme.example' },
  updated_at: '2025-11-01T10:00:00.000Z',
};
const PAGE_PATH = '/v1/case_templates?page%5Bnumber%5D=1&page%5Bsize%5D=30';

describe('case-templates list', () => {
  it('at 80 columns shows the id prefix and the whole title', async () => {
    t = await testContext({
      stdoutTTY: true,
      env: { NO_COLOR: '1' },
      columns: 80,
      fields: CASE_TEMPLATES.fields,
    });
    t.api.intercept({ path: PAGE_PATH, method: 'GET' }).reply(200, envelopeOf([TEMPLATE], 1, 30, 1));
    await runListCaseTemplates(ListCaseTemplatesOptions.parse({}), t.ctx);
    const lines = t.stdout().split('\n');
    expect(lines[2]).toMatch(/^ID {8}TITLE {19}REFERENCE {4}OWNER +UPDATED$/);
    expect(lines[3]).toMatch(
      /^dda33cf5 {2}Supplier due diligence {2}TPL-ACME-03 {2}bruno\.costa@acme\.example {2}1y ago$/,
    );
  });

  it('piped, the id is whole', async () => {
    t = await testContext({ fields: CASE_TEMPLATES.fields });
    t.api.intercept({ path: PAGE_PATH, method: 'GET' }).reply(200, envelopeOf([TEMPLATE], 1, 30, 1));
    await runListCaseTemplates(ListCaseTemplatesOptions.parse({}), t.ctx);
    expect(t.stdout().split('\t')[0]).toBe(TEMPLATE.id);
  });
});
