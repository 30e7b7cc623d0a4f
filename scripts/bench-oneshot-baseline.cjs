/**
 * The one-shot benchmark's baseline: the least a script can do to make wfd's one request and
 * print what wfd prints with `-o plain`.
 *
 *   node scripts/bench-oneshot-baseline.cjs <baseUrl> <token> list        (cases list --limit 10 -o plain)
 *   node scripts/bench-oneshot-baseline.cjs <baseUrl> <token> get <id>    (cases get <id> -o plain)
 *
 * CommonJS, as the simplest script is: Node 22 and 24 start an ES module about 30 ms slower.
 * node:http alone (no keep-alive agent to close); the same request wfd sends (a list with
 * --limit 10 reads one page of 10), `JSON.parse` of the body, tab-separated lines.
 */
const { request } = require('node:http');

const [baseUrl, token, mode, id] = process.argv.slice(2);
const COLUMNS = [
  'id',
  'title',
  'parent_status',
  'status',
  'waiting_for',
  'contact.family_name',
  'updated_at',
  'reference',
];
const pick = (row, field) => field.split('.').reduce((value, key) => value?.[key], row) ?? '';
const path = mode === 'get' ? `/v1/cases/${id}` : '/v1/cases?page%5Bnumber%5D=1&page%5Bsize%5D=10';
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

request(`${baseUrl}${path}`, { headers }, (response) => {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    text += chunk;
  });
  response.on('end', () => {
    const body = JSON.parse(text);
    const lines =
      mode === 'get'
        ? fields(body).map(([key, value]) => `${key}\t${value}`)
        : body.data.slice(0, 10).map((row) => COLUMNS.map((field) => pick(row, field)).join('\t'));
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}).end();

/** A record as `-o plain` shows one: a line per field, objects flattened to dot keys, arrays as JSON. */
function fields(value, prefix = '') {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? fields(inner, `${prefix}${key}.`)
      : [[`${prefix}${key}`, Array.isArray(inner) ? JSON.stringify(inner) : (inner ?? '')]],
  );
}
