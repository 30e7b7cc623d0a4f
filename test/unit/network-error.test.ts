import { describe, expect, it } from 'vitest';
import { notHttpError } from '../../src/core/http/network-error.js';

describe('notHttpError', () => {
  it('names a parse error found down the chain of causes', () => {
    const parse = Object.assign(new Error('Expected HTTP/'), { code: 'HPE_INVALID_CONSTANT' });
    const error = notHttpError(new Error('socket hang up', { cause: parse }), 'http://127.0.0.1:22');
    expect(error?.message).toBe('http://127.0.0.1:22 did not answer in HTTP (HPE_INVALID_CONSTANT)');
  });

  // A body's time-out can come back as the request's error too; a loop must end, not hang.
  it('returns nothing for a chain of causes that loops back', () => {
    const a = new Error('no data within the time-out');
    const b = new Error('aborted', { cause: a });
    Object.assign(a, { cause: b });
    const self = new Error('stalled');
    Object.assign(self, { cause: self });
    expect(notHttpError(a, 'http://127.0.0.1:1')).toBeUndefined();
    expect(notHttpError(self, 'http://127.0.0.1:1')).toBeUndefined();
  });
});
