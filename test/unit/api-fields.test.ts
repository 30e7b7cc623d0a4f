import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsToBody, fieldsToQuery, readFields } from '../../src/commands/api/fields.js';
import { UsageError } from '../../src/core/errors.js';

const noStdin = async () => {
  throw new Error('stdin must not be read');
};

describe('wfd api fields', () => {
  it('-f is always a string; -F types numbers, booleans and null', async () => {
    const fields = await readFields(
      ['a=1', 'b=true'],
      ['c=1', 'd=-2.5e3', 'e=true', 'f=false', 'g=null', 'h=01'],
      noStdin,
    );
    expect(fields).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: 'true' },
      { key: 'c', value: 1 },
      { key: 'd', value: -2500 },
      { key: 'e', value: true },
      { key: 'f', value: false },
      { key: 'g', value: null },
      { key: 'h', value: '01' },
    ]);
  });

  it('-F reads @file and @- (stdin)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfd-api-'));
    writeFileSync(join(dir, 'note.txt'), 'from a file\n');
    const fields = await readFields(
      [],
      [`note=@${join(dir, 'note.txt')}`, 'body=@-'],
      async () => 'from stdin',
    );
    expect(fields).toEqual([
      { key: 'note', value: 'from a file\n' },
      { key: 'body', value: 'from stdin' },
    ]);
    await expect(readFields([], ['x=@/nope/none'], noStdin)).rejects.toThrow(
      /cannot read "\/nope\/none" for -F: no such file/,
    );
  });

  it.each([['novalue'], ['=x'], ['a[b=x'], ['a]b=x']])('refuses %j', async (pair) => {
    await expect(readFields([pair], [], noStdin)).rejects.toBeInstanceOf(UsageError);
  });

  it('nests bracket keys into a JSON body, [] appending to arrays', () => {
    const body = fieldsToBody([
      { key: 'title', value: 'x' },
      { key: 'template[id]', value: 'u' },
      { key: 'user[name][given]', value: 'Ann' },
      { key: 'tags[]', value: 'a' },
      { key: 'tags[]', value: 'b' },
      { key: 'items[][n]', value: 1 },
      { key: '__proto__[x]', value: 1 },
    ]);
    expect(JSON.stringify(body)).toBe(
      '{"title":"x","template":{"id":"u"},"user":{"name":{"given":"Ann"}},"tags":["a","b"],"items":[{"n":1}],"__proto__":{"x":1}}',
    );
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });

  it('refuses a key given twice with two shapes', () => {
    expect(() =>
      fieldsToBody([
        { key: 'a', value: 1 },
        { key: 'a[b]', value: 2 },
      ]),
    ).toThrow('field "a[b]" conflicts with another field of the same name');
    expect(() =>
      fieldsToBody([
        { key: 'a', value: 1 },
        { key: 'a', value: 2 },
      ]),
    ).toThrow(UsageError);
    expect(() =>
      fieldsToBody([
        { key: 'a[]', value: 1 },
        { key: 'a[x]', value: 2 },
      ]),
    ).toThrow(UsageError);
  });

  it('as query parameters keeps the keys as written', () => {
    expect(
      fieldsToQuery([
        { key: 'page[size]', value: 5 },
        { key: 'flow[slug][]', value: 'kyc' },
        { key: 'a', value: null },
      ]),
    ).toEqual([
      ['page[size]', '5'],
      ['flow[slug][]', 'kyc'],
      ['a', 'null'],
    ]);
  });
});
