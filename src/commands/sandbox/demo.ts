/**
 * `wfd sandbox demo`: a guided tour. Starts a sandbox in this process on a free port, runs the
 * tour's real wfd commands against it (each printed before its output), and exits.
 * Nothing outlives it: the tour uses a temporary config directory and works in a temporary
 * folder (its downloads and export), both deleted at the end, and the sandbox is stopped.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { CancelledError, WfdError } from '../../core/errors.js';
import { shellWord } from '../../core/text/shell-word.js';
import { createMemoryIO } from '../../output/memory-io.js';
import { type KeyReader, keyReader } from './demo-keys.js';
import { type Tour, tour } from './demo-tour.js';

export const DemoOptions = verbSchema(NO_FLAGS);

/** How long the background listener may take to say where it listens. */
const LISTENER_READY_MS = 10_000;

export async function runDemo(_options: unknown, ctx: Context): Promise<void> {
  const { startSandbox } = await import('../../sandbox/index.js');
  // A quicker document intelligence than the default 2 s: the tour waits for one job.
  const sandbox = await startSandbox({ port: 0, rateLimit: 'off', docintelDelayMs: 500 });
  const scratch = await mkdtemp(join(tmpdir(), 'wfd-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...ctx.env,
    WFD_TOKEN: sandbox.workspaces[0]!.token,
    WFD_BASE_URL: sandbox.baseUrl,
    WFD_CONFIG_DIR: join(scratch, '.config'),
  };
  delete env.WFD_PROFILE;
  const home = process.cwd();
  // Relative names in the printed commands (-O signed.pdf, --dir export) are true: the tour runs there.
  process.chdir(scratch);
  const background: Promise<unknown>[] = [];
  // On a terminal the tour waits for a key between sections; piped it runs straight through.
  const keys = ctx.io.canPrompt() ? keyReader(ctx.io.stdin) : undefined;
  try {
    const ended = await tour(guide(ctx, env, background, keys)).then(
      () => 'done' as const,
      (error: unknown) => {
        if (error === QUIT) return 'quit' as const;
        throw error;
      },
    );
    await ctx.io.write(
      `\n${ended === 'quit' ? 'Tour ended. ' : ''}That was a sandbox on a free port, now stopped; the files the tour\n` +
        'wrote are deleted. Start your own with `wfd sandbox start`, then try\n' +
        '`wfd --profile sandbox cases list`, and `wfd sandbox open`: its console\n' +
        'shows each request, webhook delivery and record in the browser.\n',
    );
  } finally {
    keys?.close();
    process.chdir(home);
    await Promise.allSettled(background);
    await sandbox.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Thrown by a pause when the reader presses q: the tour stops there and cleans up. */
const QUIT = Symbol('quit');

const PROMPT = '-- Enter: next section, q: quit --';

/**
 * Waits for a key on a terminal: q (or the end of input) ends the tour, Ctrl-C interrupts it
 * (exit 130), any other key goes on. The prompt is erased once answered.
 */
async function pause(ctx: Context, keys: KeyReader): Promise<void> {
  await ctx.io.flush();
  ctx.io.stderr.write(`\n${PROMPT}`);
  const key = await keys.next();
  ctx.io.stderr.write(ctx.io.isStderrTTY() ? '\r\u001b[K\u001b[1A' : '\n');
  if (key === '\u0003') throw new CancelledError('interrupted');
  if (key === undefined || key === 'q' || key === 'Q') throw QUIT;
}

/** The tour's moves, over `ctx`'s terminal and an environment aimed at the sandbox. */
function guide(
  ctx: Context,
  env: NodeJS.ProcessEnv,
  background: Promise<unknown>[],
  keys: KeyReader | undefined,
): Tour {
  let sections = 0;
  // The tour pauses between its sections itself; a pager would also take the keys it reads.
  ctx.io.disablePager();
  const run = (args: string[], io = ctx.io) => ctx.runWfd(['node', 'wfd', ...args], { io, env });
  const expectCode = (args: string[], code: number, expected = 0) => {
    if (code !== expected) throw new WfdError(`demo step "wfd ${args.join(' ')}" exited ${code}`);
  };
  const lines = (text: string) => text.trim().split('\n').filter(Boolean);
  // Captured runs print like the terminal would: the same width, TTY-ness and colour.
  const memoryIO = () =>
    createMemoryIO({
      env,
      stdoutTTY: ctx.io.isStdoutTTY(),
      stderrTTY: ctx.io.isStderrTTY(),
      columns: ctx.io.terminalWidth(),
    });

  return {
    say: (text) => ctx.io.write(`\n# ${text}\n`),
    async section(text) {
      if (keys && sections++ > 0) await pause(ctx, keys);
      await ctx.io.write(`\n# ${text}\n`);
    },
    async step(args, expected = 0) {
      await ctx.io.write(`$ wfd ${args.map(shellWord).join(' ')}\n`);
      expectCode(args, await run(args), expected);
    },
    async quietly(args) {
      const captured = memoryIO();
      expectCode(args, await run(args, captured.io));
      return lines(captured.stdout());
    },
    async shown(args) {
      await ctx.io.write(`$ wfd ${args.map(shellWord).join(' ')}\n`);
      const captured = memoryIO();
      const code = await run(args, captured.io);
      await ctx.io.write(captured.stdout());
      if (captured.stderr()) ctx.io.stderr.write(captured.stderr());
      expectCode(args, code);
      return lines(captured.stdout());
    },
    async inBackground(args, ready) {
      await ctx.io.write(`$ wfd ${args.map(shellWord).join(' ')} &\n`);
      const captured = memoryIO();
      const done = run(args, captured.io).then((code) => expectCode(args, code));
      background.push(done);
      const started = Date.now();
      let found = ready.exec(captured.stderr());
      while (!found) {
        if (Date.now() - started > LISTENER_READY_MS)
          throw new WfdError(`demo step "wfd ${args.join(' ')}" did not start: ${captured.stderr().trim()}`);
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 20))]);
        found = ready.exec(captured.stderr());
      }
      await ctx.io.write(captured.stderr());
      return {
        match: found,
        async output() {
          await done;
          return captured.stdout();
        },
      };
    },
    write: (text) => ctx.io.write(text),
    async head(path, count) {
      const text = await readFile(path, 'utf8');
      const shown = text.split('\n').slice(0, count).join('\n');
      await ctx.io.write(`$ head -n ${count} ${shellWord(path)}\n${shown}\n`);
    },
  };
}

export const verb = defineVerb(NO_FLAGS, DemoOptions, runDemo);
