/**
 * `wfd attachments` end to end, the built binary against a real sandbox: upload and download
 * round trips, merged page counts, and the export of a seeded workspace (every attachment once,
 * a correct manifest, hostile names inside DIR), killed and resumed, then incremental.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedFiles } from '../support/exported-files.js';
import { BIN, lines, onTerminal, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let env: NodeJS.ProcessEnv;
let sandbox: StartedSandbox;
useSandbox(['--forms', '40', '--attachments', '60', '--large-attachment-bytes', '300000'], (fixture) => {
  sandbox = fixture.sandbox;
  env = { ...fixture.env, WFD_RATE_LIMIT: 'off' };
});

const work = tempDir('wfd-e2e-files-');
afterAll(() => work.remove());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir` (relative, `/`-separated), hidden ones included. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The manifest's attachment lines. */
function fileLines(dir: string): Record<string, unknown>[] {
  return lines(readFileSync(join(dir, 'manifest.ndjson'), 'utf8'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.type === undefined);
}

async function api(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.baseUrl}/v1${path}`, {
    headers: { authorization: `Bearer ${env.WFD_TOKEN}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

/** The first workspace's attachments as the API lists them, with their form. */
async function seededAttachments(): Promise<{ id: string; form: string; filename: string }[]> {
  const found: { id: string; form: string; filename: string }[] = [];
  const list = await api('/forms?page[size]=100');
  for (const form of list.data as { id: string }[]) {
    const detail = await api(`/forms/${form.id}`);
    for (const response of detail.responses as { attachments: { id: string; filename: string }[] }[])
      for (const a of response.attachments) found.push({ id: a.id, form: form.id, filename: a.filename });
  }
  return found;
}

describe('upload and download', () => {
  it.each(['multipart', 'json'])(
    '%s: the bytes downloaded are the bytes uploaded (sha256)',
    async (encoding) => {
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
      const path = join(work.path, `blob-${encoding}.bin`);
      writeFileSync(path, bytes);
      const upload = await runWfd(['attachments', 'upload', path, '--encoding', encoding], { env });
      expect(upload.code, upload.stderr).toBe(0);
      const [id] = lines(upload.stdout);
      const target = join(work.path, `back-${encoding}.bin`);
      const download = await runWfd(['attachments', 'download', id!, '-O', target], { env });
      expect(download.code, download.stderr).toBe(0);
      expect(sha256(readFileSync(target))).toBe(sha256(bytes));
    },
  );

  it('a non-ASCII filename comes back the same with --dir', async () => {
    const name = 'Überweisung März 2026 – 履歴書 📎.txt';
    writeFileSync(join(work.path, name), 'Total: 12.50 EUR\n');
    const upload = await runWfd(['attachments', 'upload', join(work.path, name), '--json'], { env });
    const [created] = JSON.parse(upload.stdout) as { id: string; filename: string }[];
    expect(created?.filename).toBe(name);
    const dir = join(work.path, 'named');
    const download = await runWfd(['attachments', 'download', created!.id, '--dir', dir], { env });
    expect(download.code, download.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual([name]);
    expect(download.stdout).toBe(`${created!.id}\tsaved\t${join(dir, name)}\t17\t\n`);
  });

  it('merge: the PDF has as many pages as its parts together', async () => {
    const parts: string[] = [];
    for (const pages of [2, 3]) {
      const pdf = await PDFDocument.create();
      for (let i = 0; i < pages; i++) pdf.addPage();
      const path = join(work.path, `part-${pages}.pdf`);
      writeFileSync(path, await pdf.save());
      parts.push(path);
    }
    const upload = await runWfd(['attachments', 'upload', ...parts], { env });
    const ids = lines(upload.stdout);
    const target = join(work.path, 'merged.pdf');
    const merge = await runWfd(['attachments', 'merge', ...ids, ids[0]!, '-O', target], { env });
    expect(merge.code, merge.stderr).toBe(0);
    expect((await PDFDocument.load(readFileSync(target))).getPageCount()).toBe(2 + 3 + 2);
  });
});

describe('export', () => {
  const clean = join(work.path, 'clean');
  let exported: Awaited<ReturnType<typeof runWfd>>;
  beforeAll(async () => {
    exported = await runWfd(['attachments', 'export', '--dir', clean], { env, timeoutMs: 60_000 });
  });

  it('every attachment of the workspace exactly once, with a manifest true to the disk', async () => {
    expect(exported.code, exported.stderr).toBe(0);
    const expected = await seededAttachments();
    const manifest = fileLines(clean);
    expect(manifest.map((entry) => entry.id).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(tree(clean)).toEqual([...manifest.map((entry) => entry.path as string), 'manifest.ndjson'].sort());
    for (const entry of manifest) {
      const bytes = readFileSync(join(clean, entry.path as string));
      expect(entry.bytes).toBe(bytes.length);
      expect(entry.sha256).toBe(sha256(bytes));
      expect((entry.path as string).split('/')).toEqual([
        entry.form_id,
        entry.response_id,
        expect.any(String),
      ]);
    }
    expect(lines(exported.stdout)).toHaveLength(expected.length);
    expect(exported.stderr).toMatch(/fewest the API allows: 1 list page, \d+ form reads, \d+ downloads/);
  });

  it('on a terminal: the plan and the summary, and no row per file (the progress line is the spinner)', () => {
    const dir = join(work.path, 'terminal');
    const screen = onTerminal(['attachments', 'export', '--dir', dir], { env, columns: 120 });
    expect(screen).toMatch(/wfd: \d+ requests in all, the fewest the API allows/);
    expect(screen).toMatch(/✓ exported \d+ files \([\d.]+ [KM]iB\) in /);
    expect(screen).not.toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}\t/m);
    expect(exportedFiles(dir)).toEqual(exportedFiles(clean));
  });

  it('hostile filenames land inside DIR under safe names', () => {
    const names = fileLines(clean).map((entry) => (entry.path as string).split('/')[2]!);
    for (const name of [
      '_.._etc_passwd',
      '_etc_shadow',
      'C__Windows_System32_drivers_etc_hosts',
      '_CON.txt',
      'nul_byte.pdf',
      'scan.pdf',
      'scan (1).pdf',
    ])
      expect(names).toContain(name);
    for (const name of names) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      expect(name).not.toMatch(/[/\\\u0000-\u001f]/);
      expect(name.startsWith('.')).toBe(false);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    }
  });

  it('SIGKILL midway, then --resume: the same tree as a clean export, and no temporary file left', async () => {
    const dir = join(work.path, 'killed');
    const killed = await new Promise<number | null>((resolve, reject) => {
      // Slowed down so that the kill lands among the downloads.
      const child = spawn(process.execPath, [BIN, 'attachments', 'export', '--dir', dir], {
        env: { ...env, WFD_RATE_LIMIT: '25/1s' },
      });
      let printed = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        printed += chunk.split('\n').length - 1;
        if (printed >= 5) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve(signal === 'SIGKILL' ? 137 : _code));
    });
    expect(killed).toBe(137);
    expect(fileLines(dir).length).toBeLessThan(fileLines(clean).length);
    const resumed = await runWfd(['attachments', 'export', '--dir', dir, '--resume'], {
      env,
      timeoutMs: 60_000,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(exportedFiles(dir)).toEqual(exportedFiles(clean));
    expect(tree(dir).filter((path) => path.split('/').at(-1)!.endsWith('.part'))).toEqual([]);
    expect(fileLines(dir)).toHaveLength(fileLines(clean).length);
  });

  it('--incremental after responses were added to old forms ends with the files of a full export', async () => {
    const before = new Set(fileLines(clean).map((entry) => entry.id));
    const forms = (await api('/forms?page[size]=100')).data as {
      id: string;
      status: string;
      updated_at: string;
    }[];
    // Forms whose status no longer changes when a respondent acts: their updated_at stays.
    const old = forms.filter((f) => f.status !== 'sent').slice(0, 3);
    expect(old).toHaveLength(3);
    for (const form of old) {
      const trigger = await runWfd(
        ['sandbox', 'trigger', 'responses:created', '--form', form.id, '--attachments', '2'],
        { env },
      );
      expect(trigger.code, trigger.stderr).toBe(0);
    }
    const after = (await api('/forms?page[size]=100')).data as { id: string; updated_at: string }[];
    for (const form of old) expect(after.find((f) => f.id === form.id)?.updated_at).toBe(form.updated_at);
    await sandbox.resetRequests();
    const run = await runWfd(['attachments', 'export', '--dir', clean, '--incremental'], { env });
    expect(run.code, run.stderr).toBe(0);
    const added = fileLines(clean).filter((entry) => !before.has(entry.id as string));
    expect(added).toHaveLength(6);
    // A list page, every form, and the new files only.
    const seen = (await sandbox.requests()).requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`);
    expect(seen.sort()).toEqual(
      [
        'GET /v1/forms',
        ...forms.map((form) => `GET /v1/forms/${form.id}`),
        ...added.map((entry) => `GET /v1/attachments/${entry.id}`),
      ].sort(),
    );
    expect(run.stderr).toContain(`${forms.length + 1 + 6} requests in all`);
    const full = join(work.path, 'full');
    const exportedAgain = await runWfd(['attachments', 'export', '--dir', full], { env, timeoutMs: 60_000 });
    expect(exportedAgain.code, exportedAgain.stderr).toBe(0);
    expect(exportedFiles(clean)).toEqual(exportedFiles(full));
    const runs = lines(readFileSync(join(clean, 'manifest.ndjson'), 'utf8'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.type === 'run');
    expect(runs.at(-1)).toMatchObject({ forms: forms.length, files: 6 });
  });
});
