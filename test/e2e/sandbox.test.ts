import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from '../support/http-request.js';
import { BIN, baseEnv, lines, runWfd, startSandbox, tempDir } from './harness.js';

describe('sandbox start', () => {
  it('saves a "sandbox" profile so --profile sandbox works at once', async () => {
    const own = tempDir();
    const ownEnv = baseEnv({ WFD_CONFIG_DIR: own.path });
    const started = await startSandbox(['--rate-limit', 'off'], ownEnv);
    try {
      const result = await runWfd(['--profile', 'sandbox', 'cases', 'list', '--limit', '2', '-q'], {
        env: ownEnv,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(lines(result.stdout)).toHaveLength(2);
      const second = await runWfd(
        ['workspaces', 'list', '-q', '--profile', `sandbox-${started.workspaces[1]!.slug}`],
        {
          env: ownEnv,
        },
      );
      expect(second.stdout.trim()).toBe(started.workspaces[1]!.id);
      // There was no current profile: "sandbox" became it, so no --profile is needed.
      const plain = await runWfd(['workspaces', 'list', '-q'], { env: ownEnv });
      expect(plain.stdout.trim()).toBe(started.workspaces[0]!.id);
    } finally {
      await started.stop();
      own.remove();
    }
  });

  it.each([
    ['SIGTERM', 'SIGTERM'],
    ['SIGINT', 'Ctrl-C'],
  ] as const)('stopped by %s, it says how it stopped', async (signal, how) => {
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--no-profile'], {
      env: baseEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    await once(child.stdout, 'data');
    child.kill(signal);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(lines(stderr).at(-1)).toBe(`sandbox stopped by ${how}`);
  });
});

describe('sandbox start beside another sandbox', () => {
  it('never re-points the profiles of a sandbox still running: the second is named by its port', async () => {
    const own = tempDir();
    const ownEnv = baseEnv({ WFD_CONFIG_DIR: own.path });
    const first = await startSandbox(['--rate-limit', 'off'], ownEnv);
    try {
      const second = await startSandbox(['--rate-limit', 'off'], ownEnv);
      const port = new URL(second.baseUrl).port;
      const info = second as unknown as { profile: string };
      expect(info.profile).toBe(`sandbox-${port}`);
      const viaSecond = await runWfd(['--profile', `sandbox-${port}`, 'auth', 'status', '--json'], {
        env: ownEnv,
      });
      expect(JSON.parse(viaSecond.stdout)).toMatchObject({ base_url: second.baseUrl, valid: true });
      const other = await runWfd(['auth', 'profiles', '-q'], { env: ownEnv });
      expect(lines(other.stdout)).toContain(`sandbox-${port}-${second.workspaces[1]!.slug}`);
      await second.stop();
      // Its port-named profiles went with it; a killed one's go at the next start.
      const after = lines((await runWfd(['auth', 'profiles', '-q'], { env: ownEnv })).stdout);
      expect(after.filter((name) => name.startsWith(`sandbox-${port}`))).toEqual([]);
      const killed = await startSandbox(['--rate-limit', 'off'], ownEnv);
      const killedPort = new URL(killed.baseUrl).port;
      killed.process.kill('SIGKILL');
      await once(killed.process, 'exit');
      const stale = lines((await runWfd(['auth', 'profiles', '-q'], { env: ownEnv })).stdout);
      expect(stale).toContain(`sandbox-${killedPort}`);
      const next = await startSandbox(['--rate-limit', 'off'], ownEnv);
      await next.stop();
      const left = lines((await runWfd(['auth', 'profiles', '-q'], { env: ownEnv })).stdout);
      expect(left.filter((name) => /^sandbox-\d/.test(name))).toEqual([]);
      // The first still runs, and "sandbox" still reaches it.
      const viaFirst = await runWfd(['--profile', 'sandbox', 'auth', 'status', '--json'], { env: ownEnv });
      expect(viaFirst.code, viaFirst.stderr).toBe(0);
      expect(JSON.parse(viaFirst.stdout)).toMatchObject({ base_url: first.baseUrl, valid: true });
    } finally {
      await first.stop();
    }
    // Once the first has stopped, the next start takes "sandbox" over.
    const third = await startSandbox(['--rate-limit', 'off'], ownEnv);
    try {
      expect((third as unknown as { profile: string }).profile).toBe('sandbox');
      const status = await runWfd(['--profile', 'sandbox', 'auth', 'status', '--json'], { env: ownEnv });
      expect(JSON.parse(status.stdout)).toMatchObject({ base_url: third.baseUrl, valid: true });
    } finally {
      await third.stop();
      own.remove();
    }
  });
});

describe('sandbox start: the Host guard', () => {
  it('refuses a DNS-rebinding request (a foreign Host) with 421, and answers a name --allowed-host gives', async () => {
    const started = await startSandbox(['--no-profile', '--allowed-host', 'devbox.local']);
    try {
      const hook = `${started.baseUrl}/_sandbox/requests`;
      const refused = await request(hook, { headers: { host: 'rebind.attacker.example:4010' } });
      expect(refused.statusCode).toBe(421);
      expect((refused.body.json() as { message: string }).message).toMatch(
        /--allowed-host rebind\.attacker\.example$/,
      );
      expect((await request(hook, { headers: { host: 'devbox.local:4010' } })).statusCode).toBe(200);
    } finally {
      await started.stop();
    }
  });
});

describe('sandbox start: faults', () => {
  it('injects the --faults given into /v1 requests, with the --slow-ms given', async () => {
    const started = await startSandbox(['--no-profile', '--faults', '503:1', '--slow-ms', '250']);
    try {
      const settings = await fetch(`${started.baseUrl}/_sandbox/faults`);
      expect(await settings.json()).toEqual({ faults: '503:1', slow_ms: 250 });
      const res = await fetch(`${started.baseUrl}/v1/workspaces`, {
        headers: { authorization: `Bearer ${started.workspaces[0]!.token}` },
      });
      expect(res.status).toBe(503);
    } finally {
      await started.stop();
    }
  });

  it.each([
    [
      ['--faults', '503:0.7,500:0.7'],
      /^error: invalid --faults "503:0.7,500:0.7": the shares add up to 1.4, more than 1\n/,
    ],
    [['--faults', 'boom:1'], /^error: invalid --faults "boom:1": unknown fault "boom"/],
    [['--slow-ms', '-5'], /--slow-ms/],
  ])('refuses %j with exit 2 before listening', async (args, message) => {
    const result = await runWfd(['sandbox', 'start', '--port', '0', '--no-profile', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});

describe('sandbox start: the OAuth client', () => {
  it('is in the -o json line for scripts; the banner shows its id and redirect URIs, not its secret', async () => {
    const started = await startSandbox(['--no-profile', '--oauth-token-ttl', '2m']);
    let banner = '';
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--no-profile'], {
      env: baseEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      expect(started.oauth).toEqual({
        client_id: expect.stringMatching(/^wfd-sandbox-[0-9a-f]{16}$/),
        client_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
        redirect_uris: ['https://127.0.0.1/callback', 'https://localhost/callback'],
      });
      expect(await accessTokenLifetime(started.baseUrl, started.oauth)).toBe(120);

      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        banner += chunk;
        if (banner.includes('Ctrl-C stops it.')) break;
      }
      expect(banner).toContain(`OAuth client ${started.oauth.client_id} (-o json prints its secret)`);
      expect(banner).toContain(
        '  redirect URIs https://127.0.0.1/callback, https://localhost/callback\n  (loopback: any port)\n',
      );
      // The same seed gives the same client, so the secret would be this one.
      expect(banner).not.toContain(started.oauth.client_secret);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await started.stop();
    }
  });
});

/** Goes through the authorize pages and the token endpoint with fetch: the `expiresIn` given. */
async function accessTokenLifetime(baseUrl: string, oauth: { client_id: string; client_secret: string }) {
  const redirect_uri = 'https://127.0.0.1:9000/callback';
  const query = new URLSearchParams({ client_id: oauth.client_id, redirect_uri, response_type: 'code' });
  const field = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)![1]!;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const start = await (await fetch(`${baseUrl}/authorize?${query}`)).text();
  const signIn = {
    session: field(start, 'session'),
    csrf: field(start, 'csrf'),
    email: 'dana.kim@globex.example',
  };
  const consent = await (await post('/authorize/sign-in', signIn)).text();
  const done = await post('/authorize/consent', {
    session: field(consent, 'session'),
    csrf: field(consent, 'csrf'),
    workspace: field(consent, 'workspace'),
    decision: 'approve',
  });
  const code = new URL(done.headers.get('location')!).searchParams.get('code')!;
  const { client_id, client_secret } = oauth;
  const token = await post('/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri,
    client_id,
    client_secret,
  });
  return ((await token.json()) as { expiresIn: number }).expiresIn;
}

describe('sandbox demo', () => {
  it('tours every capability with real commands against a temporary sandbox, exits 0 and leaves nothing behind', async () => {
    const own = tempDir();
    const scratch = tempDir('wfd-e2e-tmp-');
    const cwd = tempDir('wfd-e2e-cwd-');
    try {
      const result = await runWfd(['sandbox', 'demo'], {
        // Its temporary folder goes under TMPDIR: an empty TMPDIR after the run means it cleaned up.
        env: baseEnv({ WFD_CONFIG_DIR: own.path, TMPDIR: scratch.path }),
        cwd: cwd.path,
        timeoutMs: 60_000,
      });
      expect(result.code, result.stderr).toBe(0);
      const out = result.stdout;
      // Cases: filters, a case, bulk changes and the exit code of bad input.
      expect(out).toContain('$ wfd cases list --contact muller --limit 3');
      expect(out).toMatch(/Müller/);
      expect(out).toMatch(/\$ wfd cases archive \S+ --dry-run\nPOST /);
      expect(result.stderr).toContain('dry run: this request was not sent');
      expect(out).toMatch(/\$ wfd cases unarchive \S+\n\S+\tunarchived/);
      expect(result.stderr).toContain('error: invalid --parent-status "done"');
      // Forms and webhooks: the listener printed the delivery of responses:completed.
      const formId = /\$ wfd forms create [^\n]+\n(\S+)\n/.exec(out)?.[1];
      expect(formId).toMatch(/^[0-9a-f-]{36}$/);
      expect(out).toMatch(new RegExp(`\\S+\\tresponses:completed\\t\\S+\\t${formId}\\n`));
      // Her response, the signed PDF, her attachments, the export and document intelligence.
      expect(out).toMatch(/\$ wfd responses get \S+\n/);
      expect(out).toMatch(/-O signed-nda\.pdf\n/);
      // It ends by naming the console of the user's own sandbox.
      expect(out).toContain('and `wfd sandbox open`: its console\nshows each request');
      expect(out).toMatch(/\tsaved\tfiles\/document-1\.\w+\t\d+\t\n/);
      expect(result.stderr).toMatch(/✓ exported 2 files .*manifest export\/manifest\.ndjson/);
      const manifest = /\$ head -n 1 export\/manifest\.ndjson\n(.+)\n/.exec(out)?.[1];
      expect(JSON.parse(manifest!)).toMatchObject({
        form_id: formId,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(result.stderr).toContain('0 to download (0 B), 2 already exported');
      expect(out).toMatch(/\$ wfd attachments upload signed-nda\.pdf\n[0-9a-f-]{36}\n/);
      expect(out).toMatch(/\$ wfd docintel extract signed-nda\.pdf\n/);
      expect(out).toContain('"Signer": "Ana Silva <ana@example.org>"');
      // Piped, it ran straight through: no pause between sections.
      expect(result.stderr).not.toContain('Enter: next section');
      // Nothing left: no temporary folder, nothing in the folder it ran from, no saved profile.
      expect(readdirSync(scratch.path)).toEqual([]);
      expect(readdirSync(cwd.path)).toEqual([]);
      const profiles = await runWfd(['auth', 'profiles', '-q'], {
        env: baseEnv({ WFD_CONFIG_DIR: own.path }),
      });
      expect(profiles.stdout).toBe('');
    } finally {
      own.remove();
      scratch.remove();
      cwd.remove();
    }
  });

  it('on a terminal pauses between sections: Enter goes on, q ends the tour and cleans up', () => {
    const scratch = tempDir('wfd-demo-tty-');
    const quoted = [process.execPath, BIN, 'sandbox', 'demo'].map((a) => `'${a}'`).join(' ');
    // Enter at the first pause, q at the second; `script` gives the tour a pseudo-terminal.
    const result = spawnSync('script', ['-qec', `stty cols 80 rows 24; ${quoted}`, '/dev/null'], {
      env: baseEnv({ TMPDIR: scratch.path, WFD_CONFIG_DIR: join(scratch.path, 'config'), TERM: 'xterm' }),
      cwd: scratch.path,
      input: '\nq',
      encoding: 'utf8',
      timeout: 60_000,
    });
    try {
      expect(result.status, result.stdout).toBe(0);
      const screen = result.stdout.replace(/\r/g, '');
      expect(screen.match(/-- Enter: next section, q: quit --/g)).toHaveLength(2);
      // The first two sections were shown, the third not.
      expect(screen).toContain('# The workspace this token reaches');
      expect(screen).toContain('# Contact search is partial');
      expect(screen).not.toContain('# One case with its steps');
      expect(screen).toContain('Tour ended. That was a sandbox on a free port, now stopped');
      expect(readdirSync(scratch.path).filter((name) => name.startsWith('wfd-demo-'))).toEqual([]);
    } finally {
      scratch.remove();
    }
  });
});
