/**
 * `wfd sandbox start --data-dir`: a kill -9 in the middle of a burst of writes loses none that
 * was acknowledged, and leaves a directory the next start loads; `wfd sandbox reset`; the banner
 * on an 80-column terminal.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, runWfd, type StartedSandbox, sandboxInfo, startSandbox, tempDir } from './harness.js';

interface Acknowledged {
  path: string;
  title: string;
}

/**
 * Writes of three kinds, in parallel, until `stop`: those acknowledged (a 2xx answer came back),
 * and the statuses of any refused.
 */
async function burst(
  sandbox: StartedSandbox,
  stop: AbortSignal,
): Promise<{ acknowledged: Acknowledged[]; refused: number[] }> {
  const headers = {
    authorization: `Bearer ${sandbox.workspaces[0]!.token}`,
    'content-type': 'application/json',
  };
  const templates = await fetch(`${sandbox.baseUrl}/v1/case_templates`, { headers });
  const template = ((await templates.json()) as { data: { id: string }[] }).data[0]!.id;
  const acknowledged: Acknowledged[] = [];
  const refused: number[] = [];
  const write = async (n: number): Promise<void> => {
    const title = `burst ${n}`;
    const [path, body] =
      n % 3 === 0
        ? ['/v1/cases', { template: { id: template }, title }]
        : n % 3 === 1
          ? [
              '/v1/forms',
              {
                flow: { slug: 'customer-feedback' },
                user: { email: 'burst@example.com', given_name: title },
              },
            ]
          : ['/v1/attachments', { filename: `${title}.txt`, content: Buffer.from(title).toString('base64') }];
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const created = (await res.json()) as { id: string };
    if (res.status >= 300) {
      refused.push(res.status);
      return;
    }
    const read = path === '/v1/attachments' ? `/v1/attachments/${created.id}` : `${path}/${created.id}`;
    acknowledged.push({ path: read, title });
  };
  let next = 0;
  const worker = async () => {
    while (!stop.aborted) {
      // A request cut off by the kill was never acknowledged: not counted.
      await write(next++).catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { acknowledged, refused };
}

describe('sandbox start --data-dir', () => {
  it('keeps every acknowledged write through a kill -9 in the middle of a burst', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const args = ['--no-profile', '--rate-limit', 'off', '--data-dir', data];
    try {
      const first = await startSandbox([...args, '--cases', '300']);
      // -o json keeps its one line, and says where the state lives.
      expect(first.dataDir).toBe(data);
      const stop = new AbortController();
      const writing = burst(first, stop.signal);
      // Kill once a good number of writes went through, while the workers keep sending.
      while ((await first.requests()).count < 150) await new Promise((resolve) => setTimeout(resolve, 20));
      first.process.kill('SIGKILL');
      await once(first.process, 'exit');
      stop.abort();
      const { acknowledged, refused } = await writing;
      expect(refused).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);

      // The seed parameters come from the directory; the killed process's lock is taken over.
      const second = await startSandbox(args);
      try {
        const headers = { authorization: `Bearer ${second.workspaces[0]!.token}` };
        const missing: string[] = [];
        for (const { path, title } of acknowledged) {
          const res = await fetch(`${second.baseUrl}${path}`, { headers });
          const text = await res.text();
          const found =
            res.status === 200 &&
            (path.startsWith('/v1/attachments/') ? text === title : text.includes(JSON.stringify(title)));
          if (!found) missing.push(`${path} (${res.status})`);
        }
        expect(missing).toEqual([]);
        const count = await fetch(`${second.baseUrl}/v1/cases/count`, { headers });
        expect(((await count.json()) as { count: number }).count).toBeGreaterThanOrEqual(
          240 + acknowledged.filter((a) => a.path.startsWith('/v1/cases/')).length,
        );

        const refused = await runWfd(['sandbox', 'reset', '--data-dir', data]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/^error: a sandbox \(process \d+\) is running on the data dir /);
      } finally {
        await second.stop();
      }
    } finally {
      dir.remove();
    }
  });

  it('reset puts the directory back to its seed', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const args = ['--no-profile', '--rate-limit', 'off', '--data-dir', data, '--cases', '50'];
    try {
      const first = await startSandbox(args);
      const env = baseEnv({ WFD_TOKEN: first.workspaces[0]!.token, WFD_BASE_URL: first.baseUrl });
      const templates = await runWfd(['case-templates', 'list', '-q', '--limit', '1'], { env });
      const made = await runWfd(
        ['cases', 'create', '--template', templates.stdout.trim(), '--title', 'Reset me', '-q'],
        {
          env,
        },
      );
      expect(made.code, made.stderr).toBe(0);
      await first.stop();

      const reset = await runWfd(['sandbox', 'reset', '--data-dir', data]);
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stderr).toBe(
        `✓ "${data}" is back to its seed (seed 1, 50 cases, 150 forms, 100 attachments)\n`,
      );

      const second = await startSandbox(args);
      try {
        const after = await runWfd(['cases', 'get', made.stdout.trim()], {
          env: { ...env, WFD_BASE_URL: second.baseUrl },
        });
        expect(after.code).toBe(5);
      } finally {
        await second.stop();
      }
      const again = await runWfd([
        'sandbox',
        'start',
        '--port',
        '0',
        '--no-profile',
        '--data-dir',
        data,
        '--seed',
        '2',
      ]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain(
        `error: --seed 2 differs from the 1 the data dir "${data}" was seeded with`,
      );
    } finally {
      dir.remove();
    }
  });
});

