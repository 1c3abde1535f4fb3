import { and, asc, count, eq, gt, or } from 'drizzle-orm';
import type { DashboardUser } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { dashboardUsers, loginAttempts } from '../../db/schema';

type Row = typeof dashboardUsers.$inferSelect;

export function toDashboardUser(row: Row): DashboardUser {
  return {
    _id: row.id,
    lastname: row.lastname,
    firstname: row.firstname,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    permissions: row.permissions,
    created_time: row.createdTime,
    edited_time: row.editedTime,
  };
}

export async function findUserRow(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(dashboardUsers).where(eq(dashboardUsers.id, id)).limit(1))[0];
}

export async function findUserByUsername(db: Tx, username: string): Promise<Row | undefined> {
  return (await db.select().from(dashboardUsers).where(eq(dashboardUsers.username, username)).limit(1))[0];
}

export async function listUsers(db: Tx): Promise<DashboardUser[]> {
  return (await db.select().from(dashboardUsers).orderBy(asc(dashboardUsers.lastname), asc(dashboardUsers.firstname))).map(toDashboardUser);
}

export async function insertUser(db: Tx, row: typeof dashboardUsers.$inferInsert): Promise<Row> {
  return (await db.insert(dashboardUsers).values(row).returning())[0];
}

export async function updateUser(db: Tx, id: string, set: Partial<typeof dashboardUsers.$inferInsert>): Promise<Row | undefined> {
  return (await db.update(dashboardUsers).set(set).where(eq(dashboardUsers.id, id)).returning())[0];
}

export async function countUsers(db: Tx): Promise<number> {
  return (await db.select({ n: count() }).from(dashboardUsers))[0].n;
}

export async function recordFailedLogin(db: Tx, login: string, ip: string, time: number) {
  await db.insert(loginAttempts).values({ login, ip, time });
}

/** Failures in the window for this login, and for this address. */
export async function recentFailures(db: Tx, login: string, ip: string, since: number) {
  const [byLogin] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.login, login), gt(loginAttempts.time, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.time, since)));
  return { byLogin: byLogin.n, byIp: byIp.n };
}

export async function clearFailures(db: Tx, login: string) {
  await db.delete(loginAttempts).where(or(eq(loginAttempts.login, login)));
}
