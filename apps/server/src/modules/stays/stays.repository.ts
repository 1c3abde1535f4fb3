import { and, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { ParsedQuery, Stay, StayRow, stays as stayCalls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { stays, type Participant } from '../../db/schema';
import { onSiteSql, stayColumns } from '../clients/public';
import { escapeLike, foldedPrefix, orderBy, pageWithCount } from '../../db/paging';

export type StayPageQuery = ParsedQuery<typeof stayCalls.list>;
export type StayFilters = Omit<StayPageQuery, 'page' | 'per_page' | 'sort' | 'order'>;

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

/** A stay's columns, named as the contract names them. */
const STAY_FIELDS = Object.values(stayColumns)
  .map((c) => `stays.${c.name}`)
  .join(', ');
/** What a row of the list adds to the stay, built by PostgreSQL as JSON: its client's name, the app users who joined it. */
const CLIENT_AND_USERS = `(SELECT json_build_object('lastname', c.lastname, 'firstname', c.firstname, 'civility', c.civility)
    FROM clients c WHERE c.client_number = stays.client_number) AS client,
  (SELECT coalesce(json_agg(json_build_object('_id', u.id, 'lastname', u.lastname, 'firstname', u.firstname, 'email', u.email) ORDER BY u.created_time, u.id), '[]')
    FROM webapp_users u WHERE u.stay_number = stays.stay_number) AS users`;
/** A whole stay row, as the detail answers it. */
const STAY_ROW = sql.raw(`${STAY_FIELDS}, ${CLIENT_AND_USERS}`);

/**
 * One page of stays, sorted (ties by number) and filtered in SQL, counted up to COUNT_CAP (`more` beyond);
 * then the client's name and the users of the page's stays, in one more statement. They are not in the
 * page's statement: PostgreSQL computes its select list for every row it skips too (OFFSET), and the last
 * page of 150 000 stays would look up 150 000 clients and their users.
 */
export async function stayPage(db: Tx, q: StayPageQuery, now: number): Promise<{ rows: StayRow[]; total: number; more: boolean }> {
  const [column, nullable] = SORTS[q.sort];
  const page = await pageWithCount<Stay>(db, {
    select: sql.raw(STAY_FIELDS),
    from: stays,
    where: and(...stayConditions(q, now)),
    order: [orderBy(column, q.order, nullable), ...(q.sort === 'stay_number' ? [] : [orderBy(stays.numberKey, q.order)])],
    page: q.page,
    perPage: q.per_page,
  });
  return { ...page, rows: await withClientAndUsers(db, page.rows) };
}

type Extras = Pick<StayRow, 'stay_number' | 'client' | 'users'>;
const NO_CLIENT: StayRow['client'] = { lastname: '', firstname: '', civility: null };

/** Completes the stays of a page where they are (a named statement: one array parameter, whatever the page's size). */
async function withClientAndUsers(db: Tx, rows: Stay[]): Promise<StayRow[]> {
  if (!rows.length) return [];
  const extras = await readRows<Extras>(
    db,
    sql`SELECT stays.stay_number, ${sql.raw(CLIENT_AND_USERS)} FROM ${stays} WHERE stays.stay_number = ANY(${sql.param(rows.map((r) => r.stay_number))}::text[])`,
    true,
  );
  const byNumber = new Map(extras.map((e) => [e.stay_number, e]));
  // a stay deleted between the two statements keeps its row, without a name
  return rows.map((r) => Object.assign(r, { client: byNumber.get(r.stay_number)?.client ?? NO_CLIENT, users: byNumber.get(r.stay_number)?.users ?? [] }));
}

/** The exact number of stays matching the filters (the list counts only up to COUNT_CAP). */
export async function stayCount(db: Tx, f: StayFilters, now: number): Promise<number> {
  const where = and(...stayConditions(f, now));
  const [row] = await readRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${stays} ${where ? sql`WHERE ${where}` : sql``}`);
  return row.total;
}

export async function findStay(db: Tx, stayNumber: string): Promise<StayRow | undefined> {
  const [row] = await readRows<StayRow>(db, sql`SELECT ${STAY_ROW} FROM ${stays} WHERE stays.stay_number = ${stayNumber}`, true);
  return row;
}

/** A stay as the CSV export writes it, with its client's name. */
export interface StayExportRow {
  number_key: string;
  stay_number: string;
  client_number: string;
  lastname: string | null;
  firstname: string | null;
  location: string | null;
  location_category: string | null;
  arrival: number;
  arrival_time: string | null;
  departure: number;
  departure_time: string | null;
  participants: Participant[];
  created_time: number;
  edited_time: number;
}

/** The export's page of stays after `last` (null: the first), in number order. */
export function stayExportPage(db: Tx, where: SQL[], last: StayExportRow | null, size: number) {
  return readRows<StayExportRow>(
    db,
    sql`SELECT stays.number_key, stays.stay_number, stays.client_number, c.lastname, c.firstname, stays.location, stays.location_category,
        stays.arrival, stays.arrival_time, stays.departure, stays.departure_time, stays.participants, stays.created_time, stays.edited_time
      FROM stays LEFT JOIN clients c ON c.client_number = stays.client_number
      WHERE ${and(...where, last ? sql`(stays.number_key, stays.stay_number) > (${last.number_key}, ${last.stay_number})` : undefined) ?? sql`true`}
      ORDER BY stays.number_key, stays.stay_number LIMIT ${size}`,
  );
}