/** `sandbox start` arguments of a small sandbox kept in `data`. */
function smallDataDirSandbox(data: string): string[] {
  return ['--no-profile', '--rate-limit', 'off', '--data-dir', data, '--cases', '20', '--forms', '10'];
}

describe('sandbox start on a damaged data dir', () => {
  it('refuses a journal damaged in the middle, naming file and byte; started again as the hint says, it warns of the uploads it keeps', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const args = smallDataDirSandbox(data);
    try {
      const first = await startSandbox(args);
      const headers = {
        authorization: `Bearer ${first.workspaces[0]!.token}`,
        'content-type': 'application/json',
      };
      const uploaded: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${first.baseUrl}/v1/attachments`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            filename: `f${i}.txt`,
            content: Buffer.from(`file ${i}`).toString('base64'),
          }),
        });
        expect(res.status).toBe(201);
        uploaded.push(((await res.json()) as { id: string }).id);
      }
      await first.stop();
      const journal = join(data, 'journal-0');
      const bytes = readFileSync(journal);
      bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
      writeFileSync(journal, bytes);

      const refused = await runWfd(['sandbox', 'start', '--port', '0', ...args]);
      expect(refused.code).toBe(1);
      const offset = /is damaged at byte (\d+) \(record (\d+) of it/.exec(refused.stderr);
      expect(refused.stderr, refused.stderr).toContain(`error: the journal "${journal}" is damaged at byte `);
      expect(readFileSync(journal).equals(bytes)).toBe(true);
      expect(refused.stderr).toContain(
        `hint: copy the data dir aside first; then restore the file from a backup, or keep the ${Number(offset![2]) - 1} whole records before the damage: truncate -s ${offset![1]} "${journal}" && rm -f "${join(data, 'journal-mark')}"`,
      );

      // Done as the hint says: the records before the damage load; the uploads of those after are kept.
      truncateSync(journal, Number(offset![1]));
      rmSync(join(data, 'journal-mark'));
      const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '-o', 'json', ...args], {
        env: baseEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const [line] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
      const { baseUrl } = sandboxInfo(line.split('\n')[0]!);
      const kept = await Promise.all(
        uploaded.map(async (id) => (await fetch(`${baseUrl}/v1/attachments/${id}`, { headers })).status),
      );
      child.kill('SIGTERM');
      await once(child, 'exit');
      const lost = kept.filter((status) => status === 404).length;
      expect(kept[0]).toBe(200);
      expect(lost).toBeGreaterThan(0);
      expect(stderr).toContain(
        `warning: ${lost} upload file${lost === 1 ? '' : 's'} in "${join(data, 'blobs')}"`,
      );
      expect(readdirSync(join(data, 'blobs'))).toHaveLength(uploaded.length);
    } finally {
      dir.remove();
    }
  });
});

describe('sandbox start on an emptied journal', () => {
  it('refuses to start from the seed while sandbox.json says there was a directory, and says how to', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const args = smallDataDirSandbox(data);
    try {
      const first = await startSandbox(args);
      const res = await fetch(`${first.baseUrl}/v1/attachments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${first.workspaces[0]!.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ filename: 'f.txt', content: Buffer.from('file').toString('base64') }),
      });
      expect(res.status).toBe(201);
      await first.stop();
      const journal = join(data, 'journal-0');
      truncateSync(journal, 0);

      const refused = await runWfd(['sandbox', 'start', '--port', '0', ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `error: the journal "${journal}" is empty (0 bytes): every journal starts with a header, so it was emptied or cut after it was written`,
      );
      expect(refused.stderr).toContain('the directory keeps 1 upload file, which only writes make');
      expect(refused.stderr).toContain(
        `hint: copy the data dir aside first; then restore the file from a backup, or start from the seed without those writes: rm -f "${journal}" "${join(data, 'journal-mark')}"`,
      );
      expect(readFileSync(journal).length).toBe(0);
    } finally {
      dir.remove();
    }
  });
});

