/**
 * Tokens never appear in output, errors or `--debug`: at most their first 6 characters
 * (DESIGN.md), enough to tell two tokens apart without being usable.
 */
export function redactToken(token: string | undefined): string {
  if (!token) return '<none>';
  return `${token.slice(0, Math.min(6, Math.floor(token.length / 2)))}…`;
}
