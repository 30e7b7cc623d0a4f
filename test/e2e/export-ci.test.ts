/**
 * `wfd attachments export` as a CI job runs it, stderr piped to a log, at a low rate limit: a
 * progress line in every phase, reading included, and a run killed while reading forms that
 * `--resume` continues without reading again the forms it recorded.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportedFiles } from '../support/exported-files.js';
import { BIN, lines, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let env: NodeJS.ProcessEnv;
let sandbox: StartedSandbox;
// The sandbox's own limit is above the client's, so the client's limiter sets the pace.
useSandbox(['--forms', '24', '--attachments', '30', '--rate-limit', '30/1s'], (fixture) => {
  sandbox = fixture.sandbox;
  env = { ...fixture.env, WFD_PROGRESS_INTERVAL: '250ms' };
});

const work = tempDir('wfd-e2e-ci-');
afterAll(() => work.remove());

const PROGRESS_RE =
  /^progress: phase=(listing|reading|checking|downloading|merging) forms=(\d+)\/(\d+|\?) files=(\d+)\/(\d+|\?) bytes=(\d+)\/(\d+|\?) wait=\S+ eta=\S+$/;

function manifestLines(dir: string): Record<string, unknown>[] {
  return lines(readFileSync(join(dir, 'manifest.ndjson'), 'utf8')).map((line) => JSON.parse(line));
}

const clean = join(work.path, 'clean');
/** The forms the export matches (the seed spreads its forms over the workspaces). */
let matching: number;

describe('attachments export in a CI log', () => {
  it('stderr piped: a progress line while the forms are read, and in the later phases', async () => {
    const result = await runWfd(['attachments', 'export', '--dir', clean], {
      env: { ...env, WFD_RATE_LIMIT: '8/1s,300/1m' },
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(0);
    const progress = lines(result.stderr).filter((line) => line.startsWith('progress:'));
    for (const line of progress) expect(line).toMatch(PROGRESS_RE);
    const reading = progress.filter((line) => line.includes(' phase=reading '));
    // While reading, the forms count up towards those that match; files are not known yet.
    matching = Number(/^wfd: (\d+) forms match/m.exec(result.stderr)?.[1]);
    expect(matching).toBeGreaterThan(10);
    expect(reading.length).toBeGreaterThan(1);
    const pattern = new RegExp(` forms=\\d+/${matching} files=0/\\? bytes=0/\\? `);
    for (const line of reading) expect(line).toMatch(pattern);
    expect(progress.some((line) => line.includes(' phase=downloading '))).toBe(true);
    // The lines come after the plan is said, and before the summary.
    const stderr = lines(result.stderr);
    const first = stderr.findIndex((line) => line.startsWith('progress:'));
    expect(stderr.findIndex((line) => line.startsWith(`wfd: ${matching} forms match`))).toBeLessThan(first);
    expect(stderr.at(-1)).toMatch(/^✓ exported \d+ files/);
  });

  it('killed while reading forms: refused without --resume; --resume does not read again the forms it recorded', async () => {
    const dir = join(work.path, 'killed');
    const killed = await new Promise<string | null>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'attachments', 'export', '--dir', dir], {
        env: { ...env, WFD_RATE_LIMIT: '5/1s,300/1m' },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const read = [...stderr.matchAll(/^progress: phase=reading forms=(\d+)\//gm)].map((m) =>
          Number(m[1]),
        );
        if (read.some((n) => n >= 8)) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve(signal));
    });
    expect(killed).toBe('SIGKILL');
    const left = manifestLines(dir);
    expect(left[0]).toMatchObject({ type: 'plan', query: '' });
    const recorded = left.filter((line) => line.type === 'form').map((line) => line.id as string);
    expect(recorded.length).toBeGreaterThanOrEqual(8);
    expect(recorded.length).toBeLessThan(matching);
    expect(left.filter((line) => line.type !== 'form' && line.type !== 'plan')).toEqual([]);

    const again = await runWfd(['attachments', 'export', '--dir', dir], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds an export (manifest.ndjson)');

    await sandbox.resetRequests();
    const resumed = await runWfd(['attachments', 'export', '--dir', dir, '--resume'], {
      env: { ...env, WFD_RATE_LIMIT: '25/1s,300/1m' },
      timeoutMs: 60_000,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      `wfd: ${recorded.length} forms read by the interrupted run (in its manifest), not read again; ${matching - recorded.length} form reads left`,
    );
    const reads = (await sandbox.requests()).requests
      .map((request) => /^\/v1\/forms\/([0-9a-f-]{36})$/.exec(request.url)?.[1])
      .filter((id) => id !== undefined);
    expect(reads).toHaveLength(matching - recorded.length);
    for (const id of recorded) expect(reads).not.toContain(id);
    // The same files as an export never interrupted; the run complete, its reads are dropped.
    expect(exportedFiles(dir)).toEqual(exportedFiles(clean));
    expect(manifestLines(dir).some((line) => line.type === 'plan' || line.type === 'form')).toBe(false);
  });

  it.each([
    ['reading', /^progress: phase=reading forms=([3-9]|\d\d)/m],
    ['downloading', /^progress: phase=downloading .*files=[1-9]/m],
  ])(
    'SIGTERM while %s: exit 143, and the piped log says what is kept and to run again with --resume',
    async (_phase, when) => {
      const dir = join(work.path, `terminated-${_phase}`);
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
        (resolve, reject) => {
          const child = spawn(process.execPath, [BIN, 'attachments', 'export', '--dir', dir], {
            env: { ...env, WFD_RATE_LIMIT: '8/1s,300/1m' },
          });
          let text = '';
          let sent = false;
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
            if (!sent && when.test(text)) {
              sent = true;
              child.kill('SIGTERM');
            }
          });
          child.on('error', reject);
          child.on('close', (exit) => resolve({ code: exit, stderr: text }));
        },
      );
      expect(code, stderr).toBe(143);
      expect(lines(stderr).at(-1)).toMatch(
        /^wfd: interrupted: \d+ files? exported this run, each in the manifest; run the same command with --resume to finish$/,
      );
    },
  );
});
