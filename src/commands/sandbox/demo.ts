/**
 * `wfd sandbox demo`: a guided tour. Starts a sandbox in this process on a free port, runs a
 * series of real wfd commands against it (each printed before its output), and exits.
 * Nothing is written to the user's config: the tour uses a temporary config directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { createMemoryIO } from '../../output/io.js';
import { defineVerb } from '../verb.js';

export const DemoOptions = z.object({});

interface Step {
  say: string;
  args: string[];
  /** the exit code this step should end with */
  expect?: number;
}

export async function runDemo(_options: unknown, ctx: Context): Promise<void> {
  const { startSandbox } = await import('../../sandbox/server.js');
  const { run } = await import('../../cli.js');
  const sandbox = await startSandbox({ port: 0, rateLimit: 'off' });
  const configDir = await mkdtemp(join(tmpdir(), 'wfd-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...ctx.env,
    WFD_TOKEN: sandbox.workspaces[0]!.token,
    WFD_BASE_URL: sandbox.baseUrl,
    WFD_CONFIG_DIR: configDir,
  };
  delete env.WFD_PROFILE;
  // Runs wfd and returns what it printed, for the ids the later steps need.
  const capture = async (args: string[]) => {
    const test = createMemoryIO({ env });
    await run(['node', 'wfd', ...args], { io: test.io, env });
    return test.stdout().trim().split('\n').filter(Boolean);
  };
  try {
    const [caseId] = await capture(['cases', 'list', '--no-archived', '--limit', '1', '-q']);
    const steps: Step[] = [
      { say: 'The workspace this token reaches', args: ['workspaces', 'list'] },
      {
        say: 'The five most recently created cases',
        args: ['cases', 'list', '--limit', '5', '--sort', '-created_at'],
      },
      {
        say: 'How many pending cases wait for their contact?',
        args: ['cases', 'count', '--parent-status', 'pending', '--waiting-for', 'contact'],
      },
      {
        say: 'Contact search is partial and accent-insensitive: "muller" finds Müller',
        args: ['cases', 'list', '--contact', 'muller', '--limit', '3'],
      },
      {
        say: 'The --where language: dates, null tests, patterns on related records',
        args: [
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
        ],
      },
      { say: 'One case with its steps', args: ['cases', 'get', caseId!] },
      { say: 'Archive it, then restore it', args: ['cases', 'archive', caseId!] },
      { say: '', args: ['cases', 'unarchive', caseId!] },
      {
        say: 'JSON for scripts, with only the fields you ask for',
        args: ['cases', 'list', '--limit', '2', '--json', '--fields', 'id,title,contact.email'],
      },
      {
        say: 'Bad input is caught before any request, with exit code 2',
        args: ['cases', 'list', '--parent-status', 'done'],
        expect: 2,
      },
    ];
    for (const step of steps) {
      // The narration goes to stdout with the output it introduces, so `| less` keeps the order.
      await ctx.io.write(`${step.say ? `\n# ${step.say}\n` : ''}$ wfd ${step.args.map(quote).join(' ')}\n`);
      const code = await run(['node', 'wfd', ...step.args], { io: ctx.io, env });
      if (code !== (step.expect ?? 0))
        throw new WfdError(`demo step "wfd ${step.args.join(' ')}" exited ${code}`);
    }
    await ctx.io.write(
      '\nThat was a sandbox on a free port, now stopped. Start your own with `wfd sandbox start`,\nthen try `wfd --profile sandbox cases list --help`.\n',
    );
  } finally {
    await sandbox.close();
    await rm(configDir, { recursive: true, force: true });
  }
}

function quote(arg: string): string {
  return /^[\w@%./:=,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export const verb = defineVerb(DemoOptions, runDemo);
