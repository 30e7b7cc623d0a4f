/**
 * The rest of a gh user's first hour with wfd (issue 38), each found by trying it: the built
 * binary against the sandbox, on an 80-column pseudo-terminal where the screen matters.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onTerminal, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

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
