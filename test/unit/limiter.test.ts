import { describe, expect, it } from 'vitest';
import { HoldTooLongError } from '../../src/core/budget/hold.js';
import { RateLimiter } from '../../src/core/budget/limiter.js';
import { describeRules, parseRateLimits, SPEC_LIMITS } from '../../src/core/budget/rules.js';
import { toApiError } from '../../src/core/http/api-error.js';

/**
 * A limiter on a virtual clock: sleeping moves the clock, so start times can be read off. Each
 * request is answered `latencyMs` after it starts.
 */
function virtual(limits = SPEC_LIMITS, latencyMs = 0) {
  let now = 0;
  const limiter = new RateLimiter(limits, {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  /** Acquires `n` permits one after the other and returns when each could start. */
  const starts = async (n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const permit = await limiter.acquire();
      times.push(now);
      now += latencyMs;
      permit.release();
    }
    return times;
  };
  return { limiter, starts, at: (ms: number) => (now = ms), now: () => now };
}

/**
 * Virtual time for concurrent code: `sleep` resolves when the clock reaches its deadline, and
 * `run` moves the clock from deadline to deadline whenever nothing else can happen.
 */
class VirtualClock {
  #now = 0;
  #timers: { at: number; wake: () => void }[] = [];
  now = () => this.#now;
  sleep = (ms: number) =>
    new Promise<void>((wake) => {
      this.#timers.push({ at: this.#now + ms, wake });
    });
  async run<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const result = work.finally(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      if (done) break;
      this.#timers.sort((a, b) => a.at - b.at);
      const next = this.#timers.shift();
      if (!next) throw new Error('deadlock: nothing scheduled and the work is not done');
      this.#now = Math.max(this.#now, next.at);
      next.wake();
    }
    return result;
  }
}

/** The largest number of starts inside any window of `windowMs` (half-open, as a server counts). */
function busiestWindow(starts: number[], windowMs: number): number {
  let best = 0;
  let head = 0;
  for (let i = 0; i < starts.length; i++) {
    while (starts[i]! - starts[head]! >= windowMs) head++;
    best = Math.max(best, i - head + 1);
  }
  return best;
}

describe('parseRateLimits', () => {
  it('reads spec, off, one rule (that limit alone: 4/1s is 240 a minute), and two rules', () => {
    expect(parseRateLimits('spec')).toBe(SPEC_LIMITS);
    expect(parseRateLimits('off')).toEqual({ rules: [] });
    expect(parseRateLimits('4/1s')).toEqual({ rules: [{ limit: 4, windowMs: 1000 }] });
    expect(parseRateLimits('50/m, 400/1h')).toEqual({
      rules: [
        { limit: 50, windowMs: 60_000 },
        { limit: 400, windowMs: 3_600_000 },
      ],
    });
  });

  it('keeps a rule given alone, and no other: 4/1s starts 240 requests within a minute', async () => {
    const { starts } = virtual(parseRateLimits('4/1s'));
    const times = await starts(240);
    expect(times.at(-1)).toBeLessThan(60_000);
    // Never more than 4 in a second.
    expect(times.filter((t) => t >= 10_000 && t < 11_000)).toHaveLength(4);
  });

  it.each(['', 'fast', '0/1s', '10/0s', '10/1d', '10', '1/1s,2/2s,3/3s', '-1/1s'])('refuses %j', (text) => {
    expect(() => parseRateLimits(text)).toThrow(/N\/DURATION|at most two/);
  });
});

