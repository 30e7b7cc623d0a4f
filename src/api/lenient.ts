/**
 * The TypeScript type of an answer as the client reads it (record-check.ts): any field but the
 * key (and a nested record's required id) may be missing or null, at every depth, since a
 * server may leave a field out.
 */
export type Lenient<T, Key extends keyof T = never> = { [K in Key]: T[K] } & {
  [K in Exclude<keyof T, Key>]?: LenientValue<T[K]> | null;
};

type LenientValue<T> = T extends readonly (infer E)[]
  ? LenientValue<E>[]
  : T extends Record<string, unknown>
    ? Lenient<T, Extract<'id', RequiredKeys<T>>>
    : T;

/** The keys of `T` that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
