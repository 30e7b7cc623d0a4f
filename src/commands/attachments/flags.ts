/**
 * The arguments and flags of `wfd attachments <verb>`, declared once: index.ts builds
 * commander's options from them, each verb its schema. export's filters come from the forms
 * table (cli/flags.ts).
 */
import { DRY_RUN, filterFlags, methodTwoFlags, type VerbFlags } from '../../cli/flags.js';
import { FORMS } from '../../resources/forms.js';

const IDS = {
  name: 'ids',
  variadic: true,
  help: 'attachment ids, whole (the API has no list of attachments to find a prefix in; see `wfd responses get <id>`), or - to read them from stdin',
} as const;

export const UPLOAD = {
  args: [{ name: 'files', variadic: true, file: true, help: 'files to upload' }],
  flags: [
    {
      flag: 'encoding',
      value: 'encoding',
      kind: 'enum',
      values: ['multipart', 'json'],
      default: 'multipart',
      help: 'multipart (streamed from disk, all files in one request) or json (base64, a request per file)',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;

export const DOWNLOAD = {
  args: [IDS],
  flags: [
    {
      flag: 'output-file',
      short: 'O',
      value: 'file',
      kind: 'file',
      nonEmpty: true,
      help: 'save one attachment under this name, or - for stdout (not a terminal)',
    },
    {
      flag: 'dir',
      value: 'dir',
      kind: 'file',
      nonEmpty: true,
      help: 'folder to save into (default: the current one)',
    },
    { flag: 'clobber', kind: 'switch', help: 'overwrite files that already exist' },
    {
      flag: 'skip-existing',
      kind: 'switch',
      help: 'keep files that already exist, and skip those attachments',
    },
  ],
} as const satisfies VerbFlags;

export const MERGE = {
  args: [IDS],
  flags: [
    {
      flag: 'output-file',
      short: 'O',
      value: 'file',
      kind: 'file',
      required: true,
      nonEmpty: true,
      help: 'where to save the PDF, or - for stdout (not a terminal)',
    },
  ],
} as const satisfies VerbFlags;

/** The flags of export beside the forms' filters, which come between --dir and these. */
const EXPORT_OWN = [
  {
    flag: 'resume',
    kind: 'switch',
    help: 'finish an earlier export into DIR: keep what is complete, continue partial downloads',
  },
  {
    flag: 'since',
    value: 'date',
    kind: 'text',
    help: 'only forms updated since this date (2026-01-31 local, 2026-01-31T09:30:00Z, yesterday, 7d)',
  },
  {
    flag: 'incremental',
    kind: 'switch',
    help: 'add the files DIR lacks: reads every matching form, downloads only new files (a nightly job)',
  },
  {
    flag: 'merge',
    kind: 'switch',
    help: "also save each form's attachments merged into one PDF: DIR/<form-id>/merged.pdf",
  },
] as const;

const EXPORT_DIR = {
  flag: 'dir',
  value: 'dir',
  kind: 'file',
  required: true,
  nonEmpty: true,
  help: 'the export folder: new or empty, or an earlier export with --resume or --incremental',
} as const;

export const EXPORT = {
  flags: [EXPORT_DIR, ...filterFlags(FORMS), ...methodTwoFlags(FORMS), ...EXPORT_OWN],
} satisfies VerbFlags;