describe('describeRules', () => {
  it('says the limits in words, the spec pair as the messages that cite it read', () => {
    expect(describeRules(SPEC_LIMITS.rules)).toBe('100 requests per minute and 1,000 per hour');
    expect(describeRules(parseRateLimits('20/10s').rules)).toBe('20 requests per 10s');
    expect(describeRules(parseRateLimits('4/1s,200/1m').rules)).toBe(
      '4 requests per second and 200 per minute',
    );
    expect(describeRules(parseRateLimits('off').rules)).toBe('no limit');
  });

  it("gives the hint of a 429 what the server said, never the spec's figures", () => {
    const headers = { 'retry-after': '7', 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' };
    const body = { statusCode: 429, message: 'slow down', retryAfter: 7 };
    expect(toApiError(429, headers, body, new Date()).hint).toBe(
      'the server said Retry-After: 7, x-ratelimit-limit: 2, x-ratelimit-remaining: 0: wait 7s before sending again',
    );
    expect(toApiError(429, {}, body, new Date(), { retries: 0, given: true }).hint).toBe(
      'the server said retryAfter 7s; sent with --retries 0, so it was not retried: wait 7s, or leave --retries out to wait and retry (5 times)',
    );
    expect(toApiError(429, {}, { message: 'slow down' }, new Date(), { retries: 5, given: false }).hint).toBe(
      "the server gave no wait; still refused after 5 retries: wait, or lower this machine's pace to the server's limit with --request-rate N/DURATION",
    );
  });
});

describe('RateLimiter', () => {
  it('uses the whole burst: 130 requests under the spec take one minute, not 78 s', async () => {
    const { starts } = virtual();
    const times = await starts(130);
    expect(times.slice(0, 100).every((t) => t === 0)).toBe(true);
    expect(times[100]).toBe(60_000);
    expect(times.at(-1)).toBe(60_000);
  });

  it('honours the hourly rule once the minute rule would allow more', async () => {
    const { limiter, starts } = virtual();
    limiter.waitOutWindows();
    const times = await starts(1001);
    // 10 minutes of bursts of 100, then the 1,001st waits for the hour.
    expect(times[999]).toBe(9 * 60_000);
    expect(times[1000]).toBe(3_600_000);
    expect(busiestWindow(times, 3_600_000)).toBe(1000);
    expect(busiestWindow(times, 60_000)).toBe(100);
  });

  it('counts a request from its answer: a slow answer pushes the next slot back by its latency', async () => {
    const { starts } = virtual({ rules: [{ limit: 2, windowMs: 1000 }] }, 50);
    expect(await starts(3)).toEqual([0, 50, 1050]);
  });

  it('under concurrency and uneven latency, no window can ever hold more than N', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter({ rules: [{ limit: 7, windowMs: 1000 }] }, clock);
    const log: { start: number; answer: number }[] = [];
    let n = 0;
    const worker = async () => {
      while (n < 300) {
        n++;
        const permit = await limiter.acquire();
        const start = clock.now();
        // Deterministic, uneven latencies from 0 to 600 ms.
        await clock.sleep(((log.length * 7919) % 13) * 50);
        log.push({ start, answer: clock.now() });
        permit.release();
      }
    };
    await clock.run(Promise.all([worker(), worker(), worker(), worker()]));
    expect(log).toHaveLength(300);
    // The server counts each request at some moment between its start and its answer. Whatever
    // those moments are, a window can only hold N when, at every start, fewer than N others that
    // started before it were still unanswered within a window's length.
    const worst = Math.max(
      ...log.map(
        (j) => log.filter((i) => i !== j && i.start <= j.start && i.answer > j.start - 1000).length + 1,
      ),
    );
    expect(worst).toBeLessThanOrEqual(7);
    // ...and the limiter did use its budget: some second saw all seven.
    expect(worst).toBe(7);
  });

  it('requests in flight count: with N unanswered, the next waits for an answer', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter({ rules: [{ limit: 3, windowMs: 1000 }] }, clock);
    const granted: number[] = [];
    const permits = Array.from({ length: 4 }, () =>
      limiter.acquire().then((permit) => {
        granted.push(clock.now());
        return permit;
      }),
    );
    await clock.run(Promise.all(permits.slice(0, 3)));
    expect(granted).toEqual([0, 0, 0]);
    await clock.run(clock.sleep(5000));
    expect(granted).toHaveLength(3);
    (await permits[0]!).release();
    await clock.run(permits[3]!);
    expect(granted).toEqual([0, 0, 0, 6000]);
  });

  it('a pause holds every request; only the first pause of a run says so', async () => {
    const { limiter, starts, at } = virtual({ rules: [] });
    expect(limiter.pause(30_000)).toBe(true);
    expect(limiter.pause(10_000)).toBe(false);
    expect(await starts(2)).toEqual([30_000, 30_000]);
    at(40_000);
    expect(limiter.pause(5_000)).toBe(true);
  });

  it('a clock stepped back an hour costs no wait: answers and a pause from before the step are forgotten', async () => {
    const HOUR = 3_600_000;
    const { limiter, starts, at } = virtual();
    at(10 * HOUR);
    await starts(100); // the minute's whole burst
    limiter.pause(30_000);
    at(9 * HOUR); // NTP steps the clock back an hour
    expect(await starts(1)).toEqual([9 * HOUR]);
  });

  it("counts every hold in how long the next request waits: a 429 pause, the machine's shared budget", async () => {
    const { limiter } = virtual();
    limiter.pause(30_000);
    expect(limiter.eta(1)).toBe(30_000);

    // Other processes on the token used the budget: the machine's share holds this one 55 s.
    let now = 0;
    let wake: () => void = () => {};
    const asked: number[] = [];
    const held = new RateLimiter(SPEC_LIMITS, {
      now: () => now,
      sleep: (ms) =>
        new Promise<void>((resolve) => {
          wake = () => {
            now += ms;
            resolve();
          };
        }),
      shared: {
        reserve: (at) => {
          asked.push(at);
          return at < 55_000
            ? { until: 55_000, cause: { rule: SPEC_LIMITS.rules[0]!, index: 0 }, shared: true }
            : { release: () => {} };
        },
        pause: () => {},
        spent: () => undefined,
        sharing: true,
      },
    });
    const permit = held.acquire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([0]);
    expect(held.eta(1)).toBe(55_000);
    now = 20_000;
    expect(held.eta(1)).toBe(35_000);
    wake();
    (await permit).release();
    expect(held.eta(1)).toBe(0);
  });

  it('estimates how long the next requests will take', async () => {
    const { limiter, starts } = virtual();
    expect(limiter.eta(100)).toBe(0);
    expect(limiter.eta(250)).toBe(120_000);
    await starts(50);
    expect(limiter.eta(51)).toBe(60_000);
    expect(limiter.eta(0)).toBe(0);
  });

  it('off: no waiting at all', async () => {
    const { starts } = virtual(parseRateLimits('off'));
    const times = await starts(5000);
    expect(times.at(-1)).toBe(0);
  });

  it('a budget of one request is one request, not "1 requests"', async () => {
    let now = 0;
    const notices: string[] = [];
    const limiter = new RateLimiter(parseRateLimits('1/1m'), {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
    });
    (await limiter.acquire()).release();
    (await limiter.acquire()).release();
    expect(notices).toEqual([
      'the per-minute budget of 1 request for this token is spent; the next request can go at 00:01:00 UTC (in 1m)',
    ]);
  });

  it('a wait of 2 s or more says why and for how long, once; a shorter one says nothing', async () => {
    let now = 0;
    const notices: string[] = [];
    const limiter = new RateLimiter(parseRateLimits('3/10s'), {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
    });
    const start = async () => (await limiter.acquire()).release();
    for (let i = 0; i < 3; i++) await start();
    expect(notices).toEqual([]);
    now = 1000;
    await start();
    expect(now).toBe(10_000);
    expect(notices).toEqual([
      'the budget of 3 requests per 10s for this token is spent; the next request can go at 00:00:10 UTC (in 9s)',
    ]);
    // A short wait: no word.
    await start();
    await start();
    now = 18_500;
    await start();
    expect(now).toBe(20_000);
    expect(notices).toHaveLength(1);
  });

  it('a hold longer than wfd waits (15m by default) fails every waiting request at once: exit 7, and when to try again', async () => {
    const { limiter, starts, now } = virtual();
    await starts(1000);
    const waiting = [limiter.acquire(), limiter.acquire()];
    const failures = await Promise.allSettled(waiting);
    expect(now()).toBe(9 * 60_000); // nothing was waited
    const [first, second] = failures.map((failure) => (failure as PromiseRejectedResult).reason);
    expect(first).toBeInstanceOf(HoldTooLongError);
    expect(second.message).toBe(first.message);
    expect(first.exitCode).toBe(7);
    expect(first.message).toBe(
      'the hourly budget of 1,000 requests for this client is spent; the next request can go at 01:00:00 UTC (in 51m), longer than the 15m wfd waits at most (WFD_MAX_WAIT)',
    );
    expect(first.hint).toBe('run it again after 01:00:00 UTC, or set WFD_MAX_WAIT=51m to wait for it');
  });

  it('WFD_MAX_WAIT bounds client-side holds too: a minute hold fails under WFD_MAX_WAIT=30s', async () => {
    let now = 0;
    const limiter = new RateLimiter(SPEC_LIMITS, {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      maxWaitMs: 30_000,
    });
    for (let i = 0; i < 100; i++) (await limiter.acquire()).release();
    now = 10_000;
    await expect(limiter.acquire()).rejects.toThrow(
      'the per-minute budget of 100 requests for this token is spent; the next request can go at 00:01:00 UTC (in 50s), longer than the 30s wfd waits at most (WFD_MAX_WAIT)',
    );
    // A bulk run keeps to a bound that was set.
    expect(limiter.waitOutWindows()).toBe(30_000);
  });

  it('a bulk run waits out an hourly hold unless WFD_MAX_WAIT is set, and its notice says so', async () => {
    let now = 0;
    const notices: string[] = [];
    const limiter = new RateLimiter(SPEC_LIMITS, {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
    });
    expect(limiter.waitOutWindows()).toBe(3_600_000);
    for (let i = 0; i < 1001; i++) (await limiter.acquire()).release();
    expect(now).toBe(3_600_000);
    expect(notices.at(-1)).toBe(
      'the hourly budget of 1,000 requests for this client is spent; the next request can go at 01:00:00 UTC (in 51m); a bulk run waits for it (up to 1h; WFD_MAX_WAIT sets another bound)',
    );
    // The minute holds before it: told once each, with no word about bulk runs.
    expect(notices).toHaveLength(10);
    expect(notices[0]).toBe(
      'the per-minute budget of 100 requests for this token is spent; the next request can go at 00:01:00 UTC (in 1m)',
    );
  });

  it("tells a hold of the machine's shared budget with its cause in words, and counts what other runs spent in its plans", async () => {
    const start = Date.UTC(2026, 11, 1, 6, 9, 2);
    let now = start;
    const notices: string[] = [];
    // Other runs answered 1,000 requests in the hour: the oldest leaves it in 47m58s.
    const spent = Array.from({ length: 1000 }, (_, i) => start - 3_600_000 + 2_878_000 + i);
    const hourly = SPEC_LIMITS.rules[1]!;
    const limiter = new RateLimiter(SPEC_LIMITS, {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
      shared: {
        reserve: (at) =>
          at < spent[0]! + 3_600_000
            ? { until: spent[0]! + 3_600_000, cause: { rule: hourly, index: 1 }, shared: true }
            : { release: () => {} },
        pause: () => {},
        spent: () => [[], spent],
        sharing: true,
      },
    });
    expect(limiter.eta(1)).toBe(2_878_000);
    limiter.waitOutWindows();
    (await limiter.acquire()).release();
    expect(notices).toEqual([
      'the hourly budget of 1,000 requests for this client, shared by every wfd run on this machine, is spent; the next request can go at 06:57:00 UTC (in 47m58s); a bulk run waits for it (up to 1h; WFD_MAX_WAIT sets another bound)',
    ]);
  });

  it('names the rule that holds the run as the user gave it: 40 requests per minute', async () => {
    let now = 0;
    const notices: string[] = [];
    const limiter = new RateLimiter(parseRateLimits('4/1s,40/1m'), {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
    });
    for (let i = 0; i < 41; i++) (await limiter.acquire()).release();
    expect(now).toBe(60_000);
    expect(notices).toEqual([
      'the per-minute budget of 40 requests for this client is spent; the next request can go at 00:01:00 UTC (in 51s)',
    ]);
  });

  it('a 429 pause is not also reported as a limiter wait (the client says it once)', async () => {
    let now = 0;
    const notices: string[] = [];
    const limiter = new RateLimiter(parseRateLimits('off'), {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      notice: (line) => notices.push(line),
    });
    limiter.pause(30_000);
    (await limiter.acquire()).release();
    expect(now).toBe(30_000);
    expect(notices).toEqual([]);
  });
});
