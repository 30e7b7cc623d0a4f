// Writes completions/{wfd.bash,_wfd,wfd.fish,wfd.ps1} from the command tree (`npm run completions`, through tsx).
import { writeFileSync } from 'node:fs';
import { generateCompletion, verbFields } from '../src/commands/completion/generate.js';
import { SCRIPT_FILES } from '../src/commands/completion/shells.js';
import { createSystemIO } from '../src/output/io.js';
import { buildProgram } from '../src/program.js';

const program = buildProgram({ io: createSystemIO(), env: {}, version: '0' });
const fields = await verbFields(program);
for (const [shell, path] of Object.entries(SCRIPT_FILES)) {
  writeFileSync(new URL(`../${path}`, import.meta.url), generateCompletion(program, shell, fields));
  console.log(`wrote ${path}`);
}
