import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  currentEntries,
  type FileEntry,
  ManifestWriter,
  parseManifest,
  type RunEntry,
  TYPED_ENTRIES,
} from '../../src/commands/attachments/export-manifest.js';
import { canMountSmallDisk, mountSmallDisk } from '../support/small-disk.js';
import { useTempDir } from '../support/temp-dir.js';

const file = (id: string, path = `f/r/${id}.pdf`): FileEntry => ({
  id,
  form_id: 'f',
  response_id: 'r',
  path,
  bytes: 3,
  sha256: 'abc',
  downloaded_at: '2026-11-23T12:00:00.000Z',
});
const run = (query: string, started: string): RunEntry => ({
  type: 'run',
  started_at: started,
  completed_at: started,
  query,
  forms: 1,
  files: 1,
  bytes: 3,
});
const lines = (...entries: unknown[]) => entries.map((e) => `${JSON.stringify(e)}\n`).join('');

describe('parseManifest', () => {
  it('keeps the latest line of each file and counts the replaced ones as stale', () => {
    const manifest = parseManifest(lines(file('a'), file('b'), { ...file('a'), bytes: 9 }));
    expect([...manifest.files.keys()]).toEqual(['a', 'b']);
    expect(manifest.files.get('a')?.bytes).toBe(9);
    expect(manifest.stale).toBe(1);
  });

  it('drops a last line cut short by a crash, and says how long the complete lines are', () => {
    const complete = lines(file('a'));
    const manifest = parseManifest(`${complete}{"id":"b","form_`);
    expect([...manifest.files.keys()]).toEqual(['a']);
    expect(manifest.completeBytes).toBe(Buffer.byteLength(complete));
    expect(manifest.unreadable).toBe(0);
  });

  it('skips unreadable lines, and reads merged PDFs and runs', () => {
    const merged = {
      type: 'merged',
      form_id: 'f',
      ids: ['a'],
      path: 'f/merged.pdf',
      bytes: 1,
      sha256: 'x',
      downloaded_at: 'now',
    };
    const manifest = parseManifest(`not json\n{"id": 1}\n${lines(merged, run('', 't1'))}`);
    expect(manifest.unreadable).toBe(2);
    expect(manifest.merged.get('f')?.path).toBe('f/merged.pdf');
    expect(manifest.runs).toHaveLength(1);
  });
});

