import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jobs, sessions, stays, webappTokens, webappUsers } from '../../db/schema';
import { hashToken, newToken } from '../../http/session';

export type UserRow = typeof webappUsers.$inferSelect;
export type LinkKind = 'activate' | 'reset';

const TTL: Record<LinkKind, number> = { activate: 7 * 86400, reset: 2 * 3600 };

export async function findByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(webappUsers).where(sql`lower(${webappUsers.email}) = ${email.toLowerCase()}`).limit(1))[0];
}

/** The stay an account belongs to, as its account page shows it. */
export async function stayByNumber(db: Tx, stayNumber: string) {
  return (await db.select().from(stays).where(eq(stays.stayNumber, stayNumber)).limit(1))[0];
}

/** The stay of a client's primary account, when the client has one. */
export async function primaryOfClient(db: Tx, clientNumber: string): Promise<{ stayNumber: string | null } | undefined> {
  return (
    await db
      .select({ stayNumber: webappUsers.stayNumber })
      .from(webappUsers)
      .where(and(eq(webappUsers.clientNumber, clientNumber), eq(webappUsers.userType, 'primary')))
      .limit(1)
  )[0];
}

export async function insertUser(tx: Tx, row: typeof webappUsers.$inferInsert) {
  await tx.insert(webappUsers).values(row);
}

export async function updateUser(tx: Tx, id: string, set: Partial<typeof webappUsers.$inferInsert>) {
  await tx.update(webappUsers).set(set).where(eq(webappUsers.id, id));
}

/** A new password from a reset link: the account's other reset links and every session of it end. */
export async function resetUserPassword(tx: Tx, id: string, passwordHash: string, now: number) {
  await updateUser(tx, id, { passwordHash, activate: true, editedTime: now });
  await tx.delete(webappTokens).where(and(eq(webappTokens.userId, id), eq(webappTokens.kind, 'reset')));
  await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), eq(sessions.userId, id)));
}

/** Every session of the account but the one of this token (a new password signs out elsewhere). */
export async function endOtherSessions(tx: Tx, userId: string, keepTokenHash: string) {
  await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

/** A new e-mailed link; the database keeps only its hash. */
export async function newLink(db: Tx, userId: string, kind: LinkKind, now: number): Promise<string> {
  const token = newToken();
  await db.insert(webappTokens).values({ tokenHash: hashToken(token), userId, kind, createdTime: now, expiresAt: now + TTL[kind] });
  return token;
}

/** Whether a link is valid now, without taking it (a password is hashed only for a valid link). */
export async function linkIsValid(db: Tx, token: string, kind: LinkKind, now: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: webappTokens.userId })
    .from(webappTokens)
    .where(and(eq(webappTokens.tokenHash, hashToken(token)), eq(webappTokens.kind, kind), gt(webappTokens.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** Takes a valid link once: its row is deleted in the same statement that reads it. */
export async function consumeLink(db: Tx, token: string, kind: LinkKind, now: number): Promise<string | null> {
  const rows = await db
    .delete(webappTokens)
    .where(and(eq(webappTokens.tokenHash, hashToken(token)), eq(webappTokens.kind, kind), gt(webappTokens.expiresAt, now)))
    .returning({ userId: webappTokens.userId });
  return rows[0]?.userId ?? null;
}

export async function recentLinks(db: Tx, userId: string, kind: LinkKind, since: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(webappTokens)
    .where(and(eq(webappTokens.userId, userId), eq(webappTokens.kind, kind), gt(webappTokens.createdTime, since)));
  return Number(n);
}

/** Accounts of a client file created since `since` and not activated yet. */
/** Seconds until a code past its quota may create an account again: when its oldest waiting account leaves the window. */
export async function quotaFreesIn(db: Tx, clientNumber: string, since: number, window: number, now: number): Promise<number> {
  const [{ oldest }] = await db
    .select({ oldest: sql<number | null>`min(${webappUsers.createdTime})`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(webappUsers)
    .where(and(eq(webappUsers.clientNumber, clientNumber), eq(webappUsers.activate, false), gt(webappUsers.createdTime, since)));
  return oldest === null ? 1 : oldest + window - now;
}

export async function waitingAccounts(db: Tx, clientNumber: string, since: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(webappUsers)
    .where(and(eq(webappUsers.clientNumber, clientNumber), eq(webappUsers.activate, false), gt(webappUsers.createdTime, since)));
  return Number(n);
}

/** The queued account mails (of `kind`) of these accounts, dropped when they are erased. */
export async function dropAccountJobs(tx: Tx, kind: string, ids: string[]) {
  await tx.delete(jobs).where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'user' = ANY(${sql.param(ids)}::text[])`));
}
