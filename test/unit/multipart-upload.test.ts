/**
 * Multipart uploads through the one transport (node-transport.ts, multipart.ts), against real
 * node:http servers: the body a server parses, its length, and what a refusal or a broken
 * connection in the middle of an upload becomes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadMultipart } from '../../src/api/attachments.js';
import { ApiError, NetworkError } from '../../src/core/errors.js';
import { checkUploadFile, multipartOf } from '../../src/core/files/upload-file.js';
import { ApiClient } from '../../src/core/http/http.js';
import { encodeMultipart } from '../../src/core/http/multipart.js';

let dir: string;
let server: Server | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-multipart-'));
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(baseUrl: string): ApiClient {
  return new ApiClient({
    baseUrl,
    token: 'wfd_t',
    userAgent: 'wfd/test',
    sleep: async () => {},
    random: () => 0,
  });
}

async function form(files: Record<string, string | Buffer>) {
  const checked = [];
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    checked.push(await checkUploadFile(join(dir, name)));
  }
  return uploadMultipart(await multipartOf(checked));
}

const CREATED = JSON.stringify({
  data: [
    { id: 'a1', filename: 'a', content_type: 'text/plain', size: 1, created_at: '2026-11-23T12:00:00.000Z' },
  ],
});

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the multipart encoder', () => {
  it("writes the bytes of Node's own FormData encoder (boundary aside), as many as it announces", async () => {
    const form = new FormData();
    form.append('file', new File([Buffer.from([0, 13, 10, 255])], 'a "quoted"\r\nname.bin'));
    form.append('note', 'line one\nline two\r');
    form.append('na"me\n', new File(['x'], 'Überweisung März.png', { type: 'image/png' }));
    const ours = encodeMultipart(form);
    const bytes = Buffer.concat(await ours.stream().toArray());
    const reference = new Response(form);
    const theirs = Buffer.from(await reference.arrayBuffer());
    const boundary = (type: string) => type.split('boundary=')[1]!;
    expect(bytes.length).toBe(ours.length);
    expect(bytes.toString('latin1').replaceAll(boundary(ours.contentType), 'B')).toBe(
      theirs.toString('latin1').replaceAll(boundary(reference.headers.get('content-type')!), 'B'),
    );
  });
});

describe('multipart uploads', () => {
  it('a server reads back each file, named and typed, from a body of the length announced', async () => {
    let received: { length: string | undefined; bytes: number; parts: unknown[] } | undefined;
    const baseUrl = await serve(async (req, res) => {
      const bytes = await bodyOf(req);
      const parsed = await new Response(bytes, {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const parts = [];
      for (const [name, value] of parsed.entries())
        parts.push(
          typeof value === 'string' ? [name, value] : [name, value.name, value.type, await value.text()],
        );
      received = { length: req.headers['content-length'], bytes: bytes.length, parts };
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(CREATED);
    });
    const c = client(baseUrl);
    const binary = Buffer.from([0, 13, 10, 45, 45, 255]);
    await c.request(await form({ 'invoice.pdf': '%PDF-1.7\r\n--x\r\n', 'Überweisung März.png': binary }));
    await c.close();
    expect(received?.length).toBe(String(received?.bytes));
    expect(received?.parts).toEqual([
      ['file', 'invoice.pdf', 'application/pdf', '%PDF-1.7\r\n--x\r\n'],
      ['file', 'Überweisung März.png', 'image/png', binary.toString()],
    ]);
  });

  it('a 413 sent before the body is read is the answer (exit 6), not a network error', async () => {
    let requests = 0;
    const baseUrl = await serve((_req, res) => {
      requests++;
      // Refused at the headers, as a proxy with a size limit does; the body is never read.
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(
        JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' }),
      );
    });
    const c = client(baseUrl);
    const error = await c
      .request(await form({ 'big.bin': Buffer.alloc(16 * 1024 * 1024, 1) }))
      .catch((e) => e);
    await c.close();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, exitCode: 6 });
    expect(requests).toBe(1);
  });

  it('a large upload waits for 100 Continue, and still goes to a server that never sends one', async () => {
    const seen: { expect: string | undefined; bytes: number }[] = [];
    const baseUrl = await serve(async (req, res) => {
      seen.push({ expect: req.headers.expect, bytes: (await bodyOf(req)).length });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(CREATED);
    });
    // As a server that ignores the expectation: the request goes to the handler without a 100.
    server!.on('checkContinue', (req, res) => server!.emit('request', req, res));
    const c = client(baseUrl);
    await c.request(await form({ 'big.bin': Buffer.alloc(2 * 1024 * 1024, 1) }));
    await c.request(await form({ 'small.txt': 'abc' }));
    await c.close();
    expect(seen[0]).toMatchObject({ expect: '100-continue' });
    expect(seen[0]!.bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(seen[1]).toMatchObject({ expect: undefined });
  });

  it('a connection broken in the middle of an upload is not sent again: the outcome is unknown (exit 8)', async () => {
    let requests = 0;
    const baseUrl = await serve((req) => {
      requests++;
      req.once('data', () => req.socket.resetAndDestroy());
    });
    const c = client(baseUrl);
    const error = await c.request(await form({ 'a.bin': Buffer.alloc(4 * 1024 * 1024, 1) })).catch((e) => e);
    await c.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ exitCode: 8, requestSent: true });
    // The record may exist: said, with how to check before running it again.
    expect(error.message).toMatch(/^network error talking to http:\/\/127\.0\.0\.1:\d+: (ECONNRESET|EPIPE)$/);
    expect(error.hint).toMatch(
      /^POST \S+ was sent before the connection broke, so it may have taken effect: check/,
    );
    expect(requests).toBe(1);
  });

  it('a file that changes while it is sent stops the upload, saying so (not "The blob could not be read")', async () => {
    const baseUrl = await serve((req, res) => {
      req.resume();
      req.on('end', () => res.end(CREATED));
    });
    const c = client(baseUrl);
    const body = await form({ 'grows.log': Buffer.alloc(64, 1) });
    // A log file still written: after wfd checked it, before it is read.
    writeFileSync(join(dir, 'grows.log'), Buffer.alloc(128, 1));
    const error = await c.request(body).catch((e) => e);
    await c.close();
    expect(error.message).toBe(
      '"grows.log" changed while it was being sent (it is not the size or age it was when the upload began); the upload was broken off',
    );
    expect(error.hint).toBe('upload it again once nothing writes to it');
    expect(error.exitCode).toBe(1);
  });

  it('a 429 is waited out and the whole body sent again', async () => {
    const lengths: number[] = [];
    const baseUrl = await serve(async (req, res) => {
      lengths.push((await bodyOf(req)).length);
      if (lengths.length === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'slow down',
            retryAfter: 1,
          }),
        );
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(CREATED);
    });
    const c = client(baseUrl);
    await c.request(await form({ 'a.txt': 'abc' }));
    await c.close();
    expect(lengths).toHaveLength(2);
    expect(lengths[1]).toBe(lengths[0]);
    expect(lengths[0]).toBeGreaterThan(3);
  });
});
