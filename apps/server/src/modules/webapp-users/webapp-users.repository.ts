import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import type { ParsedQuery, WebappUser, webappUsers as userCalls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { webappUsers } from '../../db/schema';
import { escapeLike, foldedPrefix, orderBy, pageWithCount } from '../../db/paging';

export type WebappUserPageQuery = ParsedQuery<typeof userCalls.list>;
export type WebappUserFilters = Omit<WebappUserPageQuery, 'page' | 'per_page' | 'sort' | 'order'>;

export function userConditions(f: WebappUserFilters): SQL[] {
  const c: SQL[] = [];
  if (f.client_number) c.push(like(webappUsers.clientNumber, `${escapeLike(f.client_number)}%`));
  if (f.lastname) c.push(like(webappUsers.lastnameKey, foldedPrefix(f.lastname)));
  if (f.firstname) c.push(like(webappUsers.firstnameKey, foldedPrefix(f.firstname)));
  if (f.email) c.push(like(webappUsers.emailKey, foldedPrefix(f.email)));
  if (f.activate) c.push(eq(webappUsers.activate, f.activate === 'yes'));
  return c;
}

const SORTS = {
  client_number: [webappUsers.numberKey, true],
  lastname: [webappUsers.lastnameKey, false],
  email: [webappUsers.emailKey, false],
  created_time: [webappUsers.createdTime, false],
  edited_time: [webappUsers.editedTime, false],
} as const;

/** An account's columns, named as the contract names them (never the password hash). */
const USER_FIELDS = [
  'webapp_users.id AS _id',
  ...['client_number', 'civility', 'firstname', 'lastname', 'birthday', 'phone', 'email', 'activate', 'created_time', 'edited_time', 'username', 'avatar', 'langage', 'user_type', 'participant_type'].map(
    (c) => `webapp_users.${c}`,
  ),
].join(', ');
/** What the contract adds to the account, built by PostgreSQL: its stay as JSON (null without one), its notification flag. */
const STAY_AND_FLAG = `(SELECT json_build_object('stay_number', s.stay_number, 'arrival', s.arrival, 'departure', s.departure,
      'arrival_time', s.arrival_time, 'departure_time', s.departure_time, 'location', s.location)
    FROM stays s WHERE s.stay_number = webapp_users.stay_number) AS stay,
  EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = webapp_users.id) AS notification`;
/** A whole guest user, as the contract answers them. */
const USER_ROW = sql.raw(`${USER_FIELDS}, ${STAY_AND_FLAG}`);

/**
 * One page of guest users, sorted (ties by id) and filtered in SQL, counted up to COUNT_CAP (`more`
 * beyond); then the stays and notification flags of the page's users, in one more statement. They are not in
 * the page's statement: PostgreSQL computes its select list for every row it skips (OFFSET) or sorts, and the
 * last page of 60 000 users would look up 60 000 stays and subscriptions.
 */
export async function userPage(db: Tx, q: WebappUserPageQuery): Promise<{ rows: WebappUser[]; total: number; more: boolean }> {
  const [column, nullable] = SORTS[q.sort];
  const page = await pageWithCount<Omit<WebappUser, 'stay' | 'notification'>>(db, {
    select: sql.raw(USER_FIELDS),
    from: webappUsers,
    where: and(...userConditions(q)),
    order: [orderBy(column, q.order, nullable), orderBy(webappUsers.id, q.order)],
    page: q.page,
    perPage: q.per_page,
  });
  return { ...page, rows: await withStayAndFlag(db, page.rows) };
}

type Extras = Pick<WebappUser, '_id' | 'stay' | 'notification'>;

/** Completes the users of a page where they are (a named statement: one array parameter, whatever the page's size). */
async function withStayAndFlag(db: Tx, rows: Omit<WebappUser, 'stay' | 'notification'>[]): Promise<WebappUser[]> {
  if (!rows.length) return [];
  const extras = await readRows<Extras>(
    db,
    sql`SELECT webapp_users.id AS _id, ${sql.raw(STAY_AND_FLAG)} FROM ${webappUsers} WHERE webapp_users.id = ANY(${sql.param(rows.map((r) => r._id))}::text[])`,
    true,
  );
  const byId = new Map(extras.map((e) => [e._id, e]));
  // a user deleted between the two statements keeps their row, without a stay
  return rows.map((r) => Object.assign(r, { stay: byId.get(r._id)?.stay ?? null, notification: byId.get(r._id)?.notification ?? false }));
}

/** The exact number of guest users matching the filters (the list counts only up to COUNT_CAP). */
export async function userCount(db: Tx, f: WebappUserFilters): Promise<number> {
  const where = and(...userConditions(f));
  const [row] = await readRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${webappUsers} ${where ? sql`WHERE ${where}` : sql``}`);
  return row.total;
}

export async function findUser(db: Tx, id: string): Promise<WebappUser | undefined> {
  const [row] = await readRows<WebappUser>(db, sql`SELECT ${USER_ROW} FROM ${webappUsers} WHERE webapp_users.id = ${id}`, true);
  return row;
}

/** The users of a column's values (a client's, a stay's, many clients'), oldest first: one statement. */
export function usersWhereIn(db: Tx, column: 'client_number' | 'stay_number', values: string[]): Promise<WebappUser[]> {
  if (!values.length) return Promise.resolve([]);
  return readRows<WebappUser>(
    db,
    sql`SELECT ${USER_ROW} FROM ${webappUsers} WHERE webapp_users.${sql.raw(column)} = ANY(${sql.param(values)}::text[]) ORDER BY webapp_users.created_time, webapp_users.id`,
    true,
  );
}

/** A guest app user as the CSV export writes it, with their stay's days. */
export interface WebappUserExportRow {
  id: string;
  client_number: string | null;
  civility: 'homme' | 'femme' | 'other' | null;
  lastname: string;
  firstname: string;
  email: string;
  phone: string | null;
  birthday: number | null;
  langage: string | null;
  activate: boolean;
  stay_number: string | null;
  arrival: number | null;
  departure: number | null;
  created_time: number;
}

/** The export's page of users after `last` (null: the first), in id order. */
export function userExportPage(db: Tx, where: SQL[], last: WebappUserExportRow | null, size: number) {
  return readRows<WebappUserExportRow>(
    db,
    sql`SELECT webapp_users.id, webapp_users.client_number, webapp_users.civility, webapp_users.lastname, webapp_users.firstname, webapp_users.email,
        webapp_users.phone, webapp_users.birthday, webapp_users.langage, webapp_users.activate, webapp_users.stay_number, s.arrival, s.departure, webapp_users.created_time
      FROM webapp_users LEFT JOIN stays s ON s.stay_number = webapp_users.stay_number
      WHERE ${and(...where, last ? sql`webapp_users.id > ${last.id}` : undefined) ?? sql`true`}
      ORDER BY webapp_users.id LIMIT ${size}`,
  );
}
