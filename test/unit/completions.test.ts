import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCompletion, verbFields } from '../../src/commands/completion/generate.js';
import { SCRIPT_FILES, SHELLS } from '../../src/commands/completion/shells.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
const fields = await verbFields(program);

// What each script does in its shell is tested by driving the shells: test/shells/ (PowerShell,
// which cannot run here: its tables are read back in test/windows/windows.test.ts).
describe('completions', () => {
  for (const shell of SHELLS) {
    const path = SCRIPT_FILES[shell];
    it(`${path} is the generated ${shell} script (run \`npm run completions\` after changing commands)`, () => {
      expect(readFileSync(path, 'utf8')).toBe(generateCompletion(program, shell, fields));
    });
  }
});
