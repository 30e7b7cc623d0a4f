/**
 * Keyring calls made in a process of their own (./keyring-host.ts, built as
 * dist/keyring-host.cjs), each bounded by a deadline. The native binding blocks the thread that
 * calls it until D-Bus answers, with no deadline of its own: in wfd's thread, a session bus that
 * accepts and never answers would hold the command forever, deaf to SIGINT and SIGTERM. (A worker
 * thread would not do: Node joins its threads before it exits, and cannot stop one inside native
 * code.) A call not answered in time kills that process and fails with KeyringError, and so do the
 * calls after it, at once: the caller then takes its "the keyring did not answer" path. So does a
 * signal: the process is killed before wfd ends.
 *
 * The process is started at the first call and serves the run's later calls; it keeps no wfd run
 * alive, and ends when wfd does. (On Windows, killing it is TerminateProcess; the rest is the same.)
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onInterrupt } from '../process/interrupt.js';
import { type KeyringAnswer, type KeyringCall, KeyringError, type KeyringRequest } from './keyring.js';
import type { HostAnswer, HostRequest } from './keyring-host.js';

/** How long a keyring call may take, start of its process included (gh allows 3 s). */
const KEYRING_DEADLINE_MS = 5000;

export interface KeyringProcessOptions {
  /** the program of the process (tests); by default dist/keyring-host.cjs, beside dist/wfd.cjs */
  script?: string;
  deadlineMs?: number;
}

/** Calls of the keyring, each made in the keyring's own process within `deadlineMs`. */
export function keyringProcess(env: NodeJS.ProcessEnv, options: KeyringProcessOptions = {}): KeyringCall {
  const deadlineMs = options.deadlineMs ?? KEYRING_DEADLINE_MS;
  let child: Promise<ChildProcess> | undefined;
  /** why the keyring cannot be asked any more in this run */
  let broken: KeyringError | undefined;
  const pending = new Map<
    number,
    { resolve: (value: KeyringAnswer) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;

  function fail(error: KeyringError): void {
    broken ??= error;
    for (const { reject } of pending.values()) reject(broken);
    pending.clear();
  }

  async function start(): Promise<ChildProcess> {
    const script = options.script ?? (await hostScript());
    const { spawn } = await import('node:child_process');
    const started = spawn(process.execPath, [script], {
      env,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
      windowsHide: true,
    });
    // Idle, it keeps no run alive (a pending call's deadline does); it ends on disconnect.
    started.unref();
    started.channel?.unref();
    started.on('message', (reply: HostAnswer) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new KeyringError(reply.error));
      else waiting.resolve(reply.value);
    });
    started.on('error', (error) =>
      fail(new KeyringError(`its process cannot be started (${error.message})`)),
    );
    started.on('exit', (code, signal) => {
      fail(new KeyringError(`its process ended before it answered (${signal ?? `exit ${code}`})`));
    });
    return started;
  }

  return async (request: KeyringRequest) => {
    if (broken) throw broken;
    child ??= start();
    const running = await child;
    const id = nextId++;
    const stop = () => {
      running.kill('SIGKILL');
    };
    // Ctrl-C or SIGTERM during a call that hangs: the process goes with wfd, not after it.
    const release = onInterrupt(stop);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<KeyringAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        timer = setTimeout(() => {
          stop();
          fail(new KeyringError(`no answer within ${deadlineMs / 1000} seconds`));
        }, deadlineMs);
        const sent: HostRequest = { ...request, id };
        running.send(sent, (error) => {
          if (error) fail(new KeyringError(`its process cannot be reached (${error.message})`));
        });
      });
    } finally {
      clearTimeout(timer);
      release();
    }
  };
}

/** dist/keyring-host.cjs, beside the bundle (dist/wfd.cjs) that this module is part of. */
async function hostScript(): Promise<string> {
  // A single executable runs nothing but wfd (its node takes no script), and has no binding.
  const { isSea } = await import('node:sea');
  if (isSea()) throw new KeyringError('its native binding cannot be loaded (a single executable has none)');
  return fileURLToPath(new URL('./keyring-host.cjs', import.meta.url));
}
