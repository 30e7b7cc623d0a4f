// An esbuild plugin for both builds (scripts/bundle.mjs, scripts/build-binary.mjs): src/main.ts
// reads the version from ../package.json (relative to its own URL, which a CommonJS bundle does
// not have); the build writes the version in its place. The single executable has no
// package.json beside it at all.
import { readFileSync } from 'node:fs';

const NEEDLE = "createRequire(import.meta.url)('../package.json').version";

export function versionInline(version) {
  return {
    name: 'version-inline',
    setup(build) {
      build.onLoad({ filter: /[/\\]src[/\\]main\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(NEEDLE)) throw new Error(`version-inline: src/main.ts no longer has ${NEEDLE}`);
        return { contents: source.replace(NEEDLE, JSON.stringify(version)), loader: 'ts' };
      });
    },
  };
}
