/**
 * Slow clients cannot hold a connection open for ever: a head that never ends (slowloris), a body
 * that trickles, and an idle keep-alive connection are each closed after their time-out. The
 * time-outs are short here (options of startSandbox); the defaults are the same mechanism.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { type RawAnswer, useTestSandbox } from './helpers.js';

const t = useTestSandbox({ headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 });

/**
 * Opens a connection, writes `first`, then one byte of `drip` every 20 ms (so the socket is never
 * idle), and resolves with what came back once the server closes it.
 * @throws Error when the server keeps it open past `limitMs` (the defect this file guards against)
 */
function trickle(first: string, drip: string, limitMs = 10_000): Promise<{ answer: string; sent: number }> {
  const { port } = new URL(t.sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    const ticker = setInterval(() => {
      if (!socket.writable) return;
      socket.write(drip[sent % drip.length]!);
      sent++;
    }, 20);
    const limit = setTimeout(() => {
      clearInterval(ticker);
      socket.destroy();
      reject(new Error(`the connection was still open after ${limitMs} ms (${sent} bytes trickled)`));
    }, limitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(ticker);
      clearTimeout(limit);
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), sent });
    });
    socket.write(first);
  });
}

describe('time-outs of slow clients', () => {
  it('closes a connection whose head never ends (slowloris), with a 408', async () => {
    const { answer, sent } = await trickle(
      `GET /v1/workspaces HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${t.token}\r\nx-slow: `,
      'abcdefgh',
    );
    expect(sent).toBeGreaterThan(0);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request did not arrive in time');
  });

  it('closes a connection whose body trickles past the request time-out', async () => {
    const { answer } = await trickle(
      `POST /v1/cases HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${t.token}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`,
      ' ',
    );
    // Never a success: the body did not arrive.
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it('closes an idle keep-alive connection after its time-out', async () => {
    const { port } = new URL(t.sandbox.baseUrl);
    const answer = await new Promise<RawAnswer['body']>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      const limit = setTimeout(() => {
        socket.destroy();
        reject(new Error('the idle connection was still open after 10 s'));
      }, 10_000);
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(limit);
        resolve(Buffer.concat(chunks).toString('latin1'));
      });
      socket.write(`GET /_sandbox/health HTTP/1.1\r\nhost: localhost\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('keep-alive');
  });

  it('refuses a head time-out that is not shorter than the request time-out', async () => {
    await expect(startSandbox({ headersTimeoutMs: 1000, requestTimeoutMs: 1000 })).rejects.toThrow(
      /head time-out 1000 must be shorter than the request time-out 1000/,
    );
  });
});
