/**
 * What `wfd completion` prints, in-process (moved from e2e: no real process needed; e2e/binary
 * still checks the built binary prints the bash script).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { runOffline } from '../support/wiring.js';

const dir = useTempDir('wfd-completion-');

/** `wfd args` with WFD_CONFIG_DIR=configDir: its exit code and output, as a spawned wfd would end. */
async function completion(args: string[], configDir: string) {
  const { code, stdout, stderr } = await runOffline(args, { env: { WFD_CONFIG_DIR: configDir } });
  return { code, stdout, stderr };
}

describe('wfd completion', () => {
  it('prints the committed script of each shell', async () => {
    for (const [shell, file] of [
      ['bash', 'wfd.bash'],
      ['zsh', '_wfd'],
      ['fish', 'wfd.fish'],
    ]) {
      const result = await completion(['completion', shell!], dir.path);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(readFileSync(join('completions', file!), 'utf8'));
    }
  });

  it('asks for the shell', async () => {
    const result = await completion(['completion'], dir.path);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: missing argument <shell>\nhint: run `wfd completion --help` to see the arguments\n',
    });
  });
});

describe('wfd completion --profiles (what the scripts call while completing)', () => {
  it('prints the saved profile names, one a line', async () => {
    const config = join(dir.path, 'saved');
    mkdirSync(config);
    const profile = { baseUrl: 'https://api.example.com', authType: 'token', token: 't' };
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ profiles: { acme: profile, 'sandbox-globex': profile } }),
    );
    const result = await completion(['completion', '--profiles'], config);
    expect(result).toEqual({ code: 0, stdout: 'acme\nsandbox-globex\n', stderr: '' });
  });

  it('prints nothing, and no error, when the config file is broken', async () => {
    const config = join(dir.path, 'broken');
    mkdirSync(config);
    writeFileSync(join(config, 'config.json'), '{"profiles": ');
    const result = await completion(['completion', '--profiles'], config);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('prints nothing without a config folder, and does not create it', async () => {
    const config = join(dir.path, 'none');
    const result = await completion(['completion', '--profiles'], config);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(config)).toBe(false);
  });
});
