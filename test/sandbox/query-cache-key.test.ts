/** The query cache's key: distinct queries never share an entry, whatever their values contain. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, listAll, qs, useTestSandbox } from './helpers.js';

let sample: Json;
const t = useTestSandbox();
beforeAll(async () => {
  sample = (await listAll(t, '/v1/cases'))[0];
});

describe('query cache key', () => {
  it('tells two parameters from one value that contains "&name=value"', async () => {
    const { reference, status } = sample;
    const two = await t.get(`/v1/cases/count${qs({ reference, status })}`);
    expect(two.status).toBe(200);
    expect(two.body.count).toBeGreaterThan(0);
    // The same text as one reference: no case has it, so the cached count of the query above is wrong.
    const one = await t.get(`/v1/cases/count${qs({ reference: `${reference}&status=${status}` })}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ count: 0 });
    // And the list agrees with the count, from its own entry.
    const list = await t.get(`/v1/cases${qs({ reference: `${reference}&status=${status}` })}`);
    expect(list.body.meta.total_count).toBe(0);
  });

  it('tells a parameter value from a JSON filter and a parameter it seems to spell', async () => {
    const { reference } = sample;
    const givenName: string = sample.contact.given_name;
    const three = await t.get(
      `/v1/cases/count${qs({ 'contact[given_name]': givenName, filter: {}, reference })}`,
    );
    expect(three.status).toBe(200);
    expect(three.body.count).toBeGreaterThan(0);
    const one = await t.get(
      `/v1/cases/count${qs({ 'contact[given_name]': `${givenName}&filter={}&reference=${reference}` })}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ count: 0 });
  });
});
