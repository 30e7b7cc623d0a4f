/** The one Ctrl-C mechanism (src/core/process/interrupt.ts): clean-ups that end the process, and work that ends itself. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: a signal that ends the process leaves it stopping (the real exit never returns).
let mod: typeof import('../../src/core/process/interrupt.js');
let interrupt: typeof mod.interrupt;
let interruptible: typeof mod.interruptible;
let onInterrupt: typeof mod.onInterrupt;
const signals = ['SIGINT', 'SIGTERM'] as const;
let listenersBefore: Record<string, readonly unknown[]>;

beforeEach(async () => {
  vi.resetModules();
  mod = await import('../../src/core/process/interrupt.js');
  ({ interrupt, interruptible, onInterrupt } = mod);
  listenersBefore = Object.fromEntries(signals.map((s) => [s, process.listeners(s)]));
});

afterEach(() => {
  vi.restoreAllMocks();
  // Whatever a test left listening (a process that would have ended) goes.
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!listenersBefore[signal]!.includes(listener)) process.off(signal, listener);
  }
});

describe('interruptible', () => {
  it('returns what the work returns, and listens to no signal once it is done', async () => {
    const before = process.listenerCount('SIGINT');
    const listening = await interruptible(async () => process.listenerCount('SIGINT'));
    expect(listening).toBe(before + 1);
    expect(process.listenerCount('SIGINT')).toBe(before);
    expect(process.listeners('SIGTERM')).toEqual(listenersBefore.SIGTERM);
  });

  it('a signal aborts the work and waits for it to stop; the command goes on, the process does not end', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const steps: string[] = [];
    const work = interruptible(
      (signal) =>
        new Promise<string>((resolve) =>
          signal.addEventListener('abort', () => {
            steps.push('aborted');
            setTimeout(() => {
              steps.push('stopped');
              resolve('ended its own way');
            }, 10);
          }),
        ),
    );
    await interrupt('SIGINT');
    steps.push('signal handled');
    expect(await work).toBe('ended its own way');
    expect(steps).toEqual(['aborted', 'stopped', 'signal handled']);
    expect(exit).not.toHaveBeenCalled();
    expect(process.listeners('SIGINT')).toEqual(listenersBefore.SIGINT);
  });

  it('beside a clean-up that ends the process: both run, then the exit code of the signal', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const done: string[] = [];
    const release = onInterrupt(() => {
      done.push('cleanup');
    });
    const work = interruptible(
      (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
    ).then(() => done.push('work stopped'));
    await interrupt('SIGTERM');
    await work;
    release();
    expect(done.sort()).toEqual(['cleanup', 'work stopped']);
    expect(exit).toHaveBeenCalledWith(143);
    // A second signal ends the process at once, clean-ups or not.
    await interrupt('SIGINT');
    expect(exit).toHaveBeenLastCalledWith(130);
  });
});

describe('exitOnCtrlC', () => {
  it('on Windows, ends with 130 when nothing else takes Ctrl-C; elsewhere adds nothing', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    mod.exitOnCtrlC('linux');
    expect(process.listeners('SIGINT')).toEqual(listenersBefore.SIGINT);
    mod.exitOnCtrlC('win32');
    mod.exitOnCtrlC('win32');
    const added = process.listeners('SIGINT').filter((l) => !listenersBefore.SIGINT!.includes(l));
    expect(added).toHaveLength(1);
    const others = listenersBefore.SIGINT!;
    for (const listener of others) process.off('SIGINT', listener as () => void);
    try {
      // A clean-up registered takes the signal: no exit from here.
      const release = onInterrupt(() => {});
      (added[0] as () => void)();
      expect(exit).not.toHaveBeenCalled();
      release();
      (added[0] as () => void)();
      expect(exit).toHaveBeenCalledWith(130);
    } finally {
      for (const listener of others) process.on('SIGINT', listener as () => void);
    }
  });
});
