import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

const ROOMLIST_SORTS = {
  lastname: sql`lower(p->>'lastname')`,
  firstname: sql`lower(p->>'firstname')`,
  email: sql`lower(p->>'email')`,
  stay_number: sql`s.number_key`,
  location: sql`s.location`,
  downloaded: sql`(u.id IS NOT NULL)`,
  download_time: sql`u.created_time`,
};
export type RoomlistSort = keyof typeof ROOMLIST_SORTS;

/** Every participant of the stays (10 000 at most), whether they have the app and since when. */
export async function roomlistParticipants(db: Tx, sort: RoomlistSort, order: 'asc' | 'desc') {
  const dir = order === 'asc' ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
  const result = await db.execute(sql`
    SELECT p->>'lastname' AS lastname, p->>'firstname' AS firstname, p->>'email' AS email,
      s.stay_number, s.location, u.created_time AS download_time
    FROM stays s CROSS JOIN LATERAL jsonb_array_elements(s.participants) p
    LEFT JOIN webapp_users u ON lower(u.email) = lower(p->>'email')
    ORDER BY ${ROOMLIST_SORTS[sort]} ${dir}, s.number_key, lower(p->>'lastname')
    LIMIT 10000`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    lastname: String(r.lastname ?? ''),
    firstname: String(r.firstname ?? ''),
    email: String(r.email ?? ''),
    stay_number: String(r.stay_number),
    location: (r.location as string | null) ?? null,
    downloaded: r.download_time !== null && r.download_time !== undefined,
    download_time: r.download_time === null || r.download_time === undefined ? null : Number(r.download_time),
  }));
}
