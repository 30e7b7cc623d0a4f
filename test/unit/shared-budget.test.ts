import {
  chmodSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BudgetLog,
  earliestStart,
  emptyLog,
  parseLog,
  pruneLog,
  releaseIn,
} from '../../src/core/budget/budget-log.js';
import type { Hold } from '../../src/core/budget/hold.js';
import { RateLimiter } from '../../src/core/budget/limiter.js';
import { parseRateLimits } from '../../src/core/budget/rules.js';
import { budgetDir, SharedBudget, type SharedGrant } from '../../src/core/budget/shared-budget.js';
import { canMountSmallDisk, mountSmallDisk } from '../support/small-disk.js';
import { useTempDir } from '../support/temp-dir.js';

const RULES = parseRateLimits('3/1s,30/1m').rules; // 3 per second per token, 30 per minute per client
const alive = () => true;
const MAX_WAIT = 15 * 60_000;
const BOUNDS = { maxWaitMs: MAX_WAIT, reservationMs: 35_000 };

const TOKEN = 'wfd_0123456789abcdef0123456789abcdef';

/** A SharedBudget in `temp`'s folder `budget`, for one token; `options` replace the defaults. */
function budgetIn(temp: { path: string }) {
  return (options: Partial<ConstructorParameters<typeof SharedBudget>[0]> = {}) =>
    new SharedBudget({
      dir: join(temp.path, 'budget'),
      origin: 'http://127.0.0.1:4010',
      token: TOKEN,
      rules: RULES,
      requestTimeoutMs: 30_000,
      maxWaitMs: MAX_WAIT,
      ...options,
    });
}

/** A grant of a request, not a hold. */
function isGrant(reserved: SharedGrant | Hold): boolean {
  return 'release' in reserved;
}

/** When a hold ends; fails on a grant. */
function heldUntil(reserved: SharedGrant | Hold): number {
  if (!('until' in reserved)) throw new Error('granted, not held');
  return reserved.until;
}

function answers(tag: string, ...times: number[]): BudgetLog {
  return { ...emptyLog(), answered: times.map((t) => ({ t, k: tag })) };
}

