/**
 * The sandbox against its own served description, fuzzed (test/support/api-fuzzer.ts: valid values
 * from json-schema-faker, invalid ones and the seeds from fast-check, ajv the judge): what the document calls
 * valid is accepted, what it calls invalid is refused, every answer is declared and fits its
 * schema, no server error; then walks along the document's links, as a stateful client does.
 * A failure names its check and the request; `FUZZ_SEED` replays another draw.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/openapi/document.js';
import { ApiFuzzer, type FuzzRequest } from '../support/api-fuzzer.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 1);
/** Valid requests an operation, and as many invalid ones; `FUZZ_EXAMPLES` draws more. */
const EXAMPLES = Number(process.env.FUZZ_EXAMPLES ?? 25);

let t: TestSandbox;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestSandbox({ cases: 40, forms: 30, attachments: 10 });
  doc = (await t.get('/openapi.json', { token: null })).body;
});
afterAll(() => t.close());

function takesBearer(op: FuzzRequest['op']): boolean {
  const operation = doc.paths[op.path]?.[op.method.toLowerCase()] as { security?: object[] } | undefined;
  return (operation?.security ?? (doc.security as object[])).some((scheme) => 'bearer' in scheme);
}

async function send(request: FuzzRequest) {
  const query = new URLSearchParams(
    request.query.map(([name, value]): [string, string] => [name, value]),
  ).toString();
  const form = request.bodyType === 'application/x-www-form-urlencoded';
  const body =
    request.body === undefined
      ? undefined
      : form
        ? new URLSearchParams(
            Object.entries(request.body as object).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString()
        : JSON.stringify(request.body);
  const answer = await t.call(request.op.method, query ? `${request.path}?${query}` : request.path, {
    // The bearer token only where the operation takes it: /token refuses a second credential.
    token: takesBearer(request.op) ? undefined : null,
    ...(body === undefined ? {} : { body }),
    headers:
      body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
  });
  const type = answer.headers['content-type'];
  return {
    status: answer.status,
    contentType: type === undefined ? undefined : String(type),
    body: answer.body,
  };
}

it('accepts what its description calls valid, refuses what it calls invalid, answers as described', async () => {
  const fuzzer = new ApiFuzzer(doc, send);
  await fuzzer.stateless(SEED, EXAMPLES);
  expect(fuzzer.failures).toEqual([]);
  expect(fuzzer.sent.positive).toBeGreaterThan(400);
  expect(fuzzer.sent.negative).toBeGreaterThan(400);
}, 300_000);

it('follows the links of its description from answer to request, and finds what they name', async () => {
  const fuzzer = new ApiFuzzer(doc, send);
  await fuzzer.stateful(SEED, 120, 4);
  expect(fuzzer.sent.stateful).toBeGreaterThan(100);
  expect(fuzzer.failures).toEqual([]);
}, 300_000);
