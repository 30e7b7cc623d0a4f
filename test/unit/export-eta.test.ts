/** The ETA of an export: from the pace measured lately, never earlier than the rate limiter allows. */
import { describe, expect, it } from 'vitest';
import { limitedEta, MeasuredEta, WARMUP_MS, WINDOW_MS } from '../../src/commands/attachments/eta.js';
import { TransferProgress } from '../../src/commands/attachments/progress.js';
import { RateLimiter } from '../../src/core/budget/limiter.js';
import { parseRateLimits } from '../../src/core/budget/rules.js';

/** A clock moved by hand. */
function manualClock() {
  let now = 0;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

/** `units` units, one every `everyMs`, on `clock`. */
function work(eta: MeasuredEta, clock: { pass(ms: number): void }, units: number, everyMs: number) {
  for (let i = 0; i < units; i++) {
    clock.pass(everyMs);
    eta.addUnits(1);
  }
}

describe('MeasuredEta', () => {
  it('follows the pace of the last window, not the average since the start', () => {
    const clock = manualClock();
    const eta = new MeasuredEta({ units: 200, bytes: undefined }, () => 0, clock.now);
    work(eta, clock, 20, 6000); // 2 minutes at one unit in 6 s...
    work(eta, clock, 100, 500); // ...then 50 s at two a second
    // 80 left at two a second; the average since the start (120 in 170 s) would say 113 s.
    expect(eta.etaMs()).toBe(40_000);
    work(eta, clock, 79, 500);
    expect(eta.etaMs()).toBe(500);
    work(eta, clock, 1, 500);
    expect(eta.etaMs()).toBe(0);
  });

  it('a stall raises it as it lasts; the window forgets the pace before the stall', () => {
    const clock = manualClock();
    const eta = new MeasuredEta({ units: 100, bytes: undefined }, () => 0, clock.now);
    work(eta, clock, 60, 500);
    expect(eta.etaMs()).toBe(20_000);
    clock.pass(WINDOW_MS / 2); // nothing done for 15 s: 30 done in the last 30 s
    expect(eta.etaMs()).toBe(40_000);
    clock.pass(WINDOW_MS / 2 + 1); // nothing done in a whole window: no pace to tell
    expect(eta.etaMs()).toBeUndefined();
  });

  it('never earlier than the plan (the limiter); blended with it until WARMUP_MS are measured', () => {
    const clock = manualClock();
    const eta = new MeasuredEta({ units: 100, bytes: undefined }, (left) => left * 100, clock.now);
    expect(eta.etaMs()).toBe(10_000); // nothing measured: the plan
    work(eta, clock, 1, WARMUP_MS / 4); // measured: 99 units at 2.5 s each
    expect(eta.etaMs()).toBe(9900 + 0.25 * (99 * 2500 - 9900));
    work(eta, clock, 59, 50); // 60 done in about 5.4 s: faster than the plan allows
    expect(eta.etaMs()).toBe(4000);
  });

  it('bytes: the later of the units and the bytes left at their pace', () => {
    const clock = manualClock();
    const eta = new MeasuredEta({ units: 10, bytes: 1000 }, () => 0, clock.now);
    clock.pass(1000);
    eta.addBytes(100); // one big file under way: no unit done yet, 100 bytes a second
    expect(eta.etaMs()).toBe(9000);
    eta.addUnits(5); // 5 small files done meanwhile: the bytes still take 9 s
    expect(eta.etaMs()).toBe(9000);
  });
});

describe('the ETA of an export under the rate limiter', () => {
  it('a 429 pause after the first read: the pause left and the reads, not the pause averaged over one read', async () => {
    const clock = manualClock();
    // Sleeps end when the test says so, at their deadline.
    const sleeping: (() => void)[] = [];
    const limiter = new RateLimiter(parseRateLimits('20/1s'), {
      now: clock.now,
      sleep: (ms) => {
        const until = clock.now() + ms;
        return new Promise((resolve) =>
          sleeping.push(() => {
            clock.pass(until - clock.now());
            resolve();
          }),
        );
      },
    });
    const request = async () => (await limiter.acquire()).release();
    const eta = limitedEta({ units: 32, bytes: undefined }, limiter, clock.now);
    clock.pass(100);
    await request();
    eta.addUnits(1);
    limiter.pause(45_000);
    const retry = request(); // the next read waits out the pause
    await new Promise((resolve) => setImmediate(resolve));
    clock.pass(44_000);
    // The pace since the start (one read in 44 s) would say 23 minutes.
    expect(eta.etaMs()).toBeLessThan(5000);
    expect(eta.etaMs()).toBeGreaterThanOrEqual(1000);
    sleeping.shift()!();
    await retry;
    eta.addUnits(1);
    for (let i = 0; i < 28; i++) {
      clock.pass(100);
      await request();
      eta.addUnits(1);
    }
    expect(limiter.heldMs()).toBe(45_000);
    // 2 left, at the pace measured without the pause: well under a second.
    expect(eta.etaMs()).toBeLessThan(1000);
  });

  it('downloads: a failed file counts as done, so the last seconds do not wait on it', () => {
    const clock = manualClock();
    const progress = new TransferProgress({ files: 4, bytes: 4000, requests: 4 }, undefined, clock.now);
    for (let i = 0; i < 3; i++) {
      clock.pass(1000);
      progress.addBytes(1000);
      progress.addFile();
      progress.settled(1);
    }
    expect(progress.etaMs()).toBe(1000);
    clock.pass(500);
    progress.settled(1); // a 404: no bytes, no file
    expect(progress.etaMs()).toBe(0);
    expect(progress.line()).toBe('3 of 4 files · 2.9 KiB of 3.9 KiB · 857 B/s · almost done');
  });
});
