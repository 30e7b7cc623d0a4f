/**
 * Runs `fn` over `items` with at most `concurrency` calls in flight and yields the results
 * in input order. Holds at most `concurrency` results in memory; a rejection surfaces when
 * its item reaches the head of the line.
 */
export async function* mapOrdered<I, O>(
  items: Iterable<I>,
  concurrency: number,
  fn: (item: I) => Promise<O>,
): AsyncGenerator<O> {
  const source = items[Symbol.iterator]();
  const inFlight: Promise<O>[] = [];
  const launch = (): boolean => {
    const next = source.next();
    if (next.done) return false;
    const promise = fn(next.value);
    // Observed later, in order; this only prevents an unhandled rejection if the consumer stops early.
    promise.catch(() => {});
    inFlight.push(promise);
    return true;
  };
  while (inFlight.length < Math.max(1, concurrency) && launch()) {}
  while (inFlight.length > 0) {
    const result = await inFlight.shift()!;
    launch();
    yield result;
  }
}

/** The integers from `start` to `end`, both included, lazily. */
export function* range(start: number, end: number): Generator<number> {
  for (let n = start; n <= end; n++) yield n;
}
