/**
 * The output formats are decided in one place: every format of -o prints a list and a record,
 * commands ask who reads the output rather than which format it is, and only the files named
 * below name a format, each for a reason written beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../../../src/global-options.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';
import { createRowSink, FORMATS, readerOf, renderItem } from '../../../src/output/render.js';

const record = { id: 'c_1', title: 'Onboard Jane' };
const columns = [{ field: 'id' }, { field: 'title' }];

describe('every format of -o', () => {
  it.each(OUTPUT_FORMATS)('%s prints a list and a record', async (format) => {
    const list = createMemoryIO();
    const sink = await createRowSink(list.io, { format, columns });
    await sink.write(record);
    await sink.end();
    expect(list.stdout()).toContain('c_1');
    const one = createMemoryIO();
    await renderItem(one.io, { format, columns }, record);
    expect(one.stdout()).toContain('Onboard Jane');
  });
});

describe('readerOf', () => {
  it('is the format’s reader, until -q, --fields or --query choose what of each record to print', () => {
    expect(OUTPUT_FORMATS.map((format) => readerOf({ format }))).toEqual(
      OUTPUT_FORMATS.map((format) => FORMATS[format].reader),
    );
    expect(readerOf({ format: 'table' })).toBe('screen');
    expect(readerOf({ format: 'plain' })).toBe('lines');
    expect(readerOf({ format: 'csv' })).toBe('records');
    expect(readerOf({ format: 'table', quiet: true })).toBe('records');
    expect(readerOf({ format: 'plain', fields: ['id'] })).toBe('records');
    expect(readerOf({ format: 'table', query: 'id' })).toBe('records');
  });
});

const COMMANDS = join(import.meta.dirname, '../../../src/commands');

/** The command files that name a format, and why: each says so beside the name too. */
const NAMING_A_FORMAT = new Map([
  ['docintel/shared.ts', "a job's result prints as json on a pipe: plain key/value lines would flatten it"],
  ['api/print.ts', 'wfd api prints the JSON of the API whatever the format'],
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The lines of `source` that compare with a format's name or choose one by name. */
function formatNames(source: string): string[] {
  const name = `'(?:${OUTPUT_FORMATS.join('|')})'`;
  const pattern = new RegExp(`format\\s*[!=]==\\s*${name}|[?:]\\s*${name}`);
  return source.split('\n').filter((line) => pattern.test(line));
}

describe('commands and formats', () => {
  it('only the files named here name a format', () => {
    const naming = sourceFiles(COMMANDS)
      .filter((file) => formatNames(readFileSync(file, 'utf8')).length > 0)
      .map((file) => relative(COMMANDS, file).split(sep).join('/'));
    expect(naming.sort()).toEqual([...NAMING_A_FORMAT.keys()].sort());
  });

  it('finds a comparison with a format’s name or a choice of one, so the check above can fail', () => {
    expect(formatNames("if (options.format === 'table' || x) {")).toHaveLength(1);
    expect(formatNames("  format: ctx.output.format === 'ndjson' ? 'ndjson' : 'json',")).toHaveLength(1);
    expect(formatNames("const format = plain ? 'json' : options.format;")).toHaveLength(1);
    expect(formatNames("  format: FORMATS[format].json === 'lines' ? format : 'json',")).toHaveLength(1);
    expect(formatNames("const batches = options.encoding === 'json' ? a : b;")).toEqual([]);
  });
});
