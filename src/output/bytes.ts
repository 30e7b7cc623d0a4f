/** Sizes for people: binary units, one decimal. */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** `512 B`, `12.5 KiB`, `1.2 GiB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
