import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../../src/commands/attachments/export-manifest.js';
import { countRequests, planFiles, planMerges } from '../../src/commands/attachments/export-plan.js';

const F1 = '10000000-0000-4000-8000-000000000001';
const F2 = '20000000-0000-4000-8000-000000000002';
const R1 = 'a0000000-0000-4000-8000-000000000001';
const R2 = 'b0000000-0000-4000-8000-000000000002';

const entry = (id: string, path: string): FileEntry => ({
  id,
  form_id: F1,
  response_id: R1,
  path,
  bytes: 1,
  sha256: 'x',
  downloaded_at: 'now',
});

describe('planFiles', () => {
  it('places each attachment under its form and response, named safely and uniquely', () => {
    const files = planFiles(
      [
        {
          id: F1,
          responses: [
            {
              id: R1,
              attachments: [
                { id: 'a1', filename: 'scan.pdf', size: 10 },
                { id: 'a2', filename: 'scan.pdf', size: 20 },
                { id: 'a3', filename: '../../etc/passwd' },
                { id: 'a4', filename: null },
              ],
            },
          ],
        },
        { id: F2, responses: [{ id: R2, attachments: [{ id: 'a5', filename: 'scan.pdf', size: 5 }] }] },
      ],
      new Map(),
    );
    expect(files).toEqual([
      { id: 'a1', formId: F1, responseId: R1, path: `${F1}/${R1}/scan.pdf`, size: 10 },
      { id: 'a2', formId: F1, responseId: R1, path: `${F1}/${R1}/scan (1).pdf`, size: 20 },
      { id: 'a3', formId: F1, responseId: R1, path: `${F1}/${R1}/_.._etc_passwd`, size: undefined },
      { id: 'a4', formId: F1, responseId: R1, path: `${F1}/${R1}/a4`, size: undefined },
      { id: 'a5', formId: F2, responseId: R2, path: `${F2}/${R2}/scan.pdf`, size: 5 },
    ]);
  });

  it('within a path limit (Windows), cuts long names to fit, extension kept, and says which', () => {
    const long = `${'Quarterly report of the northern region '.repeat(5)}.pdf`;
    const root = 'C:\\Users\\admin\\exports\\'.padEnd(60, 'x');
    const files = planFiles(
      [
        {
          id: F1,
          responses: [
            {
              id: R1,
              attachments: [
                { id: 'a1', filename: long },
                { id: 'a2', filename: long },
                { id: 'a3', filename: 'short.pdf' },
              ],
            },
          ],
        },
      ],
      new Map(),
      { max: 259, root: root.length },
    );
    for (const file of files) expect(root.length + 1 + file.path.length, file.path).toBeLessThanOrEqual(259);
    expect(files.map((file) => file.path.split('/')[2])).toEqual([
      expect.stringMatching(/^Quarterly report .*\.pdf$/),
      expect.stringMatching(/^Quarterly report .* \(1\)\.pdf$/),
      'short.pdf',
    ]);
    // The name before it was cut (made safe: at most 200 bytes) is kept for the manifest.
    expect(files[0]!.originalName).toMatch(/^Quarterly report .*\.pdf$/);
    expect(files[0]!.originalName!.length).toBeGreaterThan(files[0]!.path.split('/')[2]!.length);
    expect(files[2]!.originalName).toBeUndefined();
    // A DIR too long for any name: the name keeps 12 characters (the path is then over).
    const deep = planFiles(
      [{ id: F1, responses: [{ id: R1, attachments: [{ id: 'a1', filename: long }] }] }],
      new Map(),
      {
        max: 259,
        root: 250,
      },
    );
    expect(deep[0]!.path.split('/')[2]).toHaveLength(12);
  });

  it('a file the manifest placed keeps its name, whatever order the API lists it in now', () => {
    const known = new Map([['a2', entry('a2', `${F1}/${R1}/scan.pdf`)]]);
    const files = planFiles(
      [
        {
          id: F1,
          responses: [
            {
              id: R1,
              attachments: [
                { id: 'a1', filename: 'scan.pdf' },
                { id: 'a2', filename: 'scan.pdf' },
              ],
            },
          ],
        },
      ],
      known,
    );
    expect(files.map((f) => [f.id, f.path])).toEqual([
      ['a1', `${F1}/${R1}/scan (1).pdf`],
      ['a2', `${F1}/${R1}/scan.pdf`],
    ]);
  });

  it('a manifest path outside the folder, or not safe, is not kept; an id listed twice is planned once', () => {
    const known = new Map([['a1', entry('a1', `${F1}/${R1}/../../../x`)]]);
    const files = planFiles(
      [
        { id: F1, responses: [{ id: R1, attachments: [{ id: 'a1', filename: 'x.pdf' }] }] },
        { id: F2, responses: [{ id: R2, attachments: [{ id: 'a1', filename: 'x.pdf' }] }] },
      ],
      known,
    );
    expect(files.map((f) => f.path)).toEqual([`${F1}/${R1}/x.pdf`]);
  });
});

describe('planMerges and countRequests', () => {
  it('one merged PDF per form with attachments, in their order', () => {
    const files = planFiles(
      [
        {
          id: F1,
          responses: [
            { id: R1, attachments: [{ id: 'a1' }] },
            { id: R2, attachments: [{ id: 'a2' }] },
          ],
        },
        { id: F2, responses: [] },
      ],
      new Map(),
    );
    expect(planMerges(files)).toEqual([{ formId: F1, ids: ['a1', 'a2'], path: `${F1}/merged.pdf` }]);
  });

  it('counts a list page per 100 forms (at least one), a read per form, a download per file', () => {
    expect(countRequests({ forms: 250, downloads: 40, merges: 3 })).toEqual({
      pages: 3,
      reads: 250,
      downloads: 40,
      merges: 3,
      total: 296,
    });
    expect(countRequests({ forms: 0, downloads: 0, merges: 0 }).total).toBe(1);
  });
});
