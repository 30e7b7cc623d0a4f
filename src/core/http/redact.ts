/**
 * Tokens never appear in output, errors or `--debug`: at most their first 6 characters,
 * enough to tell two tokens apart without being usable.
 */
export function redactToken(token: string | undefined): string {
  if (!token) return '<none>';
  return `${token.slice(0, Math.min(6, Math.floor(token.length / 2)))}…`;
}

/** Body fields that carry credentials (OAuth's `/token` bodies, `wfd api` payloads). */
const SECRET_FIELDS = new Set([
  'client_secret',
  'refresh_token',
  'access_token',
  'id_token',
  'code',
  'code_verifier',
  'password',
  'token',
]);

/** A copy of a JSON body with the values of secret fields redacted, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELDS.has(key) && typeof inner === 'string' ? redactToken(inner) : redactSecrets(inner),
    ]),
  );
}
