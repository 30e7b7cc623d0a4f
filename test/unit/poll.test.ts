import { describe, expect, it } from 'vitest';
import { poll } from '../../src/core/poll.js';

/** A clock that moves only when the poll sleeps or a read takes time. */
function fakeTime() {
  let now = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => now,
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('poll', () => {
  it('reads again after pauses that grow from 1s by half each time, up to 10s, until done', async () => {
    const time = fakeTime();
    const states = [
      'pending',
      'processing',
      'processing',
      'processing',
      'processing',
      'processing',
      'processing',
      'completed',
    ];
    let reads = 0;
    const seen: string[] = [];
    const result = await poll('pending', {
      read: async () => states[++reads]!,
      done: (state) => state === 'completed',
      timeoutMs: 600_000,
      sleep: time.sleep,
      now: time.now,
      onRead: (state) => seen.push(state),
    });
    expect(result).toEqual({ value: 'completed', timedOut: false });
    expect(time.pauses).toEqual([1000, 1500, 2250, 3375, 5062.5, 7593.75, 10_000]);
    expect(seen.at(-1)).toBe('completed');
  });

  it('returns at once when the first value is done', async () => {
    const time = fakeTime();
    const result = await poll('failed', {
      read: async () => 'never',
      done: (state) => state !== 'pending',
      timeoutMs: 1,
      sleep: time.sleep,
      now: time.now,
    });
    expect(result).toEqual({ value: 'failed', timedOut: false });
    expect(time.pauses).toEqual([]);
  });

  it('looks one last time at the deadline, then says the time ran out', async () => {
    const time = fakeTime();
    let reads = 0;
    const result = await poll('pending', {
      read: async () => {
        reads++;
        time.advance(100);
        return 'processing';
      },
      done: (state) => state === 'completed',
      timeoutMs: 3000,
      sleep: time.sleep,
      now: time.now,
    });
    expect(result).toEqual({ value: 'processing', timedOut: true });
    // 1000 (+100 read) + 1500 (+100) = 2700; then the 300 left, a last read, and the time is up.
    expect(time.pauses).toEqual([1000, 1500, 300]);
    expect(reads).toBe(3);
  });
});
