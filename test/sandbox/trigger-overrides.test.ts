/** `set` of the trigger hook: paths into the delivered data, never into a prototype. */
import { describe, expect, it } from 'vitest';
import { withOverrides } from '../../src/sandbox/webhooks/overrides.js';

describe('withOverrides', () => {
  it('sets dot paths on a copy, making objects on the way, and leaves the original alone', () => {
    const data = { id: 'r1', status: 'open', form: { id: 'f1' } };
    const out = withOverrides(data, { status: 'rejected', 'form.id': 'f2', 'meta.score': 7 });
    expect(out).toEqual({ id: 'r1', status: 'rejected', form: { id: 'f2' }, meta: { score: 7 } });
    expect(data).toEqual({ id: 'r1', status: 'open', form: { id: 'f1' } });
  });

  it.each(['__proto__.polluted', 'constructor.prototype.x', 'a..b', 'status.inner'])(
    'refuses %s with a 400',
    (path) => {
      expect(() => withOverrides({ status: 'open' }, { [path]: 1 })).toThrow(
        expect.objectContaining({ status: 400 }),
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
