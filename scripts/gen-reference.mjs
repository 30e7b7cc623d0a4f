// Writes the command reference into README.md between its markers, from the command tree
// (`npm run reference`, through tsx).
import { readFileSync, writeFileSync } from 'node:fs';
import { commandReference, REFERENCE_END, REFERENCE_START } from '../src/commands/help/reference.js';
import { createMemoryIO } from '../src/output/memory-io.js';
import { buildProgram } from '../src/program.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const start = readme.indexOf(REFERENCE_START);
const end = readme.indexOf(REFERENCE_END);
if (start < 0 || end < 0) throw new Error('README.md has no command reference markers');
const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
writeFileSync(
  path,
  readme.slice(0, start) + commandReference(program) + readme.slice(end + REFERENCE_END.length),
);
console.log('wrote the command reference of README.md');
