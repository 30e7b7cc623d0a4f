/**
 * Every noun of wfd, in the order `wfd --help` lists them. A run registers the whole subtree of
 * the noun it invokes only (src/program.ts then builds the options of the verb it names only):
 * the others are one-line entries for the root help (with forty commands, building every
 * option of every command would cost more than the run itself).
 */
import type { Command } from 'commander';
import { registerAliasCommands } from './alias/index.js';
import { registerApiCommand } from './api/index.js';
import { registerAttachmentsCommands } from './attachments/index.js';
import { registerAuthCommands } from './auth/index.js';
import { registerCaseTemplatesCommands } from './case-templates/index.js';
import { registerCasesCommands } from './cases/index.js';
import { registerCompletionCommand } from './completion/index.js';
import { registerConfigCommands } from './config/index.js';
import { registerDocintelCommands } from './docintel/index.js';
import { registerDoctorCommand } from './doctor/index.js';
import { registerFormTemplatesCommands } from './form-templates/index.js';
import { registerFormsCommands } from './forms/index.js';
import { registerHelpCommand } from './help/index.js';
import { HELP_TOPIC_NAMES } from './help/topics.js';
import { registerResponsesCommands } from './responses/index.js';
import { registerSandboxCommands } from './sandbox/index.js';
import { registerSignaturesCommands } from './signatures/index.js';
import { registerStatusCommand } from './status/index.js';
import { registerVersionCommand } from './version/index.js';
import { registerWebhooksCommands } from './webhooks/index.js';
import { registerWorkspacesCommands } from './workspaces/index.js';

interface Noun {
  name: string;
  description: string;
  /** adds the noun's verbs (or, for a noun that is itself a command, its arguments and action) */
  register(noun: Command): void;
}

const NOUNS: readonly Noun[] = [
  { name: 'auth', description: 'Log in, switch profiles, show credentials', register: registerAuthCommands },
  {
    name: 'status',
    description: 'What needs attention: cases by stage, the longest waits, unprocessed forms',
    register: registerStatusCommand,
  },
  { name: 'workspaces', description: 'Workspaces your token reaches', register: registerWorkspacesCommands },
  {
    name: 'cases',
    description: 'List, read, create, update and archive cases',
    register: registerCasesCommands,
  },
  { name: 'case-templates', description: 'List case templates', register: registerCaseTemplatesCommands },
  {
    name: 'forms',
    description: 'List, count, read, create, update and archive forms',
    register: registerFormsCommands,
  },
  { name: 'responses', description: 'Read responses to forms', register: registerResponsesCommands },
  {
    name: 'form-templates',
    description: 'List form templates; show their options and steps',
    register: registerFormTemplatesCommands,
  },
  {
    name: 'signatures',
    description: 'Read signatures and download signed files',
    register: registerSignaturesCommands,
  },
  {
    name: 'attachments',
    description: 'Upload, download and merge attachments; export them all to a folder',
    register: registerAttachmentsCommands,
  },
  {
    name: 'docintel',
    description: 'Extract structured data from documents (document intelligence jobs)',
    register: registerDocintelCommands,
  },
  {
    name: 'webhooks',
    description: "Manage a form's webhooks; receive deliveries locally",
    register: registerWebhooksCommands,
  },
  {
    name: 'sandbox',
    description: 'Run a local emulator of the API, with demo data',
    register: registerSandboxCommands,
  },
  {
    name: 'api',
    description: 'Send any request to the API, with your credentials, retries and rate limit',
    register: registerApiCommand,
  },
  {
    name: 'doctor',
    description: 'Check the config, credentials, token, server, TLS and clock; a fix for each problem',
    register: registerDoctorCommand,
  },
  {
    name: 'alias',
    description: 'Make shortcuts for command lines, as gh aliases',
    register: registerAliasCommands,
  },
  {
    name: 'config',
    description: 'Get and set settings: pager, prompts, browser, output format, colour',
    register: registerConfigCommands,
  },
  {
    name: 'completion',
    description: 'Print a shell completion script: bash, zsh, fish or PowerShell',
    register: registerCompletionCommand,
  },
  { name: 'version', description: 'Print the version of wfd', register: registerVersionCommand },
  {
    name: 'help',
    description: `Show help for a command, or a topic: ${HELP_TOPIC_NAMES.join(', ')}`,
    register: registerHelpCommand,
  },
];

/** The nouns' names, for finding the invoked one in argv. */
export const NOUN_NAMES: readonly string[] = NOUNS.map((noun) => noun.name);

/**
 * Adds the nouns to `program`: every subtree when `only` is undefined (help topics, completion
 * scripts), else only the subtree of `only`, the other nouns as stubs. Returns the stubs.
 */
export function registerCommands(program: Command, only?: string | null): Set<Command> {
  const stubs = new Set<Command>();
  for (const noun of NOUNS) {
    const command = program.command(noun.name).description(noun.description);
    if (only === undefined || only === noun.name) {
      noun.register(command);
      // commander's `wfd cases help list`, described as the other commands are.
      if (command.commands.length > 0) command.helpCommand('help [command]', 'Show help for a command');
    } else stubs.add(command);
  }
  return stubs;
}
