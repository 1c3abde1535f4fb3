import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { newId } from '../lib/ids';
import { safeErrorForLog, safeErrorMessage } from '../db/errors';

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
  /** how long a claimed job is this process's before another may take it again (s, default 120) */
  leaseSeconds?: number;
  /** jobs run at once by this process (default 2) */
  concurrency?: number;
  log?: (message: string, err?: unknown) => void;
}

interface Registered {
  fn: Handler;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  onGiveUp?: (job: Job, error: string) => Promise<void>;
  next?: NextRun;
}

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  run_at: string | number;
  attempts: number;
  max_attempts: number;
  recurring: boolean;
}

/** The error of a job given up because its process died on every try (French: staff may read it). */
export const INTERRUPTED = 'Interrompu à chaque essai (processus arrêté pendant le traitement)';
const defaultBackoff = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The durable scheduler: jobs live in the `jobs` table, so they survive restarts, and a process claims
 * a due job with `FOR UPDATE SKIP LOCKED`, so each runs once across instances. A claim is a lease:
 * the running process extends it while the handler works; if the process dies, the lease runs out and
 * another process (or this one, restarted) takes the job again. See docs/architecture-notes.md.
 */
export class Scheduler {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, Registered>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly pollMs: number;
  private readonly leaseSeconds: number;
  private readonly concurrency: number;
  private abort = new AbortController();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
    this.concurrency = opts.concurrency ?? 2;
  }

  registerHandler<P>(kind: string, fn: Handler<P>, opts: HandlerOptions<P> = {}) {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, {
      fn: fn as Handler,
      maxAttempts: opts.maxAttempts ?? 5,
      backoff: opts.backoff ?? defaultBackoff,
      onGiveUp: opts.onGiveUp as Registered['onGiveUp'],
    });
  }

  /**
   * A kind that runs again and again: `next` says when (see `dailyAt` and `every`). One occurrence is
   * queued at a time (a unique index guarantees it across instances); when it ends, done or failed,
   * the next is queued in the same transaction.
   */
  recurring(kind: string, next: NextRun, fn: Handler<Record<string, never>>, opts: HandlerOptions = {}) {
    this.registerHandler(kind, fn, opts);
    this.handlers.get(kind)!.next = next;
  }

  /** Queues a job; answers its id, or null when `dedupeKey` was already used. */
  async enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string | null> {
    const now = this.opts.now();
    const id = newId();
    const runAt = opts.runAt ?? now;
    const [row] = await (opts.tx ?? this.opts.db)
      .insert(jobs)
      .values({
        id,
        kind,
        payload: payload ?? {},
        runAt,
        status: 'queued',
        recurring: false,
        attempts: 0,
        maxAttempts: opts.maxAttempts ?? this.handlers.get(kind)?.maxAttempts ?? 5,
        dedupeKey: opts.dedupeKey ?? null,
        createdTime: now,
        updatedTime: now,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    if (row && runAt <= now) this.poke();
    return row?.id ?? null;
  }

  /** Cancels queued jobs (a running one finishes its run): by id, by dedupe key or by kind and payload field. */
  async cancel(where: { id: string } | { dedupeKey: string } | { kind: string; payload: Record<string, string> }, tx: Tx = this.opts.db) {
    const now = this.opts.now();
    const cond =
      'id' in where
        ? eq(jobs.id, where.id)
        : 'dedupeKey' in where
          ? eq(jobs.dedupeKey, where.dedupeKey)
          : and(eq(jobs.kind, where.kind), sql`${jobs.payload} @> ${JSON.stringify(where.payload)}::jsonb`);
    const rows = await tx
      .update(jobs)
      .set({ status: 'cancelled', finishedTime: now, updatedTime: now })
      .where(and(cond, eq(jobs.status, 'queued')))
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** After a recurring kind's timing changed (a setting): drops its queued occurrence and queues the next. */
  async reschedule(kind: string) {
    await this.opts.db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.recurring, true), eq(jobs.status, 'queued')));
    await this.queueNext(this.opts.db, kind, this.opts.now());
  }

  /** Starts polling; queues the first occurrence of each recurring kind that has none. */
  async start() {
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    await this.ensureRecurring();
    this.poke();
  }

  /** Queues the next occurrence of each recurring kind that has none (start does it; a test may without the loop). */
  async ensureRecurring() {
    for (const kind of this.recurringKinds()) await this.queueNext(this.opts.db, kind, this.opts.now());
  }

  /** Stops polling and asks running handlers to stop; waits for them at most `graceMs`. */
  async stop(graceMs = 10_000) {
    this.started = false;
    clearTimeout(this.timer);
    this.abort.abort();
    const all = Promise.allSettled([this.ticking, ...this.running.values()]);
    await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())]);
  }

  /**
   * Runs every job due now, and the jobs they make due, until none is left (tests, and a one-off
   * run). Answers how many runs it made.
   */
  async runDue(): Promise<number> {
    let runs = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (claimed.length === 0 && this.running.size === 0) return runs;
      runs += claimed.length;
      await Promise.allSettled([...this.running.values()]);
    }
  }

  /** Ask for due jobs soon (after an enqueue, or when a slot frees). */
  poke() {
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private recurringKinds() {
    return [...this.handlers].filter(([, h]) => h.next).map(([kind]) => kind);
  }

  private async tick() {
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = (async () => {
      try {
        do {
          this.tickAgain = false;
          const free = this.concurrency - this.running.size;
          if (free > 0 && this.started) await this.claim(free);
        } while (this.tickAgain && this.started);
      } catch (err) {
        this.log('scheduler: could not claim jobs', err);
      }
    })();
    await this.ticking;
    this.ticking = undefined;
    if (this.started) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.tick(), this.pollMs);
      this.timer.unref?.();
    }
  }

  /** Takes up to `n` due jobs (or jobs whose lease ran out) and starts them. */
  private async claim(n: number): Promise<Claimed[]> {
    const kinds = [...this.handlers.keys()];
    if (n <= 0 || kinds.length === 0) return [];
    const now = this.opts.now();
    // A CTE with FOR UPDATE is not inlined by the planner: the LIMIT holds and locked rows are skipped.
    const claimed = rowsOf<Claimed>(
      await this.opts.db.execute(sql`
        WITH due AS (
          SELECT id FROM jobs
          WHERE kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
            AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until <= ${now}))
          ORDER BY run_at, created_time
          LIMIT ${n}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE jobs SET status = 'running', locked_by = ${this.worker}, locked_until = ${now + this.leaseSeconds},
          attempts = jobs.attempts + 1, updated_time = ${now}
        FROM due WHERE jobs.id = due.id
        RETURNING jobs.id, jobs.kind, jobs.payload, jobs.run_at, jobs.attempts, jobs.max_attempts, jobs.recurring`),
    );
    for (const row of claimed) {
      const done = this.run(row).finally(() => {
        this.running.delete(row.id);
        this.poke();
      });
      this.running.set(row.id, done);
    }
    return claimed;
  }

  private async run(row: Claimed) {
    const handler = this.handlers.get(row.kind)!;
    const attempt = Number(row.attempts);
    const job: Job = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      runAt: Number(row.run_at),
      attempt,
      maxAttempts: Number(row.max_attempts),
      signal: this.abort.signal,
    };
    if (attempt > job.maxAttempts) {
      // it was claimed that many times and never finished: its process died each time
      await this.giveUp(job, row, INTERRUPTED);
      return;
    }
    const heartbeat = setInterval(() => void this.extendLease(row.id), (this.leaseSeconds * 1000) / 3);
    heartbeat.unref?.();
    let result: HandlerResult;
    try {
      result = await handler.fn(job);
    } catch (err) {
      clearInterval(heartbeat);
      const message = safeErrorMessage(err);
      this.log(`job ${row.kind} ${row.id} failed (attempt ${attempt})`, err);
      if (attempt >= job.maxAttempts) await this.giveUp(job, row, message);
      else await this.finish(row, { status: 'queued', error: message, runAt: this.opts.now() + handler.backoff(attempt) });
      return;
    }
    clearInterval(heartbeat);
    if (result && 'again' in result) await this.finish(row, { status: 'queued', runAt: result.again, uncount: true });
    else await this.finish(row, { status: 'done' });
  }

  /** The job fails for good: its kind closes what it stood for, then it is marked failed with the error. */
  private async giveUp(job: Job, row: Claimed, error: string) {
    try {
      await this.handlers.get(row.kind)!.onGiveUp?.(job, error);
    } catch (err) {
      this.log(`job ${row.kind} ${row.id}: could not close it after its last try`, err);
    }
    await this.finish(row, { status: 'failed', error });
  }

  private async extendLease(id: string) {
    try {
      await this.opts.db
        .update(jobs)
        .set({ lockedUntil: this.opts.now() + this.leaseSeconds })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, this.worker), eq(jobs.status, 'running')));
    } catch (err) {
      this.log('scheduler: could not extend a lease', err);
    }
  }

  /** Records the end of a run, if the job is still this process's; a recurring kind gets its next occurrence. */
  private async finish(
    row: Claimed,
    end: { status: 'done' | 'failed' | 'queued'; error?: string; runAt?: number; uncount?: boolean },
  ) {
    const now = this.opts.now();
    const final = end.status !== 'queued';
    try {
      await this.opts.db.transaction(async (tx) => {
        const updated = await tx
          .update(jobs)
          .set({
            status: end.status,
            lockedBy: null,
            lockedUntil: null,
            updatedTime: now,
            ...(end.error !== undefined ? { lastError: end.error.slice(0, 2000) } : {}),
            ...(end.runAt !== undefined ? { runAt: end.runAt } : {}),
            ...(end.uncount ? { attempts: sql`${jobs.attempts} - 1` } : {}),
            ...(final ? { finishedTime: now } : {}),
          })
          .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, this.worker), eq(jobs.status, 'running')))
          .returning({ id: jobs.id });
        if (updated.length > 0 && final && row.recurring) await this.queueNext(tx, row.kind, Math.max(now, Number(row.run_at)));
      });
    } catch (err) {
      this.log(`scheduler: could not record the end of job ${row.id}`, err);
    }
  }

  private async queueNext(tx: Tx, kind: string, after: number) {
    const next = await this.handlers.get(kind)?.next?.(after);
    if (next == null) return;
    const now = this.opts.now();
    await tx
      .insert(jobs)
      .values({
        id: newId(),
        kind,
        payload: {},
        runAt: next,
        status: 'queued',
        recurring: true,
        attempts: 0,
        maxAttempts: this.handlers.get(kind)!.maxAttempts,
        createdTime: now,
        updatedTime: now,
      })
      .onConflictDoNothing();
  }

  private log(message: string, err?: unknown) {
    (this.opts.log ?? ((m, e) => console.error(m, e === undefined ? '' : safeErrorForLog(e))))(message, err);
  }
}
