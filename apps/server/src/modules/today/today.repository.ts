import { sql } from 'drizzle-orm';
import type { TodayMessage } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';

// The to-do list's own reads (issue 33, docs/today.md): the day's stays with their client, the messages
// waiting for an answer, the failures marked as seen. Each area's state of a list of stays is read by that
// area (its public.ts), one statement per area.

export interface DayStay {
  stay_number: string;
  client_number: string;
  firstname: string;
  lastname: string;
  /** the client's first address */
  email: string | null;
  location: string | null;
  location_category: string | null;
  /** the arrival's or departure's day (a local midnight) and hour */
  day: number;
  time: string | null;
}

/** At most this many stays a part reads (a campsite's busiest day is a few hundred). */
const STAYS_MAX = 2000;

/** The stays arriving (or leaving) in [from, to), with their client, by day, hour and name: one statement on the day's index. */
export function staysOfDays(db: Tx, field: 'arrival' | 'departure', from: number, to: number) {
  const day = sql.identifier(field);
  const time = sql.identifier(`${field}_time`);
  return readRows<DayStay>(
    db,
    sql`SELECT s.stay_number, s.client_number, c.firstname, c.lastname, coalesce(nullif(btrim(c.email1), ''), nullif(btrim(c.email2), '')) AS email,
        s.location, s.location_category, s.${day}::float8 AS day, s.${time} AS time
      FROM stays s JOIN clients c ON c.client_number = s.client_number
      WHERE s.${day} >= ${from} AND s.${day} < ${to}
      ORDER BY s.${day}, s.${time} NULLS LAST, c.lastname_key, s.stay_number LIMIT ${STAYS_MAX}`,
  );
}

// A conversation waits for an answer while it is open and its guest wrote after staff's last message
// (the partial index conversations_unanswered_idx, drizzle/0045). The chat area has no public read of it:
// the to-do list reads its table here.
const WAITING = sql`c.status = 'open' AND c.last_guest_seq > c.last_staff_seq`;

/** The conversations waiting for an answer of each of these clients' guest accounts, in one statement. */
export async function waitingByClient(db: Tx, clientNumbers: string[]): Promise<Map<string, number>> {
  if (!clientNumbers.length) return new Map();
  const rows = await readRows<{ client_number: string; n: number }>(
    db,
    sql`SELECT u.client_number, count(*)::int AS n FROM conversations c JOIN webapp_users u ON u.id = c.guest_id
      WHERE ${WAITING} AND u.client_number = ANY(${sql.param(clientNumbers)}::text[]) GROUP BY u.client_number`,
    true,
  );
  return new Map(rows.map((r) => [r.client_number, r.n]));
}

/** The conversations waiting for an answer, the longest waiting first (`limit`), and how many there are. */
export async function waitingConversations(db: Tx, limit: number) {
  const rows = await readRows<TodayMessage & { total: number }>(
    db,
    sql`SELECT c.id AS "_id", c.subject, c.last_excerpt AS excerpt, c.last_time::float8 AS last_time, u.firstname, u.lastname, u.client_number,
        u.stay_number, s.location, (count(*) OVER ())::int AS total
      FROM conversations c JOIN webapp_users u ON u.id = c.guest_id LEFT JOIN stays s ON s.stay_number = u.stay_number
      WHERE ${WAITING} ORDER BY c.last_time, c.id LIMIT ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
}

/** The failures of this kind marked as seen, with the count seen then. */
export async function dismissedOf(db: Tx, kind: 'mail' | 'push'): Promise<Map<string, number>> {
  const rows = await readRows<{ ref: string; failed: number }>(db, sql`SELECT ref, failed FROM today_dismissed WHERE kind = ${kind}`, true);
  return new Map(rows.map((r) => [r.ref, r.failed]));
}

/** Marks a failure as seen with its count now; seen again later, the higher count is kept. */
export async function dismiss(db: Tx, row: { kind: 'mail' | 'push'; ref: string; failed: number; staffId: string; now: number }) {
  await db.execute(sql`INSERT INTO today_dismissed (kind, ref, failed, staff_id, dismissed_time) VALUES (${row.kind}, ${row.ref}, ${row.failed}, ${row.staffId}, ${row.now})
    ON CONFLICT (kind, ref) DO UPDATE SET failed = greatest(today_dismissed.failed, excluded.failed), staff_id = excluded.staff_id, dismissed_time = excluded.dismissed_time`);
}
