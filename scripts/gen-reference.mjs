// Writes the generated documentation (`npm run reference`, through tsx): from the command tree
// docs/commands.md, the man pages in man/ (those of removed commands are deleted), and their list
// in package.json's `man` (npm links exactly those on a global install; it ignores directories.man);
// from the API's description as data (src/resources/), docs/openapi.json.
// Re-run it after changing a command, its options or its examples; a test says when it is due.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { MAN_DIR, manPages, packageManEntries } from '../src/commands/help/man-pages.js';
import { commandReference, REFERENCE_PATH } from '../src/commands/help/reference.js';
import { OPENAPI_PATH, openApiText } from '../src/openapi/document.js';
import { createMemoryIO } from '../src/output/memory-io.js';
import { buildProgram } from '../src/program.js';

const root = new URL('../', import.meta.url);
const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });

writeFileSync(new URL(REFERENCE_PATH, root), commandReference(program));
console.log(`wrote ${REFERENCE_PATH}`);

writeFileSync(new URL(OPENAPI_PATH, root), openApiText());
console.log(`wrote ${OPENAPI_PATH}`);

const man = new URL(`${MAN_DIR}/`, root);
mkdirSync(man, { recursive: true });
const pages = manPages(program);
for (const name of readdirSync(man)) if (!pages.has(name)) rmSync(new URL(name, man));
for (const [name, text] of pages) writeFileSync(new URL(name, man), text);
console.log(`wrote ${pages.size} man pages in ${MAN_DIR}/`);

// Only the `man` key changes (placed after `files` when new), so the edit merges with others'.
const packagePath = new URL('package.json', root);
const manifest = JSON.parse(readFileSync(packagePath, 'utf8'));
const entries = packageManEntries(pages);
const updated = Object.fromEntries(
  Object.entries(manifest)
    .filter(([key]) => key !== 'man')
    .flatMap(([key, value]) =>
      key === 'files'
        ? [
            [key, value],
            ['man', entries],
          ]
        : [[key, value]],
    ),
);
writeFileSync(packagePath, `${JSON.stringify(updated, null, 2)}\n`);
console.log('wrote the man entries of package.json');
