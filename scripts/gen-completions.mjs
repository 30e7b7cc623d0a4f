// Writes completions/{wfd.bash,_wfd,wfd.fish} from the built command tree (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { generateCompletion } from '../dist/commands/completion/generate.js';
import { createSystemIO } from '../dist/output/io.js';
import { buildProgram } from '../dist/program.js';

const program = buildProgram({ io: createSystemIO(), env: {}, version: '0' });
const files = { bash: 'completions/wfd.bash', zsh: 'completions/_wfd', fish: 'completions/wfd.fish' };
for (const [shell, path] of Object.entries(files)) {
  writeFileSync(new URL(`../${path}`, import.meta.url), generateCompletion(program, shell));
  console.log(`wrote ${path}`);
}
