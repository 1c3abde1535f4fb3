import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dashboardUsers, staffPasswordLinks } from '../../db/schema';
import { toDashboardUser, userColumns } from '../../db/staff-users';

/** The new site's super account, as addSite makes it (seed/index.ts firstStart). */
export async function superByUsername(db: Tx, username: string) {
  return (await db.select({ id: dashboardUsers.id }).from(dashboardUsers).where(eq(dashboardUsers.username, username)).limit(1))[0];
}

export async function setEmail(tx: Tx, userId: string, email: string, now: number) {
  await tx.update(dashboardUsers).set({ email, editedTime: now }).where(eq(dashboardUsers.id, userId));
}

export async function insertLink(tx: Tx, row: typeof staffPasswordLinks.$inferInsert) {
  await tx.insert(staffPasswordLinks).values(row);
}

/** A link by its token's hash, with its account's identifier (undefined: no such link). */
export async function findLink(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ userId: staffPasswordLinks.userId, expiresAt: staffPasswordLinks.expiresAt, usedAt: staffPasswordLinks.usedAt, username: dashboardUsers.username })
    .from(staffPasswordLinks)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, staffPasswordLinks.userId))
    .where(eq(staffPasswordLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Takes a link once: marked used in the statement that checks it is unused and unexpired, so that of two
 * requests at once only one gets its account (the other waits on the row, then finds it used).
 */
export async function takeLink(tx: Tx, tokenHash: string, now: number): Promise<string | null> {
  const rows = await tx
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordLinks.tokenHash, tokenHash), isNull(staffPasswordLinks.usedAt), gt(staffPasswordLinks.expiresAt, now)))
    .returning({ userId: staffPasswordLinks.userId });
  return rows[0]?.userId ?? null;
}

/** Sets the account's password; answers the account as the contract sends it. */
export async function setPassword(tx: Tx, userId: string, passwordHash: string, now: number) {
  const [row] = await tx.update(dashboardUsers).set({ passwordHash, editedTime: now }).where(eq(dashboardUsers.id, userId)).returning(userColumns);
  return row ? toDashboardUser(row) : undefined;
}
