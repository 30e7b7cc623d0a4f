/**
 * The spawned representatives of a command line: the version, and one usage error (exit 2) as a
 * real process prints it. The tables of refused command lines run in-process:
 * wiring/bad-invocations (what parsing refuses), run/refused-before-request (what a verb refuses
 * before sending), wiring/help-output (help, topics, bare commands).
 */
import { describe, expect, it } from 'vitest';
import { baseEnv, runWfd } from './harness.js';

const env = baseEnv({ WFD_TOKEN: 'wfd_test', WFD_BASE_URL: 'http://127.0.0.1:9' });

describe('help and version', () => {
  it('--version prints the version and exits 0', async () => {
    const result = await runWfd(['--version'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('bare commands and typos', () => {
  it('a typo gets a one-line error and a hint with the suggestion, exit 2', async () => {
    const result = await runWfd(['cases', 'list', '--limt', '3'], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: unknown option "--limt"\nhint: did you mean --limit? run `wfd cases list --help` to see the options\n',
    );
  });
});
