/**
 * The operating system's keyring: the macOS Keychain, the Windows Credential Manager, and on
 * Linux and the BSDs a Secret Service (GNOME Keyring, KWallet, KeePassXC) on the D-Bus session.
 * Through @napi-rs/keyring, a native binding loaded on first use only (never at start-up).
 *
 * On Linux only a Secret Service counts: the binding would otherwise fall back, silently, to the
 * kernel keyring, which lives in memory and forgets every token at reboot. Entries are pinned to
 * the Secret Service, and without a D-Bus session (a server, a container) no keyring answers.
 */
import { WfdError } from '../errors.js';
import { keyringBackend } from '../platform.js';

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

/** The service name of every wfd entry in the keyring. */
const KEYRING_SERVICE = 'wfd';

type Binding = typeof import('@napi-rs/keyring');
type Entry = InstanceType<Binding['AsyncEntry']>;

/**
 * The keyring of this platform for a process with `env`. Nothing is loaded until a call needs
 * it; without a D-Bus session address a Secret Service cannot answer, so the binding is not even
 * loaded (its library finds the session bus by that variable alone).
 */
export function systemKeyring(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  load: () => Promise<Binding> = () => import('@napi-rs/keyring'),
): Keyring {
  const backend = keyringBackend(platform);
  const secretService = backend === 'Secret Service';
  let binding: Promise<Binding> | undefined;

  async function entry(account: string): Promise<Entry> {
    if (!backend) throw new KeyringError(`wfd knows no keyring on ${platform}`);
    if (secretService && !env.DBUS_SESSION_BUS_ADDRESS)
      throw new KeyringError('no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)');
    binding ??= load();
    const { AsyncEntry } = await binding.catch((error: unknown) => {
      throw new KeyringError(`its native binding cannot be loaded (${firstLine(error)})`);
    });
    // Pinned: the binding's default on Linux falls back to the kernel keyring (in memory only).
    return attempt(() => new AsyncEntry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } }));
  }

  return {
    name: `the system keyring (${backend ?? 'none'})`,
    async get(account) {
      const found = await attempt(async () => (await entry(account)).getSecret());
      return found ? Buffer.from(found).toString('utf8') : undefined;
    },
    async set(account, secret) {
      // Bytes, not a password: Windows would store a password as UTF-16, halving the room.
      await attempt(async () => (await entry(account)).setSecret(Buffer.from(secret, 'utf8')));
    },
    async delete(account) {
      return attempt(async () => (await entry(account)).deleteCredential());
    },
  };
}

/** Runs a call of the binding; its failures (a locked keyring, no Secret Service) become KeyringError. */
async function attempt<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof KeyringError) throw error;
    throw new KeyringError(firstLine(error));
  }
}

/** The binding's messages can span lines and quote D-Bus at length: one line, cut short. */
function firstLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text || 'no reason given';
}
