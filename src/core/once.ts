/**
 * `make`'s value, made on the first call and kept. Schemas are made this way: building a zod
 * schema costs time at start-up, and a command checks only the one or two it needs.
 */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
