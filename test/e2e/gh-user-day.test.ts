/**
 * The rest of a gh user's first hour with wfd (issue 38), each found by trying it: the built
 * binary against the sandbox, on an 80-column pseudo-terminal where the screen matters.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, onTerminal, runWfd, type StartedSandbox, sandboxInfo, tempDir, useSandbox } from './harness.js';

const ESC = String.fromCharCode(27);

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '60', '--forms', '40'], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe("gh's environment variables", () => {
  it('CLICOLOR_FORCE=1 colours a piped table; CLICOLOR=0 keeps a terminal plain', async () => {
    const { NO_COLOR: _, ...coloured } = env;
    const piped = await runWfd(['cases', 'list', '-L', '3', '-o', 'table'], {
      env: { ...coloured, CLICOLOR_FORCE: '1' },
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain(`${ESC}[`);
    const screen = onTerminal(['cases', 'list', '-L', '3'], { env: { ...coloured, CLICOLOR: '0' } });
    expect(screen).toContain('REFERENCE');
    expect(screen).not.toContain(`${ESC}[3`);
  });

  it('BROWSER opens the OAuth login page, as the config setting browser does', () => {
    const dir = tempDir();
    try {
      const opened = join(dir.path, 'opened');
      const opener = join(dir.path, 'opener.sh');
      writeFileSync(opener, `printf '%s' "$1" > '${opened}'\n`);
      // The browser is started only for someone at a terminal.
      onTerminal(
        [
          'auth',
          'login',
          '--oauth',
          '--client-id',
          sandbox.oauth.client_id,
          '--base-url',
          sandbox.baseUrl,
          '--timeout',
          '2s',
        ],
        {
          env: {
            ...env,
            WFD_TOKEN: undefined,
            WFD_CONFIG_DIR: dir.path,
            WFD_CLIENT_SECRET: sandbox.oauth.client_secret,
            BROWSER: `sh '${opener}'`,
          },
          expectCode: 3,
        },
      );
      expect(readFileSync(opened, 'utf8')).toMatch(new RegExp(`^${sandbox.baseUrl}/authorize\\?`));
    } finally {
      dir.remove();
    }
  });
});

describe("gh's --jq habits", () => {
  it("wfd api -q is gh api's --jq: the first id, and objects coloured as gh colours them", async () => {
    const { NO_COLOR: _, ...coloured } = env;
    const first = JSON.parse((await runWfd(['api', '/v1/cases'], { env })).stdout).data[0];
    expect(onTerminal(['api', '/v1/cases', '-q', '.data[0].id'], { env: coloured })).toBe(`${first.id}\n`);
    const owner = onTerminal(['api', '/v1/cases', '-q', '.data[0].owner'], { env: coloured });
    expect(owner).toContain(
      `${ESC}[1;34m"email"${ESC}[m${ESC}[1;38m:${ESC}[m ${ESC}[32m"${first.owner.email}"`,
    );
    // Piped, jq's own bytes.
    const piped = await runWfd(['api', '/v1/cases', '-q', '.data[0].owner'], { env: coloured });
    expect(piped.stdout).toBe(`${JSON.stringify(first.owner, null, 2)}\n`);
  });

  it('--paginate --jq .data[] (gh habit) fails with what the program sees here', async () => {
    const result = await runWfd(['api', '/v1/cases', '--paginate', '--jq', '.data[]'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: --jq: Cannot index array with string ("data")\n' +
        "hint: with --paginate the program sees one array of every page's records, not each page as gh's --paginate: write `.[]` where gh has `.data[]`\n",
    );
  });

  it('help formatting is the formats topic, as gh names it; completion --help shows source <(...)', async () => {
    const formatting = await runWfd(['help', 'formatting'], { env });
    expect(formatting.code).toBe(0);
    expect(formatting.stdout).toBe((await runWfd(['help', 'formats'], { env })).stdout);
    const completion = await runWfd(['completion', '--help'], { env });
    expect(completion.stdout).toContain('$ source <(wfd completion bash)');
  });
});

describe('ids as people type them', () => {
  it('webhooks listen --forms takes a form id prefix, as webhooks add does', async () => {
    const form = JSON.parse((await runWfd(['forms', 'list', '-L', '1', '--json'], { env })).stdout)[0];
    const run = await runWfd(['webhooks', 'listen', '--forms', form.id.slice(0, 8), '--timeout', '2s'], {
      env,
    });
    expect(run.stderr).toContain(` on form ${form.id} for `);
    expect(run.stderr).toContain(`removed `);
  });

  it('sandbox deliveries resend takes a delivery id prefix', async () => {
    const form = JSON.parse((await runWfd(['forms', 'list', '-L', '1', '--json'], { env })).stdout)[0].id;
    const hook = ['webhooks', 'add', form, 'http://127.0.0.1:1/hook', '--events', 'responses:created'];
    expect((await runWfd(hook, { env })).code).toBe(0);
    const triggered = await runWfd(['sandbox', 'trigger', 'responses:created', '--form', form, '--json'], {
      env,
    });
    const [delivery] = JSON.parse(triggered.stdout).delivery_ids;
    const resent = await runWfd(['sandbox', 'deliveries', 'resend', delivery.slice(0, 8), '--json'], { env });
    expect(resent.code, resent.stderr).toBe(0);
    expect(JSON.parse(resent.stdout)).toMatchObject({ resend_of: delivery, form_id: form });
  });

  it('attachments and signatures refuse a prefix and say why: the API cannot list them', async () => {
    const why = (noun: string) =>
      `: the API has no list of ${noun}s to look a prefix up in, so give the whole id`;
    const refusals = [
      [['attachments', 'download', 'b6ead298'], `invalid attachment id "b6ead298"${why('attachment')}`],
      [
        ['attachments', 'merge', 'b6ead298', '-O', 'm.pdf'],
        `invalid attachment id "b6ead298"${why('attachment')}`,
      ],
      [
        ['signatures', 'download', 'b6ead298', '-O', 's.pdf'],
        `invalid signature id "b6ead298"${why('signature')}`,
      ],
    ] as const;
    for (const [args, message] of refusals) {
      const result = await runWfd([...args], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`error: ${message}`);
      expect(result.stderr).toContain('hint: run `wfd responses get <id>` to see the ids of its');
    }
  });

  it('cases get acme-000009 is ACME-000009: the reference in any letter case', async () => {
    const upper = await runWfd(['cases', 'get', 'ACME-000009', '-q'], { env });
    expect(upper.code, upper.stderr).toBe(0);
    expect(await runWfd(['cases', 'get', 'acme-000009', '-q'], { env })).toEqual(upper);
  });
});

describe("the README's sandbox lines", () => {
  it('a second sandbox start without --port, 4010 taken: a free port, and it says so', async () => {
    // Taken by this test, or already by another sandbox: either way busy.
    const holder = createServer().on('error', () => {});
    holder.listen(4010, '127.0.0.1');
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '-o', 'json', '--no-profile'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const [first] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
      const line = first.split('\n')[0]!;
      // wfd's own JSON has the API's snake_case keys.
      expect(Object.keys(JSON.parse(line))).toEqual([
        'base_url',
        'workspaces',
        'oauth',
        'data_dir',
        'ca_file',
        'openapi',
        'console',
      ]);
      const { baseUrl } = sandboxInfo(line);
      expect(new URL(baseUrl).port).not.toBe('4010');
      expect(stderr).toBe('port 4010 is in use (another sandbox?): listening on a free port instead\n');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      holder.close();
    }
  });
});

describe('what an 80-column screen shows', () => {
  it('cases list: whose case and in what state, each line within 80 columns', () => {
    const lines = onTerminal(['cases', 'list', '-L', '5'], { env }).split('\n');
    expect(lines[2]).toMatch(/^REFERENCE +TITLE +STATUS +OWNER +UPDATED$/);
    expect(lines[3]).toMatch(/^[A-Z]+-\d{6} {2}.+ {2}[a-z_…]+ +\S+@\S+ +\S+ ago$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('auth profiles: 11 profiles, each name whole, however long', () => {
    const dir = tempDir();
    try {
      const profile = { baseUrl: sandbox.baseUrl, token: 'wfd_x', authType: 'token' };
      const names = Array.from({ length: 11 }, (_, i) => `sandbox-${42500 + i}-globex-staging`);
      const profiles = Object.fromEntries(names.map((name) => [name, profile]));
      writeFileSync(join(dir.path, 'config.json'), JSON.stringify({ profiles, currentProfile: names[0] }));
      const screen = onTerminal(['auth', 'profiles'], { env: { ...env, WFD_CONFIG_DIR: dir.path } });
      for (const name of names) expect(screen).toMatch(new RegExp(`^${name}  `, 'm'));
      for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    } finally {
      dir.remove();
    }
  });

  it('workspaces list: 8 characters of the id, as every table shows them; -q the whole id', async () => {
    const [workspace] = sandbox.workspaces;
    const lines = onTerminal(['workspaces', 'list'], { env }).split('\n');
    expect(lines.slice(2, 4)).toEqual([
      'ID        SLUG  NAME',
      `${workspace!.id.slice(0, 8)}  ${workspace!.slug}  ${workspace!.name}`,
    ]);
    expect((await runWfd(['workspaces', 'list', '-q'], { env })).stdout).toBe(`${workspace!.id}\n`);
  });
  it('webhooks listen: a failed forward stays in the table, its reason in the FORWARDED column', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const form = JSON.parse((await runWfd(['forms', 'list', '-L', '1', '--json'], { env })).stdout)[0].id;
    const listen = [BIN, 'webhooks', 'listen', '--forms', form, '--events', 'responses:created'];
    const args = [...listen, '--forward-to', `http://127.0.0.1:${port}/in`, '--max', '1', '--timeout', '20s'];
    const command = [process.execPath, ...args].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qec', `stty cols 80 rows 24; ${command}`, '/dev/null'], {
      env: { ...env, TERM: 'xterm' },
    });
    let screen = '';
    const registered = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        screen += chunk.replace(/\r/g, '');
        if (screen.includes(`on form ${form}`)) resolve();
      });
    });
    const exited = once(child, 'close');
    await registered;
    const trigger = await runWfd(['sandbox', 'trigger', 'responses:created', '--form', form], { env });
    expect(trigger.code, trigger.stderr).toBe(0);
    await exited;
    const shown = screen.split('\n');
    const head = shown.indexOf('TIME UTC  EVENT                DELIVERY  FORM      FORWARDED');
    expect(head, screen).toBeGreaterThan(0);
    expect(shown[head + 1]).toMatch(
      /^\d\d:\d\d:\d\d {2}responses:created {4}[0-9a-f]{8} {2}[0-9a-f]{8} {2}failed: connect ECONNREFUSED$/,
    );
    expect(shown[head + 2]).toBe(`${' '.repeat(51)}127.0.0.1:${port}`);
    expect(shown[head + 3]).toMatch(/^removed /);
  });
});

describe("wfd's own JSON", () => {
  it('auth profiles and auth status -o json: snake_case keys, as every API record has', async () => {
    const dir = tempDir();
    try {
      const config = {
        profiles: { acme: { baseUrl: sandbox.baseUrl, token: env.WFD_TOKEN, authType: 'token' } },
      };
      writeFileSync(join(dir.path, 'config.json'), JSON.stringify({ ...config, currentProfile: 'acme' }));
      const own = { ...env, WFD_CONFIG_DIR: dir.path, WFD_TOKEN: undefined, WFD_BASE_URL: undefined };
      const profiles = JSON.parse((await runWfd(['auth', 'profiles', '-o', 'json'], { env: own })).stdout);
      expect(Object.keys(profiles[0])).toEqual([
        'profile',
        'current',
        'auth',
        'base_url',
        'workspace',
        'token_storage',
      ]);
      const status = JSON.parse((await runWfd(['auth', 'status', '--json'], { env: own })).stdout);
      for (const key of Object.keys(status)) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status).toMatchObject({
        base_url: sandbox.baseUrl,
        base_url_from: 'profile acme',
        token_storage: 'file',
      });
    } finally {
      dir.remove();
    }
  });
});

describe('a filter that matches nothing says why', () => {
  it('cases list --status closed at 80 columns: no cases, and a hint naming --parent-status', () => {
    const screen = onTerminal(['cases', 'list', '--status', 'closed'], { env });
    expect(screen).toBe(
      'No cases found\n' +
        'hint: "closed" is a --parent-status value; --status takes a custom status value:\n' +
        '      try `--parent-status closed`\n',
    );
  });

  it('cases count --status pending: 0, and the same hint on stderr (exit 0)', async () => {
    const result = await runWfd(['cases', 'count', '--status', 'pending'], { env });
    expect(result).toEqual({
      code: 0,
      stdout: '0\n',
      stderr:
        'hint: "pending" is a --parent-status value; --status takes a custom status value: try `--parent-status pending`\n',
    });
  });

  it('--owner that matches no one: says so, where the other filters alone would not', async () => {
    const nobody = await runWfd(['cases', 'list', '--owner', 'nobody', '--parent-status', 'draft'], { env });
    expect(nobody).toEqual({ code: 0, stdout: '', stderr: 'hint: no case has an owner matching "nobody"\n' });
    // An owner who has cases, none of them matching: no such hint.
    const owner = JSON.parse((await runWfd(['cases', 'list', '-L', '1', '--json'], { env })).stdout)[0].owner;
    const other = await runWfd(
      ['cases', 'list', '--owner', owner.email, '--where', 'created_at < 2000-01-01'],
      { env },
    );
    expect(other).toEqual({ code: 0, stdout: '', stderr: '' });
    const forms = await runWfd(['forms', 'count', '--owner', 'nobody@example.org'], { env });
    expect(forms.stderr).toBe('hint: no form has an owner matching "nobody@example.org"\n');
  });

  it('wfd status --owner zzz: the zeros, then that no case or form has such an owner', () => {
    const screen = onTerminal(['status', '--owner', 'zzz'], { env });
    expect(screen).toContain('  0 cases created, 0 cases updated, 0 forms created\n');
    expect(screen).toMatch(
      /hint: no case or form has an owner matching "zzz"; --owner takes an e-mail, part\n {6}of one/,
    );
  });
});
