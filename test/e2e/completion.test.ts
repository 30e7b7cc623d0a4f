import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, runWfd, tempDir } from './harness.js';

const dir = tempDir('wfd-completion-');
afterAll(() => dir.remove());

describe('wfd completion', () => {
  it('prints the committed script of each shell', async () => {
    for (const [shell, file] of [
      ['bash', 'wfd.bash'],
      ['zsh', '_wfd'],
      ['fish', 'wfd.fish'],
    ]) {
      const result = await runWfd(['completion', shell!], { env: baseEnv({ WFD_CONFIG_DIR: dir.path }) });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(readFileSync(join('completions', file!), 'utf8'));
    }
  });

  it('asks for the shell', async () => {
    const result = await runWfd(['completion'], { env: baseEnv({ WFD_CONFIG_DIR: dir.path }) });
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
    const result = await runWfd(['completion', '--profiles'], { env: baseEnv({ WFD_CONFIG_DIR: config }) });
    expect(result).toEqual({ code: 0, stdout: 'acme\nsandbox-globex\n', stderr: '' });
  });

  it('prints nothing, and no error, when the config file is broken', async () => {
    const config = join(dir.path, 'broken');
    mkdirSync(config);
    writeFileSync(join(config, 'config.json'), '{"profiles": ');
    const result = await runWfd(['completion', '--profiles'], { env: baseEnv({ WFD_CONFIG_DIR: config }) });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('prints nothing without a config folder, and does not create it', async () => {
    const config = join(dir.path, 'none');
    const result = await runWfd(['completion', '--profiles'], { env: baseEnv({ WFD_CONFIG_DIR: config }) });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(config)).toBe(false);
  });
});
