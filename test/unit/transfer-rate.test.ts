import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SlowTransferError, withMinimumRate } from '../../src/core/http/transfer-rate.js';

const ORIGIN = 'http://api.test';

async function readAll(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

describe('withMinimumRate', () => {
  it('passes every byte of a body that is fast enough', async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(10_000, 1));
    const body = withMinimumRate(Readable.from(chunks), {
      bytesPerSecond: 1024,
      windowMs: 200,
      origin: ORIGIN,
    });
    expect(await readAll(body)).toBe(200_000);
  });

  it('fails a body that trickles under the rate over a window (exit 8), and lets the connection go', async () => {
    const source = new PassThrough();
    const timer = setInterval(() => source.write('x'), 100);
    try {
      const body = withMinimumRate(source, { bytesPerSecond: 1000, windowMs: 50, origin: ORIGIN });
      const error = await readAll(body).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(SlowTransferError);
      expect(error).toMatchObject({ exitCode: 8 });
      expect((error as Error).message).toMatch(
        /^the download from http:\/\/api\.test was too slow: [01] bytes in 50ms, under the minimum of 1000 bytes a second$/,
      );
      expect(source.destroyed).toBe(true);
    } finally {
      clearInterval(timer);
    }
  });

  it('does not blame the server for a reader that holds bytes back, or has not started', async () => {
    const source = new PassThrough();
    source.end(Buffer.alloc(1 << 20, 1));
    const body = withMinimumRate(source, { bytesPerSecond: 100_000, windowMs: 50, origin: ORIGIN });
    // Several windows pass before anyone reads; then the reader takes its time.
    await sleep(200);
    let bytes = 0;
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      await sleep(10);
    }
    expect(bytes).toBe(1 << 20);
  });

  it('keeps an error of the body as it is (a reset connection stays a reset)', async () => {
    const source = new PassThrough();
    const body = withMinimumRate(source, { bytesPerSecond: 1024, windowMs: 1000, origin: ORIGIN });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    setImmediate(() => source.destroy(reset));
    await expect(readAll(body)).rejects.toBe(reset);
  });

  it('a minimum of 0 is no minimum: the body itself', () => {
    const source = new PassThrough();
    expect(withMinimumRate(source, { bytesPerSecond: 0, windowMs: 50, origin: ORIGIN })).toBe(source);
  });
});
