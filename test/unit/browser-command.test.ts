/** The `browser` setting's command gets the URL whole, as one argument the shell never parses. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runBrowserCommand } from '../../src/core/process/browser-command.js';
import { useTempDir } from '../support/temp-dir.js';

const temp = useTempDir('wfd-browser-');

describe.skipIf(process.platform === 'win32')('runBrowserCommand', () => {
  it('runs the command line through sh with the URL as its last argument, unparsed', async () => {
    const out = join(temp.path, 'url');
    const opener = join(temp.path, 'opener.sh');
    writeFileSync(opener, `printf %s "$1" > '${out}.tmp' && mv '${out}.tmp' '${out}'\n`);
    const planted = join(temp.path, 'pwned');
    const url = `https://x.test/authorize?a=1&b=$(touch ${planted})&c=\`id\`;d`;
    await runBrowserCommand(`/bin/sh '${opener}'`, url, { PATH: process.env.PATH });
    // The command runs detached: its file appears once it has run.
    while (!existsSync(out)) await sleep(10);
    expect(readFileSync(out, 'utf8')).toBe(url);
    expect(existsSync(planted)).toBe(false);
  });
});
