/**
 * The benchmark's baseline: the least a client can do to list every record as NDJSON.
 *
 *   node scripts/bench-baseline.mjs <baseUrl> <token> [concurrency=4] [resource=cases]
 *
 * node:http with a keep-alive agent of `concurrency` connections (as wfd's transport); page 1, then the remaining pages with `concurrency` requests in
 * flight, written in page order (as wfd does); `JSON.parse` of each body and one
 * `JSON.stringify` line per row on stdout. Last stderr line: `maxrss=<KiB>` (peak RSS).
 */
import { once } from 'node:events';
import http from 'node:http';

const [baseUrl, token, concurrencyArg = '4', resource = 'cases'] = process.argv.slice(2);
if (!baseUrl || !token) {
  process.stderr.write('usage: node scripts/bench-baseline.mjs <baseUrl> <token> [concurrency] [resource]\n');
  process.exit(2);
}
const concurrency = Number(concurrencyArg);
const PAGE_SIZE = 100;

const origin = new URL(baseUrl).origin;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

/** A GET over the keep-alive agent; resolves with the answer, its body unread. */
function get(path, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, origin), { agent, headers: { ...headers, ...extraHeaders } }, resolve);
    req.on('error', reject);
  });
}

async function textOf(res) {
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}

async function fetchPage(number) {
  const path = `/v1/${resource}?page[number]=${number}&page[size]=${PAGE_SIZE}`;
  const res = await get(path);
  const statusCode = res.statusCode;
  const text = await textOf(res);
  if (statusCode !== 200) throw new Error(`GET ${path}: HTTP ${statusCode}: ${text.slice(0, 200)}`);
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
process.stderr.write(`maxrss=${process.resourceUsage().maxRSS}\n`);
