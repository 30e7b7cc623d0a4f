/**
 * The OAuth loopback listener over real HTTPS on 127.0.0.1: one callback then closed, other
 * paths 404, and every way the wait can end leaves no listener behind.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackCertificate, loopbackCertificate } from '../../src/core/auth/certificate.js';
import { listenForRedirect } from '../../src/core/auth/loopback.js';
import { AuthError, CancelledError } from '../../src/core/errors.js';

let dir: string;
let tls: LoopbackCertificate;
const NOW = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-loopback-'));
  tls = await loopbackCertificate(dir, NOW);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Fetched {
  status: number;
  body: string;
  fingerprint: string;
}

/** A GET as a browser that accepted the self-signed certificate would send it. */
function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      const fingerprint = (res.socket as import('node:tls').TLSSocket).getPeerCertificate().fingerprint256;
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, fingerprint }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether something accepts connections at host:port. */
function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function portOf(uri: string): number {
  return Number(new URL(uri).port);
}

describe('the certificate', () => {
  it('is made once, kept 0600 in the config folder, and is what the listener serves', async () => {
    expect(statSync(join(dir, 'oauth-loopback.pem')).mode & 0o777).toBe(0o600);
    expect((await loopbackCertificate(dir, NOW)).fingerprint).toBe(tls.fingerprint);
    expect(tls.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const waiting = loopback.waitForCode({ state: 's1', timeoutMs: 30_000 });
    const page = await get(`${loopback.redirectUri}?code=c1&state=s1`);
    expect(page.fingerprint).toBe(tls.fingerprint);
    await waiting;
  });

  it('is made again when it is about to expire', async () => {
    const later = new Date(NOW.getTime() + 397 * 86_400_000);
    expect((await loopbackCertificate(dir, later)).fingerprint).not.toBe(tls.fingerprint);
    tls = await loopbackCertificate(dir, later);
  });
});

describe('the listener', () => {
  it('takes a free port when the redirect URI has none, and the redirect URI then carries it', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/oauth/done', tls });
    expect(loopback.redirectUri).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/oauth\/done$/);
    expect(await listening(portOf(loopback.redirectUri))).toBe(true);
    await loopback.close();
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('listens on 127.0.0.1 only', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    try {
      if (external) expect(await listening(portOf(loopback.redirectUri), external.address)).toBe(false);
      expect(await listening(portOf(loopback.redirectUri), '127.0.0.1')).toBe(true);
    } finally {
      await loopback.close();
    }
  });

  it('one callback: the code, a page saying the tab can be closed, then nothing listens', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const waiting = loopback.waitForCode({ state: 'st', timeoutMs: 30_000 });
    const favicon = await get(new URL('/favicon.ico', loopback.redirectUri).toString());
    const other = await get(new URL('/elsewhere?code=x&state=st', loopback.redirectUri).toString());
    expect([favicon.status, other.status]).toEqual([404, 404]);
    const page = await get(`${loopback.redirectUri}?code=the-code&state=st`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('You can close this tab');
    expect(await waiting).toBe('the-code');
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('a forged callback (another state, no state, no code) is refused 400 and the login keeps waiting for its own', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const strays: string[] = [];
    const waiting = loopback.waitForCode({
      state: 'mine',
      timeoutMs: 30_000,
      onStray: (reason) => strays.push(reason),
    });
    for (const query of ['code=c&state=theirs', 'code=c', 'state=mine', 'error=access_denied&state=theirs']) {
      const page = await get(`${loopback.redirectUri}?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.body).toContain('wfd goes on waiting');
    }
    expect(strays).toEqual([
      'its state is not the one of this login',
      'it carries no state',
      'it carries neither a code nor an error',
      'its state is not the one of this login',
    ]);
    expect(await listening(portOf(loopback.redirectUri))).toBe(true);
    const page = await get(`${loopback.redirectUri}?code=the-code&state=mine`);
    expect(page.status).toBe(200);
    expect(await waiting).toBe('the-code');
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('an error= redirect: the description, escaped on the page', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const waiting = loopback.waitForCode({ state: 'st', timeoutMs: 30_000 }).catch((e: unknown) => e);
    const params = new URLSearchParams({
      error: 'access_denied',
      error_description: 'No <b>way</b>',
      state: 'st',
    });
    const page = await get(`${loopback.redirectUri}?${params}`);
    expect(page.body).toContain('No &#60;b&#62;way&#60;/b&#62;');
    const error = await waiting;
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('the authorization was refused (access_denied): No <b>way</b>');
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('a port in use is exit 3 with a clear message', async () => {
    const first = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    try {
      const taken = first.redirectUri;
      const error = await listenForRedirect({ redirectUri: taken, tls }).catch(
        (e: unknown) => e as AuthError,
      );
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).message).toBe(
        `cannot listen on 127.0.0.1:${portOf(taken)} for the OAuth redirect: the port is in use`,
      );
    } finally {
      await first.close();
    }
  });

  it('the time-out ends the wait with exit 3 and closes the listener', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const error = await loopback
      .waitForCode({ state: 'st', timeoutMs: 50 })
      .catch((e: unknown) => e as AuthError);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('no answer from the browser within 50ms: the login timed out');
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('Ctrl-C (the abort signal) ends the wait with exit 130 and closes the listener', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    const controller = new AbortController();
    const waiting = loopback.waitForCode({ state: 'st', timeoutMs: 30_000, signal: controller.signal });
    controller.abort();
    const error = await waiting.catch((e: unknown) => e as CancelledError);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).exitCode).toBe(130);
    expect(await listening(portOf(loopback.redirectUri))).toBe(false);
  });

  it('a callback before anyone waits is not taken', async () => {
    const loopback = await listenForRedirect({ redirectUri: 'https://127.0.0.1/callback', tls });
    try {
      expect((await get(`${loopback.redirectUri}?code=early&state=x`)).status).toBe(404);
      const waiting = loopback.waitForCode({ state: 'x', timeoutMs: 30_000 });
      await get(`${loopback.redirectUri}?code=late&state=x`);
      expect(await waiting).toBe('late');
    } finally {
      await loopback.close();
    }
  });
});
