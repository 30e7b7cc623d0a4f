import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BudgetLog,
  earliestStart,
  emptyLog,
  parseLog,
  pruneLog,
  releaseIn,
} from '../../src/core/budget-log.js';
import { parseRateLimits, RateLimiter } from '../../src/core/limiter.js';
import { budgetDir, SharedBudget, type SharedGrant } from '../../src/core/shared-budget.js';
import { useTempDir } from '../support/temp-dir.js';

const RULES = parseRateLimits('3/1s').rules; // 3 per second per token, 30 per minute per client
const alive = () => true;

function answers(tag: string, ...times: number[]): BudgetLog {
  return { ...emptyLog(), answered: times.map((t) => ({ t, k: tag })) };
}

describe('the shared log', () => {
  it('lets a request start once the third most recent answer of its token has left the window', () => {
    const log = answers('a', 100, 200, 300);
    expect(earliestStart(log, RULES, 'a', 400)).toBe(1_100);
    // Another token's answers do not count against the per-token rule.
    expect(earliestStart(log, RULES, 'b', 400)).toBe(400);
  });

  it('counts every token of the client against the second rule', () => {
    const log: BudgetLog = {
      ...emptyLog(),
      answered: Array.from({ length: 30 }, (_, i) => ({ t: i * 10, k: `t${i}` })),
    };
    // 30 per 60 s: the oldest answer (t=0) must leave the minute first.
    expect(earliestStart(log, RULES, 'new', 1_000)).toBe(60_000);
  });

  it('counts reservations in flight in every window, and waits for a release when they fill a rule', () => {
    const reserved = ['1', '2', '3'].map((id) => ({ id, pid: 1, k: 'a', until: 10_000 }));
    expect(earliestStart({ ...emptyLog(), reserved }, RULES, 'a', 0)).toBeUndefined();
    expect(earliestStart({ ...emptyLog(), reserved: reserved.slice(1) }, RULES, 'a', 0)).toBe(0);
  });

  it('holds every token until a pause from a 429 is over', () => {
    expect(earliestStart({ ...emptyLog(), pausedUntil: 5_000 }, RULES, 'a', 1_000)).toBe(5_000);
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
    const pruned = pruneLog(log, RULES, 70_000, (pid) => pid === 1);
    expect(pruned.answered.map((e) => e.t)).toEqual([70_000]);
    expect(pruned.reserved.map((r) => r.id)).toEqual(['live']);
    expect(pruned.pausedUntil).toBe(0);
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
  const TOKEN = 'wfd_0123456789abcdef0123456789abcdef';
  const budget = (options: Partial<ConstructorParameters<typeof SharedBudget>[0]> = {}) =>
    new SharedBudget({
      dir: join(temp.path, 'budget'),
      origin: 'http://127.0.0.1:4010',
      token: TOKEN,
      rules: RULES,
      requestTimeoutMs: 30_000,
      ...options,
    });

  it('makes the second process wait for what the first one used, and says so once', () => {
    const first = budget();
    const notices: string[] = [];
    const second = budget({ notice: (line) => notices.push(line) });
    for (let i = 0; i < 3; i++) (first.reserve(1_000 + i) as SharedGrant).release(1_010 + i);
    expect(second.reserve(1_100)).toBe(2_010);
    expect(second.reserve(1_200)).toBe(2_010);
    expect(notices).toHaveLength(0); // under two seconds: not worth a line
    for (let i = 0; i < 27; i++) (first.reserve(3_000 + i * 1_000) as SharedGrant).release(3_000 + i * 1_000);
    expect(second.reserve(29_500)).toBe(61_010);
    expect(notices).toEqual([
      expect.stringMatching(
        /^other wfd processes on this token have used its rate budget; waiting 32s \(until \d\d:\d\d:\d\d UTC\)$/,
      ),
    ]);
    second.reserve(29_600);
    expect(notices).toHaveLength(1);
  });

  it('never writes the token, and keeps the file and folder private', () => {
    (budget().reserve(1_000) as SharedGrant).release(1_001);
    const dir = join(temp.path, 'budget');
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^[0-9a-f]{32}\.json$/);
    expect(readFileSync(join(dir, file!), 'utf8')).not.toContain('0123456789abcdef');
  });

  it('frees the reservations of a process that died with requests in flight', () => {
    const crashed = budget({ isAlive: alive });
    for (let i = 0; i < 3; i++) expect(typeof crashed.reserve(1_000)).toBe('object');
    const blocked = budget({ isAlive: alive });
    expect(blocked.reserve(1_000)).toBe(1_050); // in flight elsewhere: look again soon
    const survivor = budget({ isAlive: (pid) => pid !== process.pid });
    expect(typeof survivor.reserve(1_000)).toBe('object');
  });

  it('removes a lock left by a crashed process', () => {
    const dir = join(temp.path, 'budget');
    (budget().reserve(1_000) as SharedGrant).release(1_001);
    const [file] = readdirSync(dir);
    const lock = join(dir, `${file}.lock`);
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(typeof budget().reserve(1_002)).toBe('object');
  });

  it('holds every process after a 429 seen by one', () => {
    budget().pause(1_000, 9_000);
    expect(budget().reserve(1_500)).toBe(9_000);
  });

  it('keeps its own budget only when the folder cannot be used', () => {
    const file = join(temp.path, 'not-a-folder');
    writeFileSync(file, '');
    const lines: string[] = [];
    const broken = budget({ dir: join(file, 'budget'), debug: (line) => lines.push(line) });
    for (let i = 0; i < 5; i++) expect(typeof broken.reserve(1_000)).toBe('object');
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

describe('budgetDir', () => {
  it('lives under WFD_CONFIG_DIR when set, else in the XDG state folder', () => {
    expect(budgetDir({ WFD_CONFIG_DIR: '/c', XDG_STATE_HOME: '/s' }, 'linux')).toBe('/c/rate-budget');
    expect(budgetDir({ XDG_STATE_HOME: '/s', HOME: '/h' }, 'linux')).toBe('/s/wfd/rate-budget');
    expect(budgetDir({ HOME: '/h' }, 'linux')).toBe('/h/.local/state/wfd/rate-budget');
  });
});
