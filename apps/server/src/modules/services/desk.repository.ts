import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { foldedPrefix } from '../../db/paging';
import { readRows } from '../../db/rows';

// The desk's reads of the people tables (issue 32): a booking made at the desk finds its guest by one
// field and reaches the guest's account by itself. Plain SQL on the people tables' search keys, as the
// deposits' and inventories' lists read stays.

export interface DeskStayRow {
  stay_number: string;
  client_number: string;
  location: string | null;
  arrival: number;
  departure: number;
  civility: string | null;
  firstname: string;
  lastname: string;
  birthday: number | null;
  phone: string | null;
}

/**
 * A name this many clients or accounts share (2 % of a 100 000-client base, 'Martin', or one every account
 * carries) is looked for in one pass over the stays instead of gathering every match's stays: the cost is then
 * the table's, bounded, not the matches' (issue 31: a name every account shared took about 1 s).
 */
const MANY = 2000;

/**
 * Stays matching what was typed: its stay or client number, its pitch (whole, without case or accents), or
 * the start of a last or first name of its client or of one of the client's accounts. On site on `today`
 * first, then the coming ones (nearest first), then the gone ones (latest first); `limit` rows. With few
 * matches each branch walks its own index (numbers, pitch, names) and the matches' stays are read by client,
 * so a keystroke at the desk reads the matches only; with MANY or more, one pass over the stays checks each
 * against the names' client numbers, hashed once. Either way the `limit` first are chosen before their
 * clients are read.
 */
export async function searchStays(db: Tx, text: string, today: number, limit: number) {
  const number = sql`people_number_key(${text})`;
  const prefix = foldedPrefix(text);
  const clientsNamed = sql`SELECT client_number FROM clients WHERE number_key = ${number} OR lastname_key LIKE ${prefix} OR firstname_key LIKE ${prefix}`;
  const usersNamed = sql`SELECT client_number FROM webapp_users WHERE client_number IS NOT NULL AND (lastname_key LIKE ${prefix} OR firstname_key LIKE ${prefix})`;
  const direct = sql`s.number_key = ${number} OR s.location_key = people_fold(${text})`;
  const [{ n }] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${clientsNamed} UNION ALL ${usersNamed} LIMIT ${MANY}) m`);
  const matched =
    n < MANY
      ? sql`s.stay_number IN (SELECT stay_number FROM stays WHERE client_number IN (${clientsNamed} UNION ${usersNamed}) UNION SELECT stay_number FROM stays s WHERE ${direct})`
      : sql`(s.client_number IN (${clientsNamed}) OR s.client_number IN (${usersNamed}) OR ${direct})`;
  const order = sql`CASE WHEN s.arrival <= ${today} AND s.departure >= ${today} THEN 0 WHEN s.arrival > ${today} THEN 1 ELSE 2 END,
    abs(s.arrival - ${today}), s.stay_number`;
  return readRows<DeskStayRow>(
    db,
    sql`SELECT s.stay_number, s.client_number, s.location, s.arrival, s.departure, c.civility, c.firstname, c.lastname, c.birthday,
        coalesce(nullif(btrim(c.phone1), ''), nullif(btrim(c.phone2), ''), nullif(btrim(c.phone3), '')) AS phone
      FROM (SELECT s.stay_number, s.client_number, s.location, s.arrival, s.departure FROM stays s WHERE ${matched} ORDER BY ${order} LIMIT ${limit}) s
      JOIN clients c ON c.client_number = s.client_number
      ORDER BY ${order}`,
  );
}

/** The stay numbers among these whose days hold `day` (a local midnight). */
export async function staysHolding(db: Tx, stayNumbers: string[], day: number) {
  if (!stayNumbers.length) return new Set<string>();
  const rows = await readRows<{ stay_number: string }>(
    db,
    sql`SELECT stay_number FROM stays WHERE stay_number = ANY(${sql.param(stayNumbers)}::text[]) AND arrival <= ${day} AND departure >= ${day}`,
  );
  return new Set(rows.map((r) => r.stay_number));
}
