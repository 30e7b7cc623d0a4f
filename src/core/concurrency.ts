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

/**
 * Runs `fn` over `items` with at most `concurrency` calls in flight, starting the next as soon as
 * any call ends (a long one does not hold the others back, as the head of `mapOrdered`'s line
 * does), and yields the results in input order. Results that end early wait for their turn:
 * keep them small (a record, not a body). A rejection surfaces when its item's turn comes.
 */
export async function* mapPooled<I, O>(
  items: readonly I[],
  concurrency: number,
  fn: (item: I) => Promise<O>,
): AsyncGenerator<O> {
  const start: ((result: Promise<O>) => void)[] = [];
  const results = items.map((_, index) => {
    const result = new Promise<O>((resolve) => {
      start[index] = resolve;
    });
    // Observed in its turn; this only prevents an unhandled rejection if the consumer stops early.
    result.catch(() => {});
    return result;
  });
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      // Called in a promise, so that a function throwing at once fails its item, not the worker.
      const result = (async () => fn(items[index]!))();
      start[index]!(result);
      await result.catch(() => {});
    }
  };
  for (let n = 0; n < Math.min(Math.max(1, concurrency), items.length); n++) void worker();
  for (const result of results) yield await result;
}