describe('sandbox start on a journal cut at a record boundary', () => {
  it('refuses, naming the journal and the commits it lost; the hint starts it from what it holds', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const args = smallDataDirSandbox(data);
    try {
      const first = await startSandbox(args);
      const headers = {
        authorization: `Bearer ${first.workspaces[0]!.token}`,
        'content-type': 'application/json',
      };
      const templates = await fetch(`${first.baseUrl}/v1/case_templates`, { headers });
      const template = ((await templates.json()) as { data: { id: string }[] }).data[0]!.id;
      for (let i = 0; i < 3; i++) {
        const made = await fetch(`${first.baseUrl}/v1/cases`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ template: { id: template }, title: `case ${i}` }),
        });
        expect(made.status).toBe(200);
      }
      await first.stop();
      // Right after its header: what a copy made while it was empty, or a hand, leaves.
      const journal = join(data, 'journal-0');
      const bytes = readFileSync(journal);
      truncateSync(journal, 8 + bytes.readUInt32LE(0));

      const refused = await runWfd(['sandbox', 'start', '--port', '0', ...args]);
      expect(refused.code).toBe(1);
      const mark = join(data, 'journal-mark');
      expect(refused.stderr).toBe(
        `error: the journal "${journal}" holds no commit (its header only), but it held 3 commits when the sandbox last started or stopped on it ("${mark}"): it was cut after it was written, and the writes of the 3 commits it lost (acknowledged ones among them) are not in it. Starting would serve an older state; nothing was changed on disk\n` +
          `hint: copy the data dir aside first; then restore the journal from a backup, or start from the 0 commits it holds: rm "${mark}"\n`,
      );
    } finally {
      dir.remove();
    }
  });

  it('a start that fails (its port in use) leaves no --data-dir folder behind', async () => {
    const dir = tempDir();
    const running = await startSandbox(['--no-profile', '--rate-limit', 'off']);
    try {
      const port = new URL(running.baseUrl).port;
      const data = join(dir.path, 'new', 'data');
      const failed = await runWfd(['sandbox', 'start', '--port', port, ...smallDataDirSandbox(data)]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`error: port ${port} is already in use`);
      expect(readdirSync(dir.path)).toEqual([]);
    } finally {
      await running.stop();
      dir.remove();
    }
  });
});

describe('sandbox start on a terminal', () => {
  it('prints a banner whose every line fits 80 columns', async () => {
    const dir = tempDir();
    const data = join(dir.path, 'data');
    const command = [
      process.execPath,
      BIN,
      'sandbox',
      'start',
      '--port',
      '0',
      '--no-profile',
      '--data-dir',
      data,
    ]
      .map((arg) => `'${arg}'`)
      .join(' ');
    // A pseudo-terminal of 80 columns; its own process group, so the test ends what it started.
    const child = spawn('script', ['-qec', `stty cols 80; ${command}`, '/dev/null'], {
      env: { ...baseEnv(), TERM: 'xterm' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let screen = '';
    try {
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        screen += chunk;
        if (screen.includes('Ctrl-C stops it.')) break;
      }
      const lines = screen.replace(/\r/g, '').trimEnd().split('\n');
      expect(lines[0]).toMatch(/^wfd sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines).toContain(`State: kept in ${data}`);
      expect(screen).toMatch(/ {2}acme {4}Acme Corporation {2}wfd_[0-9a-f]{32}/);
      expect(screen).toMatch(/OAuth client wfd-sandbox-[0-9a-f]{16} \(-o json prints its secret\)/);
      expect(screen).toContain('wfd --base-url http://127.0.0.1:');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await once(child, 'exit');
      dir.remove();
    }
  });
});
