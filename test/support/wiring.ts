/**
 * The wiring-test layer (STYLE.md, pattern 13a): a command line goes through the real program
 * (commander, global options, checks), and the verb's parsed options arrive at a stub instead of
 * its run function. Nothing is sent anywhere.
 */
import { expect } from 'vitest';
import type { Invocation } from '../../src/cli/action.js';
import { run } from '../../src/main.js';
import { createMemoryIO } from '../../src/output/memory-io.js';

export interface Wired {
  code: number;
  /** the invocation the verb would have run, undefined when the command line was refused */
  invocation: Invocation | undefined;
  stdout: string;
  stderr: string;
}

/** Parses `wfd <args>` and returns what the verb would have received. */
export async function wire(args: string[], stdin = ''): Promise<Wired> {
  const env = { WFD_TOKEN: 'wfd_test', WFD_BASE_URL: 'http://api.test' };
  const memory = createMemoryIO({ env, stdin });
  let invocation: Invocation | undefined;
  const code = await run(['node', 'wfd', ...args], {
    io: memory.io,
    env,
    execute: async (received) => {
      invocation = received;
    },
  });
  return { code, invocation, stdout: memory.stdout(), stderr: memory.stderr() };
}

/** `wfd <args>` parses cleanly and the verb `command` receives exactly `options`. */
export async function expectParsed(args: string[], command: string, options: unknown): Promise<void> {
  const { code, invocation, stderr } = await wire(args);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(invocation?.command).toBe(command);
  expect(invocation?.options).toEqual(options);
}

/** `wfd <args>` is refused with exit 2 before any verb runs; its first stderr line is `message`. */
export async function expectRefused(args: string[], message: string | RegExp): Promise<void> {
  const { code, invocation, stderr } = await wire(args);
  expect(code).toBe(2);
  expect(invocation).toBeUndefined();
  const line = stderr.split('\n')[0]!;
  if (typeof message === 'string') expect(line).toBe(`error: ${message}`);
  else expect(line).toMatch(message);
}
