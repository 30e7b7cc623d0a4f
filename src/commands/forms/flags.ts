/**
 * The arguments and flags of `wfd forms <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema. list, count, archive and unarchive take theirs from
 * the forms table (cli/flags.ts).
 */
import { DRY_RUN, type VerbFlags } from '../../cli/flags.js';

const ID = {
  name: 'id',
  help: 'form id (UUID) or its first 8+ characters; a prefix costs one GET /v1/forms',
} as const;

export const GET_FORM = { args: [ID], flags: [] } as const satisfies VerbFlags;

export const CREATE_FORM = {
  flags: [
    {
      flag: 'template',
      value: 'slug',
      kind: 'text',
      required: true,
      trim: true,
      nonEmpty: true,
      help: 'form template slug (see `wfd form-templates list`)',
    },
    { flag: 'email', value: 'email', kind: 'email', required: true, help: "the user's e-mail" },
    {
      flag: 'given-name',
      value: 'name',
      kind: 'text',
      required: true,
      trim: true,
      nonEmpty: true,
      help: "the user's given name",
    },
    {
      flag: 'family-name',
      value: 'name',
      kind: 'text',
      required: true,
      trim: true,
      nonEmpty: true,
      help: "the user's family name",
    },
    {
      flag: 'webhook',
      value: 'url=events',
      kind: 'text',
      repeatable: true,
      help: 'notify URL of these events, comma-separated (repeatable); see `wfd webhooks events`',
    },
    {
      flag: 'body',
      value: 'file',
      kind: 'file',
      help: 'JSON request body from a file, or - for stdin; flags override its fields',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;

export const UPDATE_FORM = {
  args: [ID],
  flags: [
    {
      flag: 'status',
      value: 'status',
      kind: 'text',
      trim: true,
      nonEmpty: true,
      help: 'the new status (free text)',
    },
    {
      flag: 'active',
      kind: 'switch',
      negatable: true,
      help: 'mark the form active (--no-active: inactive)',
    },
    {
      flag: 'completed',
      kind: 'switch',
      negatable: true,
      help: 'mark the form completed (--no-completed: not completed)',
    },
    {
      flag: 'processed',
      kind: 'switch',
      negatable: true,
      help: 'mark the form processed (--no-processed: not processed)',
    },
    {
      flag: 'body',
      value: 'file',
      kind: 'file',
      help: 'JSON object of fields to change, from a file or - for stdin',
    },
    DRY_RUN,
  ],
} as const satisfies VerbFlags;
