/**
 * Error classes of wfd and the exit code each one means.
 *
 * Commands and the core throw these; src/main.ts (reportError) maps them to the exit code
 * in one place. The table of codes is a contract with scripts: see
 * `wfd help exit-codes` (src/exit-codes.ts).
 */
import { ExitCode } from '../exit-codes.js';

/** Base class: a message for the user, an optional hint line, and the exit code. */
export class WfdError extends Error {
  readonly exitCode: number = ExitCode.Failure;
  readonly hint: string | undefined;

  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.hint = options.hint;
  }
}

/** Bad flags, arguments, filter syntax, ids or e-mails: detected before any request (exit 2). */
export class UsageError extends WfdError {
  override readonly exitCode = ExitCode.Usage;
}

/** No credentials, 401, or a failed OAuth exchange (exit 3). */
export class AuthError extends WfdError {
  override readonly exitCode = ExitCode.Auth;
}

/** Ctrl-C or a declined prompt (exit 130). */
export class CancelledError extends WfdError {
  override readonly exitCode = ExitCode.Interrupted;
}

/**
 * A run a signal ended (Ctrl-C: 130, SIGTERM: 143), as shells report it: its message, if any, says
 * what the run left (`interrupted: ...`), on a `wfd:` line rather than an `error:` one.
 */
export class SignalledError extends WfdError {
  override readonly exitCode: number;

  constructor(signal: 'SIGINT' | 'SIGTERM', message = '') {
    super(message);
    this.exitCode = signal === 'SIGTERM' ? ExitCode.Terminated : ExitCode.Interrupted;
  }
}

/** One element of the spec's error bodies, flattened (standard `errors[]` or error-list). */
export interface ApiErrorDetail {
  message: string;
  path?: (string | number)[];
  type?: string;
  status?: string;
  title?: string;
}

/** A non-2xx answer from the API, after retries. The exit code follows the status. */
export class ApiError extends WfdError {
  readonly status: number;
  readonly details: ApiErrorDetail[];
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
  override readonly exitCode: number;

  constructor(
    message: string,
    init: {
      status: number;
      details?: ApiErrorDetail[];
      requestId?: string;
      retryAfter?: number;
      hint?: string;
    },
  ) {
    super(message, { hint: init.hint });
    this.status = init.status;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.exitCode = exitCodeForStatus(init.status);
  }
}

/** Connection refused, reset, DNS failure or time-out (exit 8). */
export class NetworkError extends WfdError {
  override readonly exitCode = ExitCode.Network;
  /**
   * True when the request may have reached the server before the failure (a reset or a
   * time-out after connecting): its outcome is unknown, and a mutation may have happened.
   */
  readonly requestSent: boolean;

  constructor(message: string, options: { hint?: string; cause?: unknown; requestSent?: boolean } = {}) {
    super(message, options);
    this.requestSent = options.requestSent ?? false;
  }
}

/** HTTP statuses to exit codes, as `wfd help exit-codes` lists them. */
export function exitCodeForStatus(status: number): number {
  switch (status) {
    case 401:
      return ExitCode.Auth;
    case 403:
      return ExitCode.Forbidden;
    case 404:
      return ExitCode.NotFound;
    case 400:
    case 409:
    case 413:
    case 414:
    case 422:
    case 431:
      return ExitCode.Refused;
    case 429:
      return ExitCode.RateLimited;
    case 504:
      return ExitCode.Network;
    default:
      return ExitCode.Failure;
  }
}
