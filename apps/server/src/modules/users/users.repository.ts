import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { StaffRow } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { dashboardUsers, sessions } from '../../db/schema';
import { foldedPrefix } from '../../db/paging';

type Row = typeof dashboardUsers.$inferSelect;

// the columns sent and the row as sent: with the session lookup, in db/ (http/ reads them too)
import { toDashboardUser, userColumns } from '../../db/staff-users';
export { toDashboardUser, userColumns };

export async function findUserRow(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(dashboardUsers).where(eq(dashboardUsers.id, id)).limit(1))[0];
}

/** The row, locked until the end of the transaction: two edits of one account run one after the other. */
export async function lockUserRow(tx: Tx, id: string): Promise<Row | undefined> {
  return (await tx.select().from(dashboardUsers).where(eq(dashboardUsers.id, id)).limit(1).for('update'))[0];
}

/**
 * The account a typed identifier signs in to: its exact identifier first (accounts that collided before
 * identifiers were folded keep theirs), else the one whose folded key (`identifier_key`,
 * drizzle/0010_audit.sql: NFKC, lower case, look-alike letters) is the same: 'ADMIN' and 'admіn' (a
 * Cyrillic і) reach 'admin'.
 */
export async function findUserByLogin(db: Tx, login: string): Promise<Row | undefined> {
  return (
    await db
      .select()
      .from(dashboardUsers)
      .where(sql`${dashboardUsers.username} = ${login} OR username_key = identifier_key(${login})`)
      .orderBy(sql`${dashboardUsers.username} = ${login} DESC`)
      .limit(1)
  )[0];
}

/** The account whose identifier is the same as this one once folded (the unique index's rule), if any. */
export async function findUserByIdentifier(db: Tx, username: string): Promise<Pick<Row, 'id'> | undefined> {
  return (await db.select({ id: dashboardUsers.id }).from(dashboardUsers).where(sql`username_key = identifier_key(${username})`).limit(1))[0];
}

/** The folded form of a typed identifier, which names the account for the sign-in throttle. */
export async function identifierKey(db: Tx, login: string): Promise<string> {
  const [row] = await db.select({ key: sql<string>`identifier_key(${login})` }).from(sql`(SELECT 1) AS one`);
  return row.key;
}

/**
 * The last successful sign-in (drizzle/0014). Read and written by name: the column is the staff list's
 * alone, and the session lookup's column list (userColumns) stays as it was.
 */
const lastLogin = sql<number | null>`${dashboardUsers}.last_login`.mapWith((v) => (v === null ? null : Number(v)));

export async function recordLogin(db: Tx, id: string, time: number) {
  await db.execute(sql`UPDATE ${dashboardUsers} SET last_login = ${time} WHERE ${dashboardUsers.id} = ${id}`);
}

const SORTS = {
  lastname: sql`people_fold(${dashboardUsers.lastname})`,
  username: dashboardUsers.username,
  email: sql`lower(${dashboardUsers.email})`,
  created_time: dashboardUsers.createdTime,
  edited_time: dashboardUsers.editedTime,
};

/**
 * A page of staff accounts with their last sign-in; the search is the start of a name, identifier or
 * e-mail, accents ignored.
 */
export async function listUsers(
  db: Tx,
  q: { page: number; per_page: number; sort: keyof typeof SORTS; order: 'asc' | 'desc'; search?: string },
): Promise<{ rows: StaffRow[]; total: number }> {
  const like = q.search ? foldedPrefix(q.search) : undefined;
  const where = like
    ? sql`(people_fold(${dashboardUsers.lastname}) LIKE ${like} OR people_fold(${dashboardUsers.firstname}) LIKE ${like}
        OR people_fold(${dashboardUsers.username}) LIKE ${like} OR people_fold(${dashboardUsers.email}) LIKE ${like})`
    : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...userColumns, lastLogin })
      .from(dashboardUsers)
      .where(where)
      .orderBy(dir(SORTS[q.sort]), dir(dashboardUsers.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(dashboardUsers).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...toDashboardUser(r), last_login: r.lastLogin })), total: n };
}

/** The super users, locked: two changes that could each remove the last one run one after the other. */
export async function lockSupers(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: dashboardUsers.id })
    .from(dashboardUsers)
    .where(sql`${dashboardUsers.permissions}->>'super' = '1'`)
    .for('update');
  return rows.map((r) => r.id);
}

export async function deleteUser(tx: Tx, id: string): Promise<boolean> {
  await tx.delete(sessions).where(and(eq(sessions.kind, 'dashboard'), eq(sessions.userId, id)));
  return (await tx.delete(dashboardUsers).where(eq(dashboardUsers.id, id)).returning({ id: dashboardUsers.id })).length > 0;
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
