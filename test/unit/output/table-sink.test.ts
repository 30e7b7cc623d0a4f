/** The table sink on long lists: a bounded sample, then streaming, with the same work per row at any length. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { tableColumnsFor } from '../../../src/commands/shared/list.js';
import { createMemoryIO } from '../../../src/output/memory-io.js';
import { SAMPLE_ROWS, tableSink } from '../../../src/output/table-sink.js';
import { createTextMetrics } from '../../../src/output/text-width.js';
import { CASES } from '../../../src/resources/cases.js';
import { NOW, SCRIPT_ROWS } from './fixtures.js';

const columns = tableColumnsFor(CASES, undefined)!;

/** Streams `count` rows (the script rows in turn) through a table sink; counts every width measurement. */
async function stream(count: number, width = 120) {
  let measurements = 0;
  const metrics = createTextMetrics((text) => {
    measurements++;
    return stringWidth(text);
  });
  const test = createMemoryIO({ stdoutTTY: true, columns: width, env: { NO_COLOR: '1' } });
  const sink = tableSink(test.io, columns, { noun: 'cases', now: () => NOW, metrics });
  sink.begin?.({ total: count + 7, expected: count });
  for (let i = 0; i < count; i++) await sink.write(SCRIPT_ROWS[i % SCRIPT_ROWS.length]!);
  await sink.end({ total: count + 7 });
  return { measurements, stdout: test.stdout() };
}

describe('long tables', () => {
  it('measure the same per row at 5,000 and at 20,000 rows', async () => {
    const sample = await stream(SAMPLE_ROWS);
    const small = await stream(5_000);
    const large = await stream(20_000);
    const perRow = (run: { measurements: number }, rows: number) =>
      (run.measurements - sample.measurements) / (rows - SAMPLE_ROWS);
    expect(perRow(small, 5_000)).toBe(perRow(large, 20_000));
    // A few measurements per cell (cut cells measure their graphemes), nothing that grows with the table.
    expect(perRow(large, 20_000)).toBeLessThan(columns.length * 8);
    expect(large.stdout.split('\n')).toHaveLength(20_000 + 4);
  });

  it('measure Latin, Greek and Cyrillic cells by their length: string-width only for other scripts', async () => {
    let measured = 0;
    const metrics = createTextMetrics((text) => {
      measured++;
      return stringWidth(text);
    });
    const test = createMemoryIO({ stdoutTTY: true, columns: 60, env: { NO_COLOR: '1' } });
    const sink = tableSink(test.io, columns, { now: () => NOW, metrics });
    const names = ['Maëlle Jönsson', 'Łukasz Dvořák', 'Ahmet Yılmaz', 'Ελένη Παπαδοπούλου', 'Дмитрий Иванов'];
    for (let i = 0; i < 2 * SAMPLE_ROWS; i++)
      await sink.write({
        ...SCRIPT_ROWS[0],
        title: `Insurance claim: ${names[i % names.length]} (a long title)`,
      });
    await sink.end();
    expect(measured).toBe(0);
    expect(test.stdout()).toContain('ACME-000001  Insurance claim: Ελένη Παπαδο…  new     3h ago\n');
  });

  it('print the sample as soon as it is in, titled from the planned count, then stream', async () => {
    const test = createMemoryIO({ stdoutTTY: true, columns: 80, env: { NO_COLOR: '1' } });
    const sink = tableSink(test.io, columns, { noun: 'cases', now: () => NOW });
    sink.begin?.({ total: 1_200, expected: 1_000 });
    for (let i = 0; i < SAMPLE_ROWS - 1; i++) await sink.write(SCRIPT_ROWS[0]!);
    expect(test.stdout()).toBe('');
    await sink.write(SCRIPT_ROWS[0]!);
    const printed = test.stdout().split('\n');
    expect(printed.slice(0, 3)).toEqual([
      'Showing 1000 of 1200 cases',
      '',
      'REFERENCE    TITLE             CONTACT   PARENT STATUS  STATUS  UPDATED',
    ]);
    expect(printed).toHaveLength(3 + SAMPLE_ROWS + 1);
  });

  it('cut later cells wider than the sample to the sampled widths, so no line passes the width', async () => {
    const test = createMemoryIO({ stdoutTTY: true, columns: 80, env: { NO_COLOR: '1' } });
    const sink = tableSink(test.io, columns, { now: () => NOW });
    for (let i = 0; i < SAMPLE_ROWS; i++) await sink.write(SCRIPT_ROWS[0]!);
    await sink.write({
      ...SCRIPT_ROWS[0],
      reference: 'ACME-0000000001',
      title: '山田太郎の契約更新 — 東京本社との長期契約',
    });
    await sink.end();
    const last = test.stdout().split('\n').at(-2);
    // The title column is 16 wide: seven wide characters and the ellipsis take 15, an eighth would need 17.
    expect(last).toBe('ACME-00000…  山田太郎の契約…   Jane Doe  pending        new     3h ago');
    for (const line of test.stdout().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
  });
});
