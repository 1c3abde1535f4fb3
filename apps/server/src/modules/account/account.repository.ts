import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webappTokens, webappUsers } from '../../db/schema';
import { hashToken, newToken } from '../../http/session';

export type UserRow = typeof webappUsers.$inferSelect;
export type LinkKind = 'activate' | 'reset';

const TTL: Record<LinkKind, number> = { activate: 7 * 86400, reset: 2 * 3600 };

export async function findByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(webappUsers).where(sql`lower(${webappUsers.email}) = ${email.toLowerCase()}`).limit(1))[0];
}

export async function findById(db: Tx, id: string): Promise<UserRow | undefined> {
  return (await db.select().from(webappUsers).where(eq(webappUsers.id, id)).limit(1))[0];
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
