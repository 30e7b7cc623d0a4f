/**
 * The operating system's keyring: the macOS Keychain, the Windows Credential Manager, and on
 * Linux and the BSDs a Secret Service (GNOME Keyring, KWallet, KeePassXC) on the D-Bus session.
 * Through @napi-rs/keyring, a native binding that wfd never loads itself: its calls are made in
 * a process of their own (./keyring-process.ts), started on first use only (never at start-up),
 * so that a keyring that never answers costs a few seconds, not the whole run.
 *
 * On Linux only a Secret Service counts: the binding would otherwise fall back, silently, to the
 * kernel keyring, which lives in memory and forgets every token at reboot. Entries are pinned to
 * the Secret Service (./keyring-host.ts), and without a D-Bus session (a server, a container) no
 * keyring answers.
 */
import { WfdError } from '../errors.js';
import { keyringBackend } from '../process/platform.js';

/** A keyring of secrets by account name, all of one service. Every call may throw KeyringError. */
export interface Keyring {
  /** what the user knows it as, for messages: `the system keyring (Secret Service)` */
  readonly name: string;
  /** the secret of `account`, or undefined when there is none */
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** false when there was nothing to delete */
  delete(account: string): Promise<boolean>;
}

/** No keyring answered, or it refused: `reason` says why, in one line. */
export class KeyringError extends WfdError {
  constructor(readonly reason: string) {
    super(`the system keyring did not answer: ${reason}`);
  }
}

/** One call of the binding, as the keyring's process (./keyring-host.ts) takes it. */
export type KeyringRequest =
  | { op: 'get'; account: string }
  | { op: 'set'; account: string; secret: string }
  | { op: 'delete'; account: string };

/** What a call resolves with: the secret (get, null when there is none), or whether one was deleted. */
export type KeyringAnswer = string | null | boolean | undefined;

/** Makes one call of the binding; rejects with KeyringError. */
export type KeyringCall = (request: KeyringRequest) => Promise<KeyringAnswer>;

/**
 * The keyring of `platform` for a process with `env`, whose calls `call` makes (in production
 * `keyringProcess(env)`, which starts nothing until a call needs it); without a D-Bus session address a Secret Service cannot answer, so no call is made at all
 * (the binding's library finds the session bus by that variable alone).
 */
export function systemKeyring(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, call: KeyringCall): Keyring {
  const backend = keyringBackend(platform);
  const secretService = backend === 'Secret Service';

  function checked(request: KeyringRequest): Promise<KeyringAnswer> {
    if (!backend) return Promise.reject(new KeyringError(`wfd knows no keyring on ${platform}`));
    if (secretService && !env.DBUS_SESSION_BUS_ADDRESS)
      return Promise.reject(new KeyringError('no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)'));
    return call(request);
  }

  return {
    name: `the system keyring (${backend ?? 'none'})`,
    async get(account) {
      const found = await checked({ op: 'get', account });
      return typeof found === 'string' ? found : undefined;
    },
    async set(account, secret) {
      await checked({ op: 'set', account, secret });
    },
    async delete(account) {
      return (await checked({ op: 'delete', account })) === true;
    },
  };
}