describe('the shared log', () => {
  it('lets a request start once the third most recent answer of its token has left the window', () => {
    const log = answers('a', 100, 200, 300);
    expect(earliestStart(log, RULES, 'a', 400)).toEqual({ at: 1_100, by: 0 });
    // Another token's answers do not count against the per-token rule.
    expect(earliestStart(log, RULES, 'b', 400)).toEqual({ at: 400 });
  });

  it('counts every token of the client against the second rule', () => {
    const log: BudgetLog = {
      ...emptyLog(),
      answered: Array.from({ length: 30 }, (_, i) => ({ t: i * 10, k: `t${i}` })),
    };
    // 30 per 60 s: the oldest answer (t=0) must leave the minute first.
    expect(earliestStart(log, RULES, 'new', 1_000)).toEqual({ at: 60_000, by: 1 });
  });

  it('counts reservations in flight in every window, and waits for a release when they fill a rule', () => {
    const reserved = ['1', '2', '3'].map((id) => ({ id, pid: 1, k: 'a', until: 10_000 }));
    expect(earliestStart({ ...emptyLog(), reserved }, RULES, 'a', 0)).toEqual({ by: 0 });
    expect(earliestStart({ ...emptyLog(), reserved: reserved.slice(1) }, RULES, 'a', 0)).toEqual({ at: 0 });
  });

  it('holds every token until a pause from a 429 is over', () => {
    expect(earliestStart({ ...emptyLog(), pausedUntil: 5_000 }, RULES, 'a', 1_000)).toEqual({
      at: 5_000,
      by: 'pause',
    });
  });

  it('forgets answers older than the longest window, expired reservations and those of dead processes', () => {
    const log: BudgetLog = {
      answered: [
        { t: 500, k: 'a' },
        { t: 10, k: 'a' },
        { t: 70_000, k: 'a' },
      ],
      reserved: [
        { id: 'expired', pid: 1, k: 'a', until: 69_999 },
        { id: 'dead', pid: 2, k: 'a', until: 99_999 },
        { id: 'live', pid: 1, k: 'a', until: 99_999 },
      ],
      pausedUntil: 1_000,
    };
    const pruned = pruneLog(log, RULES, 70_000, (pid) => pid === 1, BOUNDS);
    expect(pruned.answered.map((e) => e.t)).toEqual([70_000]);
    expect(pruned.reserved.map((r) => r.id)).toEqual(['live']);
    expect(pruned.pausedUntil).toBe(0);
  });

  it('drops answers and a pause from the future (a clock stepped back), and cuts a pause to the longest wait', () => {
    const HOUR = 3_600_000;
    const now = 10 * HOUR;
    const log: BudgetLog = {
      answered: [
        { t: now - 1_000, k: 'a' },
        { t: now + 2_000, k: 'a' }, // written just after this process read the clock: kept
        { t: now + HOUR - 10_000, k: 'a' },
      ],
      reserved: [],
      pausedUntil: now + HOUR + 60_000,
      pausedAt: now + HOUR,
    };
    const pruned = pruneLog(log, RULES, now, alive, BOUNDS);
    expect(pruned.answered.map((e) => e.t)).toEqual([now - 1_000, now + 2_000]);
    expect(pruned.pausedUntil).toBe(0);
    const far = { ...emptyLog(), pausedUntil: now + 98_204_149_835_000, pausedAt: now - 1 };
    expect(pruneLog(far, RULES, now, alive, BOUNDS).pausedUntil).toBe(now + MAX_WAIT);
    // A file of an earlier version has no pausedAt: its pause is cut all the same.
    const { pausedAt: _, ...old } = far;
    expect(pruneLog(old, RULES, now, alive, BOUNDS).pausedUntil).toBe(now + MAX_WAIT);
  });

  it('turns a released reservation into an answer of its token', () => {
    const log = { ...emptyLog(), reserved: [{ id: 'x', pid: 1, k: 'a', until: 9 }] };
    expect(releaseIn(log, 'x', 'a', 5)).toEqual({
      answered: [{ t: 5, k: 'a' }],
      reserved: [],
      pausedUntil: 0,
    });
  });

  it('reads a torn or foreign file as an empty log', () => {
    expect(parseLog('{"answered":[{"t":1,')).toEqual(emptyLog());
    expect(parseLog('[]')).toEqual(emptyLog());
    expect(parseLog('{"answered":[{"t":1,"k":"a"},{"t":"x"}],"reserved":[]}').answered).toEqual([
      { t: 1, k: 'a' },
    ]);
  });
});

describe('SharedBudget', () => {
  const temp = useTempDir('wfd-budget-');
  const budget = budgetIn(temp);

  it('makes the second process wait for what the first one used, and says which rule holds it', () => {
    const first = budget();
    const second = budget();
    for (let i = 0; i < 3; i++) (first.reserve(1_000 + i) as SharedGrant).release(1_010 + i);
    expect(heldUntil(second.reserve(1_100))).toBe(2_010);
    expect(second.reserve(1_200)).toEqual({
      until: 2_010,
      cause: { rule: RULES[0], index: 0 },
      shared: true,
    });
    for (let i = 0; i < 27; i++) (first.reserve(3_000 + i * 1_000) as SharedGrant).release(3_000 + i * 1_000);
    expect(second.reserve(29_500)).toEqual({
      until: 61_010,
      cause: { rule: RULES[1], index: 1 },
      shared: true,
    });
  });

  it('never writes the token, and keeps the file and folder private', () => {
    (budget().reserve(1_000) as SharedGrant).release(1_001);
    const dir = join(temp.path, 'budget');
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^[0-9a-f]{8}\.json$/);
    expect(readFileSync(join(dir, file!), 'utf8')).not.toContain('0123456789abcdef');
  });

  it('frees the reservations of a process that died with requests in flight', () => {
    const crashed = budget({ isAlive: alive });
    for (let i = 0; i < 3; i++) expect(isGrant(crashed.reserve(1_000))).toBe(true);
    const blocked = budget({ isAlive: alive });
    expect(heldUntil(blocked.reserve(1_000))).toBe(1_050); // in flight elsewhere: look again soon
    const survivor = budget({ isAlive: (pid) => pid !== process.pid });
    expect(isGrant(survivor.reserve(1_000))).toBe(true);
  });

  it('removes a lock left by a crashed process', () => {
    const dir = join(temp.path, 'budget');
    (budget().reserve(1_000) as SharedGrant).release(1_001);
    const [file] = readdirSync(dir);
    const lock = join(dir, `${file}.lock`);
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(isGrant(budget().reserve(1_002))).toBe(true);
  });

  it('holds every process after a 429 seen by one', () => {
    budget().pause(1_000, 9_000);
    expect(heldUntil(budget().reserve(1_500))).toBe(9_000);
  });

  it('keeps its own budget only when the folder cannot be used', () => {
    const file = join(temp.path, 'not-a-folder');
    writeFileSync(file, '');
    const lines: string[] = [];
    const broken = budget({ dir: join(file, 'budget'), debug: (line) => lines.push(line) });
    for (let i = 0; i < 5; i++) expect(isGrant(broken.reserve(1_000))).toBe(true);
    expect(lines[0]).toMatch(/^rate budget not shared: /);
  });

  it('is asked by the limiter before each request, which then waits for the machine', async () => {
    let now = 1_000;
    const other = budget();
    for (let i = 0; i < 3; i++) (other.reserve(now) as SharedGrant).release(now);
    const limiter = new RateLimiter(
      { rules: RULES },
      {
        now: () => now,
        sleep: async (ms) => {
          now += ms;
        },
        shared: budget(),
      },
    );
    const permit = await limiter.acquire();
    expect(now).toBe(2_000);
    permit.release();
  });
});

