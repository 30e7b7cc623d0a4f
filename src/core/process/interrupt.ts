/**
 * Ctrl-C and SIGTERM, the one way wfd handles them: an interrupted run leaves no half
 * document and no temporary file. Work that must act on a signal registers while it runs; the signal handlers exist
 * only while something is registered, so otherwise Node's default applies. Two kinds of work:
 *
 * - `onInterrupt(cleanup)`: the clean-up runs, then the process ends with 130 (SIGINT) or 143
 *   (SIGTERM), as shells expect.
 * - `interruptible(work)`: the work's signal is aborted (its reason the signal's name) and the
 *   command ends its own way once the work has stopped (a followed feed with 130 or 143 once its
 *   output is whole, a cancelled login with its error).
 *
 * When both kinds are registered, the process ends after all of them. Each gets GRACE_MS; a
 * second signal ends the process at once.
 *
 * On Windows, Node turns Ctrl-C (and Ctrl-Break) at the console into SIGINT, so Ctrl-C is handled
 * the same; SIGTERM never arrives there: `taskkill /F`, closing the window or a parent's kill()
 * ends the process at once, and the next run continues or removes a `.part` file it leaves.
 */

type Signal = 'SIGINT' | 'SIGTERM';
type Cleanup = (signal: Signal) => void | Promise<void>;

interface Registration {
  readonly cleanup: Cleanup;
  /** true when the process ends after the clean-up; false when the interrupted command ends itself */
  readonly ends: boolean;
}

const registrations = new Set<Registration>();
const SIGNALS = { SIGINT: 130, SIGTERM: 143 } as const;
/** Clean-ups get this long before the process ends anyway. */
export const GRACE_MS = 3000;
let stopping = false;

/**
 * What a signal does: the registered clean-ups, then the end of the process (unless only
 * interruptible work was registered, and it stopped in time). Tests call it in place of a signal.
 */
export async function interrupt(signal: keyof typeof SIGNALS): Promise<void> {
  const code = SIGNALS[signal];
  if (stopping) process.exit(code);
  stopping = true;
  const current = [...registrations];
  const all = Promise.all(
    current.map(async ({ cleanup }) => {
      try {
        await cleanup(signal);
      } catch {
        // A clean-up that fails must not keep the others from running.
      }
    }),
  ).then(() => true);
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), GRACE_MS).unref());
  const inTime = await Promise.race([all, timer]);
  if (!inTime || current.some((registration) => registration.ends)) process.exit(code);
  else {
    // The interrupted commands go on to their own end; a later signal is handled afresh.
    stopping = false;
    if (registrations.size === 0) listen(false);
  }
}

const handlers = { SIGINT: () => void interrupt('SIGINT'), SIGTERM: () => void interrupt('SIGTERM') };

function listen(on: boolean): void {
  for (const [signal, handler] of Object.entries(handlers)) {
    if (on) process.on(signal, handler);
    else process.off(signal, handler);
  }
}

function register(registration: Registration): () => void {
  if (registrations.size === 0) listen(true);
  registrations.add(registration);
  return () => {
    registrations.delete(registration);
    // While stopping, a second signal must still end the process at once.
    if (registrations.size === 0 && !stopping) listen(false);
  };
}

/**
 * On Windows, Ctrl-C that nothing handles ends the process the Windows way (exit code
 * STATUS_CONTROL_C_EXIT, 0xC000013A; under Wine, 0), so there wfd listens from the start and ends
 * with 130 whenever no other listener (a registration here, a server's own) takes the signal. On
 * POSIX Node's default is kept: killed by SIGINT, which shells report as 130.
 */
export function exitOnCtrlC(platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'win32' || process.listeners('SIGINT').includes(exitIfAlone)) return;
  process.on('SIGINT', exitIfAlone);
}

function exitIfAlone(): void {
  if (process.listenerCount('SIGINT') === 1) process.exit(SIGNALS.SIGINT);
}

/** Runs `cleanup` if the process is interrupted before the returned function is called; then the process ends. */
export function onInterrupt(cleanup: Cleanup): () => void {
  return register({ cleanup, ends: true });
}

/**
 * Runs `work` with a signal that Ctrl-C (or SIGTERM) aborts, for work that must stop cleanly (a
 * listener to close, a feed to end); the signal waits for `work` to settle, and the command then
 * ends its own way. Outside it, a signal does what the other registrations (or Node) do.
 */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let running: Promise<T> | undefined;
  const release = register({
    cleanup: async (signal) => {
      controller.abort(signal);
      await running;
    },
    ends: false,
  });
  try {
    running = work(controller.signal);
    return await running;
  } finally {
    release();
  }
}
