import type { Db, Tx } from '../db/client';
import type { JobSlots } from './slots';

/** What a handler receives. */
export interface Job<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  runAt: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  maxAttempts: number;
  /** aborted when the scheduler stops: a long handler stops between two items and returns `{ again }` */
  signal: AbortSignal;
}

/**
 * A handler throws to fail (retried with back-off, then marked failed with its error), returns nothing
 * when done, or `{ again: epoch }` to be run again then with the same payload (not counted as a failure).
 */
export type HandlerResult = void | { again: number };
export type Handler<P = unknown> = (job: Job<P>) => Promise<HandlerResult>;

export interface HandlerOptions<P = unknown> {
  /** runs before the job is marked failed (default 5) */
  maxAttempts?: number;
  /** seconds to wait before retry number `attempt` (default 30 s doubling, at most an hour) */
  backoff?: (attempt: number) => number;
  /**
   * Runs when the job is given up for good (its last try failed, or its process died on every try), with
   * the last error: what the job stood for can be closed (a campaign's addresses marked failed).
   */
  onGiveUp?: (job: Job<P>, error: string) => Promise<void>;
}

export interface EnqueueOptions {
  /** epoch seconds; default now */
  runAt?: number;
  /** a job with this key is created once, ever: a second enqueue with it answers null */
  dedupeKey?: string;
  maxAttempts?: number;
  /** enqueue inside the caller's transaction, so that the job exists only if the caller's write does */
  tx?: Tx;
}

/** When a recurring kind runs next: an epoch strictly after `after`, or null for "not now". */
export type NextRun = (after: number) => number | null | Promise<number | null>;

export interface SchedulerOptions {
  db: Db;
  /** epoch seconds; tests pass their own clock and move it */
  now: () => number;
  /** how often the database is asked for due jobs (ms, default 1000) */
  pollMs?: number;
  /** how long a claimed job is this process's before another may take it again (s, default 30; renewed every third of it while the job runs) */
  leaseSeconds?: number;
  /** jobs run at once by this process (default 2) */
  concurrency?: number;
  /** multi-site mode: the slots this process shares between its sites' schedulers (jobs/slots.ts) */
  slots?: JobSlots;
  log?: (message: string, err?: unknown) => void;
}
