/**
 * The wiring-test layer (STYLE.md, pattern 13a): a command line goes through the real program
 * (commander, global options, checks), and the verb's parsed options arrive at a stub instead of
 * its run function. Nothing is sent anywhere.
 */
import type { Invocation } from '../../src/commands/action.js';
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
