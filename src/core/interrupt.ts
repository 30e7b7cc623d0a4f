/**
 * Ctrl-C and SIGTERM: what must happen before the process ends (DESIGN.md: no half documents,
 * no temporary files left). Work that needs a clean-up registers it while it runs; the signal
 * handlers exist only while something is registered, so otherwise Node's default applies.
 * After the clean-ups the process ends with 130 (SIGINT) or 143 (SIGTERM), as shells expect;
 * a second signal ends it at once.
 */

type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();
const SIGNALS = { SIGINT: 130, SIGTERM: 143 } as const;
/** Clean-ups get this long before the process ends anyway. */
const GRACE_MS = 3000;
let stopping = false;

async function onSignal(signal: keyof typeof SIGNALS): Promise<void> {
  const code = SIGNALS[signal];
  if (stopping) process.exit(code);
  stopping = true;
  const all = [...cleanups].map(async (cleanup) => {
    try {
      await cleanup();
    } catch {
      // A clean-up that fails must not keep the others from running.
    }
  });
  const timer = new Promise((resolve) => setTimeout(resolve, GRACE_MS).unref());
  await Promise.race([Promise.all(all), timer]);
  process.exit(code);
}

const handlers = { SIGINT: () => void onSignal('SIGINT'), SIGTERM: () => void onSignal('SIGTERM') };

/** Runs `cleanup` if the process is interrupted before the returned function is called. */
export function onInterrupt(cleanup: Cleanup): () => void {
  if (cleanups.size === 0)
    for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0 && !stopping)
      for (const [signal, handler] of Object.entries(handlers)) process.off(signal, handler);
  };
}
