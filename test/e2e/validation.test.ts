/**
 * The spawned representatives of a command line: the version, and one usage error (exit 2) as a
 * real process prints it. The tables of refused command lines run in-process:
 * wiring/bad-invocations (what parsing refuses), run/refused-before-request (what a verb refuses
 * before sending), wiring/help-output (help, topics, bare commands).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, runWfd } from './harness.js';

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

describe('ids on stdin', () => {
  it('a stream of garbage stops at its first line: exit 2, one error line, the rest never read', async () => {
    const child = spawn(process.execPath, [BIN, 'cases', 'archive', '-'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // 32 MB of NUL bytes (head -c N /dev/zero), written while wfd reads: wfd stops reading
    // after its first chunk, so the writer meets a closed pipe long before the end.
    const total = 32 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024);
    let written = 0;
    const closed = new Promise<void>((resolve) => child.stdin.once('error', () => resolve()));
    const writer = (async () => {
      while (written < total && !child.stdin.destroyed) {
        const flushed = await new Promise<boolean>((resolve) =>
          child.stdin.write(chunk, (error) => resolve(!error)),
        );
        if (!flushed) return;
        written += chunk.length;
      }
      child.stdin.end();
    })();
    const code = await exited;
    await Promise.race([writer, closed]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `error: invalid case id on line 1 of stdin: over 1,000 characters, starting "${'^@'.repeat(40)}": expected a UUID, its first 8+ characters or a reference; nothing was sent\n` +
        'hint: run `wfd cases archive --help` to see the usage\n',
    );
    expect(written).toBeLessThan(total);
  });
});
