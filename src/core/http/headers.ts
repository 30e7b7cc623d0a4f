/** Headers as Node hands them over: a name may hold one value or several. */

/** The first value of header `name` (lower-case), if any. */
export function firstHeader(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
