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
