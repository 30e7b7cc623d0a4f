/** Wiring of `wfd attachments` and `wfd docintel`: argv -> the options each verb receives, and bad lines exiting 2. */
import { describe, expect, it } from 'vitest';
import { expectParsed, expectRefused, wire } from '../support/wiring.js';

const ID = '7c1d0000-0000-4000-8000-000000000001';

describe('argv -> the options a verb receives', () => {
  it.each([
    [
      ['attachments', 'upload', 'a.pdf', 'b.png'],
      'attachments upload',
      { files: ['a.pdf', 'b.png'], encoding: 'multipart' },
    ],
    [
      ['attachments', 'upload', 'a.txt', '--encoding', 'json', '--dry-run'],
      'attachments upload',
      { files: ['a.txt'], encoding: 'json', dryRun: true },
    ],
    [
      ['attachments', 'download', ID, '-', '--dir', 'out', '--skip-existing'],
      'attachments download',
      { ids: [ID, '-'], dir: 'out', skipExisting: true },
    ],
    [['attachments', 'download', ID, '-O', '-'], 'attachments download', { ids: [ID], outputFile: '-' }],
    [
      ['attachments', 'merge', ID, ID, '-O', 'm.pdf'],
      'attachments merge',
      { ids: [ID, ID], outputFile: 'm.pdf' },
    ],
    [
      [
        'attachments',
        'export',
        '--dir',
        'out',
        '--completed',
        '--no-archived',
        '--flow',
        'a',
        '--flow',
        'b',
        '--where',
        'created_at >= 2026-01-01',
        '--resume',
        '--since',
        '2026-11-01',
        '--merge',
      ],
      'attachments export',
      {
        dir: 'out',
        completed: true,
        archived: false,
        flow: ['a', 'b'],
        where: ['created_at >= 2026-01-01'],
        resume: true,
        since: '2026-11-01',
        merge: true,
      },
    ],
    [
      ['docintel', 'create', '--file', 'a.pdf', '--fields', 'Total,Date', '--wait', '--timeout', '2m'],
      'docintel create',
      { file: 'a.pdf', fields: 'Total,Date', wait: true, timeout: 120_000 },
    ],
    [['docintel', 'view', ID, '--wait'], 'docintel get', { jobId: ID, wait: true }],
    [['docintel', 'extract', 'a.pdf'], 'docintel extract', { file: 'a.pdf', timeout: 600_000 }],
    [
      ['docintel', 'extract', 'a.pdf', '--timeout', '90s', '--fields', 'Total'],
      'docintel extract',
      { file: 'a.pdf', timeout: 90_000, fields: 'Total' },
    ],
    [
      ['sandbox', 'start', '--large-attachment-bytes', '1073741824', '--docintel-delay', '100ms'],
      'sandbox start',
      expect.objectContaining({ largeAttachmentBytes: 1_073_741_824, docintelDelay: 100 }),
    ],
  ])('wfd %j -> %s %j', (args, command, options) => expectParsed(args, command, options));

  it('--concurrency is the global option the export and the downloads use', async () => {
    const { invocation } = await wire(['attachments', 'export', '--dir', 'out', '--concurrency', '8']);
    expect(invocation?.ctx.globals.concurrency).toBe(8);
  });

  it("docintel's own --fields names the keys to extract, not output fields", async () => {
    const { invocation } = await wire(['docintel', 'extract', 'a.pdf', '--fields', 'Total']);
    expect(invocation?.ctx.output.fields).toBeUndefined();
  });
});

// Each message exactly as the user reads it (commander's own errors are reworded in one place).
describe('bad command lines exit 2 before the verb runs', () => {
  it.each([
    [['attachments', 'upload'], 'missing argument <files...>'],
    [
      ['attachments', 'upload', 'a.pdf', '--encoding', 'xml'],
      'invalid --encoding "xml": expected multipart or json',
    ],
    [
      ['attachments', 'download', ID, '-O', 'x', '--dir', 'd'],
      "-O and --dir cannot be used together: -O names one file, --dir a folder for the server's names",
    ],
    [
      ['attachments', 'download', ID, '--clobber', '--skip-existing'],
      '--clobber and --skip-existing cannot be used together: pick one',
    ],
    [['attachments', 'merge', ID], 'missing required option --output-file'],
    [['attachments', 'export'], 'missing required option --dir'],
    [
      ['attachments', 'export', '--dir', 'd', '--since', '2026-01-01', '--incremental'],
      '--since and --incremental cannot be used together: --incremental adds every file the manifest lacks',
    ],
    [['attachments', 'export', '--dir', 'd', '--sort', 'x'], 'unknown option "--sort"'],
    [['docintel', 'create', '--wait'], 'give the document: --file FILE or --attachment ID (one of them)'],
    [['docintel', 'get', ID, '--timeout', '1m'], '--timeout bounds a wait: add --wait'],
    [
      ['docintel', 'extract', 'a.pdf', '--timeout', 'soon'],
      'invalid --timeout "soon": expected a duration such as 90s, 10m or 1h (or seconds), at most 576h (24 days)',
    ],
    [
      ['sandbox', 'start', '--docintel-delay', '0'],
      'invalid --docintel-delay "0": expected a duration such as 90s, 10m or 1h (or seconds), from 1ms to 1h',
    ],
  ])('wfd %j', (args, message) => expectRefused(args, message));
});