describe('the plan and form reads of a run', () => {
  const plan = { type: 'plan' as const, started_at: '2026-11-23T12:00:00.000Z', query: 'completed=true' };
  const form = (id: string) => ({
    type: 'form' as const,
    id,
    responses: [{ id: 'r', attachments: [{ id: 'a' }] }],
  });
  const text = (lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

  it('a run not complete: its plan and reads are kept, and written again by a rewrite', () => {
    const manifest = parseManifest(text([file('a'), plan, form('f1'), form('f2')]));
    expect(manifest.plan).toEqual(plan);
    expect([...manifest.reads.keys()]).toEqual(['f1', 'f2']);
    expect(manifest.stale).toBe(0);
    expect(currentEntries(manifest)).toEqual([file('a'), plan, form('f1'), form('f2')]);
  });

  it('a run line ends them: stale, gone from a rewrite', () => {
    const done = run('completed=true', '2026-11-23T12:00:00.000Z');
    const manifest = parseManifest(text([plan, form('f1'), file('a'), done]));
    expect(manifest.plan).toBeUndefined();
    expect(manifest.reads.size).toBe(0);
    expect(manifest.stale).toBe(2);
    expect(currentEntries(manifest)).toEqual([file('a'), done]);
  });

  it('a plan line starts over: the reads before it are stale', () => {
    const manifest = parseManifest(text([plan, form('f1'), { ...plan, query: '' }, form('f2')]));
    expect(manifest.plan?.query).toBe('');
    expect([...manifest.reads.keys()]).toEqual(['f2']);
    expect(manifest.stale).toBe(2);
  });
});

describe('ManifestWriter', () => {
  const temp = useTempDir('wfd-manifest-');

  it('appends one line per entry, after cutting a torn last line', async () => {
    const path = join(temp.path, 'manifest.ndjson');
    writeFileSync(path, `${lines(file('a'))}{"id":"b"`);
    const writer = await ManifestWriter.open(path, parseManifest(readFileSync(path, 'utf8')).completeBytes);
    await Promise.all([writer.append(file('b')), writer.append(file('c'))]);
    await writer.close();
    expect(readFileSync(path, 'utf8')).toBe(lines(file('a'), file('b'), file('c')));
  });

  it('keeps call order when appends arrive during a flush, and resolves each once its line is in the file', async () => {
    const path = join(temp.path, 'manifest.ndjson');
    const writer = await ManifestWriter.open(path);
    const seen: string[] = [];
    const appended = (id: string) =>
      writer.append(file(id)).then(() => {
        // Resolved: the line is in the file (and flushed), with every line appended before it.
        seen.push(id);
        expect(readFileSync(path, 'utf8')).toContain(lines(file(id)));
      });
    const first = appended('a');
    const during = [appended('b'), appended('c')];
    await first;
    await Promise.all([...during, appended('d')]);
    await writer.close();
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(readFileSync(path, 'utf8')).toBe(lines(file('a'), file('b'), file('c'), file('d')));
  });

  it('flushes lines that arrive together in one fdatasync, not one each', async () => {
    const path = join(temp.path, 'manifest.ndjson');
    const writer = await ManifestWriter.open(path);
    const probe = await open(path, 'r');
    const datasync = vi.spyOn(Object.getPrototypeOf(probe), 'datasync');
    await probe.close();
    try {
      await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => writer.append(file(id))));
      await writer.append(file('g'));
      expect(datasync).toHaveBeenCalledTimes(2);
    } finally {
      datasync.mockRestore();
      await writer.close();
    }
  });

  it('rewrites the manifest with one line per file, then appends to the new one', async () => {
    const path = join(temp.path, 'manifest.ndjson');
    writeFileSync(path, lines(file('a'), { ...file('a'), bytes: 7 }, run('', 't1')));
    const manifest = parseManifest(readFileSync(path, 'utf8'));
    const writer = await ManifestWriter.open(path);
    await writer.rewrite(currentEntries(manifest));
    await writer.append(file('b'));
    await writer.close();
    expect(readFileSync(path, 'utf8')).toBe(lines({ ...file('a'), bytes: 7 }, run('', 't1'), file('b')));
  });

  it('does not append through a link planted at the manifest', async () => {
    const victim = join(temp.path, 'victim');
    writeFileSync(victim, 'precious\n');
    const path = join(temp.path, 'manifest.ndjson');
    symlinkSync(victim, path);
    await expect(ManifestWriter.open(path)).rejects.toThrow(/ELOOP/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('rewrites through a temporary file of its own: links at the names of the old pattern stay untouched', async () => {
    const victim = join(temp.path, 'victim');
    writeFileSync(victim, 'precious\n');
    const path = join(temp.path, 'manifest.ndjson');
    writeFileSync(path, lines(file('a'), file('a')));
    symlinkSync(victim, join(temp.path, `.manifest.ndjson.${process.pid}.part`));
    const writer = await ManifestWriter.open(path);
    await writer.rewrite([file('a')]);
    await writer.close();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readFileSync(path, 'utf8')).toBe(lines(file('a')));
  });

  it.skipIf(!canMountSmallDisk)('a rewrite on a full disk fails and leaves no temporary file', async () => {
    const disk = mountSmallDisk()!;
    try {
      const path = join(disk.path, 'manifest.ndjson');
      writeFileSync(path, lines(file('a')));
      const writer = await ManifestWriter.open(path);
      disk.fill();
      const many = Array.from({ length: 200 }, (_, i) => file(`id-${i}`));
      await expect(writer.rewrite(many)).rejects.toThrow(/ENOSPC/);
      await writer.close();
      expect(readdirSync(disk.path).sort()).toEqual(['filler', 'manifest.ndjson']);
      expect(readFileSync(path, 'utf8')).toBe(lines(file('a')));
    } finally {
      disk.remove();
    }
  });
});

describe('the documentation of the manifest', () => {
  it('lists every kind of line the manifest holds, with each of its fields', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../docs/attachments.md'), 'utf8');
    for (const schema of TYPED_ENTRIES) {
      const type = schema.shape.type._zod.def.values[0];
      const row = docs.split('\n').find((line) => new RegExp(`^\\| \`${type}\` +\\|`).test(line));
      expect(row, `docs/attachments.md has no row for type ${type}`).toBeDefined();
      for (const field of Object.keys(schema.shape).filter((key) => key !== 'type'))
        expect(row, `the row of ${type} names ${field}`).toContain(`\`${field}\``);
    }
  });
});
