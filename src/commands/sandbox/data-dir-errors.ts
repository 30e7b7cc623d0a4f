/** Why a data directory cannot be used, in wfd's terms: the flag to change, the exit code. */
import { UsageError, WfdError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';

/** `error` as wfd reports it when a data directory refused it; any other error as it is. */
export async function dataDirFailure(error: unknown): Promise<unknown> {
  const [{ DataDirError, SeedMismatchError }, { LockedError }] = await Promise.all([
    import('../../sandbox/persist/errors.js'),
    import('../../sandbox/persist/lock.js'),
  ]);
  if (error instanceof LockedError) {
    return new WfdError(`a sandbox (process ${error.pid}) is running on the data dir ${quote(error.dir)}`, {
      hint: 'stop it first (Ctrl-C where it runs), or use another --data-dir',
    });
  }
  if (error instanceof SeedMismatchError) {
    const flag = `--${error.option.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;
    return new UsageError(
      `${flag} ${error.requested} differs from the ${error.stored} the data dir ${quote(error.dir)} was seeded with`,
      { hint: `leave ${flag} out to use the stored value, or use another --data-dir` },
    );
  }
  if (error instanceof DataDirError) {
    return new WfdError(error.message.charAt(0).toLowerCase() + error.message.slice(1));
  }
  return error;
}
