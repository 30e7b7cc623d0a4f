/**
 * What the stores say about their writes. Every method that changes a record at run time names
 * the record it touched, and nothing else: a data directory's journal (persist/) reads the
 * record's state when it commits, so a store never knows whether or how it is kept. Seeding
 * writes are not reported: seeding is repeated from the seed parameters on every start.
 */

/** The kinds of records a sandbox keeps in a data directory. */
export type RecordKind =
  | 'case'
  | 'reference'
  | 'token'
  | 'form'
  | 'response'
  | 'attachment'
  | 'signature'
  | 'job'
  | 'grant'
  | 'client';

export interface ChangeLog {
  /** The record `id` of `kind` was created, changed or removed. */
  touched(kind: RecordKind, id: string): void;
}

/** The sandbox keeps its state in memory only: nothing listens. */
export const UNLOGGED: ChangeLog = { touched() {} };
