import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { preparedOnce } from '../db/rows';
import { jobs } from '../db/schema';
import { newId } from '../lib/ids';

/** A job as a claim answers it (raw SQL: numbers may come as text). */
export interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  run_at: string | number;
  attempts: number;
  max_attempts: number;
  recurring: boolean;
}

export type Cancel = { id: string } | { dedupeKey: string } | { kind: string; payload: Record<string, string> };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// built once (db/rows.ts `preparedOnce`): a guest's booking queues its mail in the one session's wait
const jobInsert = preparedOnce((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(jobs)
    .values({
      id: p('id'),
      kind: p('kind'),
      payload: p('payload'),
      runAt: p('runAt'),
      status: 'queued',
      recurring: false,
      attempts: 0,
      maxAttempts: p('maxAttempts'),
      dedupeKey: p('dedupeKey'),
      createdTime: p('now'),
      updatedTime: p('now'),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id })
    .prepare('insert_job');
});

/** Inserts a one-off job; answers its id, or null when its dedupe key was used already. */
export async function insertJob(
  db: Tx,
  job: { kind: string; payload: unknown; runAt: number; maxAttempts: number; dedupeKey: string | null; now: number },
): Promise<string | null> {
  const [row] = await jobInsert(db, { ...job, id: newId(), payload: job.payload ?? {} });
  return row?.id ?? null;
}

/** Queues the next occurrence of a recurring kind (a unique index keeps one queued across instances). */
export async function insertRecurring(db: Tx, kind: string, runAt: number, maxAttempts: number, now: number) {
  await db
    .insert(jobs)
    .values({ id: newId(), kind, payload: {}, runAt, status: 'queued', recurring: true, attempts: 0, maxAttempts, createdTime: now, updatedTime: now })
    .onConflictDoNothing();
}

/** Marks queued jobs cancelled (by id, dedupe key, or kind and payload fields); answers how many. */
export async function cancelQueued(db: Tx, where: Cancel, now: number): Promise<number> {
  const cond =
    'id' in where
      ? eq(jobs.id, where.id)
      : 'dedupeKey' in where
        ? eq(jobs.dedupeKey, where.dedupeKey)
        : and(eq(jobs.kind, where.kind), sql`${jobs.payload} @> ${JSON.stringify(where.payload)}::jsonb`);
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled', finishedTime: now, updatedTime: now })
    .where(and(cond, eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function dropQueuedRecurring(db: Tx, kind: string) {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.recurring, true), eq(jobs.status, 'queued')));
}

/**
 * Takes up to `n` jobs of these kinds that are due (or whose lease ran out) for `worker` until
 * `lockedUntil`, in one statement: each is claimed by one process across instances.
 */
export async function claimDue(db: Tx, kinds: string[], n: number, worker: string, now: number, lockedUntil: number): Promise<Claimed[]> {
  // A CTE with FOR UPDATE is not inlined by the planner: the LIMIT holds and locked rows are skipped.
  return rowsOf<Claimed>(
    await db.execute(sql`
      WITH due AS (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until <= ${now}))
        ORDER BY run_at, created_time
        LIMIT ${n}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs SET status = 'running', locked_by = ${worker}, locked_until = ${lockedUntil},
        attempts = jobs.attempts + 1, updated_time = ${now}
      FROM due WHERE jobs.id = due.id
      RETURNING jobs.id, jobs.kind, jobs.payload, jobs.run_at, jobs.attempts, jobs.max_attempts, jobs.recurring`),
  );
}

/** Extends `worker`'s lease of a running job; answers false when the job is no longer its (another took it). */
export async function extendLease(db: Tx, id: string, worker: string, lockedUntil: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records the end of a run if the job is still `worker`'s; answers whether it was. */
export async function recordEnd(
  tx: Tx,
  id: string,
  worker: string,
  end: { status: 'done' | 'failed' | 'queued'; error?: string; runAt?: number; uncount?: boolean },
  now: number,
): Promise<boolean> {
  const final = end.status !== 'queued';
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
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/** Per kind: jobs due and waiting, the oldest one's due time, jobs running under a live lease (metrics, readiness). */
export interface QueueOfKind {
  kind: string;
  waiting: number;
  oldest_due: number | null;
  running: number;
}

/** One statement over the queued and running rows only (both have a partial index). */
export async function queueByKind(db: Tx, now: number): Promise<QueueOfKind[]> {
  return rowsOf<QueueOfKind>(
    await db.execute(sql`
      SELECT kind,
        (count(*) FILTER (WHERE status = 'queued' AND run_at <= ${now}))::int AS waiting,
        min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${now}) AS oldest_due,
        (count(*) FILTER (WHERE status = 'running' AND locked_until > ${now}))::int AS running
      FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind`),
  ).map((r) => ({ ...r, waiting: Number(r.waiting), running: Number(r.running), oldest_due: r.oldest_due === null ? null : Number(r.oldest_due) }));
}

/** When a job is next due here (a queued one's time, or a running one's lease end), or null: none waits. */
export async function nextDue(db: Tx): Promise<number | null> {
  const { rows } = (await db.execute(sql`
    SELECT min(CASE WHEN status = 'queued' THEN run_at ELSE locked_until END) AS next
    FROM jobs WHERE status IN ('queued', 'running')`)) as unknown as { rows: { next: number | string | null }[] };
  return rows[0]?.next == null ? null : Number(rows[0].next);
}
