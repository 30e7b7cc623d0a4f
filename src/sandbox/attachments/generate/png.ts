/**
 * A small PNG of coloured tiles, exactly `size` bytes long: a private
 * ancillary chunk (ignored by readers) pads the image up to the size.
 */
import { crc32, deflateSync } from 'node:zlib';
import { type Rng, randomInt } from '../../random.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TILE = 8;
// Ancillary (lower-case first letter), private (second), reserved bit clear (third upper-case), safe to copy.
const PADDING_CHUNK = 'sbPd';
const CHUNK_OVERHEAD = 12;

/**
 * The PNG bytes, exactly `size` long.
 * @throws Error when the image does not fit in `size` (a generator bug)
 */
export function generatedPng(rng: Rng, size: number): Buffer {
  const tilesX = randomInt(rng, 2, 8);
  const tilesY = randomInt(rng, 2, 8);
  const width = tilesX * TILE;
  const height = tilesY * TILE;
  const colours = Array.from({ length: tilesX * tilesY }, () => [rng() & 0xff, rng() & 0xff, rng() & 0xff]);
  // Each scanline: filter type 0 (none), then RGB triples.
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const colour = colours[Math.floor(y / TILE) * tilesX + Math.floor(x / TILE)]!;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const image = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw))];
  const used = image.reduce((sum, part) => sum + part.length, 0) + CHUNK_OVERHEAD; // IEND
  const padding = size - used - CHUNK_OVERHEAD;
  if (padding < 0) throw new Error(`A ${width}x${height} PNG does not fit in ${size} bytes`);
  return Buffer.concat([
    ...image,
    chunk(PADDING_CHUNK, Buffer.alloc(padding)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(CHUNK_OVERHEAD + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
