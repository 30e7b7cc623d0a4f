import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/time.js';

describe('ManualClock', () => {
  it('stands still until advanced, then runs due tasks in time order, including ones they schedule', async () => {
    const clock = new ManualClock(1000);
    const ran: string[] = [];
    clock.schedule(50, () => {
      ran.push(`b@${clock.now()}`);
      clock.schedule(10, () => {
        ran.push(`c@${clock.now()}`);
      });
    });
    clock.schedule(20, async () => {
      await Promise.resolve();
      ran.push(`a@${clock.now()}`);
    });
    clock.schedule(20, () => {
      ran.push(`a2@${clock.now()}`);
    });
    expect(clock.now()).toBe(1000);
    await clock.advance(55);
    expect(ran).toEqual(['a@1020', 'a2@1020', 'b@1050']);
    expect(clock.now()).toBe(1055);
    expect(clock.pending).toBe(1);
    await clock.advance(5);
    expect(ran.at(-1)).toBe('c@1060');
  });

  it('goes on past a failing task and drops everything on cancelAll', async () => {
    const clock = new ManualClock(0);
    let ran = 0;
    clock.schedule(1, () => {
      throw new Error('boom');
    });
    clock.schedule(2, () => {
      ran++;
    });
    await clock.advance(2);
    expect(ran).toBe(1);
    clock.schedule(1, () => {
      ran++;
    });
    clock.cancelAll();
    await clock.advance(10);
    expect(ran).toBe(1);
  });
});
