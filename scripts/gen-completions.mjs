// Writes completions/{wfd.bash,_wfd,wfd.fish} from the command tree (`npm run completions`, through tsx).
import { writeFileSync } from 'node:fs';
import { generateCompletion, verbFields } from '../src/commands/completion/generate.js';
import { createSystemIO } from '../src/output/io.js';
import { buildProgram } from '../src/program.js';

const program = buildProgram({ io: createSystemIO(), env: {}, version: '0' });
const fields = await verbFields(program);
const files = { bash: 'completions/wfd.bash', zsh: 'completions/_wfd', fish: 'completions/wfd.fish' };
for (const [shell, path] of Object.entries(files)) {
  writeFileSync(new URL(`../${path}`, import.meta.url), generateCompletion(program, shell, fields));
  console.log(`wrote ${path}`);
}
