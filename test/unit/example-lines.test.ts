import { describe, expect, it } from 'vitest';
import { exampleLines } from '../../src/cli/example-lines.js';

/** The lines as a shell reads them: continuations joined, the note left out. */
function pasted(lines: readonly string[]): string {
  return lines
    .filter((line) => !line.startsWith('  #'))
    .join('\n')
    .replace(/^ {2}\$ /, '')
    .replace(/ \\\n +/g, ' ');
}

describe('exampleLines', () => {
  it('keeps an example that fits on one line, note and all', () => {
    expect(exampleLines('wfd sandbox start   # a local API', 80)).toEqual([
      '  $ wfd sandbox start   # a local API',
    ]);
  });

  it('breaks a long one into lines that paste into a shell as the same command', () => {
    const example =
      "wfd cases list --where 'created_at >= 2026-01-01' --where 'owner.email ilike %@acme.com' --all -o csv";
    const lines = exampleLines(example, 80);
    expect(lines).toEqual([
      "  $ wfd cases list --where 'created_at >= 2026-01-01' \\",
      "      --where 'owner.email ilike %@acme.com' --all -o csv",
    ]);
    expect(pasted(lines)).toBe(example);
  });

  it('never breaks inside quotes, and keeps an option with its value', () => {
    const example =
      'curl -H "Authorization: Bearer $(wfd auth token)" "$(wfd auth status --json --query base_url --raw)/v1/workspaces"';
    const lines = exampleLines(example, 60);
    expect(pasted(lines)).toBe(example);
    for (const line of lines) expect((line.match(/"/g) ?? []).length % 2).toBe(0);
    const flags = exampleLines(
      'wfd forms list --flow nda-signature --status completed --sort -updated_at',
      50,
    );
    for (const line of flags) expect(line).not.toMatch(/--(flow|status|sort) \\$/);
    expect(flags.every((line) => line.length <= 50)).toBe(true);
  });

  it('puts a note that does not fit on its own line, before the command', () => {
    const lines = exampleLines(
      'wfd auth login --oauth --client-id my-app --manual    # over SSH: paste the address',
      60,
    );
    expect(lines[0]).toBe('  # over SSH: paste the address');
    expect(pasted(lines)).toBe('wfd auth login --oauth --client-id my-app --manual');
  });

  it('a word longer than the width stands alone rather than vanish', () => {
    const long = `https://example.org/${'x'.repeat(80)}`;
    const lines = exampleLines(`wfd webhooks add 5b0e... ${long}`, 60);
    expect(lines).toContain(`      ${long}`);
    expect(pasted(lines)).toBe(`wfd webhooks add 5b0e... ${long}`);
  });
});
