/**
 * The committed completion scripts, driven in bash, zsh and fish (see harness.ts): every shell
 * must offer exactly the same words for each line. Profile names come from the built binary:
 * run `npm run build` first (`npm test` does).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWith } from '../../src/cli/completion-values.js';
import { generateCompletion } from '../../src/commands/completion/generate.js';
import { HELP_TOPIC_NAMES } from '../../src/commands/help/topics.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import { CASES } from '../../src/resources/cases.js';
import {
  addAliases,
  bashRegistration,
  complete,
  type Offered,
  type ShellName,
  saveProfiles,
  shellAvailability,
  workspace,
} from './harness.js';

const NOUNS = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' }).commands.map((noun) =>
  noun.name(),
);
const CASES_VERBS = ['archive', 'count', 'create', 'get', 'list', 'ls', 'unarchive', 'update-data', 'view'];
const CASES_SORT = [
  'created_at',
  'updated_at',
  'title',
  'status',
  'parent_status',
  'waiting_for',
  'reference',
];
const EVENTS = ['forms:created', 'forms:updated', 'forms:deleted', 'forms:archived', 'forms:unarchived'];
const RESPONSE_EVENTS = [
  'responses:created',
  'responses:updated',
  'responses:deleted',
  'responses:completed',
];

/** A line, ending where TAB is pressed, and the words every shell must offer there. */
const EXPECTED: [line: string, words: readonly string[]][] = [
  ['wfd ca', ['case-templates', 'cases']],
  ['wfd cases ar', ['archive']],
  ['wfd cases ls --waiting', ['--waiting-for']],
  ['wfd cases list --p', ['--page', '--page-size', '--parent-status', '--profile']],
  ["wfd cases list --where 'created_at >= 2026-01-01' --s", ['--sort', '--status']],
  // A quoted value is one word, spaces and all.
  ["wfd --profile 'a b' cases ", CASES_VERBS],
  // The value of --profile is not a command: the cases verbs follow.
  ['wfd --profile sandbox cases ', CASES_VERBS],
  // Here "cases" is the profile's name: the nouns follow.
  ['wfd --profile cases ', NOUNS],
  ['wfd cases ls --parent-status ', ['closed', 'draft', 'in_progress', 'pending']],
  ['wfd cases list --sort ', [...CASES_SORT, 'archived_at'].flatMap((field) => [field, `-${field}`])],
  ['wfd forms list --sort -', ['-created_at', '-updated_at']],
  ['wfd cases list --sort=-c', ['--sort=-created_at']],
  ['wfd cases list -o ', ['csv', 'csv-excel', 'json', 'ndjson', 'plain', 'table']],
  ['wfd -o json cases list --output n', ['ndjson']],
  ['wfd webhooks add 5b0e https://example.org/hook --events ', [...EVENTS, ...RESPONSE_EVENTS]],
  [
    'wfd webhooks add 5b0e https://example.org/hook --events forms:updated,responses:c',
    ['forms:updated,responses:completed', 'forms:updated,responses:created'],
  ],
  [
    'wfd webhooks remove 5b0e https://example.org/hook --events forms:updated,forms:',
    [
      'forms:updated,forms:archived',
      'forms:updated,forms:created',
      'forms:updated,forms:deleted',
      'forms:updated,forms:unarchived',
    ],
  ],
  ['wfd webhooks listen --events=forms:a', ['--events=forms:archived']],
  ['wfd forms count --group-by status,flow.', ['status,flow.customization', 'status,flow.slug']],
  ['wfd cases list --fields ', CASES.fields],
  ['wfd cases list --fields id,own', ['id,owner', 'id,owner.email', 'id,owner.id']],
  // The parts of a relation the spec names.
  ['wfd cases list --fields owner.', ['owner.email', 'owner.id']],
  ['wfd forms list --fields id,user.g', ['id,user.given_name']],
  ['wfd workspaces list --fields=s', ['--fields=slug']],
  ['wfd help ', [...HELP_TOPIC_NAMES, ...NOUNS]],
  ['wfd help cases ', CASES_VERBS],
  ['wfd help cases l', ['list', 'ls']],
  ['wfd completion ', ['bash', 'fish', 'powershell', 'zsh']],
  ['wfd sandbox trigger ', ['forms:deleted', ...RESPONSE_EVENTS]],
  // --form takes a value: responses: is the <event> argument.
  ['wfd sandbox trigger --form 5b0e responses:', RESPONSE_EVENTS],
  // The first argument is a method or a path; paths come from the bundled API description.
  ['wfd api P', ['PATCH', 'POST', 'PUT']],
  [
    'wfd api /v1/ca',
    ['/v1/case_templates', '/v1/cases', '/v1/cases/ID', '/v1/cases/ID/data', '/v1/cases/count'],
  ],
  ['wfd api POST /v1/forms', ['/v1/forms', '/v1/forms/ID', '/v1/forms/count']],
  ['wfd api -X GET /.w', ['/.well-known/openid-configuration']],
  // Custom statuses come from the API (none here: its host does not answer), never file names,
  // nor the parent statuses, which are --parent-status's.
  ['wfd cases list --status ', []],
  ['wfd cases count --status p', []],
  ['wfd auth switch ', ['acme', 'sandbox']],
  ['wfd --profile ', ['acme', 'sandbox']],
  ['wfd cases list --profile s', ['sandbox']],
  ['wfd cases list --profile=a', ['--profile=acme']],
  // After --, words are arguments, not flags.
  ['wfd cases list -- --p', []],
  // Aliases (`wfd alias set`) stand beside the commands.
  ['wfd wai', ['wait-long', 'waiting']],
  ['wfd alias delete ', ['wait-long', 'waiting']],
];

