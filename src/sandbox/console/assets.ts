/**
 * The console's files (its script and style sheet, the API reference's renderer), built by
 * scripts/bundle.mjs into dist/console/ beside dist/sandbox.cjs, or carried as assets by the
 * single executable (scripts/build-binary.mjs). Read on the first request for each, then kept:
 * a sandbox nobody opens the console of never reads them.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export interface Asset {
  readonly bytes: Buffer;
  readonly type: string;
  /** A strong validator of the bytes, for If-None-Match. */
  readonly etag: string;
}

const TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
const NAME_RE = /^[\w-]+(?:\.[\w-]+)*\.(js|css)$/;

const kept = new Map<string, Promise<Asset | undefined>>();

/** The file `name` of dist/console/; undefined when there is none (a name it does not have). */
export function consoleAsset(name: string): Promise<Asset | undefined> {
  const type = TYPES[NAME_RE.exec(name)?.[1] ?? ''];
  if (type === undefined) return Promise.resolve(undefined);
  let asset = kept.get(name);
  if (!asset) {
    asset = read(name).then((bytes) => bytes && { bytes, type, etag: etagOf(bytes) });
    kept.set(name, asset);
  }
  return asset;
}

async function read(name: string): Promise<Buffer | undefined> {
  const sea = await import('node:sea').catch(() => undefined);
  if (sea?.isSea()) {
    try {
      return Buffer.from(sea.getAsset(`console/${name}`));
    } catch {
      return undefined;
    }
  }
  // Beside the bundle this module is part of, dist/sandbox.cjs (which the CLI requires too).
  return readFile(new URL(`./console/${name}`, import.meta.url)).catch(() => undefined);
}

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}
