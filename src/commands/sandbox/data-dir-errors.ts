/** Why a data directory cannot be used, in wfd's terms: the flag to change, the exit code. */
import { UsageError, WfdError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';

/** `error` as wfd reports it when a data directory refused it; any other error as it is. */
export async function dataDirFailure(error: unknown): Promise<unknown> {
  const {
    DataDirError,
    JournalDamagedError,
    JournalShortError,
    JournalTruncatedError,
    LockedError,
    SeedMismatchError,
  } = await import('../../sandbox/index.js');
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
  if (error instanceof JournalDamagedError) {
    const kept = error.record === 1 ? 'no record' : `the ${error.record - 1} whole records`;
    return new WfdError(lowerFirst(error.message), {
      hint: `copy the data dir aside first; then restore the file from a backup, or keep ${kept} before the damage: truncate -s ${error.offset} ${quote(error.path, PATH_MAX)} && rm -f ${quote(error.mark, PATH_MAX)}`,
    });
  }
  if (error instanceof JournalTruncatedError) {
    return new WfdError(lowerFirst(error.message), {
      hint: `copy the data dir aside first; then restore the file from a backup, or start from ${error.base} without those writes: rm -f ${quote(error.path, PATH_MAX)} ${quote(error.mark, PATH_MAX)}`,
    });
  }
  if (error instanceof JournalShortError) {
    return new WfdError(lowerFirst(error.message), {
      hint: `copy the data dir aside first; then restore the journal from a backup, or start from the ${error.records} commits it holds: rm ${quote(error.mark, PATH_MAX)}`,
    });
  }
  if (error instanceof DataDirError) {
    return new WfdError(lowerFirst(error.message));
  }
  return error;
}

/** A notice of a start on a data directory (a torn record dropped, stray uploads), as a stderr line. */
export function dataDirWarning(notice: string): string {
  return `warning: ${lowerFirst(notice)}`;
}

// The path in a command to paste: never cut.
const PATH_MAX = 4096;

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
