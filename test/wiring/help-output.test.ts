/**
 * What help, help topics and bare commands print, in-process (moved from e2e/validation: the
 * process adds nothing to the text; e2e keeps --version and one usage error spawned).
 */
import { describe, expect, it } from 'vitest';
import { runOffline } from '../support/wiring.js';

describe('help and version', () => {
  it('a command help shows examples and the global options', async () => {
    const result = await runOffline(['cases', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain('Global options:');
    expect(result.stdout).toContain('--parent-status');
  });

  it('help topics print their text', async () => {
    for (const [topic, text] of [
      ['filters', '--where CLAUSE'],
      ['exit-codes', 'rate limited'],
      ['environment', 'WFD_TOKEN'],
      ['formats', 'ndjson'],
    ]) {
      const result = await runOffline(['help', topic!]);
      expect(result.code, topic).toBe(0);
      expect(result.stdout).toContain(text);
    }
    expect((await runOffline(['help', 'nope'])).code).toBe(2);
  });
});

describe('bare commands and typos', () => {
  it('`wfd` and `wfd cases` show help and exit 0, as gh does', async () => {
    const bare = await runOffline([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: wfd');
    expect(bare.stderr).toBe('');
    const noun = await runOffline(['cases']);
    expect(noun.code).toBe(0);
    expect(noun.stdout).toContain('update-data');
    expect(noun.stderr).toBe('');
  });
});
