/**
 * Document intelligence jobs. A job's state is computed from the clock, so no
 * timer runs: pending for the first quarter of the delay, processing for the
 * rest, then completed or failed. The outcome is worked out on the first read
 * after the delay and kept: it follows from the document, so a data directory keeps the job and
 * not its outcome.
 */
import { type ChangeLog, UNLOGGED } from '../changes.js';
import type { AttachmentRecord } from '../forms/records.js';
import type { WorkspaceRecord } from '../store.js';
import type { Outcome } from './extract.js';

export interface JobRecord {
  readonly id: string;
  readonly workspace: WorkspaceRecord;
  readonly attachment: AttachmentRecord;
  /** The keys asked for, or null for every field found. */
  readonly fields: readonly string[] | null;
  readonly createdAt: number;
  /** Set once, on the first read after the delay. */
  outcome?: Outcome;
}

/** Where a job stands at a time, and since when. */
export interface JobPhase {
  readonly phase: 'pending' | 'processing' | 'done';
  readonly since: number;
}

export class DocIntelJobs {
  readonly #jobs = new Map<string, JobRecord>();
  readonly #delayMs: number;
  #changes: ChangeLog = UNLOGGED;

  /** @param delayMs from creation to the outcome */
  constructor(delayMs: number) {
    this.#delayMs = delayMs;
  }

  /** From now on, every new job is reported to `changes`. */
  logChangesTo(changes: ChangeLog): void {
    this.#changes = changes;
  }

  insert(job: JobRecord): void {
    this.#jobs.set(job.id, job);
    this.#changes.touched('job', job.id);
  }

  /** A job of any workspace by id (case-insensitive). */
  find(id: string): JobRecord | undefined {
    return this.#jobs.get(id.toLowerCase());
  }

  /** The job's phase at `now`. */
  phaseAt(job: JobRecord, now: number): JobPhase {
    const processingFrom = job.createdAt + Math.floor(this.#delayMs / 4);
    const doneFrom = job.createdAt + this.#delayMs;
    if (now >= doneFrom) return { phase: 'done', since: doneFrom };
    if (now >= processingFrom) return { phase: 'processing', since: processingFrom };
    return { phase: 'pending', since: job.createdAt };
  }
}
