import { and, asc, count, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import type { ParsedQuery, StayRow, stays as stayCalls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { clients, stays, webappUsers } from '../../db/schema';
import { onSiteSql, stayColumns, toStay } from '../clients/clients.repository';
import { escapeLike, foldedPrefix, offsetOf, orderBy } from '../clients/search';

export type StayPageQuery = ParsedQuery<typeof stayCalls.list>;
type StayFilters = Omit<StayPageQuery, 'page' | 'per_page' | 'sort' | 'order'>;

export function stayConditions(f: StayFilters, now: number): SQL[] {
  const c: SQL[] = [];
  if (f.stay_number) c.push(like(stays.stayNumber, `${escapeLike(f.stay_number)}%`));
  if (f.client_number) c.push(like(stays.clientNumber, `${escapeLike(f.client_number)}%`));
  if (f.location) c.push(like(stays.locationKey, foldedPrefix(f.location)));
  if (f.on_site) c.push(onSiteSql('stays', now));
  if (f.after_arrival !== undefined) c.push(gte(stays.arrival, f.after_arrival));
  if (f.before_arrival !== undefined) c.push(lt(stays.arrival, f.before_arrival));
  if (f.after_departure !== undefined) c.push(gte(stays.departure, f.after_departure));
  if (f.before_departure !== undefined) c.push(lt(stays.departure, f.before_departure));
  return c;
}

const SORTS = {
  stay_number: [stays.numberKey, false],
  client_number: [stays.clientNumber, false],
  arrival: [stays.arrival, false],
  departure: [stays.departure, false],
  location: [stays.location, true],
  edited_time: [stays.editedTime, false],
} as const;

const rowColumns = { ...stayColumns, clientLastname: clients.lastname, clientFirstname: clients.firstname, clientCivility: clients.civility };

/** Stays with their client's name and the app users who joined them (one more query for the page). */
async function toRows(db: Tx, rows: Awaited<ReturnType<typeof selectRows>>): Promise<StayRow[]> {
  const numbers = rows.map((r) => r.stayNumber);
  const users = numbers.length
    ? await db
        .select({ id: webappUsers.id, stayNumber: webappUsers.stayNumber, lastname: webappUsers.lastname, firstname: webappUsers.firstname, email: webappUsers.email })
        .from(webappUsers)
        .where(inArray(webappUsers.stayNumber, numbers))
        .orderBy(asc(webappUsers.createdTime))
    : [];
  return rows.map((r) => ({
    ...toStay(r),
    client: { lastname: r.clientLastname, firstname: r.clientFirstname, civility: r.clientCivility },
    users: users.filter((u) => u.stayNumber === r.stayNumber).map((u) => ({ _id: u.id, lastname: u.lastname, firstname: u.firstname, email: u.email })),
  }));
}

function selectRows(db: Tx) {
  return db.select(rowColumns).from(stays).innerJoin(clients, eq(clients.clientNumber, stays.clientNumber));
}

export async function stayPage(db: Tx, q: StayPageQuery, now: number): Promise<{ rows: StayRow[]; total: number }> {
  const where = and(...stayConditions(q, now));
  const [column, nullable] = SORTS[q.sort];
  const order = [orderBy(column, q.order, nullable), ...(q.sort === 'stay_number' ? [] : [orderBy(stays.numberKey, q.order)])];
  const [rows, [{ n }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...order)
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(stays).where(where),
  ]);
  return { rows: await toRows(db, rows), total: n };
}

export async function findStay(db: Tx, stayNumber: string): Promise<StayRow | undefined> {
  const rows = await selectRows(db).where(eq(stays.stayNumber, stayNumber)).limit(1);
  return (await toRows(db, rows))[0];
}
