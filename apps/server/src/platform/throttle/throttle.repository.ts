import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lockScope } from '../../db/locks';
import { loginAttempts, loginKnown, throttleHits } from '../../db/schema';

/** What the attempts of the windows say about a new sign-in attempt, before it is written. */
export interface AttemptCounts {
  /** attempts of this identifier from this address (the new one included) */
  pair: number;
  /** attempts of this address, whatever the identifier (the new one included) */
  address: number;
  /** passwords really tried on this identifier from addresses that never signed in to it, and the last one's time */
  accountFailures: number;
  lastFailure: number | null;
  /** this address signed in to this identifier before */
  known: boolean;
}

/**
 * Writes one sign-in attempt, deciding first with `decide` whether its password will be checked, and
 * answers the counts it was decided on. Attempts of one address take turns, and so do those of one
 * identifier (address first, then identifier: never a circle), so the k-th of a parallel burst counts
 * exactly k, per address and per account: without it, on PostgreSQL, a burst could commit all its rows
 * before any count.
 */
export async function recordAttempt<T>(
  db: Tx,
  a: { login: string; ip: string; time: number; since: number; accountSince: number },
  decide: (counts: AttemptCounts) => T & { checked: boolean },
): Promise<T & { checked: boolean }> {
  return db.transaction(async (tx) => {
    await lockScope(tx, `attempts:${a.ip}`);
    await lockScope(tx, `attempts:account:${a.login}`);
    const [counts] = await tx
      .select({
        pair: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ip = ${a.ip} AND login = ${a.login} AND time > ${a.since})`.mapWith(Number),
        address: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ip = ${a.ip} AND time > ${a.since})`.mapWith(Number),
        accountFailures: sql<number>`(SELECT count(*) FROM ${loginAttempts} f WHERE f.login = ${a.login} AND f.checked AND f.time > ${a.accountSince}
          AND NOT EXISTS (SELECT 1 FROM ${loginKnown} k WHERE k.login = f.login AND k.ip = f.ip))`.mapWith(Number),
        lastFailure: sql<number | null>`(SELECT max(time) FROM ${loginAttempts} f WHERE f.login = ${a.login} AND f.checked AND f.time > ${a.accountSince}
          AND NOT EXISTS (SELECT 1 FROM ${loginKnown} k WHERE k.login = f.login AND k.ip = f.ip))`.mapWith((v) => (v === null ? null : Number(v))),
        known: sql<boolean>`EXISTS (SELECT 1 FROM ${loginKnown} WHERE login = ${a.login} AND ip = ${a.ip})`,
      })
      .from(sql`(SELECT 1) AS one`);
    const verdict = decide({ ...counts, pair: counts.pair + 1, address: counts.address + 1, known: Boolean(counts.known) });
    await tx.insert(loginAttempts).values({ login: a.login, ip: a.ip, time: a.time, checked: verdict.checked });
    return verdict;
  });
}

/** A success: the pair's attempts go, and the address is known to the account from now on. */
export async function recordSuccess(db: Tx, login: string, ip: string, time: number) {
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(and(eq(loginAttempts.login, login), eq(loginAttempts.ip, ip)));
    await tx.insert(loginKnown).values({ login, ip, time }).onConflictDoUpdate({ target: [loginKnown.login, loginKnown.ip], set: { time } });
  });
}

/**
 * Counts one request in each bucket, unless one of them is full (then nothing is written): the bucket's
 * requests take turns (locks in name order), so a parallel burst gets exactly `max` through. Answers the
 * ids written, in the order given (to take a request back), or the first full bucket.
 */
export async function takeHits(db: Tx, buckets: { bucket: string; max: number; since: number }[], time: number): Promise<{ ids: number[] } | { full: string }> {
  const names = [...new Set(buckets.map((b) => b.bucket))].sort();
  return db.transaction(async (tx) => {
    for (const name of names) await lockScope(tx, `attempts:hits:${name}`);
    for (const b of buckets) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(throttleHits)
        .where(and(eq(throttleHits.bucket, b.bucket), gt(throttleHits.time, b.since)));
      if (n >= b.max) return { full: b.bucket };
    }
    const rows = await tx
      .insert(throttleHits)
      .values(buckets.map((b) => ({ bucket: b.bucket, time })))
      .returning({ id: throttleHits.id });
    return { ids: rows.map((r) => r.id) };
  });
}

/**
 * Seconds until a full bucket takes a request again: when the max-th newest hit of its window leaves it.
 * At least 1 (a refusal always asks to wait).
 */
export async function secondsUntilFree(db: Tx, b: { bucket: string; max: number; since: number }, window: number, now: number) {
  const [row] = await db
    .select({ time: throttleHits.time })
    .from(throttleHits)
    .where(and(eq(throttleHits.bucket, b.bucket), gt(throttleHits.time, b.since)))
    .orderBy(desc(throttleHits.time))
    .offset(b.max - 1)
    .limit(1);
  return Math.max(1, row ? Number(row.time) + window - now : 1);
}

/** Takes back counted requests (a right activation code is not a guess). */
export async function dropHits(db: Tx, ids: number[]) {
  if (ids.length > 0) await db.delete(throttleHits).where(inArray(throttleHits.id, ids));
}

/**
 * Rows past the longest window go (the recurring 'throttle.cleanup'), a few thousand a statement: on the
 * embedded PGlite a statement runs on the event loop, and an attack may have left millions.
 */
export async function purge(db: Tx, before: { attempts: number; hits: number; known: number }, batch = 5000) {
  for (;;) {
    const { rows } = (await db.execute(sql`WITH gone AS (DELETE FROM ${loginAttempts} WHERE id IN (SELECT id FROM ${loginAttempts} WHERE time < ${before.attempts} LIMIT ${batch}) RETURNING 1)
      SELECT count(*)::int AS n FROM gone`)) as unknown as { rows: { n: number }[] };
    if (Number(rows[0].n) < batch) break;
  }
  for (;;) {
    const { rows } = (await db.execute(sql`WITH gone AS (DELETE FROM ${throttleHits} WHERE id IN (SELECT id FROM ${throttleHits} WHERE time < ${before.hits} LIMIT ${batch}) RETURNING 1)
      SELECT count(*)::int AS n FROM gone`)) as unknown as { rows: { n: number }[] };
    if (Number(rows[0].n) < batch) break;
  }
  await db.delete(loginKnown).where(lt(loginKnown.time, before.known));
}
