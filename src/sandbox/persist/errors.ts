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
    /** The journal's mark (journal-mark.ts), which a journal cut by hand must lose too. */
    readonly mark: string,
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
  /** The upload files of the directory: writes made them, so writes were lost. */
  readonly uploads: number;
  /** What the directory starts from without the journal. */
  readonly base: string;
  /** The journal's mark, which goes with it. */
  readonly mark: string;

  constructor(
    /** The journal file, absolute. */
    readonly path: string,
    /** Its size. */
    readonly bytes: number,
    directory: { uploads: number; base: string; mark: string },
  ) {
    const { uploads, base } = directory;
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
    this.uploads = uploads;
    this.base = base;
    this.mark = directory.mark;
  }
}

/**
 * A journal holds fewer whole commits than its mark (journal-mark.ts) says it held when the
 * sandbox last started or stopped: it was cut at a record boundary after it was written (a copy,
 * a restore, a hand; a crash tears the last record only). The start is refused, and nothing on
 * disk is changed.
 */
export class JournalShortError extends DataDirError {
  constructor(
    /** The journal file, absolute. */
    readonly path: string,
    /** The whole commits it holds; undefined when the file is missing. */
    readonly records: number | undefined,
    /** The whole commits it held. */
    readonly expected: number,
    /** The mark file. */
    readonly mark: string,
  ) {
    const holds =
      records === undefined
        ? 'is missing'
        : `holds ${records === 0 ? 'no commit (its header only)' : commits(records)}`;
    const how = records === undefined ? 'it was removed' : 'it was cut after it was written';
    super(
      `The journal ${JSON.stringify(path)} ${holds}, but it held ${commits(expected)} when the sandbox last started or stopped on it (${JSON.stringify(mark)}): ${how}, and the writes of the ${commits(expected - (records ?? 0))} it lost (acknowledged ones among them) are not in it. Starting would serve an older state; nothing was changed on disk`,
    );
  }
}

function commits(n: number): string {
  return n === 1 ? '1 commit' : `${n} commits`;
}
