/**
 * `wfd docintel` end to end against a sandbox whose jobs take two seconds: fields extracted
 * from a generated PDF, a failed job (exit 1), a wait that times out (exit 8, naming the job).
 * Two seconds against a 100ms --timeout: a busy machine that delays the client's first poll by
 * a second still finds the job pending.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { runWfd, tempDir, useSandbox } from './harness.js';

let env: NodeJS.ProcessEnv;
useSandbox(['--forms', '5', '--attachments', '0', '--docintel-delay', '2s'], (fixture) => {
  ({ env } = fixture);
});

const work = tempDir('wfd-e2e-docintel-');
afterAll(() => work.remove());

/** A one-page invoice whose text has `Key: value` lines. */
async function invoice(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  ['Invoice', 'Invoice number: INV-2026-042', 'Total: 99.00 EUR', 'Due date: 2026-12-31'].forEach(
    (line, i) => {
      page.drawText(line, { x: 50, y: 750 - i * 20, size: 12, font });
    },
  );
  const path = join(work.path, 'invoice.pdf');
  writeFileSync(path, await pdf.save());
  return path;
}

describe('docintel', () => {
  it('extract: the fields of a generated document, as JSON when piped', async () => {
    const run = await runWfd(['docintel', 'extract', await invoice(), '--fields', 'Invoice number,Total'], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    const job = JSON.parse(run.stdout) as { status: string; result: Record<string, unknown> };
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({
      document_type: 'invoice',
      page_count: 1,
      fields: { 'Invoice number': 'INV-2026-042', Total: '99.00 EUR' },
    });
  });

  it('a job that fails exits 1 with its reason', async () => {
    const image = join(work.path, 'photo.png');
    writeFileSync(
      image,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    );
    const run = await runWfd(['docintel', 'extract', image], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: document intelligence job [0-9a-f-]{36} failed: image_without_text: /,
    );
  });

  it('a wait past --timeout exits 8 with the job id and the command to come back with', async () => {
    const run = await runWfd(
      ['docintel', 'create', '--file', await invoice(), '--wait', '--timeout', '100ms'],
      {
        env,
      },
    );
    expect(run.code).toBe(8);
    const id = /job ([0-9a-f-]{36}) is still (pending|processing) after 100ms/.exec(run.stderr)?.[1];
    expect(id, run.stderr).toBeDefined();
    expect(run.stderr).toContain(`hint: run \`wfd docintel get ${id} --wait\` to wait for it again`);
    const again = await runWfd(['docintel', 'get', id!, '--wait'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ id, status: 'completed' });
  });
});
