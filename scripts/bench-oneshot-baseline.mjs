/**
 * The one-shot benchmark's baseline: the least a script can do to make wfd's one request and
 * print what wfd prints with `-o plain`.
 *
 *   node scripts/bench-oneshot-baseline.mjs <baseUrl> <token> list        (cases list --limit 10 -o plain)
 *   node scripts/bench-oneshot-baseline.mjs <baseUrl> <token> get <id>    (cases get <id> -o plain)
 *
 * node:http alone (no keep-alive agent to close); the same request wfd sends (a list
 * with --limit 10 reads one page of 10), `JSON.parse` of the body, tab-separated lines.
 */
import { request } from 'node:http';

const [baseUrl, token, mode, id] = process.argv.slice(2);
const COLUMNS = [
  'id',
  'title',
  'parent_status',
  'status',
  'waiting_for',
  'contact.family_name',
  'updated_at',
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
    const rows = mode === 'get' ? Object.entries(body) : body.data.slice(0, 10);
    const line = (row) =>
      mode === 'get'
        ? `${row[0]}\t${typeof row[1] === 'object' ? JSON.stringify(row[1]) : (row[1] ?? '')}`
        : COLUMNS.map((field) => pick(row, field)).join('\t');
    process.stdout.write(`${rows.map(line).join('\n')}\n`);
  });
}).end();
