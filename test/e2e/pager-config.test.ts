/**
 * gh's terminal habits on a real pseudo-terminal (`script`): a pager for long output, `wfd
 * config` settings (pager, prompt, output, colour) and WFD_PROMPT_DISABLED.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, runWfd, type StartedSandbox, startSandbox, tempDir } from './harness.js';

const dir = tempDir('wfd-pager-');
let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // 30 pages of 100 cases: enough for a pager quit early to leave most of them unfetched.
  sandbox = await startSandbox(['--no-profile', '--rate-limit', 'off', '--cases', '3000']);
  env = baseEnv({
    WFD_CONFIG_DIR: join(dir.path, 'config'),
    WFD_TOKEN: sandbox.workspaces[0]!.token,
    WFD_BASE_URL: sandbox.baseUrl,
  });
});
afterAll(async () => {
  await sandbox?.stop();
  dir.remove();
});

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** Runs wfd with stdout and stderr on a pseudo-terminal of 80x24; the exit code and the screen's text. */
function onTerminal(args: string[], extra: NodeJS.ProcessEnv = {}): { code: number | null; screen: string } {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const result = spawnSync('script', ['-qec', `stty cols 80 rows 24; ${command}`, '/dev/null'], {
    env: { ...env, TERM: 'xterm', ...extra },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, screen: result.stdout.replace(/\r/g, '') };
}

const file = (name: string) => join(dir.path, name);

describe('the pager', () => {
  it('long output on a terminal goes through WFD_PAGER; quit early, the run exits 0 and stops fetching', async () => {
    await sandbox.resetRequests();
    const paged = onTerminal(['cases', 'list', '--all', '--concurrency', '1'], {
      WFD_PAGER: `head -c 100 > ${quote(file('head.txt'))}`,
    });
    expect(paged.code, paged.screen).toBe(0);
    expect(paged.screen).not.toContain('error');
    expect(readFileSync(file('head.txt'), 'utf8')).toHaveLength(100);
    expect(readFileSync(file('head.txt'), 'utf8')).toContain('REFERENCE');
    const { requests } = await sandbox.requests();
    expect(requests.filter((r) => r.url.startsWith('/v1/cases')).length).toBeLessThan(30);
  });

  it('a pager that does not exist loses nothing: every row, one warning naming it, exit 0', async () => {
    const count = Number((await runWfd(['cases', 'count'], { env })).stdout);
    const listed = onTerminal(['cases', 'list', '--all', '--no-color'], { WFD_PAGER: 'nosuchpager' });
    expect(listed.code, listed.screen).toBe(0);
    expect(listed.screen.match(/^ACME-\d+ /gm)).toHaveLength(count);
    expect(
      listed.screen.match(/^warning: pager "nosuchpager" failed \(exit code 127\); output not paged$/gm),
    ).toHaveLength(1);
    expect(listed.screen).toContain('hint: WFD_PAGER names it');
    // Set in the config: the hint says how to change it there. Help is printed too.
    const configDir = join(dir.path, 'missing-pager');
    const set = spawnSync(process.execPath, [BIN, 'config', 'set', 'pager', 'nosuchpager'], {
      env: { ...env, WFD_CONFIG_DIR: configDir },
    });
    expect(set.status).toBe(0);
    for (const args of [
      ['cases', 'list', '--help'],
      ['cases', 'list', '--help', '--no-color'],
    ]) {
      // The stored page (bin/quick-answers.js), then the program's own.
      const help = onTerminal(args, { WFD_CONFIG_DIR: configDir, PAGER: 'less' });
      expect(help.code, help.screen).toBe(0);
      expect(help.screen).toMatch(/^Usage: wfd cases list/m);
      expect(help.screen).toContain('hint: `wfd config set pager <command>` sets another (`cat`: none)');
    }
  });

  it('gets LESS=FRX when LESS is unset, and help is paged too', () => {
    const paged = onTerminal(['--help'], {
      WFD_PAGER: `echo "LESS=$LESS" > ${quote(file('less.txt'))}; cat >/dev/null`,
    });
    expect(paged.code, paged.screen).toBe(0);
    expect(readFileSync(file('less.txt'), 'utf8')).toBe('LESS=FRX\n');
    const own = onTerminal(['--help'], {
      LESS: '-S',
      WFD_PAGER: `echo "LESS=$LESS" > ${quote(file('less-own.txt'))}; cat >/dev/null`,
    });
    expect(own.code).toBe(0);
    expect(readFileSync(file('less-own.txt'), 'utf8')).toBe('LESS=-S\n');
  });

  it('tells less the text is UTF-8 where the locale does not say so', () => {
    const charset = (name: string, LANG: string) => {
      const pager = `echo "[$LESSCHARSET]" > ${quote(file(name))}; cat >/dev/null`;
      onTerminal(['--help'], { WFD_PAGER: pager, LANG, LC_ALL: undefined, LC_CTYPE: undefined });
      return readFileSync(file(name), 'utf8');
    };
    expect(charset('c.txt', 'C')).toBe('[utf-8]\n');
    expect(charset('utf8.txt', 'C.UTF-8')).toBe('[]\n');
  });

  it('never pages piped output', async () => {
    const piped = await runWfd(['cases', 'list', '--limit', '5'], {
      env: {
        ...env,
        WFD_PAGER: `cat > ${quote(file('piped.txt'))}`,
        PAGER: `cat > ${quote(file('piped.txt'))}`,
      },
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.split('\n')).toHaveLength(6);
    expect(existsSync(file('piped.txt'))).toBe(false);
  });

  it('WFD_PAGER beats the config, the config beats PAGER, and cat turns paging off', async () => {
    const configDir = join(dir.path, 'pager-order');
    const local = { WFD_CONFIG_DIR: configDir };
    const set = await runWfd(['config', 'set', 'pager', `cat > ${quote(file('config-pager.txt'))}`], {
      env: { ...env, ...local },
    });
    expect(set.code, set.stderr).toBe(0);
    const byConfig = onTerminal(['cases', 'list', '--limit', '3'], {
      ...local,
      PAGER: `cat > ${quote(file('env-pager.txt'))}`,
    });
    expect(byConfig.code, byConfig.screen).toBe(0);
    expect(readFileSync(file('config-pager.txt'), 'utf8')).toContain('REFERENCE');
    expect(existsSync(file('env-pager.txt'))).toBe(false);

    const off = onTerminal(['cases', 'list', '--limit', '3'], { ...local, WFD_PAGER: 'cat' });
    expect(off.screen).toContain('REFERENCE');
    await runWfd(['config', 'set', 'pager', 'cat'], { env: { ...env, ...local } });
    const none = onTerminal(['cases', 'list', '--limit', '3'], {
      ...local,
      PAGER: `cat > ${quote(file('env-pager.txt'))}`,
    });
    expect(none.screen).toContain('REFERENCE');
    expect(existsSync(file('env-pager.txt'))).toBe(false);
  });
});

describe('wfd config', () => {
  const local = () => ({ env: { ...env, WFD_CONFIG_DIR: join(dir.path, 'settings') } });

  it('lists every setting as key=value, gets, sets and unsets them in config.json (0600)', async () => {
    const before = await runWfd(['config', 'list'], local());
    expect(before.stdout).toBe('pager=\nprompt=enabled\nbrowser=\noutput=table\nowner=\ncolor=auto\n');
    expect((await runWfd(['config', 'set', 'pager', 'less -S'], local())).code).toBe(0);
    expect((await runWfd(['config', 'get', 'pager'], local())).stdout).toBe('less -S\n');
    expect((await runWfd(['config', 'list'], local())).stdout).toContain('pager=less -S\n');
    const path = join(dir.path, 'settings', 'config.json');
    expect(JSON.parse(readFileSync(path, 'utf8')).settings).toEqual({ pager: 'less -S' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await runWfd(['config', 'unset', 'pager'], local())).code).toBe(0);
    expect((await runWfd(['config', 'get', 'pager'], local())).stdout).toBe('\n');
  });

  it.each([
    [
      ['config', 'get', 'editor'],
      'error: invalid <key> "editor": expected pager, prompt, browser, output, owner or color',
    ],
    [
      ['config', 'set', 'prompt', 'maybe'],
      'error: invalid prompt "maybe": expected one of enabled, disabled',
    ],
    [['--profile', 'nobody', 'config', 'set', 'output', 'json'], 'error: no profile named "nobody"'],
    [
      ['--profile', 'nobody', 'config', 'set', 'pager', 'cat'],
      'error: pager is one setting for all profiles: drop --profile',
    ],
  ])('%j exits 2: %s', async (args, message) => {
    const refused = await runWfd(args, local());
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(message);
  });

  it('a setting per profile wins over the one for all, for that profile only', async () => {
    const configDir = join(dir.path, 'profiles');
    const own = { env: { ...env, WFD_CONFIG_DIR: configDir } };
    const login = await runWfd(['auth', 'login', '--with-token', '--insecure-storage', '--profile', 'acme'], {
      ...own,
      env: { ...own.env, WFD_TOKEN: undefined },
      stdin: sandbox.workspaces[0]!.token,
    });
    expect(login.code, login.stderr).toBe(0);
    await runWfd(['config', 'set', 'output', 'plain'], own);
    await runWfd(['--profile', 'acme', 'config', 'set', 'output', 'json'], own);
    expect((await runWfd(['--profile', 'acme', 'config', 'get', 'output'], own)).stdout).toBe('json\n');
    expect((await runWfd(['config', 'get', 'output'], own)).stdout).toBe('plain\n');
    // On a terminal, the profile's format is the default; piped output stays plain.
    const terminal = onTerminal(['--profile', 'acme', 'cases', 'list', '--limit', '1'], {
      WFD_CONFIG_DIR: configDir,
      WFD_TOKEN: undefined,
      WFD_PAGER: 'cat',
    });
    expect(terminal.screen.trimStart().startsWith('[')).toBe(true);
    const piped = await runWfd(['--profile', 'acme', 'cases', 'list', '--limit', '1'], {
      env: { ...own.env, WFD_TOKEN: undefined },
    });
    expect(piped.stdout.startsWith('[')).toBe(false);
  });

  it('prompt disabled, in the config or WFD_PROMPT_DISABLED, does what --no-input does', async () => {
    const configDir = join(dir.path, 'prompt');
    const loginLine = ['auth', 'login', '--base-url', sandbox.baseUrl];
    const noToken = { WFD_CONFIG_DIR: configDir, WFD_TOKEN: undefined, WFD_BASE_URL: undefined };
    const flag = onTerminal([...loginLine, '--no-input'], noToken);
    expect(flag.code).toBe(2);
    expect(flag.screen).toContain('error: no token given and cannot prompt here');
    const byEnv = onTerminal(loginLine, { ...noToken, WFD_PROMPT_DISABLED: '1' });
    expect(byEnv.code).toBe(2);
    expect(byEnv.screen).toContain('error: no token given and cannot prompt here');
    await runWfd(['config', 'set', 'prompt', 'disabled'], { env: { ...env, WFD_CONFIG_DIR: configDir } });
    const byConfig = onTerminal(loginLine, noToken);
    expect(byConfig.code).toBe(2);
    expect(byConfig.screen).toContain('error: no token given and cannot prompt here');
  });

  it('color never turns colour off on a terminal; always turns it on', async () => {
    const configDir = join(dir.path, 'colour');
    const local = { env: { ...env, WFD_CONFIG_DIR: configDir } };
    const shown = (extra: NodeJS.ProcessEnv) =>
      onTerminal(['cases', 'list', '--limit', '2'], {
        WFD_CONFIG_DIR: configDir,
        WFD_PAGER: 'cat',
        NO_COLOR: undefined,
        ...extra,
      }).screen;
    const sgr = new RegExp(`${String.fromCharCode(27)}\\[[\\d;]*m`);
    expect(shown({})).toMatch(sgr);
    await runWfd(['config', 'set', 'color', 'never'], local);
    expect(shown({})).not.toMatch(sgr);
    await runWfd(['config', 'set', 'color', 'always'], local);
    const piped = await runWfd(['cases', 'list', '--limit', '2', '-o', 'table'], {
      env: { ...local.env, NO_COLOR: undefined },
    });
    expect(piped.stdout).toMatch(sgr);
  });
});
