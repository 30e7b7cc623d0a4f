/**
 * A data directory (`startSandbox({dataDir})`): every kind of record written over HTTP is read
 * back the same after a restart on the same directory; torn journal tails, compaction, the lock,
 * seed parameters and reset.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetDataDir } from '../../src/sandbox/persist/data-dir.js';
import {
  DataDirError,
  JournalDamagedError,
  JournalShortError,
  JournalTruncatedError,
  SeedMismatchError,
} from '../../src/sandbox/persist/errors.js';
import { LockedError } from '../../src/sandbox/persist/lock.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { download, fileStats, jsonFile, uploadMultipart, uploadStream } from './files.js';
import { type Json, listAll, manualClock, startTestSandbox, type TestSandbox } from './helpers.js';
import { login, postToken, refresh } from './oauth-flow.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-data-dir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const EXTRA_CLIENT = {
  client_id: 'partner-app',
  client_secret: 'partner-secret',
  redirect_uris: ['https://partner.example/callback'],
};

/** A sandbox on the test's data directory, on a manual clock (so times are the same after a restart). */
const open = (options: SandboxOptions = {}) =>
  startTestSandbox({
    dataDir: dir,
    clock: manualClock(),
    cases: 50,
    forms: 40,
    docintelDelayMs: 0,
    ...options,
  });