/** Descriptions zsh and fish show beside words (`word -- description`). */
const DESCRIBED: [line: string, shown: string][] = [
  ['wfd ca', 'cases -- List, read, create, update and archive cases'],
  ['wfd cases list --parent-s', '--parent-status -- stage of the case: draft, pending, in_progress, closed'],
  ['wfd help f', 'filters -- filter flags, --where, --filter, sorting and paging'],
  ['wfd api /v1/cases/cou', '/v1/cases/count -- GET: Count cases'],
];

const ws = workspace();
saveProfiles(ws, ['acme', 'sandbox']);
addAliases(ws, {
  waiting: 'cases list --waiting-for owner --owner $1',
  'wait-long': 'cases list --sort updated_at',
});
writeFileSync(join(ws.cwd, 'case.json'), '{}\n');
afterAll(() => ws.remove());

const FILE_LINE = 'wfd cases create --body ';
/** A list with one item left to offer: the shell must not add a space, where a comma may follow. */
const LAST_ITEM_LINE = 'wfd cases list --fields id,ti';
const lines = [
  ...EXPECTED.map(([line]) => line),
  ...DESCRIBED.map(([line]) => line),
  FILE_LINE,
  LAST_ITEM_LINE,
];

function offeredIn(shell: ShellName, reason: string): () => Map<string, Offered> {
  let offered: Map<string, Offered> | undefined;
  beforeAll(() => {
    if (!reason) offered = complete(shell, lines, ws);
  });
  // A shell missing in CI fails each test (the report counts them), with the reason.
  return () => {
    if (reason) throw new Error(reason);
    return offered!;
  };
}

for (const shell of ['bash', 'zsh', 'fish'] as const) {
  const { skip, reason } = shellAvailability(shell);
  describe.skipIf(skip)(`${shell} completion${skip ? ` (skipped: ${reason})` : ''}`, () => {
    const offered = offeredIn(shell, reason);

    it.each(EXPECTED)('%s', (line, words) => {
      expect(offered().get(line)?.words).toEqual([...words].sort());
    });

    it('adds no space after the last item a list offers, so a comma may follow', () => {
      const last = offered().get(LAST_ITEM_LINE)!;
      expect(last.words).toEqual(['id,title']);
      // zsh offers it with a comma suffix, which a space typed after it removes.
      if (shell !== 'zsh') expect(last.options).toEqual(['-o nospace']);
    });

    if (shell === 'bash') {
      it('offers no file names for --status when the API names no status', () => {
        expect(offered().get('wfd cases list --status ')?.options).toEqual(['+o default']);
      });

      it('leaves a value it knows nothing of to readline, which completes file names', () => {
        expect(offered().get(FILE_LINE)?.words).toEqual([]);
        expect(bashRegistration()).toBe('complete -o default -F _wfd wfd\n');
      });

      it('completes a command registered later, and its values, with no change to the generator', () => {
        const program = new Command('wfd');
        program
          .command('attachments')
          .description('Upload and download attachments')
          .command('upload')
          .addOption(completeWith(new Option('--encoding <how>', 'multipart or json'), ['multipart', 'json']))
          .argument('<file...>', 'files to upload');
        const script = join(ws.root, 'later.bash');
        writeFileSync(script, generateCompletion(program, 'bash'));
        const later = complete(
          'bash',
          ['wfd att', 'wfd attachments upload a.pdf --e', 'wfd attachments upload --encoding '],
          ws,
          {
            script,
          },
        );
        expect([...later.values()].map((o) => o.words)).toEqual([
          ['attachments'],
          ['--encoding'],
          ['json', 'multipart'],
        ]);
      });
    } else {
      it('completes file names for a value it knows nothing of', () => {
        expect(offered().get(FILE_LINE)?.words).toEqual(['case.json']);
      });

      it.each(DESCRIBED)('shows descriptions: %s', (line, shown) => {
        expect(offered().get(line)?.shown).toContain(shown);
      });

      if (shell === 'zsh') {
        it('completes the same when the script is sourced after compinit instead of autoloaded', () => {
          const sourced = complete('zsh', ['wfd --profile sandbox cases ', 'wfd auth switch '], ws, {
            zshSourced: true,
          });
          expect([...sourced.values()].map((o) => o.words)).toEqual([CASES_VERBS, ['acme', 'sandbox']]);
        });
      }

      it('shows the description of verbs that share it with an alias', () => {
        expect(
          offered()
            .get('wfd --profile sandbox cases ')
            ?.shown.some((s) => s.endsWith('-- List cases')),
        ).toBe(true);
      });
    }
  });
}
