/**
 * Seeded attachments: records only. Their bytes are made from (seed, id) when
 * they are read, so seeding thousands of them, large ones included, costs no
 * more than seeding their metadata. From their own PRNG stream, so the number
 * of attachments changes neither the forms nor the cases.
 */

import type { ResponseRecord } from '../forms/records.js';
import { answerFiles, attachFile } from '../forms/respondent.js';
import type { FormStore } from '../forms/store.js';
import { createRng, pick, randomUuid } from '../random.js';
import { splitByWorkspace } from '../seed.js';
import type { Store } from '../store.js';
import type { GeneratedFile } from './generated.js';
import { pickSmallKind, randomSize, type SmallKind } from './kinds.js';

export interface AttachmentSeedOptions {
  /** PRNG seed (integer). */
  seed: number;
  /** Attachments in total across workspaces; the first workspace gets 80%. */
  attachments: number;
  /** Size of each large file (one in ten of the files that are not in HOSTILE_FILES). */
  largeBytes: number;
}

/**
 * Names a careless client would write somewhere unexpected or fail on:
 * non-ASCII, path traversal, absolute paths, control characters, a NUL,
 * reserved and forbidden names, a name over 255 bytes, a name given twice. They
 * are the first files of the first workspace, all on its first response that
 * takes files, so a test finds them in one place.
 */
export const HOSTILE_FILES: readonly (readonly [string, SmallKind])[] = [
  ['Überweisung März 2026 – Beleg.pdf', 'pdf'],
  ['履歴書 山田太郎.pdf', 'pdf'],
  ['📎 scan from phone.png', 'png'],
  ['../../etc/passwd', 'text'],
  ['/etc/shadow', 'text'],
  ['C:\\Windows\\System32\\drivers\\etc\\hosts', 'text'],
  ['..', 'text'],
  ['tab\there\nnew line\r\u001b[31mred\u001b[0m.txt', 'text'],
  ['nul\u0000byte.pdf', 'pdf'],
  ['CON.txt', 'text'],
  ['what?*:<>|".png', 'png'],
  [' leading and trailing spaces .txt ', 'text'],
  [`very-long-${'x'.repeat(280)}.pdf`, 'pdf'],
  ['scan.pdf', 'pdf'],
  ['scan.pdf', 'pdf'],
];

const LARGE_EVERY = 10;

/**
 * Spreads the attachments over the completed responses of templates that take
 * files, picked at random (a template's `max_attachments` is not enforced).
 * A workspace with no such response gets none.
 */
export function seedAttachments(store: Store, forms: FormStore, options: AttachmentSeedOptions): void {
  const rng = createRng(options.seed ^ 0x0a77ac4e);
  const workspaces = store.workspaces();
  const counts = splitByWorkspace(options.attachments, workspaces.length);
  let ordinary = 0;
  workspaces.forEach((workspace, w) => {
    const responses = forms
      .formsIn(workspace)
      .filter((form) => form.template.options.allow_attachments)
      .flatMap((form) => form.responses.filter((response) => response.completedAt !== null));
    if (responses.length === 0) return;
    const touched = new Set<ResponseRecord>();
    for (let n = 0; n < counts[w]!; n++) {
      const hostile = w === 0 ? HOSTILE_FILES[n] : undefined;
      const response = hostile ? responses[0]! : pick(rng, responses);
      const id = randomUuid(rng);
      const large = !hostile && ++ordinary % LARGE_EVERY === 0;
      const kind = hostile?.[1] ?? pickSmallKind(rng);
      const file: GeneratedFile = large
        ? { id, kind: 'binary', size: options.largeBytes }
        : { id, kind, size: randomSize(kind, rng), filename: hostile?.[0] };
      attachFile(forms, response, file, response.completedAt!);
      touched.add(response);
    }
    for (const response of touched) answerFiles(forms, response);
  });
}
