/**
 * wfd against a sandbox that misbehaves (429, 503, resets after processing, slow answers), as a
 * cron job meets a real service: lists return exactly the rows of a quiet run, bulk reports tell
 * the state the server really holds, an attachments export holds every file whole, and with
 * --retries 0 each run fails with its documented code.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, startSandbox, tempDir, useSandbox } from './harness.js';

const FAULTS = '429:0.1,503:0.05,reset:0.03,slow:0.02';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '5000', '--forms', '600', '--seed', '11', '--slow-ms', '200'], (fixture) => {
  sandbox = fixture.sandbox;
  // No client-side limit: the injected 429s are what this test is about.
  env = { ...fixture.env, WFD_RATE_LIMIT: 'off' };
});

async function ids(args: string[]): Promise<string[]> {
  const result = await runWfd([...args, '--all', '-q'], { env, timeoutMs: 120_000 });
  expect(result.code, result.stderr).toBe(0);
  return lines(result.stdout);
}

describe('with faults injected', () => {
  it('cases list --all and forms list --all return exactly the rows of a fault-free run', async () => {
    await sandbox.setFaults('off');
    const quietCases = await ids(['cases', 'list']);
    const quietForms = await ids(['forms', 'list']);
    await sandbox.setFaults(FAULTS);
    await sandbox.resetRequests();
    const noisyCases = await ids(['cases', 'list']);
    const noisyForms = await ids(['forms', 'list']);
    const faults = (await sandbox.requests()).requests.filter((r) => (r as { fault?: string | null }).fault);
    // The faults really happened, and changed nothing in what was printed.
    expect(faults.length).toBeGreaterThan(3);
    expect(noisyCases).toEqual(quietCases);
    expect(quietCases).toHaveLength(4000);
    expect(noisyForms).toEqual(quietForms);
  }, 180_000);

  it('a bulk archive of 50 ids reports for each id the state the sandbox holds afterwards', async () => {
    await sandbox.setFaults('off');
    const targets = (await runWfd(['cases', 'list', '--no-archived', '--limit', '50', '-q'], { env })).stdout;
    await sandbox.setFaults(FAULTS);
    const report = await runWfd(['cases', 'archive', '-', '-o', 'json'], {
      env,
      stdin: targets,
      timeoutMs: 120_000,
    });
    const rows = JSON.parse(report.stdout) as { id: string; result: string }[];
    expect(rows).toHaveLength(50);
    await sandbox.setFaults('off');
    const archived = new Set(await ids(['cases', 'list', '--archived']));
    for (const row of rows) {
      if (row.result === 'unknown') continue;
      const reportedArchived = ['archived', 'archived (confirmed)', 'already archived'].includes(row.result);
      expect([row.id, row.result, archived.has(row.id)]).toEqual([row.id, row.result, reportedArchived]);
    }
    // Exit 0 only when every id was archived.
    expect(report.code === 0).toBe(
      rows.every((row) => row.result.includes('archived') && row.result !== 'failed'),
    );
    await runWfd(['cases', 'unarchive', '-'], { env, stdin: targets });
  }, 180_000);

  it('with --retries 0 a list fails with the code of the fault it met, and says what failed', async () => {
    await sandbox.setFaults('429:0.3,503:0.3,reset:0.3');
    const result = await runWfd(['cases', 'list', '--all', '-q', '--retries', '0'], { env });
    expect([1, 7, 8]).toContain(result.code);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error: '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/HTTP 429|HTTP 503|network error talking to/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await sandbox.setFaults('off');
  });

  it('attachments export writes every file whole: the manifest, the disk and a quiet export agree', async () => {
    // A sandbox of its own: few forms (each is a read), small "large" files (this is about faults, not bytes).
    const own = await startSandbox([
      ...['--no-profile', '--rate-limit', 'off', '--seed', '11', '--slow-ms', '200'],
      ...['--forms', '12', '--attachments', '24', '--large-attachment-bytes', '300000'],
    ]);
    const ownEnv = { ...env, WFD_TOKEN: own.workspaces[0]!.token, WFD_BASE_URL: own.baseUrl };
    const quiet = tempDir('wfd-e2e-export-');
    const noisy = tempDir('wfd-e2e-export-');
    try {
      const first = await runWfd(['attachments', 'export', '--dir', quiet.path], {
        env: ownEnv,
        timeoutMs: 120_000,
      });
      expect(first.code, first.stderr).toBe(0);
      await own.setFaults(FAULTS);
      const exportTo = (extra: string[]) =>
        runWfd(['attachments', 'export', '--dir', noisy.path, '--retries', '10', ...extra], {
          env: ownEnv,
          timeoutMs: 120_000,
        });
      let run = await exportTo([]);
      // A file whose transfer broke more often than the run retries is reported, and --resume finishes it.
      if (run.code !== 0) {
        expect(run.stderr).toContain('--resume');
        run = await exportTo(['--resume']);
      }
      expect(run.code, run.stderr).toBe(0);
      const met = (await own.requests()).requests.filter((r) => (r as { fault?: string | null }).fault);
      expect(met.length).toBeGreaterThan(3);
      const files = (dir: string) => {
        const manifest = readFileSync(join(dir, 'manifest.ndjson'), 'utf8');
        return lines(manifest)
          .map((line) => JSON.parse(line) as { type?: string; id: string; path: string; sha256: string })
          .filter((entry) => entry.type === undefined);
      };
      const exported = files(noisy.path);
      expect(exported.length).toBeGreaterThan(8);
      for (const entry of exported) {
        const bytes = readFileSync(join(noisy.path, entry.path));
        expect([entry.path, createHash('sha256').update(bytes).digest('hex')]).toEqual([
          entry.path,
          entry.sha256,
        ]);
      }
      const byId = (entries: { id: string; sha256: string }[]) =>
        entries.map((entry) => `${entry.id} ${entry.sha256}`).sort();
      expect(byId(exported)).toEqual(byId(files(quiet.path)));
      // No temporary file left anywhere in the export.
      const all = readdirSync(noisy.path, { recursive: true }).map(String);
      expect(all.filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      await own.stop();
      quiet.remove();
      noisy.remove();
    }
  }, 240_000);
});