async function ok(result: Promise<{ status: number; body: Json }>, status = 200): Promise<Json> {
  const res = await result;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

describe('a data directory', () => {
  it('keeps every kind of record across a restart, and new ids do not repeat old ones', async () => {
    let t = await open({ oauthClients: [EXTRA_CLIENT] });
    const [acme, globex] = t.sandbox.workspaces;
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    const [seededCase, toArchive] = (await ok(t.get('/v1/cases?sort=created_at'))).data;
    // Cases: one made, one seeded one's data changed, one archived; references keep counting.
    const made = await ok(
      t.post('/v1/cases', {
        template: { id: template },
        title: 'Kept across restarts',
        contact: { given_name: 'Zoë', family_name: 'Ångström', email: 'zoe@example.com' },
      }),
    );
    await ok(t.post(`/v1/cases/${seededCase.id}/data`, { note: 'changed', nested: { a: [1, 2] } }));
    await ok(t.post(`/v1/cases/${toArchive.id}`, { archived: !toArchive.archived_at }));
    // Forms: one made with webhooks, a seeded one changed, another deleted, a seeded response deleted.
    const forms = await listAll(t, '/v1/forms');
    const form = await ok(
      t.post('/v1/forms', {
        flow: { slug: 'customer-feedback' },
        user: { email: 'kept@example.com', given_name: 'Kept' },
        webhooks: { 'https://hooks.example/kept': ['responses:completed'] },
      }),
      201,
    );
    await ok(t.call('PATCH', `/v1/forms/${forms[0].id}`, { body: { status: 'reviewed', archived: true } }));
    await ok(
      t.post('/_sandbox/trigger', { event: 'forms:deleted', form_id: forms[1].id }, { token: null }),
      202,
    );
    const withResponse = forms.find((f: Json, i: number) => i > 1 && f.status === 'completed');
    const goneResponse = (await ok(t.get(`/v1/forms/${withResponse.id}`))).responses[0].id;
    await ok(
      t.post(
        '/_sandbox/trigger',
        { event: 'responses:deleted', form_id: withResponse.id, response_id: goneResponse },
        { token: null },
      ),
      202,
    );
    // Responses, generated attachments and a signature, by the trigger hook; a job on a file whose
    // response is then deleted (the job outlives it).
    const trigger = (body: Json) =>
      ok(t.post('/_sandbox/trigger', { form_id: form.id, ...body }, { token: null }), 202);
    await trigger({ event: 'responses:created' });
    await trigger({ event: 'responses:completed', attachments: 1 });
    const doomed = (await ok(t.get(`/v1/forms/${form.id}`))).responses[0];
    const orphanJob = await ok(
      t.post('/v1/document-intelligence', { attachment_id: doomed.attachments[0].id }),
      201,
    );
    await trigger({ event: 'responses:deleted', response_id: doomed.id });
    await trigger({ event: 'responses:created' });
    await trigger({ event: 'responses:completed', attachments: 2, signature: true });
    // Uploads (JSON and multipart) and a document intelligence job.
    const bytes = Buffer.from('Invoice\n\nInvoice number: INV-7\nTotal: 12.00 EUR\n');
    const upload = await ok(t.post('/v1/attachments', jsonFile('invoice.txt', bytes, 'text/plain')), 201);
    const multipart = (await uploadMultipart(t, [{ name: 'scan.bin', bytes: Buffer.from([0, 1, 2, 255]) }]))
      .body.data[0];
    const job = await ok(
      t.post('/v1/document-intelligence', { attachment_id: upload.id, fields: ['Total'] }),
      201,
    );
    // Tokens: a personal one revoked; OAuth grants, a refresh, a revoked refresh token, an expired access token.
    await ok(t.post('/_sandbox/tokens/revoke', { token: globex!.token }, { token: null }));
    const alice = await login(t);
    const refreshed = (await ok(refresh(t, alice.refresh_token))).access_token;
    const dana = await login(t, { email: 'dana.kim@globex.example' });
    await ok(t.post('/_sandbox/oauth/revoke', { refresh_token: dana.refresh_token }, { token: null }));
    await ok(t.post('/_sandbox/oauth/expire', { access_token: dana.access_token }, { token: null }));

    const reads = [
      `/v1/cases/${made.id}`,
      `/v1/cases/${seededCase.id}`,
      `/v1/cases/${toArchive.id}`,
      '/v1/cases?page[size]=100&sort=-updated_at',
      `/v1/forms/${form.id}`,
      `/v1/forms/${forms[0].id}`,
      `/v1/forms/${forms[1].id}`,
      `/v1/forms/${withResponse.id}`,
      `/v1/responses/${goneResponse}`,
      '/v1/forms?page[size]=100&sort=-updated_at',
      `/v1/document-intelligence/${job.id}`,
      `/v1/document-intelligence/${orphanJob.id}`,
      `/v1/responses/${doomed.id}`,
    ];
    const readAll = async (sandbox: TestSandbox) =>
      Promise.all(
        reads.map(async (path) => sandbox.get(path).then(({ status, body }) => [path, status, body])),
      );
    const before = await readAll(t);
    // The deleted ones are gone; the rest reads.
    expect(before.map(([, status]) => status)).toEqual([
      200, 200, 200, 200, 200, 200, 404, 200, 404, 200, 200, 200, 404,
    ]);
    const completedForm = (await ok(t.get(`/v1/forms/${form.id}`))).responses;
    expect(completedForm).toHaveLength(1);
    expect(completedForm[0].attachments).toHaveLength(2);
    expect(completedForm[0].signatures).toHaveLength(1);
    await t.close();

    // The same directory, without the extra client's option: it is kept too.
    t = await open();
    try {
      expect(await readAll(t)).toEqual(before);
      expect((await download(t, `/v1/attachments/${upload.id}`)).bytes).toEqual(bytes);
      expect((await download(t, `/v1/attachments/${multipart.id}`)).bytes).toEqual(
        Buffer.from([0, 1, 2, 255]),
      );
      const generated = completedForm[0].attachments[0];
      expect((await download(t, `/v1/attachments/${generated.id}`)).bytes.length).toBe(generated.size);
      expect((await fileStats(t)).uploads).toEqual({ count: 2, bytes: bytes.length + 4 });

      expect((await t.get('/v1/workspaces', { token: globex!.token })).status).toBe(401);
      expect((await t.get('/v1/workspaces', { token: acme!.token })).status).toBe(200);
      expect((await t.get('/v1/workspaces', { token: alice.access_token })).status).toBe(401);
      expect((await t.get('/v1/workspaces', { token: refreshed })).status).toBe(200);
      expect((await t.get('/v1/workspaces', { token: dana.access_token })).status).toBe(401);
      expect((await ok(refresh(t, alice.refresh_token))).refresh_token).toBe(alice.refresh_token);
      expect((await refresh(t, dana.refresh_token)).status).toBe(400);
      // The extra client still authenticates: a bad refresh token is a 400, bad credentials a 401.
      const partner = { client_id: EXTRA_CLIENT.client_id, client_secret: EXTRA_CLIENT.client_secret };
      expect(
        (await postToken(t, { grant_type: 'refresh_token', refresh_token: 'x', ...partner })).status,
      ).toBe(400);

      const next = await ok(t.post('/v1/cases', { template: { id: template }, title: 'After the restart' }));
      expect(next.reference).not.toBe(made.reference);
      expect(Number(next.reference.slice(-6))).toBe(Number(made.reference.slice(-6)) + 1);
      const known = new Set([made.id, form.id, upload.id, multipart.id, job.id]);
      expect(known.has(next.id)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('answers a write only once it is in the journal', async () => {
    const t = await open();
    try {
      const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
      const made = await ok(t.post('/v1/cases', { template: { id: template }, title: 'On disk' }));
      const journal = readdirSync(dir).find((name) => name.startsWith('journal-'))!;
      expect(readFileSync(join(dir, journal)).toString('utf8')).toContain(made.id);
    } finally {
      await t.close();
    }
  });

  it('drops a torn last record of the journal, and appends after the last whole one', async () => {
    let t = await open();
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    const create = (sandbox: TestSandbox, title: string) =>
      ok(sandbox.post('/v1/cases', { template: { id: template }, title }));
    const first = await create(t, 'first');
    await t.close();
    // A crash in the middle of an append: a header promising more bytes than follow.
    const journal = join(dir, readdirSync(dir).find((name) => name.startsWith('journal-'))!);
    appendFileSync(journal, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123, 34]));
    t = await open();
    expect((await t.get(`/v1/cases/${first.id}`)).status).toBe(200);
    const second = await create(t, 'second');
    await t.close();
    t = await open();
    try {
      expect((await t.get(`/v1/cases/${first.id}`)).body.title).toBe('first');
      expect((await t.get(`/v1/cases/${second.id}`)).body.title).toBe('second');
    } finally {
      await t.close();
    }
  });

  it('says how many torn records it dropped, and where', async () => {
    let t = await open();
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    await ok(t.post('/v1/cases', { template: { id: template }, title: 'first' }));
    await t.close();
    const journal = join(dir, 'journal-0');
    const whole = readFileSync(journal).length;
    appendFileSync(journal, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123, 34]));
    t = await open();
    try {
      expect(t.sandbox.notices).toEqual([
        `Dropped the torn last record of the journal ${JSON.stringify(journal)} (10 bytes at byte ${whole}, after 1 whole commit, kept): what a crash in the middle of a write leaves, and such a record was never acknowledged; a file cut by other means loses what followed it too`,
      ]);
      expect(readFileSync(journal).length).toBe(whole);
    } finally {
      await t.close();
    }
  });

  /** Start offsets of the framed records of a journal (length, CRC-32, bytes). */
  const recordStarts = (bytes: Buffer): number[] => {
    const starts: number[] = [];
    for (let at = 0; at < bytes.length; at += 8 + bytes.readUInt32LE(at)) starts.push(at);
    return starts;
  };

  it.each([
    ['a byte of a record in the middle', (starts: number[]) => starts[Math.floor(starts.length / 2)]! + 20],
    ['the length of a record in the middle', (starts: number[]) => starts[Math.floor(starts.length / 2)]!],
  ])('refuses to start on a journal with %s flipped, and changes nothing on disk', async (_name, where) => {
    const t = await open();
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    for (let i = 0; i < 12; i++) {
      await ok(t.post('/v1/cases', { template: { id: template }, title: `case ${i}` }));
      await ok(t.post('/v1/attachments', jsonFile(`file ${i}.txt`, Buffer.from(`bytes ${i}`))), 201);
    }
    await t.close();
    const journal = join(dir, 'journal-0');
    const bytes = readFileSync(journal);
    const starts = recordStarts(bytes);
    const flipped = where(starts);
    const damagedRecord = starts.filter((start) => start <= flipped).length - 1;
    bytes[flipped]! ^= 0x10;
    writeFileSync(journal, bytes);
    const uploads = readdirSync(join(dir, 'blobs')).sort();
    expect(uploads).toHaveLength(12);

    const refused = open();
    await expect(refused).rejects.toBeInstanceOf(JournalDamagedError);
    await expect(refused).rejects.toThrow(
      `The journal ${JSON.stringify(journal)} is damaged at byte ${starts[damagedRecord]} (record ${damagedRecord + 1} of it fails its checksum, and whole records follow it)`,
    );
    // Nothing cut, nothing removed: the damage can still be repaired by hand.
    expect(readFileSync(journal).equals(bytes)).toBe(true);
    expect(readdirSync(join(dir, 'blobs')).sort()).toEqual(uploads);
    // The lock was released: the next start is refused for the damage again, not for a lock.
    await expect(open()).rejects.toBeInstanceOf(JournalDamagedError);
  });

  it.each([
    ['emptied', 0, 'is empty (0 bytes)'],
    ['cut to 5 bytes', 5, 'holds 5 bytes and no whole record, not even its header'],
  ])(
    'refuses a journal %s beside sandbox.json, saying what it shows, and changes nothing',
    async (_name, size, shows) => {
      let t = await open();
      const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
      const made = await ok(t.post('/v1/cases', { template: { id: template }, title: 'acknowledged' }));
      await ok(t.post('/v1/attachments', jsonFile('a.txt', Buffer.from('bytes'))), 201);
      await t.close();
      const journal = join(dir, 'journal-0');
      const cut = readFileSync(journal).subarray(0, size);
      writeFileSync(journal, cut);

      const refused = open();
      await expect(refused).rejects.toBeInstanceOf(JournalTruncatedError);
      await expect(refused).rejects.toThrow(
        `The journal ${JSON.stringify(journal)} ${shows}: every journal starts with a header, so it was emptied or cut after it was written, and the writes it held (acknowledged ones among them) are not in it; the directory keeps 1 upload file, which only writes make. Starting would serve the seed only; nothing was changed on disk`,
      );
      expect(readFileSync(journal).equals(cut)).toBe(true);
      // Removed by hand with its mark, as the refusal's hint says: the seed, without the lost case.
      rmSync(journal);
      rmSync(join(dir, 'journal-mark'));
      t = await open();
      try {
        expect((await t.get(`/v1/cases/${made.id}`)).status).toBe(404);
      } finally {
        await t.close();
      }
    },
  );

  it.each([
    ['right after its header', 0],
    ['after its first commit', 1],
  ])(
    'refuses a journal cut at a record boundary (%s), naming the file and the counts',
    async (_where, keep) => {
      let t = await open();
      const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
      for (let i = 0; i < 3; i++)
        await ok(t.post('/v1/cases', { template: { id: template }, title: `acknowledged ${i}` }));
      await t.close();
      const journal = join(dir, 'journal-0');
      const bytes = readFileSync(journal);
      // The header and `keep` commits, each frame its length (4 bytes) and checksum (4) then its bytes.
      let end = 0;
      for (let record = 0; record <= keep; record++) end += 8 + bytes.readUInt32LE(end);
      const cut = bytes.subarray(0, end);
      writeFileSync(journal, cut);

      const refused = open();
      await expect(refused).rejects.toBeInstanceOf(JournalShortError);
      await expect(refused).rejects.toThrow(
        `The journal ${JSON.stringify(journal)} holds ${keep === 0 ? 'no commit (its header only)' : '1 commit'}, but it held 3 commits when the sandbox last started or stopped on it (${JSON.stringify(join(dir, 'journal-mark'))}): it was cut after it was written, and the writes of the ${3 - keep} commits it lost (acknowledged ones among them) are not in it. Starting would serve an older state; nothing was changed on disk`,
      );
      expect(readFileSync(journal).equals(cut)).toBe(true);
      // Removing the mark, as the refusal's hint says, starts from what the journal holds.
      rmSync(join(dir, 'journal-mark'));
      t = await open();
      await t.close();
    },
  );

  it('refuses a directory whose journal is missing while its mark says it held commits', async () => {
    const t = await open();
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    await ok(t.post('/v1/cases', { template: { id: template }, title: 'acknowledged' }));
    await t.close();
    rmSync(join(dir, 'journal-0'));
    await expect(open()).rejects.toThrow(
      `The journal ${JSON.stringify(join(dir, 'journal-0'))} is missing, but it held 1 commit when the sandbox last started or stopped on it`,
    );
    expect(existsSync(join(dir, 'journal-0'))).toBe(false);
  });

  it('a journal-0 that is a folder is refused, naming it', async () => {
    const t = await open();
    await t.close();
    rmSync(join(dir, 'journal-0'));
    mkdirSync(join(dir, 'journal-0'));
    await expect(open()).rejects.toThrow(
      `The journal ${JSON.stringify(join(dir, 'journal-0'))} is a folder, not a file: move it aside (it is no sandbox's); nothing was changed on disk`,
    );
  });

  it('a failed start (a port in use) leaves no data directory behind, nor its missing parents', async () => {
    const busy = await open();
    try {
      const port = Number(new URL(busy.sandbox.baseUrl).port);
      const fresh = join(dir, 'new', 'data');
      await expect(open({ dataDir: fresh, port })).rejects.toThrow(/EADDRINUSE/);
      expect(existsSync(join(dir, 'new'))).toBe(false);
    } finally {
      await busy.close();
    }
  });

  it('starts again on a journal that holds its header only (a run without writes)', async () => {
    let t = await open();
    await t.close();
    expect(readFileSync(join(dir, 'journal-0')).length).toBeGreaterThan(8);
    t = await open();
    await t.close();
  });

  it('refuses a journal of a generation no interrupted compaction leaves, and keeps it', async () => {
    const t = await open();
    await t.close();
    writeFileSync(join(dir, 'journal-7'), 'changes of someone else');
    await expect(open()).rejects.toThrow(
      `The data directory ${JSON.stringify(dir)} holds journal-7, which the seed (there is no snapshot) does not continue`,
    );
    expect(readFileSync(join(dir, 'journal-7'), 'utf8')).toBe('changes of someone else');
  });

  it('keeps uploads no record names, and removes them only when asked (pruneUploads)', async () => {
    let t = await open();
    await t.close();
    // What a crash between writing an upload and its journal record leaves.
    const stray = join(dir, 'blobs', '0b7c6c1e-56a1-4d8e-9d53-1f0a3c1f2f10');
    writeFileSync(stray, 'bytes of an upload never acknowledged');
    t = await open();
    await t.close();
    expect(t.sandbox.notices).toEqual([
      `1 upload file in ${JSON.stringify(join(dir, 'blobs'))} is named by no record (left by a crash before their record was written, or by a journal cut by hand); kept: start with pruneUploads (wfd sandbox start --prune-uploads) to remove such files`,
    ]);
    expect(readFileSync(stray, 'utf8')).toBe('bytes of an upload never acknowledged');
    t = await open({ pruneUploads: true });
    await t.close();
    expect(t.sandbox.notices).toEqual([
      `Removed 1 upload file in ${JSON.stringify(join(dir, 'blobs'))} that no record names (pruneUploads)`,
    ]);
    expect(readdirSync(join(dir, 'blobs'))).toEqual([]);
  });

  it('streams an upload into the blob folder as it arrives, not into memory', async () => {
    const t = await open({ maxUploadBytes: 4 * 1024 * 1024 });
    try {
      const blobs = join(dir, 'blobs');
      const chunk = Buffer.alloc(64 * 1024, 7);
      const inFlight = () =>
        readdirSync(blobs)
          .filter((name) => name.startsWith('.'))
          .reduce((bytes, name) => bytes + statSync(join(blobs, name)).size, 0);
      let seenOnDisk = 0;
      async function* body() {
        yield Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
        );
        for (let i = 0; i < 16; i++) yield chunk;
        // Half the file is sent: it must be on disk before the rest is, while the request is open.
        for (seenOnDisk = inFlight(); seenOnDisk < 512 * 1024; seenOnDisk = inFlight()) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        for (let i = 0; i < 16; i++) yield chunk;
        yield Buffer.from('\r\n--b--\r\n');
      }
      const res = await uploadStream(t, body(), 'b');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(seenOnDisk).toBeGreaterThanOrEqual(512 * 1024);
      const id = res.body.data[0].id;
      expect(readdirSync(blobs)).toEqual([id]);
      expect(statSync(join(blobs, id)).size).toBe(32 * chunk.length);
    } finally {
      await t.close();
    }
  });

  it('leaves no bytes of a refused upload in the blob folder', async () => {
    const t = await open({ maxUploadBytes: 1024 });
    try {
      const res = await uploadMultipart(t, [
        { name: 'a.bin', bytes: Buffer.alloc(600) },
        { name: 'b.bin', bytes: Buffer.alloc(600) },
      ]);
      expect(res.status).toBe(413);
      expect(readdirSync(join(dir, 'blobs'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('compacts the journal into a snapshot, and reads them both back', async () => {
    let t = await open({ compactJournalBytes: 1 });
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await ok(t.post('/v1/cases', { template: { id: template }, title: `case ${i}` }))).id);
    }
    await ok(t.post(`/v1/cases/${ids[0]}/data`, { step: 'after a compaction' }));
    await t.close();
    const files = readdirSync(dir).sort();
    expect(files).toContain('snapshot');
    // One journal: the generation after the last snapshot.
    expect(files.filter((name) => /^journal-\d+$/.test(name))).toHaveLength(1);
    expect(files).not.toContain('journal-0');
    t = await open();
    try {
      for (const [i, id] of ids.entries())
        expect((await t.get(`/v1/cases/${id}`)).body.title).toBe(`case ${i}`);
      expect((await t.get(`/v1/cases/${ids[0]}`)).body.data).toEqual({ step: 'after a compaction' });
    } finally {
      await t.close();
    }
  });

  it('is locked while a sandbox runs on it; a kill leaves a lock that the next start takes over', async () => {
    const t = await open();
    try {
      await expect(open()).rejects.toBeInstanceOf(LockedError);
      await expect(resetDataDir(dir)).rejects.toBeInstanceOf(LockedError);
    } finally {
      await t.close();
    }
    // The lock of a process that is gone (pid 2^22 + 1 is above Linux's pid_max default).
    writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: 4_194_305 }));
    const again = await open();
    await again.close();
    expect(readdirSync(dir)).not.toContain('lock');
  });

  it('keeps its seed parameters: others are refused, leaving them out uses the stored ones', async () => {
    const t = await open({ cases: 30, seed: 9 });
    const count = (await ok(t.get('/v1/cases/count'))).count;
    await t.close();
    await expect(open({ cases: 31, seed: 9 })).rejects.toThrow(
      new SeedMismatchError(dir, 'cases', 30, 31).message,
    );
    await expect(open({ cases: 30, seed: 8 })).rejects.toBeInstanceOf(SeedMismatchError);
    const { startSandbox } = await import('../../src/sandbox/server.js');
    const stored = await startSandbox({ dataDir: dir, port: 0 });
    try {
      const res = await fetch(`${stored.baseUrl}/v1/cases/count`, {
        headers: { authorization: `Bearer ${stored.workspaces[0]!.token}` },
      });
      expect(((await res.json()) as Json).count).toBe(count);
    } finally {
      await stored.close();
    }
  });

  it('refuses a directory that holds other files, and one another version wrote', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await expect(open()).rejects.toThrow(/is not a sandbox data directory and not empty/);
    rmSync(join(dir, 'notes.txt'));
    writeFileSync(join(dir, 'sandbox.json'), JSON.stringify({ format: 99 }));
    await expect(open()).rejects.toBeInstanceOf(DataDirError);
  });

  it('goes back to the seed with reset, keeping the seed parameters', async () => {
    let t = await open({ cases: 20 });
    const template = (await ok(t.get('/v1/case_templates'))).data[0].id;
    const made = await ok(t.post('/v1/cases', { template: { id: template }, title: 'Gone after reset' }));
    const upload = await ok(t.post('/v1/attachments', jsonFile('a.txt', Buffer.from('a'))), 201);
    await t.close();
    expect(await resetDataDir(dir)).toMatchObject({ cases: 20 });
    expect(readdirSync(dir).sort()).toEqual(['sandbox.json']);
    t = await open({ cases: 20 });
    try {
      expect((await t.get(`/v1/cases/${made.id}`)).status).toBe(404);
      expect((await t.get(`/v1/attachments/${upload.id}`)).status).toBe(404);
      expect((await ok(t.get('/v1/cases/count'))).count).toBe(16);
    } finally {
      await t.close();
    }
    await expect(resetDataDir(join(dir, 'missing'))).rejects.toThrow(/is not a sandbox data directory/);
  });

  it('refuses a client given again with other values', async () => {
    const t = await open({ oauthClients: [EXTRA_CLIENT] });
    await t.close();
    await expect(open({ oauthClients: [{ ...EXTRA_CLIENT, client_secret: 'rotated' }] })).rejects.toThrow(
      /differs from the one the data directory holds/,
    );
    const same = await open({ oauthClients: [EXTRA_CLIENT] });
    await same.close();
  });
});
