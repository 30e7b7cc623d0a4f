/** OAuth request parameters, from a query string, a form or a JSON body. */

/** Parameters by name: strings, arrays for repeated ones, or any JSON value. */
export type Params = Readonly<Record<string, unknown>>;

/** The parameters of a parsed query or body; undefined when it is not an object of them. */
export function asParams(value: unknown): Params | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
}

/**
 * The values of the named parameters, or the first problem: a repeated parameter
 * or one that is not a string. Per RFC 6749 3.1, parameters must not repeat, and
 * one sent without a value counts as absent (undefined).
 */
export function readParams<K extends string>(
  params: Params,
  names: readonly K[],
): { values: Record<K, string | undefined> } | { problem: string } {
  const values = {} as Record<K, string | undefined>;
  for (const name of names) {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (Array.isArray(value)) return { problem: `${name} is given more than once` };
    if (value !== undefined && typeof value !== 'string') return { problem: `${name} must be a string` };
    values[name] = value === '' ? undefined : value;
  }
  return { values };
}
