/**
 * The wiring-test layer: a command line goes through the real program
 * (commander, global options, checks), and the verb's parsed options arrive at a stub instead of
 * its run function. Nothing is sent anywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Invocation } from '../../src/cli/action.js';
import { run } from '../../src/main.js';
import { createMemoryIO, type MemoryIOOptions } from '../../src/output/memory-io.js';
import { startFakeApi } from './fake-api.js';

export interface Wired {
  code: number;
  /** the invocation the verb would have run, undefined when the command line was refused */
  invocation: Invocation | undefined;
  stdout: string;
  stderr: string;
}

/** Parses `wfd <args>` and returns what the verb would have received; `terminal` says which streams are TTYs. */
export async function wire(
  args: string[],
  stdin = '',
  terminal: Pick<MemoryIOOptions, 'stdinTTY' | 'stdoutTTY' | 'stderrTTY'> = {},
): Promise<Wired> {
  const env = { WFD_TOKEN: 'wfd_test', WFD_BASE_URL: 'http://api.test' };
  const memory = createMemoryIO({ ...terminal, env, stdin });
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

export interface Offline {
  code: number;
  stdout: string;
  stderr: string;
  /** the requests that reached the fake API: a refused command line sends none */
  requests: number;
}

/**
 * Runs `wfd <args>` in-process through its verb's real `run`, connected to a fake API with no
 * stub (each request is answered 500 and counted), with a config folder of its own: what a spawned `wfd` would print and exit with for a
 * command line refused before sending. `env` is laid over the defaults; undefined removes a variable.
 */
export async function runOffline(
  args: string[],
  options: { stdin?: string; env?: Record<string, string | undefined> } = {},
): Promise<Offline> {
  const configDir = mkdtempSync(join(tmpdir(), 'wfd-offline-'));
  const env: Record<string, string | undefined> = {
    WFD_TOKEN: 'wfd_test',
    WFD_BASE_URL: 'http://api.test',
    WFD_CONFIG_DIR: configDir,
    NO_COLOR: '1',
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const memory = createMemoryIO({ env, stdin: options.stdin ?? '' });
  const api = await startFakeApi();
  try {
    const code = await run(['node', 'wfd', ...args], {
      io: memory.io,
      env,
      connect: api.connect,
      sleep: async () => {},
    });
    return { code, stdout: memory.stdout(), stderr: memory.stderr(), requests: api.requests.length };
  } finally {
    await api.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

/**
 * What a user sees of a command line refused with `code`: nothing on stdout, one `error:` line
 * and at most one `hint:` line, no stack trace, no echo long enough to flood a terminal, and no
 * escape sequence typed as input coming back raw. Returns the stderr lines.
 */
export function expectOneLineRefusal(
  result: { code: number; stdout: string; stderr: string },
  code: number,
): string[] {
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  expect(lines[0]).toMatch(/^error: \S/);
  expect(lines.length, result.stderr).toBeLessThanOrEqual(2);
  if (lines[1] !== undefined) expect(lines[1]).toMatch(/^hint: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  for (const line of lines) expect(line.length).toBeLessThan(600);
  expect(result.stderr).not.toContain('\u001b');
  return lines;
}