describe('SharedBudget and the rules of state files', () => {
  const temp = useTempDir('wfd-budget-');
  const HOUR = 3_600_000;
  const budget = budgetIn(temp);
  /** The budget's file, made by one request. */
  const budgetFile = (): string => {
    (budget().reserve(1_000) as SharedGrant).release(1_001);
    const dir = join(temp.path, 'budget');
    return join(dir, readdirSync(dir).find((name) => name.endsWith('.json'))!);
  };
  const victim = () => {
    const path = join(temp.path, 'victim');
    writeFileSync(path, 'precious\n', { mode: 0o600 });
    return path;
  };

  it('a clock stepped back an hour costs no wait: the answers of the hour before are dropped', () => {
    const now = 100 * HOUR;
    const file = budgetFile();
    // Thirty answers (the client's whole minute) an hour ahead of the clock as it now reads.
    const answered = Array.from({ length: 30 }, (_, i) => ({ t: now + HOUR + i, k: 'other' }));
    writeFileSync(file, JSON.stringify({ ...emptyLog(), answered }));
    expect(heldUntil(budget().reserve(now + HOUR))).toBe(now + HOUR + 60_000);
    expect(isGrant(budget().reserve(now))).toBe(true);
  });

  it('a pause set before the clock stepped back an hour costs no wait', () => {
    const now = 100 * HOUR;
    budget().pause(now + HOUR, now + HOUR + 60_000);
    expect(heldUntil(budget().reserve(now + HOUR + 1))).toBe(now + HOUR + 60_000);
    expect(isGrant(budget().reserve(now))).toBe(true);
  });

  it('a pause far in the future is cut to WFD_MAX_WAIT, said once, and written back cut', () => {
    const file = budgetFile();
    const now = 1_000_000;
    writeFileSync(
      file,
      JSON.stringify({ ...emptyLog(), pausedUntil: now + 98_204_149_835_000, pausedAt: now }),
    );
    const notices: string[] = [];
    const waiting = budget({ notice: (line) => notices.push(line) });
    expect(heldUntil(waiting.reserve(now))).toBe(now + MAX_WAIT);
    expect(notices).toEqual([
      'the rate budget shared with other wfd processes holds requests until 5081-12-19T02:47:15.000Z, longer than the 15m wfd waits at most (WFD_MAX_WAIT); waiting 15m at most',
    ]);
    expect(parseLog(readFileSync(file, 'utf8')).pausedUntil).toBe(now + MAX_WAIT);
    // Once that wait is over, requests go.
    expect(isGrant(waiting.reserve(now + MAX_WAIT))).toBe(true);
  });

  it('a pause past what a date can hold (1e400 reads as Infinity) is cut as well', () => {
    const file = budgetFile();
    writeFileSync(file, '{"answered":[],"reserved":[],"pausedUntil":1e400}');
    const notices: string[] = [];
    expect(heldUntil(budget({ notice: (line) => notices.push(line) }).reserve(5_000))).toBe(5_000 + MAX_WAIT);
    expect(notices[0]).toMatch(/holds requests until a time out of range, longer than the 15m/);
  });

  it('does not follow a link planted at its file: the target is untouched, the budget not shared', () => {
    const file = budgetFile();
    const target = victim();
    unlinkSync(file);
    symlinkSync(target, file);
    const notices: string[] = [];
    const planted = budget({ notice: (line) => notices.push(line) });
    for (let i = 0; i < 3; i++) (planted.reserve(2_000 + i) as SharedGrant).release(2_000 + i);
    planted.pause(3_000, 9_000);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(notices).toEqual([
      `rate budget not shared with other wfd processes: wfd does not use ${file}: it is a symbolic link, which wfd does not follow (replace it with the file it points to)`,
    ]);
  });

  it('does not follow a link planted at its lock, nor leaves it', () => {
    const file = budgetFile();
    const target = victim();
    symlinkSync(target, `${file}.lock`);
    // The lock is taken exclusively: a link there is a lock held; an old one is removed.
    const old = new Date(Date.now() - 60_000);
    utimesSync(target, old, old);
    lutimesSync(`${file}.lock`, old, old);
    expect(isGrant(budget().reserve(2_000))).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(readdirSync(join(temp.path, 'budget'))).toEqual([file.split('/').at(-1)]);
  });

  it('does not use a folder others may write to, and says so once', () => {
    const dir = join(temp.path, 'budget');
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o775);
    const notices: string[] = [];
    const loose = budget({ notice: (line) => notices.push(line) });
    for (let i = 0; i < 3; i++) expect(isGrant(loose.reserve(1_000 + i))).toBe(true);
    expect(notices).toEqual([
      `rate budget not shared with other wfd processes: wfd does not use ${dir}: it may be written by other users (chmod 700 ${dir})`,
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not use a folder that is a link to a folder others may write to', () => {
    const real = join(temp.path, 'real');
    mkdirSync(real, { mode: 0o700 });
    chmodSync(real, 0o777);
    symlinkSync(real, join(temp.path, 'budget'));
    const notices: string[] = [];
    expect(isGrant(budget({ notice: (line) => notices.push(line) }).reserve(1_000))).toBe(true);
    expect(notices[0]).toMatch(/\(a link to .*real\): it may be written by other users/);
    expect(readdirSync(real)).toEqual([]);
  });

  it('reservations of a live process ending an hour ahead hold nobody: none outlasts a request', () => {
    const file = budgetFile();
    const now = 1_000_000;
    const reserved = Array.from({ length: 100 }, (_, i) => ({
      id: `stuck-${i}`,
      pid: process.pid,
      k: 'other',
      until: now + HOUR,
    }));
    writeFileSync(file, JSON.stringify({ ...emptyLog(), reserved }));
    expect(isGrant(budget({ isAlive: alive }).reserve(now))).toBe(true);
    // One is enough to fill a rule of one request a second.
    writeFileSync(file, JSON.stringify({ ...emptyLog(), reserved: reserved.slice(0, 1) }));
    expect(isGrant(budget({ isAlive: alive, rules: parseRateLimits('1/1s').rules }).reserve(now))).toBe(true);
  });

  it('requests in flight elsewhere hold a process no longer than a request may last, and it says so', () => {
    const file = budgetFile();
    const notices: string[] = [];
    const held = budget({ isAlive: alive, notice: (line) => notices.push(line) });
    // Other runs keep the client's 30 requests in flight, each renewed before it ends.
    const inFlight = (at: number) =>
      Array.from({ length: 30 }, (_, i) => ({
        id: `r${i}`,
        pid: process.pid,
        k: 'other',
        until: at + 30_000,
      }));
    let granted: number | undefined;
    for (let at = 1_000_000; granted === undefined && at < 1_100_000; at += 1_000) {
      writeFileSync(file, JSON.stringify({ ...emptyLog(), reserved: inFlight(at) }));
      const reserved = held.reserve(at);
      if (!('until' in reserved)) granted = at;
      else expect(heldUntil(reserved)).toBe(at + 50);
    }
    // 30 s of time-out and 5 s of a lock's staleness: the longest a request of its own may last.
    expect(granted).toBe(1_036_000);
    expect(notices).toEqual([
      'requests in flight in other wfd runs have held this one for 36s, longer than a request may last; no longer waiting for them',
    ]);
  });

  it('a lock that cannot be removed (a folder in its place) costs two seconds once, and says the budget is not shared', () => {
    const file = budgetFile();
    mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const notices: string[] = [];
    const stuck = budget({ notice: (line) => notices.push(line) });
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect(isGrant(stuck.reserve(2_000 + i))).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(notices).toEqual([
      `rate budget not shared with other wfd processes this run: its lock ${file}.lock could not be taken within 2s (remove it if no wfd is running)`,
    ]);
  });

  it.skipIf(!canMountSmallDisk)(
    'a write that does not fit leaves the previous file whole: the budget is not reset',
    () => {
      const disk = mountSmallDisk()!;
      try {
        const dir = join(disk.path, 'budget');
        const at = budgetIn({ path: disk.path });
        const first = at({ dir });
        for (let i = 0; i < 3; i++) (first.reserve(1_000 + i) as SharedGrant).release(1_000 + i);
        const [name] = readdirSync(dir);
        const before = parseLog(readFileSync(join(dir, name!), 'utf8'));
        expect(before.answered).toHaveLength(3);
        disk.fill();
        // Enough answers that the file must grow past what the disk has left.
        const lines: string[] = [];
        const busy = at({ dir, rules: parseRateLimits('1000/1s').rules, debug: (line) => lines.push(line) });
        for (let i = 0; i < 400 && lines.length === 0; i++)
          (busy.reserve(2_000) as SharedGrant).release(2_000);
        expect(lines[0]).toMatch(/^rate budget not shared: .*(ENOSPC|no space)/);
        const after = parseLog(readFileSync(join(dir, name!), 'utf8'));
        expect(after.answered.length).toBeGreaterThanOrEqual(3);
        expect(readdirSync(dir)).toEqual([name]);
      } finally {
        disk.remove();
      }
    },
  );

  it.skipIf(!canMountSmallDisk)('on a full disk: nothing left behind, its own budget kept', () => {
    const disk = mountSmallDisk()!;
    try {
      disk.fill();
      const dir = join(disk.path, 'budget');
      mkdirSync(dir, { mode: 0o700 });
      const lines: string[] = [];
      const full = budget({ dir, debug: (line) => lines.push(line) });
      expect(isGrant(full.reserve(1_000))).toBe(true);
      expect(lines[0]).toMatch(/^rate budget not shared: .*ENOSPC/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      disk.remove();
    }
  });

  it.skipIf(!canMountSmallDisk)('on a read-only folder: nothing left behind, its own budget kept', () => {
    const disk = mountSmallDisk()!;
    try {
      const dir = join(disk.path, 'budget');
      mkdirSync(dir, { mode: 0o700 });
      disk.readOnly();
      const lines: string[] = [];
      const stuck = budget({ dir, debug: (line) => lines.push(line) });
      expect(isGrant(stuck.reserve(1_000))).toBe(true);
      expect(lines[0]).toMatch(/^rate budget not shared: .*EROFS/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      disk.remove();
    }
  });
});

describe('budgetDir', () => {
  it('lives under WFD_CONFIG_DIR when set, else in the XDG state folder', () => {
    expect(budgetDir({ WFD_CONFIG_DIR: '/c', XDG_STATE_HOME: '/s' }, 'linux')).toBe('/c/rate-budget');
    expect(budgetDir({ XDG_STATE_HOME: '/s', HOME: '/h' }, 'linux')).toBe('/s/wfd/rate-budget');
    expect(budgetDir({ HOME: '/h' }, 'linux')).toBe('/h/.local/state/wfd/rate-budget');
  });
});
