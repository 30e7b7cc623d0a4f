/** Ctrl-C and SIGTERM in the middle of a run: whole documents, the shell's exit codes. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, useSandbox } from './harness.js';

let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '1000'], (fixture) => {
  ({ env } = fixture);
});

/** Starts `wfd args`, sends `signal` once stdout has shown something, and returns what it printed. */
function interrupt(args: string[], signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    // One request a second: the signal lands between pages, in the middle of the document.
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, WFD_RATE_LIMIT: '1/1s' } });
    let stdout = '';
    let sent = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!sent) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('signals', () => {
  it('Ctrl-C during --all -o json closes the array: stdout is one JSON document; exit 130', async () => {
    const { code, stdout } = await interrupt(['cases', 'list', '--all', '-o', 'json'], 'SIGINT');
    expect(code).toBe(130);
    const rows = JSON.parse(stdout) as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(800);
  });

  it('SIGTERM does the same with exit 143', async () => {
    const { code, stdout } = await interrupt(['cases', 'list', '--all', '-o', 'json'], 'SIGTERM');
    expect(code).toBe(143);
    expect(() => JSON.parse(stdout)).not.toThrow();
  });
});
