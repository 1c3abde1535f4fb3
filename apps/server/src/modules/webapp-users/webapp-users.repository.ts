import { and, count, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ParsedQuery, WebappUser, webappUsers as userCalls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { stays, webappUsers } from '../../db/schema';
import { escapeLike, foldedPrefix, offsetOf, orderBy } from '../clients/search';

export type WebappUserPageQuery = ParsedQuery<typeof userCalls.list>;
type Filters = Omit<WebappUserPageQuery, 'page' | 'per_page' | 'sort' | 'order'>;

export function userConditions(f: Filters): SQL[] {
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

const columns = {
  id: webappUsers.id,
  clientNumber: webappUsers.clientNumber,
  civility: webappUsers.civility,
  firstname: webappUsers.firstname,
  lastname: webappUsers.lastname,
  birthday: webappUsers.birthday,
  phone: webappUsers.phone,
  email: webappUsers.email,
  activate: webappUsers.activate,
  createdTime: webappUsers.createdTime,
  editedTime: webappUsers.editedTime,
  username: webappUsers.username,
  avatar: webappUsers.avatar,
  langage: webappUsers.langage,
  userType: webappUsers.userType,
  participantType: webappUsers.participantType,
  stayNumber: stays.stayNumber,
  arrival: stays.arrival,
  departure: stays.departure,
  arrivalTime: stays.arrivalTime,
  departureTime: stays.departureTime,
  location: stays.location,
  notification: sql<boolean>`EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = webapp_users.id)`,
};

/** Users with their stay (one join) and notification flag (an indexed EXISTS). */
export const selectUsers = (db: Tx) => db.select(columns).from(webappUsers).leftJoin(stays, eq(stays.stayNumber, webappUsers.stayNumber));
type Row = Awaited<ReturnType<ReturnType<typeof selectUsers>['where']>>[number];

export function toWebappUser(r: Row): WebappUser {
  return {
    _id: r.id,
    client_number: r.clientNumber,
    civility: r.civility as WebappUser['civility'],
    firstname: r.firstname,
    lastname: r.lastname,
    birthday: r.birthday,
    phone: r.phone,
    email: r.email,
    activate: r.activate,
    stay:
      r.stayNumber !== null && r.arrival !== null && r.departure !== null
        ? { stay_number: r.stayNumber, arrival: r.arrival, departure: r.departure, arrival_time: r.arrivalTime, departure_time: r.departureTime, location: r.location }
        : null,
    created_time: r.createdTime,
    edited_time: r.editedTime,
    username: r.username,
    avatar: r.avatar,
    langage: r.langage,
    user_type: r.userType as WebappUser['user_type'],
    participant_type: r.participantType as WebappUser['participant_type'],
    notification: !!r.notification,
  };
}

export async function userPage(db: Tx, q: WebappUserPageQuery): Promise<{ rows: WebappUser[]; total: number }> {
  const where = and(...userConditions(q));
  const [rows, [{ n }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(orderBy(SORTS[q.sort][0], q.order, SORTS[q.sort][1]), orderBy(webappUsers.id, q.order))
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(webappUsers).where(where),
  ]);
  return { rows: rows.map(toWebappUser), total: n };
}

export async function findUser(db: Tx, id: string): Promise<WebappUser | undefined> {
  const rows = await selectUsers(db).where(eq(webappUsers.id, id)).limit(1);
  return rows[0] ? toWebappUser(rows[0]) : undefined;
}

export async function usersWhere(db: Tx, where: SQL): Promise<WebappUser[]> {
  return (await selectUsers(db).where(where).orderBy(webappUsers.createdTime)).map(toWebappUser);
}

export async function usersOfClients(db: Tx, numbers: string[]): Promise<WebappUser[]> {
  const out: WebappUser[] = [];
  for (let i = 0; i < numbers.length; i += 5000) out.push(...(await usersWhere(db, inArray(webappUsers.clientNumber, numbers.slice(i, i + 5000)))));
  return out;
}
