import { expect } from 'vitest';
import { UsageError } from '../../src/core/errors.js';

/** Asserts that `fn` throws a UsageError (exit 2) with exactly this message. */
export function expectUsage(fn: () => unknown, message: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(UsageError);
  expect((caught as UsageError).message).toBe(message);
  expect((caught as UsageError).exitCode).toBe(2);
}
