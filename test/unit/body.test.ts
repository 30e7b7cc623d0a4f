import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSetPairs, readJsonBody } from '../../src/core/body.js';

describe('parseSetPairs', () => {
  it('types JSON literals and keeps everything else a string', () => {
    expect(
      parseSetPairs([
        'n=12.5',
        'b=true',
        'z=null',
        'list=["a",1]',
        'obj={"k":1}',
        's=hello world',
        'eq=a=b',
        'zip="0123"',
        'lead=0123',
        'bad={x',
      ]),
    ).toEqual({
      n: 12.5,
      b: true,
      z: null,
      list: ['a', 1],
      obj: { k: 1 },
      s: 'hello world',
      eq: 'a=b',
      zip: '0123',
      lead: '0123',
      bad: '{x',
    });
  });

  it('rejects a pair without a key', () => {
    expect(() => parseSetPairs(['=1'])).toThrow('invalid --set "=1": expected key=value');
    expect(() => parseSetPairs(['novalue'])).toThrow('expected key=value');
  });
});

describe('readJsonBody', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-body-'));
  it('reads a file or stdin, and insists on a JSON object', async () => {
    const file = join(dir, 'b.json');
    writeFileSync(file, '{"a":1}');
    expect(await readJsonBody(file, async () => '')).toEqual({ a: 1 });
    expect(await readJsonBody('-', async () => '{"s":2}')).toEqual({ s: 2 });
    await expect(readJsonBody('-', async () => '[1]')).rejects.toThrow('must hold a JSON object');
    await expect(readJsonBody('-', async () => '{')).rejects.toThrow(
      "--body - (stdin): invalid JSON at column 2: expected property name or '}'",
    );
    await expect(readJsonBody(join(dir, 'missing.json'), async () => '')).rejects.toThrow('no such file');
  });
});
