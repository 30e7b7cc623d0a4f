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

/**
 * A journal holds no whole record, not even the header every journal starts with: it was
 * emptied or cut after it was written (a crash tears the last record only, and a journal is
 * created whole, header included). What it held is gone from it, acknowledged writes among
 * them: the start is refused, and nothing on disk is changed.
 */
export class JournalTruncatedError extends DataDirError {
  constructor(
    /** The journal file, absolute. */
    readonly path: string,
    /** Its size. */
    readonly bytes: number,
    /** The upload files of the directory: writes made them, so writes were lost. */
    readonly uploads: number,
    /** What the directory starts from without the journal. */
    readonly base: string,
  ) {
    const shows =
      bytes === 0
        ? 'is empty (0 bytes)'
        : `holds ${bytes} byte${bytes === 1 ? '' : 's'} and no whole record, not even its header`;
    const files =
      uploads === 0
        ? ''
        : `; the directory keeps ${uploads} upload file${uploads === 1 ? '' : 's'}, which only writes make`;
    super(
      `The journal ${JSON.stringify(path)} ${shows}: every journal starts with a header, so it was emptied or cut after it was written, and the writes it held (acknowledged ones among them) are not in it${files}. Starting would serve ${base} only; nothing was changed on disk`,
    );
  }
}
