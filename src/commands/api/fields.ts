/**
 * `wfd api` fields, as `gh api` reads them: `-f key=value` is a string, `-F key=value` is typed
 * (`true`, `false`, `null`, numbers; `@file` reads a file, `@-` stdin), and bracket keys nest:
 * `user[email]=a` -> `{user: {email: 'a'}}`, `tags[]=x` appends to an array.
 */
import { readTextSource } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { own, putOwn } from '../../core/guards.js';
import { quote } from '../../core/text/quote.js';

/** One field as given: its bracket key and its value, typed or not. */
export interface Field {
  key: string;
  value: unknown;
}

const KEY_RE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function split(pair: string, flag: string): [string, string] {
  const eq = pair.indexOf('=');
  if (eq <= 0) throw new UsageError(`invalid ${flag} ${quote(pair)}: expected key=value`);
  const key = pair.slice(0, eq);
  if (!KEY_RE.test(key))
    throw new UsageError(`invalid ${flag} key ${quote(key)}: expected name, name[sub] or name[]`);
  return [key, pair.slice(eq + 1)];
}

/** Reads `-f` (strings) and `-F` (typed) pairs, in the order given. */
export async function readFields(
  strings: readonly string[],
  typed: readonly string[],
  readStdin: () => Promise<string>,
): Promise<Field[]> {
  const fields: Field[] = strings.map((pair) => {
    const [key, value] = split(pair, '-f');
    return { key, value };
  });
  for (const pair of typed) {
    const [key, raw] = split(pair, '-F');
    fields.push({ key, value: await typedValue(raw, readStdin) });
  }
  return fields;
}

async function typedValue(raw: string, readStdin: () => Promise<string>): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (NUMBER_RE.test(raw)) return Number(raw);
  if (raw.startsWith('@')) {
    const source = raw.slice(1);
    return readTextSource(source, source === '-' ? 'stdin for -F' : `${quote(source)} for -F`, readStdin);
  }
  return raw;
}

/** The fields as a JSON body: bracket keys nest, `[]` appends. Conflicting shapes are a usage error. */
export function fieldsToBody(fields: readonly Field[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, value } of fields) {
    const m = KEY_RE.exec(key)!;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
    let node: Record<string, unknown> | unknown[] = body;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const next: unknown = last ? value : path[i + 1] === '' ? [] : {};
      if (Array.isArray(node)) {
        if (segment !== '') throw conflict(key);
        if (last) node.push(value);
        else {
          node.push(next);
          node = next as Record<string, unknown>;
        }
        continue;
      }
      if (segment === '') throw conflict(key);
      if (last) {
        if (Object.hasOwn(node, segment)) throw conflict(key);
        putOwn(node, segment, value);
      } else {
        const existing = own(node, segment);
        if (existing === undefined) {
          putOwn(node, segment, next);
          node = next as Record<string, unknown>;
        } else if (
          typeof existing === 'object' &&
          existing !== null &&
          Array.isArray(existing) === Array.isArray(next)
        ) {
          node = existing as Record<string, unknown>;
        } else throw conflict(key);
      }
    }
  }
  return body;
}

function conflict(key: string): UsageError {
  return new UsageError(`field ${quote(key)} conflicts with another field of the same name`);
}

/** The fields as query parameters, keys as written (`page[size]=100`), values as text. */
export function fieldsToQuery(fields: readonly Field[]): [string, string][] {
  return fields.map(({ key, value }) => [key, value === null ? 'null' : String(value)]);
}
