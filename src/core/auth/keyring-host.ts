/**
 * The keyring's own process: makes the calls of the native binding (@napi-rs/keyring) for the wfd
 * process that started it (./keyring-process.ts): requests come over the IPC channel, numbered.
 * The binding blocks the thread that calls it until D-Bus answers, with no deadline of its own: a
 * session bus that accepts and never answers holds it forever. Here that thread is one wfd can
 * kill. The process ends when wfd disconnects (or ends).
 */
import type { KeyringAnswer, KeyringRequest } from './keyring.js';

type Binding = typeof import('@napi-rs/keyring');

/** The service name of every wfd entry in the keyring. */
const KEYRING_SERVICE = 'wfd';

/** A request as it crosses the IPC channel, numbered so that its answer finds it. */
export type HostRequest = KeyringRequest & { id: number };
/** The answer: the call's result, or why it failed, in one line. */
export type HostAnswer = { id: number; value: KeyringAnswer } | { id: number; error: string };

/** Makes the call of `request` with the binding that `load` gives; never rejects. */
export async function answer(request: HostRequest, load: () => Promise<Binding>): Promise<HostAnswer> {
  const { id } = request;
  let binding: Binding;
  try {
    binding = await load();
  } catch (error) {
    // The binding's own text goes on to advise removing package-lock.json: not for wfd's users.
    const missing = /^Cannot find native binding/.test(firstLine(error))
      ? `no @napi-rs/keyring build for ${process.platform}-${process.arch} is installed`
      : firstLine(error);
    return { id, error: `its native binding cannot be loaded (${missing})` };
  }
  try {
    // Pinned: the binding's default on Linux falls back to the kernel keyring (in memory only).
    const entry = new binding.AsyncEntry(KEYRING_SERVICE, request.account, {
      linux: { store: 'secret-service' },
    });
    if (request.op === 'get') {
      const found = await entry.getSecret();
      return { id, value: found ? Buffer.from(found).toString('utf8') : null };
    }
    // Bytes, not a password: Windows would store a password as UTF-16, halving the room.
    if (request.op === 'set') {
      await entry.setSecret(Buffer.from(request.secret, 'utf8'));
      return { id, value: true };
    }
    return { id, value: await entry.deleteCredential() };
  } catch (error) {
    return { id, error: firstLine(error) };
  }
}

/** Answers the requests of the parent process until it disconnects, or ends. */
export function serveKeyring(load: () => Promise<Binding> = () => import('@napi-rs/keyring')): void {
  let binding: Promise<Binding> | undefined;
  const loadOnce = () => {
    binding ??= load();
    return binding;
  };
  process.on('message', (request: HostRequest) => {
    void answer(request, loadOnce).then((reply) => process.send?.(reply));
  });
  process.on('disconnect', () => process.exit(0));
  void watchParent();
}

/** How often the watchdog looks for the parent process. */
const WATCH_MS = 500;

/**
 * Ends this process once its parent is gone, even while a call holds the main thread: a wfd
 * killed (SIGKILL) during a call that never returns would otherwise leave this process, and the
 * token it was handed, for as long as D-Bus keeps quiet. 'disconnect' needs the main thread; the
 * watchdog runs on a thread of its own and kills the process from there. (On Windows a parent that
 * ends is seen the same way: its pid no longer answers.)
 */
async function watchParent(): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  const watchdog = `
    const { workerData } = require('node:worker_threads');
    const alive = () => { try { process.kill(workerData.parent, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    setInterval(() => { if (process.ppid !== workerData.parent || !alive()) process.kill(process.pid, 'SIGKILL'); }, ${WATCH_MS});
  `;
  new Worker(watchdog, { eval: true, workerData: { parent: process.ppid } }).unref();
}

/** The binding's messages can span lines and quote D-Bus at length: one line, cut short. */
function firstLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text || 'no reason given';
}
