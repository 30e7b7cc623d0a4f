/**
 * The benchmark's baseline: the least a client can do to list every record as NDJSON.
 *
 *   node scripts/bench-baseline.mjs <baseUrl> <token> [concurrency=4] [resource=cases]
 *
 * node:http with one keep-alive agent of `concurrency` sockets; page 1, then the remaining pages
 * with `concurrency` requests in flight, written in page order (as wfd does); `JSON.parse` of each
 * body and one `JSON.stringify` line per row on stdout.
 */
import { once } from 'node:events';
import { Agent, get } from 'node:http';

const [baseUrl, token, concurrencyArg = '4', resource = 'cases'] = process.argv.slice(2);
if (!baseUrl || !token) {
  process.stderr.write('usage: node scripts/bench-baseline.mjs <baseUrl> <token> [concurrency] [resource]\n');
  process.exit(2);
}
const concurrency = Number(concurrencyArg);
const PAGE_SIZE = 100;

const origin = new URL(baseUrl).origin;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

async function fetchPage(number) {
  const path = `/v1/${resource}?page[number]=${number}&page[size]=${PAGE_SIZE}`;
  const response = await new Promise((resolve, reject) =>
    get(`${origin}${path}`, { agent, headers }, resolve).on('error', reject),
  );
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk;
  if (response.statusCode !== 200)
    throw new Error(`GET ${path}: HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function writeRows(rows) {
  if (rows.length === 0) return;
  let chunk = '';
  for (const row of rows) chunk += `${JSON.stringify(row)}\n`;
  if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}

const first = await fetchPage(1);
await writeRows(first.data);

// A window of `concurrency` requests, consumed in page order.
const totalPages = first.meta.total_pages;
const inFlight = [];
let next = 2;
const launch = () => {
  if (next <= totalPages) inFlight.push(fetchPage(next++));
};
for (let i = 0; i < concurrency; i++) launch();
while (inFlight.length > 0) {
  const page = await inFlight.shift();
  launch();
  await writeRows(page.data);
}

agent.destroy();
