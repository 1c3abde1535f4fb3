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
 * Stays matching what was typed: its stay or client number, its pitch (whole, without case or accents), or
 * the start of a last or first name of its client or of one of the client's accounts. On site on `today`
 * first, then the coming ones (nearest first), then the gone ones (latest first); `limit` rows. Each
 * branch walks its own index (numbers, pitch, names), so a keystroke at the desk reads the matches only.
 */
export async function searchStays(db: Tx, text: string, today: number, limit: number) {
  const number = sql`people_number_key(${text})`;
  const prefix = foldedPrefix(text);
  return readRows<DeskStayRow>(
    db,
    sql`WITH named AS (
        SELECT client_number FROM clients WHERE number_key = ${number} OR lastname_key LIKE ${prefix} OR firstname_key LIKE ${prefix}
        UNION SELECT client_number FROM webapp_users WHERE client_number IS NOT NULL AND (lastname_key LIKE ${prefix} OR firstname_key LIKE ${prefix})
      ), hit AS (
        SELECT stay_number FROM stays WHERE client_number IN (SELECT client_number FROM named)
        UNION SELECT stay_number FROM stays WHERE number_key = ${number} OR location_key = people_fold(${text})
      )
      SELECT s.stay_number, s.client_number, s.location, s.arrival, s.departure, c.civility, c.firstname, c.lastname, c.birthday,
        coalesce(nullif(btrim(c.phone1), ''), nullif(btrim(c.phone2), ''), nullif(btrim(c.phone3), '')) AS phone
      FROM hit JOIN stays s ON s.stay_number = hit.stay_number JOIN clients c ON c.client_number = s.client_number
      ORDER BY CASE WHEN s.arrival <= ${today} AND s.departure >= ${today} THEN 0 WHEN s.arrival > ${today} THEN 1 ELSE 2 END,
        abs(s.arrival - ${today}), s.stay_number
      LIMIT ${limit}`,
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
