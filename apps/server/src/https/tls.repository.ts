import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { acmeAccounts, acmeChallenges, tlsCertificates, tlsOrders } from '../db/schema';

export interface StoredCertificate {
  names: string;
  cert: string;
  key: string;
  notAfter: number;
  updatedAt: number;
}

export async function readCertificate(db: Db, names: string): Promise<StoredCertificate | null> {
  const [row] = await db.select().from(tlsCertificates).where(eq(tlsCertificates.names, names));
  return row ?? null;
}

export async function saveCertificate(db: Db, c: StoredCertificate) {
  await db
    .insert(tlsCertificates)
    .values(c)
    .onConflictDoUpdate({ target: tlsCertificates.names, set: { cert: c.cert, key: c.key, notAfter: c.notAfter, updatedAt: c.updatedAt } });
}

/**
 * Takes the lease of ordering `names` until `until` if nobody holds it: true for exactly one instance of a
 * burst (one statement: the row's insert or its conditional update), so that two instances never order the
 * same certificate at once.
 */
export async function takeOrderLease(db: Db, names: string, now: number, until: number): Promise<boolean> {
  const rows = await db
    .insert(tlsOrders)
    .values({ names, leaseUntil: until })
    .onConflictDoUpdate({ target: tlsOrders.names, set: { leaseUntil: until }, setWhere: lt(tlsOrders.leaseUntil, now) })
    .returning({ names: tlsOrders.names });
  return rows.length === 1;
}

/** The order ended: its lease given back now, or kept until `retryAt` after a failure (a back-off every instance obeys). */
export async function endOrder(db: Db, names: string, retryAt: number, error: string | null) {
  await db.update(tlsOrders).set({ leaseUntil: retryAt, lastError: error }).where(eq(tlsOrders.names, names));
}

export async function readOrder(db: Db, names: string) {
  const [row] = await db.select().from(tlsOrders).where(eq(tlsOrders.names, names));
  return row ?? null;
}

export async function readAccount(db: Db, directory: string) {
  const [row] = await db.select().from(acmeAccounts).where(eq(acmeAccounts.directory, directory));
  return row ?? null;
}

/** The first instance to create an account keeps it; another's, made at the same time, is dropped. */
export async function saveAccount(db: Db, directory: string, key: string) {
  await db.insert(acmeAccounts).values({ directory, key }).onConflictDoNothing();
  return (await readAccount(db, directory))!;
}

export async function saveAccountUrl(db: Db, directory: string, url: string) {
  await db.update(acmeAccounts).set({ url }).where(eq(acmeAccounts.directory, directory));
}

export async function putChallenge(db: Db, token: string, keyAuthorization: string, now: number) {
  await db.insert(acmeChallenges).values({ token, keyAuthorization, createdAt: now }).onConflictDoUpdate({ target: acmeChallenges.token, set: { keyAuthorization } });
}

export async function dropChallenge(db: Db, token: string, olderThan: number) {
  await db.delete(acmeChallenges).where(sql`${acmeChallenges.token} = ${token} OR ${acmeChallenges.createdAt} < ${olderThan}`);
}

export async function readChallenge(db: Db, token: string) {
  const [row] = await db.select({ keyAuthorization: acmeChallenges.keyAuthorization }).from(acmeChallenges).where(and(eq(acmeChallenges.token, token)));
  return row?.keyAuthorization ?? null;
}
