import { WfdError } from '../../core/errors.js';

/**
 * Some items of a run failed; each was already reported. Its exit code is theirs when they
 * share one, else 1 (bulk runs, uploads, downloads, exports).
 */
export class PartialFailure extends WfdError {
  override readonly exitCode: number;

  constructor(message: string, codes: readonly number[], options: { hint?: string } = {}) {
    super(message, options);
    const distinct = new Set(codes);
    this.exitCode = distinct.size === 1 ? [...distinct][0]! : 1;
  }
}
