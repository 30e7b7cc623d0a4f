/**
 * Exit codes of wfd. This table is a contract: scripts branch on these numbers,
 * so a code never changes meaning. Printed by `wfd help exit-codes`.
 */
export const ExitCode = {
  Ok: 0,
  Failure: 1,
  Usage: 2,
  Auth: 3,
  Forbidden: 4,
  NotFound: 5,
  Refused: 6,
  RateLimited: 7,
  Network: 8,
  Interrupted: 130,
  /** SIGTERM: 128 + 15, as shells report a process it ended */
  Terminated: 143,
} as const;

export const exitCodeTable: ReadonlyArray<readonly [number, string]> = [
  [ExitCode.Ok, 'success'],
  [
    ExitCode.Failure,
    'other failure (server 5xx after retries, an unexpected error, a bulk run whose problems differ in kind)',
  ],
  [ExitCode.Usage, 'usage: bad flags, arguments, filter syntax, invalid UUID or e-mail (nothing was sent)'],
  [ExitCode.Auth, 'not authenticated: no credentials, invalid or revoked token (401), OAuth failure'],
  [ExitCode.Forbidden, 'forbidden (403): the token cannot reach this workspace or resource'],
  [ExitCode.NotFound, 'not found (404)'],
  [ExitCode.Refused, 'refused by the API (400, 409, 413, 414, 422, 431)'],
  [ExitCode.RateLimited, 'rate limited (429) after all retries'],
  [
    ExitCode.Network,
    'network failure or time-out (504, connection refused, reset, timed out, TLS certificate refused)',
  ],
  [ExitCode.Interrupted, 'interrupted (Ctrl-C); 143 for SIGTERM'],
];

/** What bulk runs (archive, unarchive, export, ...) return, for `wfd help exit-codes`. */
export const BULK_EXIT_CODES = `Bulk runs (archive, unarchive, attachments export) report each item, then a summary that counts each result apart ("archived 19 of 37 cases; 18 already archived; 2 not found; 1 failed"), then exit:
  0 when every item reached its state: "archived", "already archived" (it was so before the run: counted apart, never as archived by it), or "archived (confirmed)" (read back after the connection broke, never sent twice);
  the code all problems share otherwise: 8 when outcomes are unknown (the connection broke and the record could not be read back), 4 or 5 when every failure was a 403 or a 404, 3 when the token was refused (the run stops; the rest is reported "not sent");
  1 when the problems differ in kind.`;
