// The sandbox console's files, which the sandbox serves (src/sandbox/console/assets.ts): the
// scripts of its two pages, built for browsers from src/console/, its style sheet, and the API
// reference's renderer, Swagger UI, as swagger-ui-dist ships it (a devDependency: only these
// files ship, with its licence). scripts/bundle.mjs writes them to dist/console/ for the package;
// scripts/build-binary.mjs carries them as the single executable's assets.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');

/** Writes the console's files into `dir`; returns the names of those the sandbox serves. */
export async function buildConsole(dir) {
  await build({
    entryPoints: {
      console: join(root, 'src/console/main.ts'),
      reference: join(root, 'src/console/reference.ts'),
    },
    outdir: dir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome115', 'firefox115', 'safari16'],
    minify: true,
    charset: 'utf8',
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'src/console/console.css'), join(dir, 'console.css'));
  const swagger = join(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), '..');
  // Without its source map comment: the map does not ship, and a browser would ask for it.
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
    const text = readFileSync(join(swagger, file), 'utf8').replace(
      /\n?\/[*/]# sourceMappingURL=\S+\s*$/,
      '\n',
    );
    writeFileSync(join(dir, file), text);
  }
  // Its licence, its notice, and those of the packages its bundle holds, in one file.
  const notices = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'].map((file) =>
    readFileSync(join(swagger, file), 'utf8').trim(),
  );
  writeFileSync(join(dir, 'swagger-ui-LICENSE.txt'), `${notices.join('\n\n')}\n`);
  return ['console.js', 'reference.js', 'console.css', 'swagger-ui-bundle.js', 'swagger-ui.css'];
}
