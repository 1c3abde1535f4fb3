import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { safeErrorForLog, safeErrorMessage } from '../db/errors';
import * as store from './store';
import type { Claimed } from './store';
import type { EnqueueOptions, Handler, HandlerOptions, HandlerResult, Job, NextRun, SchedulerOptions } from './types';

export type { EnqueueOptions, Handler, HandlerOptions, HandlerResult, Job, NextRun, SchedulerOptions } from './types';

interface Registered {
  fn: Handler;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  onGiveUp?: (job: Job, error: string) => Promise<void>;
  next?: NextRun;
}

/** The error of a job given up because its process died on every try (French: staff may read it). */
export const INTERRUPTED = 'Interrompu à chaque essai (processus arrêté pendant le traitement)';
const defaultBackoff = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

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

  /** seconds to add to this process's clock to read the database's (synchronized before each claim) */
  private correction = 0;
  private synced = 0;

  constructor(private readonly opts: SchedulerOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseSeconds = opts.leaseSeconds ?? 30;
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
    const now = this.now();
    const runAt = opts.runAt ?? now;
    const maxAttempts = opts.maxAttempts ?? this.handlers.get(kind)?.maxAttempts ?? 5;
    const id = await store.insertJob(opts.tx ?? this.opts.db, { kind, payload, runAt, maxAttempts, dedupeKey: opts.dedupeKey ?? null, now });
    if (id && runAt <= now) this.poke();
    return id;
  }

  /** Cancels queued jobs (a running one finishes its run): by id, by dedupe key or by kind and payload field. */
  async cancel(where: store.Cancel, tx: Tx = this.opts.db) {
    return store.cancelQueued(tx, where, this.now());
  }

  /** After a recurring kind's timing changed (a setting): drops its queued occurrence and queues the next (in `tx`: the setting's). */
  async reschedule(kind: string, tx: Tx = this.opts.db) {
    await store.dropQueuedRecurring(tx, kind);
    await this.queueNext(tx, kind, this.now());
  }

  /** Starts polling; queues the first occurrence of each recurring kind that has none. */
  async start() {
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    await this.syncClock();
    await this.ensureRecurring();
    this.poke();
  }

  /** Queues the next occurrence of each recurring kind that has none (start does it; a test may without the loop). */
  async ensureRecurring() {
    for (const kind of this.recurringKinds()) await this.queueNext(this.opts.db, kind, this.now());
  }

  /** Jobs of this scheduler are running (a multi-site server does not close a site then: src/sites). */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Stops polling and asks running handlers to stop; waits for them at most `graceMs`. */
  async stop(graceMs = 10_000) {
    this.started = false;
    clearTimeout(this.timer);
    clearInterval(this.clockTimer);
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

  /**
   * The scheduler's clock: the application's (`opts.now`, which a test moves) corrected by how far the
   * database's clock is from this machine's. Every instance then reads one clock, the database's, for
   * leases and due times: an instance whose machine clock is ahead by more than a lease no longer takes
   * the jobs another instance is running (issue 29: 813 addresses mailed twice), nor runs a job before
   * its time, nor queues a recurring kind's next run after the jump. A test's clock (moved from the real
   * one on the same machine as its database) keeps its meaning: the correction is then zero.
   */
  now(): number {
    return this.opts.now() + this.correction;
  }

  /**
   * Reads the database's clock (at most once a second): before a claim, so that a clock that jumped is
   * seen, and every 10 s once `followDatabaseClock` was called (the server does; `deps.now` is this clock).
   */
  async syncClock() {
    if (Date.now() - this.synced < 1000 && this.synced > 0) return;
    try {
      const { rows } = (await this.opts.db.execute(sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`)) as unknown as { rows: { ms: number }[] };
      const machine = Date.now();
      this.correction = Math.round((Number(rows[0].ms) - machine) / 1000);
      this.synced = machine;
    } catch {
      // the database does not answer: the claim that follows fails too, and the last correction stays
    }
  }

  private clockTimer: NodeJS.Timeout | undefined;

  /** Keeps the correction fresh whether jobs run here or not (main.ts); the first reading is awaited. */
  async followDatabaseClock(everyMs = 10_000) {
    await this.syncClock();
    clearInterval(this.clockTimer);
    this.clockTimer = setInterval(() => void this.syncClock(), everyMs);
    this.clockTimer.unref?.();
  }

  /** Takes up to `n` due jobs (or jobs whose lease ran out) and starts them. */
  private async claim(wanted: number): Promise<Claimed[]> {
    const kinds = [...this.handlers.keys()];
    if (wanted <= 0 || kinds.length === 0) return [];
    // the process's slots shared with other sites' schedulers (multi-site mode), taken before the claim
    const slots = this.opts.slots;
    const n = slots ? slots.take(wanted, () => this.poke()) : wanted;
    if (n === 0) return [];
    let claimed: Claimed[] = [];
    try {
      await this.syncClock();
      const now = this.now();
      claimed = await store.claimDue(this.opts.db, kinds, n, this.worker, now, now + this.leaseSeconds);
    } finally {
      slots?.giveBack(n - claimed.length);
    }
    for (const row of claimed) {
      const done = this.run(row).finally(() => {
        this.running.delete(row.id);
        slots?.giveBack(1);
        this.poke();
      });
      this.running.set(row.id, done);
    }
    return claimed;
  }

  private async run(row: Claimed) {
    const handler = this.handlers.get(row.kind)!;
    const lease = new AbortController();
    const attempt = Number(row.attempts);
    const job: Job = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      runAt: Number(row.run_at),
      attempt,
      maxAttempts: Number(row.max_attempts),
      // stops when the scheduler stops, or when the lease was lost (this process stalled past it and
      // another took the job): the handler stops between two items rather than doing them twice
      signal: AbortSignal.any([this.abort.signal, lease.signal]),
    };
    if (attempt > job.maxAttempts) {
      // it was claimed that many times and never finished: its process died each time
      await this.giveUp(job, row, INTERRUPTED);
      return;
    }
    const heartbeat = setInterval(() => void this.extendLease(row.id, lease), (this.leaseSeconds * 1000) / 3);
    heartbeat.unref?.();
    let result: HandlerResult;
    try {
      result = await handler.fn(job);
    } catch (err) {
      clearInterval(heartbeat);
      const message = safeErrorMessage(err);
      this.log(`job ${row.kind} ${row.id} failed (attempt ${attempt})`, err);
      if (attempt >= job.maxAttempts) await this.giveUp(job, row, message);
      else await this.finish(row, { status: 'queued', error: message, runAt: this.now() + handler.backoff(attempt) });
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

  private async extendLease(id: string, lease: AbortController) {
    try {
      if (!(await store.extendLease(this.opts.db, id, this.worker, this.now() + this.leaseSeconds))) lease.abort();
    } catch (err) {
      this.log('scheduler: could not extend a lease', err);
    }
  }

  /** Records the end of a run, if the job is still this process's; a recurring kind gets its next occurrence. */
  private async finish(
    row: Claimed,
    end: { status: 'done' | 'failed' | 'queued'; error?: string; runAt?: number; uncount?: boolean },
  ) {
    const now = this.now();
    const final = end.status !== 'queued';
    try {
      await this.opts.db.transaction(async (tx) => {
        const mine = await store.recordEnd(tx, row.id, this.worker, end, now);
        if (mine && final && row.recurring) await this.queueNext(tx, row.kind, Math.max(now, Number(row.run_at)));
      });
    } catch (err) {
      this.log(`scheduler: could not record the end of job ${row.id}`, err);
    }
  }

  private async queueNext(tx: Tx, kind: string, after: number) {
    const next = await this.handlers.get(kind)?.next?.(after);
    if (next == null) return;
    await store.insertRecurring(tx, kind, next, this.handlers.get(kind)!.maxAttempts, this.now());
  }

  private log(message: string, err?: unknown) {
    (this.opts.log ?? ((m, e) => console.error(m, e === undefined ? '' : safeErrorForLog(e))))(message, err);
  }
}
