/**
 * What `wfd sandbox demo` shows, chapter by chapter: real commands against the tour's sandbox.
 * The runner (demo.ts) decides how a step runs; this file only says which, in what order, and
 * where a section starts (a pause on a terminal; never between a listener and its delivery).
 */

/** A command left running while the tour goes on (a webhook listener). */
export interface BackgroundRun {
  /** the match of the `ready` pattern in its stderr (the listener's address) */
  match: RegExpExecArray;
  /** its stdout once it has exited */
  output(): Promise<string>;
}

/** The moves of the tour. Each runs `wfd <args>` against the sandbox and fails the tour on an unexpected exit code. */
export interface Tour {
  /** a heading line */
  say(text: string): Promise<void>;
  /**
   * a heading that starts a section: on a terminal the tour first waits for a key, so the last
   * section can be read before this one scrolls it away (sections are sized for 24 rows)
   */
  section(text: string): Promise<void>;
  /** prints the command line, then runs it on the terminal */
  step(args: string[], expectedExit?: number): Promise<void>;
  /** runs without printing anything; returns its stdout lines (the ids later steps need) */
  quietly(args: string[]): Promise<string[]>;
  /** as `step`, and returns its stdout lines */
  shown(args: string[]): Promise<string[]>;
  /** starts a command in the background once its stderr matches `ready` */
  inBackground(args: string[], ready: RegExp): Promise<BackgroundRun>;
  /** prints text as it is */
  write(text: string): Promise<void>;
  /** prints `$ head -n <lines> <path>` and what it shows (a file the tour wrote) */
  head(path: string, lines: number): Promise<void>;
}

export async function tour(t: Tour): Promise<void> {
  await cases(t);
  const responseId = await formsAndWebhooks(t);
  await files(t, responseId);
}

async function cases(t: Tour): Promise<void> {
  const [caseId] = await t.quietly(['cases', 'list', '--no-archived', '--limit', '1', '-q']);
  await t.section('The workspace this token reaches');
  await t.step(['workspaces', 'list']);
  await t.say('The five most recently created cases');
  await t.step(['cases', 'list', '--limit', '5', '--sort', '-created_at']);
  await t.say('How many pending cases wait for their contact?');
  await t.step(['cases', 'count', '--parent-status', 'pending', '--waiting-for', 'contact']);
  await t.section('Contact search is partial and accent-insensitive: "muller" finds Müller');
  await t.step(['cases', 'list', '--contact', 'muller', '--limit', '3']);
  await t.say('The --where language: dates, null tests, patterns on related records');
  await t.step([
    'cases',
    'list',
    '--where',
    'created_at >= 2026-06-01',
    '--where',
    'archived_at = null',
    '--where',
    'owner.email ilike %@acme.example',
    '--limit',
    '3',
  ]);
  await t.section('One case with its steps');
  await t.step(['cases', 'get', caseId!]);
  await t.section('Bulk changes report each id; --dry-run shows the requests first');
  await t.step(['cases', 'archive', caseId!, '--dry-run']);
  await t.step(['cases', 'archive', caseId!]);
  await t.step(['cases', 'unarchive', caseId!]);
  await t.section('JSON for scripts, with only the fields you ask for');
  await t.step(['cases', 'list', '--limit', '2', '--json', '--fields', 'id,title,contact.email']);
  await t.section('Bad input is caught before any request, with exit code 2');
  await t.step(['cases', 'list', '--parent-status', 'done'], 2);
}

/** Returns the id of the response the tour's respondent completed. */
async function formsAndWebhooks(t: Tour): Promise<string> {
  await t.say('Forms are made from templates');
  await t.step(['form-templates', 'list']);
  const [formId] = await t.shown([
    'forms',
    'create',
    '--template',
    'nda-signature',
    '--email',
    'ana@example.org',
    '--given-name',
    'Ana',
    '--family-name',
    'Silva',
  ]);
  await t.section('A local receiver prints each webhook delivery it gets');
  const listener = await t.inBackground(
    ['webhooks', 'listen', '--max', '1', '--timeout', '30s'],
    /listening on (http:\/\/\S+)/,
  );
  await t.step(['webhooks', 'add', formId!, listener.match[1]!, '--events', 'responses:completed']);
  await t.say('The sandbox plays Ana: she opens the form, signs it and attaches two files');
  await t.step(['sandbox', 'trigger', 'responses:created', '--form', formId!, '-q']);
  await t.step([
    'sandbox',
    'trigger',
    'responses:completed',
    '--form',
    formId!,
    '--signature',
    '--attachments',
    '2',
    '-q',
  ]);
  await t.say('The listener got the delivery: time, event, delivery id, form id');
  await t.write(await listener.output());
  await t.section('Her response, with its answers, attachments and signature');
  const [responseId] = await t.quietly(['forms', 'get', formId!, '--query', 'responses[0].id', '-r']);
  await t.step(['responses', 'get', responseId!]);
  const [signatureId] = await t.quietly([
    'responses',
    'get',
    responseId!,
    '--query',
    'signatures[0].id',
    '-r',
  ]);
  await t.say('The signed PDF, saved whole or not at all');
  await t.step(['signatures', 'download', signatureId!, '-O', 'signed-nda.pdf']);
  return responseId!;
}

async function files(t: Tour, responseId: string): Promise<void> {
  const attachmentIds = await t.quietly([
    'responses',
    'get',
    responseId,
    '--query',
    'attachments[].id',
    '-r',
  ]);
  await t.section('Her attachments, under their own names made safe for any disk');
  await t.step(['attachments', 'download', ...attachmentIds, '--dir', 'files']);
  await t.say('An export for CI: every attachment of the matching forms, with a manifest');
  await t.step(['attachments', 'export', '--dir', 'export', '--email', 'ana@example.org']);
  await t.head('export/manifest.ndjson', 1);
  await t.section('Run again with --incremental: it downloads only the files that are new');
  await t.step(['attachments', 'export', '--dir', 'export', '--email', 'ana@example.org', '--incremental']);
  await t.say('Upload a file: its id comes back, to use in later requests');
  await t.step(['attachments', 'upload', 'signed-nda.pdf']);
  await t.section('Document intelligence reads the fields of a document');
  await t.step(['docintel', 'extract', 'signed-nda.pdf']);
}
