/**
 * The TypeScript type of an answer as the client reads it (record-check.ts): any field but the
 * key may be missing or null, at every depth, since a server may leave a field out.
 */
export type Lenient<T, Key extends keyof T = never> = { [K in Key]: T[K] } & {
  [K in Exclude<keyof T, Key>]?: LenientValue<T[K]> | null;
};

type LenientValue<T> = T extends readonly (infer E)[]
  ? LenientValue<E>[]
  : T extends Record<string, unknown>
    ? Lenient<T>
    : T;
