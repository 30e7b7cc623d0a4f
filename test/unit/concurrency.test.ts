import { describe, expect, it } from 'vitest';
import { mapPooled } from '../../src/core/concurrency.js';

/** A promise settled by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapPooled', () => {
  it('starts the next item as soon as any ends, not only the first, and yields in input order', async () => {
    const calls = ['slow', 'a', 'b', 'c'].map(() => deferred<string>());
    const started: number[] = [];
    const results: string[] = [];
    const consuming = (async () => {
      for await (const value of mapPooled([0, 1, 2, 3], 2, (i) => {
        started.push(i);
        return calls[i]!.promise;
      }))
        results.push(value);
    })();
    await tick();
    expect(started).toEqual([0, 1]);
    calls[1]!.resolve('a');
    await tick();
    // The slow first item still runs; its neighbour's slot went to the next item.
    expect(started).toEqual([0, 1, 2]);
    calls[2]!.resolve('b');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(results).toEqual([]);
    calls[3]!.resolve('c');
    calls[0]!.resolve('slow');
    await consuming;
    expect(results).toEqual(['slow', 'a', 'b', 'c']);
  });

  it('a rejection surfaces in its turn; a function that throws at once fails its item only', async () => {
    const results: string[] = [];
    const run = async () => {
      for await (const value of mapPooled(['x', 'boom', 'y'], 4, (item) => {
        if (item === 'boom') throw new Error('boom');
        return Promise.resolve(item);
      }))
        results.push(value);
    };
    await expect(run()).rejects.toThrow('boom');
    expect(results).toEqual(['x']);
  });
});
