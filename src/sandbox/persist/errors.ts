/** Why a data directory cannot be used; one line each, for `wfd sandbox start` to print. */

/** The directory cannot be used as it is: not a sandbox's, made by another version, damaged. */
export class DataDirError extends Error {}

/**
 * The directory was seeded with other parameters than the ones asked for. Its data is the seed's
 * plus the changes since, so it cannot be read with another seed.
 */
export class SeedMismatchError extends DataDirError {
  constructor(
    readonly dir: string,
    /** The option of `startSandbox` (`cases`, `largeAttachmentBytes`, ...). */
    readonly option: string,
    readonly stored: number,
    readonly requested: number,
  ) {
    super(
      `The data directory ${JSON.stringify(dir)} was seeded with ${option} ${stored}, not ${requested}: leave ${option} out to use the stored value, or use another directory`,
    );
  }
}

/**
 * A journal is damaged before its end: a record fails its checksum and whole records follow it.
 * A crash never does that (it tears the last record only), so dropping the rest would lose
 * acknowledged writes: the start is refused, and nothing on disk is changed.
 */
export class JournalDamagedError extends DataDirError {
  constructor(
    /** The journal file, absolute. */
    readonly path: string,
    /** Where the damaged record starts: the bytes before it are whole records. */
    readonly offset: number,
    /** The damaged record's number in the file, from 1. */
    readonly record: number,
  ) {
    super(
      `The journal ${JSON.stringify(path)} is damaged at byte ${offset} (record ${record} of it fails its checksum, and whole records follow it); nothing was changed on disk`,
    );
  }
}
