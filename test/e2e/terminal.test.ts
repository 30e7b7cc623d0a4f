/**
 * What a person sees: `cases list` and `cases get` on an 80-column pseudo-terminal (`script`),
 * tables fitted to COLUMNS when piped, a closed pipe that stops a long table, and every path by
 * which API text or user input could reach the terminal as escape sequences.
 */
import { spawnSync } from 'node:child_process';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, onTerminal, runWfd, type StartedSandbox, useSandbox } from './harness.js';

const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const EVIL = `Evil ${ESC}[31mRED${ESC}[0m ${ESC}]0;pwned${BEL} title`;
const EVIL_SHOWN = 'Evil ^[[31mRED^[[0m ^[]0;pwned^G title';

let env: NodeJS.ProcessEnv;
let sandbox: StartedSandbox;
let caseId: string;
let evilId: string;
let evilReference: string;
useSandbox(['--cases', '10000'], (fixture) => {
  ({ env, sandbox } = fixture);
});

beforeAll(async () => {
  caseId = (await runWfd(['cases', 'list', '--no-archived', '--limit', '1', '-q'], { env })).stdout.trim();
  const templateId = (await runWfd(['case-templates', 'list', '--limit', '1', '-q'], { env })).stdout.trim();
  const created = await runWfd(
    ['cases', 'create', '--template', templateId, '--title', EVIL, '--set', `note=${EVIL}`, '--json'],
    { env },
  );
  ({ id: evilId, reference: evilReference } = JSON.parse(created.stdout));
});

/** wfd on a pseudo-terminal of `columns`: what the screen shows (see harness.ts). */
function screen(args: string[], columns = 80): string {
  return onTerminal(args, { env, columns });
}

function expectWithin(text: string, columns: number): void {
  const lines = text.split('\n');
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
}

describe('cases list on an 80-column terminal', () => {
  it('shows references, titles, the status, the owner and the time, every line within 80 columns', () => {
    const out = screen(['cases', 'list', '--limit', '20']);
    expectWithin(out, 80);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Showing 20 of \d+ cases$/);
    expect(lines[2]).toMatch(/^REFERENCE\s+TITLE\s+STATUS\s+OWNER\s+UPDATED$/);
    expect(lines.slice(3)).toHaveLength(20);
    for (const line of lines.slice(3))
      expect(line).toMatch(/^ACME-\d{6} {2}\S.* (just now|\d+(min|h|d|mo|y) ago)$/);
  });

  it('shows the time the list is sorted by', () => {
    const out = screen(['cases', 'list', '--limit', '3', '--sort', '-created_at']);
    expect(out).toMatch(/^REFERENCE\s+TITLE\s+STATUS\s+OWNER\s+CREATED$/m);
  });

  it('keeps full ids for -q', () => {
    const out = screen(['cases', 'list', '--limit', '3', '-q']);
    expect(out.trim().split('\n')).toHaveLength(3);
    for (const id of out.trim().split('\n')) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cases get on an 80-column terminal', () => {
  it('shows labelled fields, the steps as a table and the data fields, within 80 columns', () => {
    const out = screen(['cases', 'get', caseId]);
    expectWithin(out, 80);
    expect(out).toMatch(/^Title {10}\S/m);
    expect(out).toMatch(/^Reference {6}ACME-\d{6}$/m);
    expect(out).toMatch(/^Contact {8}\S+ \S+/m);
    expect(out).toMatch(/^Created {8}\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(.+\)$/m);
    expect(out).toMatch(new RegExp(`^ID {13}${caseId}$`, 'm'));
    expect(out).toMatch(/^Steps\n# +TITLE +STATUS\n1 +\S/m);
    expect(out).toMatch(/^Data\n\S/m);
  });
});

describe('tables on a pipe', () => {
  it('-o table honours COLUMNS', async () => {
    const narrow = await runWfd(['cases', 'list', '--limit', '10', '-o', 'table'], {
      env: { ...env, COLUMNS: '50' },
    });
    expectWithin(narrow.stdout, 50);
    const wide = await runWfd(['cases', 'list', '--limit', '10', '-o', 'table'], {
      env: { ...env, COLUMNS: '220' },
    });
    expect(wide.stdout).toMatch(/^REFERENCE .* ID$/m);
    expectWithin(wide.stdout, 220);
  });

  it('a closed pipe stops a long table: `--all -o table | head -1` reads a few pages, not all', async () => {
    await sandbox.resetRequests();
    const result = spawnSync(
      'bash',
      // --norc: stdin is a socket here, and bash -c then reads ~/.bashrc as if run by sshd.
      ['--norc', '-c', `set -o pipefail; '${process.execPath}' '${BIN}' cases list --all -o table | head -1`],
      { env, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Showing \d+ of \d+ cases\n$/);
    const { count } = await sandbox.requests();
    const total = Number(/of (\d+)/.exec(result.stdout)![1]);
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThan(Math.ceil(total / 100) / 2);
  });
});

describe('text from the API or the user never drives the terminal', () => {
  it('a table on a terminal shows the escapes of a title', () => {
    const out = screen(['cases', 'list', '--reference', evilReference], 200);
    expect(out).toContain(EVIL_SHOWN);
    expect(out).not.toContain(`${ESC}]0;`);
    expect(out).not.toContain(`${ESC}[31m`);
  });

  it('plain output shows them too', async () => {
    const plain = await runWfd(['cases', 'list', '--reference', evilReference, '-o', 'plain'], { env });
    expect(plain.stdout).toBe(`${evilId}\t${EVIL_SHOWN}\t${plain.stdout.split('\t').slice(2).join('\t')}`);
    expect(plain.stdout).not.toContain(ESC);
  });

  it('the detail view shows them in the title and in data fields', () => {
    const out = screen(['cases', 'get', evilId], 120);
    expect(out).toMatch(new RegExp(`^Title {10}${EVIL_SHOWN.replace(/[[\]^]/g, '\\$&')}$`, 'm'));
    expect(out).toMatch(new RegExp(`^Note {2}${EVIL_SHOWN.replace(/[[\]^]/g, '\\$&')}$`, 'm'));
    expect(out).not.toContain(`${ESC}]0;`);
  });

  it('JSON, ndjson and CSV keep the data exact', async () => {
    expect(JSON.parse((await runWfd(['cases', 'get', evilId, '--json'], { env })).stdout).title).toBe(EVIL);
    const ndjson = await runWfd(['cases', 'list', '--reference', evilReference, '-o', 'ndjson'], { env });
    expect(JSON.parse(ndjson.stdout).title).toBe(EVIL);
    const csv = await runWfd(['cases', 'list', '--reference', evilReference, '-o', 'csv'], { env });
    expect(csv.stdout).toContain(EVIL);
  });
});
