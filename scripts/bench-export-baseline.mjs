/**
 * The benchmark's baselines for attachments: the least a client can do.
 *
 *   node scripts/bench-export-baseline.mjs export <baseUrl> <token> <dir> [concurrency=4]
 *     every attachment of every form: the list (pages of 100), a read per form, then each file
 *     streamed to <dir>/<form-id>/<response-id>/<attachment-id>, `concurrency` requests in flight
 *     throughout (as `wfd attachments export --concurrency`). No names, no hashes, no manifest.
 *   node scripts/bench-export-baseline.mjs download <baseUrl> <token> <attachment-id> <file>
 *     one attachment streamed to <file>.
 *
 * node:http with one keep-alive agent of `concurrency` sockets. Prints `files=<n> bytes=<n>`.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const [mode, baseUrl, token, ...rest] = process.argv.slice(2);
if (!['export', 'download'].includes(mode) || !baseUrl || !token || rest.length < 1) {
  process.stderr.write(
    'usage: node scripts/bench-export-baseline.mjs export <baseUrl> <token> <dir> [concurrency]\n' +
      '       node scripts/bench-export-baseline.mjs download <baseUrl> <token> <attachment-id> <file>\n',
  );
  process.exit(2);
}
const concurrency = mode === 'export' ? Number(rest[1] ?? 4) : 1;
const origin = new URL(baseUrl).origin;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

/** The answer to GET `path`; its body unread. */
function request(path, accept = 'application/json') {
  return new Promise((resolve, reject) =>
    get(`${origin}${path}`, { agent, headers: { ...headers, accept } }, resolve).on('error', reject),
  );
}

async function text(body) {
  let all = '';
  body.setEncoding('utf8');
  for await (const chunk of body) all += chunk;
  return all;
}

async function getJson(path) {
  const response = await request(path);
  const body = await text(response);
  if (response.statusCode !== 200)
    throw new Error(`GET ${path}: HTTP ${response.statusCode}: ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

async function download(id, file) {
  const path = `/v1/attachments/${id}`;
  const body = await request(path, '*/*');
  if (body.statusCode !== 200)
    throw new Error(`GET ${path}: HTTP ${body.statusCode}: ${(await text(body)).slice(0, 200)}`);
  let bytes = 0;
  body.on('data', (chunk) => {
    bytes += chunk.length;
  });
  await pipeline(body, createWriteStream(file));
  return bytes;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited(items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

let files = 0;
let bytes = 0;
if (mode === 'download') {
  bytes = await download(rest[0], rest[1]);
  files = 1;
} else {
  const dir = rest[0];
  const first = await getJson('/v1/forms?page[number]=1&page[size]=100');
  const ids = first.data.map((form) => form.id);
  const pages = Array.from({ length: Math.max(0, first.meta.total_pages - 1) }, (_, i) => i + 2);
  await eachLimited(pages, async (n) => {
    const page = await getJson(`/v1/forms?page[number]=${n}&page[size]=100`);
    ids.push(...page.data.map((form) => form.id));
  });
  const targets = [];
  await eachLimited(ids, async (id) => {
    const form = await getJson(`/v1/forms/${id}`);
    for (const response of form.responses ?? []) {
      for (const attachment of response.attachments ?? []) {
        targets.push({ id: attachment.id, folder: join(dir, id, response.id) });
      }
    }
  });
  await eachLimited(targets, async ({ id, folder }) => {
    mkdirSync(folder, { recursive: true });
    const written = await download(id, join(folder, id));
    bytes += written;
    files++;
  });
}
agent.destroy();
process.stdout.write(`files=${files} bytes=${bytes}\n`);
