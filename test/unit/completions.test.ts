import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { generateCompletion } from '../../src/commands/completion/generate.js';
import { createMemoryIO } from '../../src/output/io.js';

const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
const FILES = {
  bash: 'completions/wfd.bash',
  zsh: 'completions/_wfd',
  fish: 'completions/wfd.fish',
} as const;

describe('completions', () => {
  for (const [shell, path] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    it(`${path} is the generated ${shell} script (run \`npm run completions\` after changing commands)`, () => {
      expect(readFileSync(path, 'utf8')).toBe(generateCompletion(program, shell));
    });
  }

  function complete(words: string[]): string[] {
    const script = `source completions/wfd.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _wfd; printf '%s\\n' "\${COMPREPLY[@]}"`;
    return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
  }

  it('bash completes nouns, verbs through aliases, flags and flag values', () => {
    expect(complete(['wfd', 'ca'])).toEqual(['cases', 'case-templates']);
    expect(complete(['wfd', 'cases', 'ar'])).toEqual(['archive']);
    expect(complete(['wfd', 'cases', 'ls', '--waiting'])).toEqual(['--waiting-for']);
    expect(complete(['wfd', 'cases', 'list', '--parent-status', ''])).toEqual([
      'draft',
      'pending',
      'in_progress',
      'closed',
    ]);
    expect(complete(['wfd', 'cases', 'list', '-o', 'n'])).toEqual(['ndjson']);
  });
});
