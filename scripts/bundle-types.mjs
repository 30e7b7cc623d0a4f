// Writes dist/sandbox.d.ts, the types of `wfd-cli/sandbox` in one file: tsc declares the sandbox
// entry and what it reaches (tsconfig.build.json) in a temporary folder, and rollup-plugin-dts
// joins what the entry exports into one file, as esbuild joined the code (scripts/bundle.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const declarations = mkdtempSync(join(tmpdir(), 'wfd-types-'));
try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const declared = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', declarations], {
    stdio: 'inherit',
  });
  if (declared.status !== 0) throw new Error('bundle-types: tsc failed');
  const bundle = await rollup({
    input: join(declarations, 'sandbox/index.d.ts'),
    external: (id) => id.startsWith('node:'),
    plugins: [dts()],
  });
  await bundle.write({ file: join(process.argv[2] ?? 'dist', 'sandbox.d.ts'), format: 'es' });
  await bundle.close();
} finally {
  rmSync(declarations, { recursive: true, force: true });
}
