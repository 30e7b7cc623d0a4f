/**
 * What a gh user met trying wfd at 80x24 (issue 28) and should not any more, each found by trying
 * it: the built binary against the sandbox, on a pseudo-terminal where the terminal matters.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/resources/webhook-events.js';
import { onTerminal, runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '60', '--forms', '40'], (fixture) => {
  ({ sandbox, env } = fixture);
});

async function firstId(noun: string): Promise<string> {
  return (await runWfd([noun, 'list', '-L', '1', '-q'], { env })).stdout.trim();
}

describe('frictions of issue 28', () => {
  it('webhooks listen --forms: the event list of the banner wraps between events, never inside one', async () => {
    const form = await firstId('forms');
    const screen = onTerminal(['webhooks', 'listen', '--forms', form, '--timeout', '1s'], {
      env,
      columns: 80,
      expectCode: 8,
    });
    const banner = screen.slice(screen.indexOf('registered'), screen.indexOf('TIME UTC'));
    for (const event of WEBHOOK_EVENTS) expect(banner).toMatch(new RegExp(`(^|[ ,])${event}(,|$)`, 'm'));
    expect(banner.split('\n').every((line) => line.length <= 80 && line.trim() !== 'for')).toBe(true);
  });
});
