import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCompletion, verbFields } from '../../src/commands/completion/generate.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
const fields = await verbFields(program);

const FILES = {
  bash: 'completions/wfd.bash',
  zsh: 'completions/_wfd',
  fish: 'completions/wfd.fish',
} as const;

// What each script does in its shell is tested by driving the shells: test/shells/.
describe('completions', () => {
  for (const [shell, path] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    it(`${path} is the generated ${shell} script (run \`npm run completions\` after changing commands)`, () => {
      expect(readFileSync(path, 'utf8')).toBe(generateCompletion(program, shell, fields));
    });
  }
});
