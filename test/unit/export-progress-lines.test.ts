/** The progress lines of an export in a CI log: one stable, greppable format. */
import { describe, expect, it } from 'vitest';
import {
  PROGRESS_INTERVAL_MS,
  progressInterval,
  progressLine,
} from '../../src/commands/attachments/progress-lines.js';
import { UsageError } from '../../src/core/errors.js';

describe('progressLine', () => {
  it('while reading: forms read of those matching, what is not known yet as ?', () => {
    const line = progressLine({
      phase: 'reading',
      forms: { done: 120, total: 1600 },
      files: { done: 0, total: undefined },
      bytes: { done: 0, total: undefined },
      waitMs: 3400,
      etaMs: 52 * 60_000,
    });
    expect(line).toBe('progress: phase=reading forms=120/1600 files=0/? bytes=0/? wait=3s eta=52m');
  });

  it('while downloading: files and bytes of those planned; no wait is 0s; an unknown ETA is ?', () => {
    const line = progressLine({
      phase: 'downloading',
      forms: { done: 1600, total: 1600 },
      files: { done: 12, total: 134 },
      bytes: { done: 356_515_840, total: undefined },
      waitMs: 0,
      etaMs: undefined,
    });
    expect(line).toBe(
      'progress: phase=downloading forms=1600/1600 files=12/134 bytes=356515840/? wait=0s eta=?',
    );
  });
});

describe('progressInterval', () => {
  it('30 s unless WFD_PROGRESS_INTERVAL says otherwise', () => {
    expect(progressInterval({})).toBe(PROGRESS_INTERVAL_MS);
    expect(PROGRESS_INTERVAL_MS).toBe(30_000);
    expect(progressInterval({ WFD_PROGRESS_INTERVAL: '200ms' })).toBe(200);
    expect(progressInterval({ WFD_PROGRESS_INTERVAL: '10s' })).toBe(10_000);
  });

  it.each(['soon', '0', '10ms', '2h'])('refuses WFD_PROGRESS_INTERVAL=%s with a usage error', (text) => {
    expect(() => progressInterval({ WFD_PROGRESS_INTERVAL: text })).toThrow(UsageError);
    expect(() => progressInterval({ WFD_PROGRESS_INTERVAL: text })).toThrow(
      `invalid WFD_PROGRESS_INTERVAL "${text}": expected a duration from 100ms to 1h, such as 30s`,
    );
  });
});
