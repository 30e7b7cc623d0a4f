import { describe, expect, it } from 'vitest';
import { FolderNames, MAX_FILENAME_BYTES, safeFilename } from '../../src/core/files/safe-filename.js';

const ID = '7c1d0000-0000-4000-8000-000000000001';

describe('safeFilename', () => {
  it.each([
    ['Überweisung März 2026 – Beleg.pdf', 'Überweisung März 2026 – Beleg.pdf'],
    ['履歴書 山田太郎.pdf', '履歴書 山田太郎.pdf'],
    ['📎 scan from phone.png', '📎 scan from phone.png'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['/etc/shadow', '_etc_shadow'],
    ['C:\\Windows\\System32\\drivers\\etc\\hosts', 'C__Windows_System32_drivers_etc_hosts'],
    ['tab\there\nnew line\r\u001b[31mred\u001b[0m.txt', 'tab_here_new line__[31mred_[0m.txt'],
    ['nul\u0000byte.pdf', 'nul_byte.pdf'],
    ['CON.txt', '_CON.txt'],
    ['lpt1', '_lpt1'],
    ['what?*:<>|".png', 'what_______.png'],
    [' leading and trailing spaces .txt ', 'leading and trailing spaces .txt'],
    ['.hidden', 'hidden'],
    ['invoice.pdf.', 'invoice.pdf'],
    ['exe\u202efdp.pdf', 'exefdp.pdf'],
    ['lone \ud800 surrogate.txt', 'lone _ surrogate.txt'],
    ['Cafe\u0301.txt', 'Café.txt'],
  ])('%j -> %j', (raw, safe) => {
    expect(safeFilename(raw, ID)).toBe(safe);
  });

  it.each(['..', '.', '', '   ', ' . '])('%j has nothing left: the fallback', (raw) => {
    expect(safeFilename(raw, ID)).toBe(ID);
  });

  it('cuts a long name to the byte limit between characters, keeping its extension', () => {
    const name = safeFilename(`very-long-${'x'.repeat(280)}.pdf`, ID);
    expect(Buffer.byteLength(name)).toBe(MAX_FILENAME_BYTES);
    expect(name).toMatch(/^very-long-x+\.pdf$/);
    const emoji = safeFilename(`${'📎'.repeat(60)}.png`, ID);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(emoji).toBe(`${'📎'.repeat(49)}.png`);
  });
});

describe('FolderNames', () => {
  it('suffixes a name given twice, before its extension, regardless of case', () => {
    const names = new FolderNames();
    expect(names.claim('scan.pdf')).toBe('scan.pdf');
    expect(names.claim('scan.pdf')).toBe('scan (1).pdf');
    expect(names.claim('Scan.PDF')).toBe('Scan (2).PDF');
    expect(names.claim('README')).toBe('README');
    expect(names.claim('readme')).toBe('readme (1)');
  });

  it('a reserved name is not claimed again, and cannot be reserved twice', () => {
    const names = new FolderNames();
    expect(names.reserve('scan (1).pdf')).toBe(true);
    expect(names.reserve('SCAN (1).pdf')).toBe(false);
    expect(names.claim('scan.pdf')).toBe('scan.pdf');
    expect(names.claim('scan.pdf')).toBe('scan (2).pdf');
  });
});
