/**
 * The IO object's pager, with real pagers run by /bin/sh: output is never lost to a pager that
 * cannot start or fails at once, a pager the user quits stops the output, and the warning names
 * where the pager was set. (On a real terminal: test/e2e/pager-config.test.ts; under Wine:
 * test/windows/windows.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamIO } from '../../../src/output/io.js';
import {
  type PagerSetting,
  pagerFailureLines,
  pagerSetting,
  utf8MoreLine,
} from '../../../src/output/pager.js';

const dir = mkdtempSync(join(tmpdir(), 'wfd-pager-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8');
      callback();
    },
  });
  return { stream, text: () => text };
}

/** An IO whose stdout is a terminal paged by `command` (set in WFD_PAGER). */
function pagedIO(command: string) {
  const terminal = capture();
  const stderr = capture();
  const setting: PagerSetting = { command, from: 'WFD_PAGER' };
  const io = new StreamIO(process.stdin, terminal.stream, stderr.stream, {
    env: { PATH: process.env.PATH },
    stdoutTTY: true,
    stderrTTY: false,
    columns: () => 80,
    pager: () => setting,
  });
  return { io, terminal: terminal.text, stderr: stderr.text };
}

/** Writes `rows` lines through the pager as a list does, stopping when stdout is closed. */
async function writeRows(io: StreamIO, rows: number): Promise<string> {
  await io.startPager();
  let written = '';
  for (let i = 0; i < rows && !io.stdoutClosed(); i++) {
    const line = `row ${String(i).padStart(6, '0')} ${'x'.repeat(60)}\n`;
    written += line;
    await io.write(line);
  }
  await io.stopPager();
  return written;
}

describe('the pager', () => {
  it('gets the whole output when it works', async () => {
    const file = join(dir, 'paged.txt');
    const { io, terminal, stderr } = pagedIO(`cat > '${file}'`);
    const written = await writeRows(io, 5000);
    expect(readFileSync(file, 'utf8')).toBe(written);
    expect(terminal()).toBe('');
    expect(stderr()).toBe('');
  });

  it('that cannot start loses nothing: all of the output, more than a pipe holds, goes to the terminal', async () => {
    const { io, terminal, stderr } = pagedIO('wfd-no-such-pager');
    // 360 KB: the pipe fills before the shell has said "not found".
    const written = await writeRows(io, 5000);
    expect(terminal()).toBe(written);
    expect(io.stdoutClosed()).toBe(false);
    expect(stderr()).toContain(
      'warning: pager "wfd-no-such-pager" failed (exit code 127); output not paged\n' +
        'hint: WFD_PAGER names it: set it to a pager that exists, or to `cat` for none\n',
    );
    // Said once, and the output comes after it.
    expect(stderr().match(/warning/g)).toHaveLength(1);
  });

  it('that ends at once with an error loses nothing either, help written in one piece included', async () => {
    const { io, terminal, stderr } = pagedIO('exit 3');
    await io.startPager();
    io.writeOut('the whole help page\n');
    await io.stopPager();
    expect(terminal()).toBe('the whole help page\n');
    expect(stderr()).toMatch(/^warning: pager "exit 3" failed \(exit code 3\); output not paged$/m);
    // Not started again in this run.
    await io.startPager();
    await io.write('more\n');
    expect(terminal()).toBe('the whole help page\nmore\n');
  });

  it('quit by the user (exit 0 before the end) stops the output, without a word', async () => {
    const { io, terminal, stderr } = pagedIO('head -c 100 > /dev/null');
    const written = await writeRows(io, 50_000);
    // The list stopped soon after the pager was gone: far from its 50,000 rows.
    expect(written.length).toBeLessThan(3_000_000);
    expect(terminal()).toBe('');
    expect(stderr()).toBe('');
  });

  it('that fails after it read more than a pipe holds says the rest is not shown, and stops', async () => {
    const { io, terminal, stderr } = pagedIO('head -c 1200000 > /dev/null; exit 1');
    await writeRows(io, 50_000);
    expect(terminal()).toBe('');
    expect(stderr()).toMatch(
      /^warning: pager ".*" failed \(exit code 1\) after it read part of the output; the rest is not shown$/m,
    );
  });
});

describe('pagerSetting', () => {
  it('takes WFD_PAGER (even empty), then the config, then PAGER, then the platform', () => {
    const config = join(dir, 'empty-config');
    expect(pagerSetting({ WFD_PAGER: '', PAGER: 'more', WFD_CONFIG_DIR: config })).toEqual({
      command: '',
      from: 'WFD_PAGER',
    });
    expect(pagerSetting({ PAGER: 'more', WFD_CONFIG_DIR: config })).toEqual({
      command: 'more',
      from: 'PAGER',
    });
    expect(pagerSetting({ PAGER: '', WFD_CONFIG_DIR: config }).from).toBe('default');
  });

  it.each([
    ['WFD_PAGER', 'WFD_PAGER names it: set it to a pager that exists, or to `cat` for none'],
    ['config', '`wfd config set pager <command>` sets another (`cat`: none)'],
    ['PAGER', 'PAGER names it; `wfd config set pager <command>` sets another (`cat`: none)'],
    ['default', '`wfd config set pager <command>` sets another (`cat`: none)'],
  ] as const)('a failure of the pager from %s says how to change it', (from, hint) => {
    expect(pagerFailureLines({ command: ' less ', from }, 'exit code 9009', true)).toEqual([
      'warning: pager "less" failed (exit code 9009); output not paged',
      `hint: ${hint}`,
    ]);
  });
});

describe("Windows' more", () => {
  it('runs in UTF-8 and gives the console its code page back, with the arguments it was given', () => {
    expect(utf8MoreLine('more', 437)).toBe('chcp 65001 >nul & more & chcp 437 >nul');
    expect(utf8MoreLine('MORE.COM /e', 850)).toBe('chcp 65001 >nul & MORE.COM /e & chcp 850 >nul');
  });

  it('leaves every other pager as it is', () => {
    for (const pager of ['less', 'moreutils', 'more-pager', 'cat', '']) {
      expect(utf8MoreLine(pager, 437)).toBeUndefined();
    }
  });
});
