/** Ctrl-C and SIGTERM in the middle of a run: whole documents, the shell's exit codes. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, lines, runWfd, useSandbox } from './harness.js';

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

describe('signals in a bulk run', () => {
  it('Ctrl-C during an archive with table output prints the rows done and what was done; exit 130', async () => {
    const list = await runWfd(['cases', 'list', '-q', '--limit', '60', '--no-archived'], { env });
    const ids = lines(list.stdout);
    expect(ids).toHaveLength(60);
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      // Ten requests a second, the trace on stderr tells when some are done.
      const child = spawn(process.execPath, [BIN, 'cases', 'archive', '-', '-o', 'table', '--debug'], {
        env: { ...env, WFD_RATE_LIMIT: '10/1s' },
      });
      let out = '';
      let err = '';
      let answers = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        err += chunk;
        answers += chunk.match(/← 200/g)?.length ?? 0;
        if (answers >= 12 && !child.killed) child.kill('SIGINT');
      });
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stdout: out, stderr: err }));
      child.stdin.end(`${ids.join('\n')}\n`);
    });
    expect(code).toBe(130);
    const rows = lines(stdout).filter((line) => / archived /.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const summary = stderr.match(/^wfd: interrupted: archived (\d+) of 60 cases; .*not sent$/m);
    expect(summary, stderr).not.toBeNull();
    expect(Number(summary![1])).toBeGreaterThanOrEqual(rows.length);
  });
});
