import { sql, type SQL } from 'drizzle-orm';
import type { InventoryRow, ParsedQuery } from '@campsite/shared';
import { inventories as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { foldedPrefix, offsetOf } from '../../db/paging';
import { readRows } from '../../db/rows';

type ListQuery = ParsedQuery<typeof calls.list>;

// the sort columns, named as the contract names them: each a column of the summary row with an index
// (drizzle/0070), so that a page walks it in order and stops
const SORTS: Record<ListQuery['sort'], { column: SQL; nullable?: boolean }> = {
  client_number: { column: sql`p.client_key` },
  stay_number: { column: sql`people_number_key(p.stay_number)` },
  location: { column: sql`p.location`, nullable: true },
  accommodation: { column: sql`p.accommodation`, nullable: true },
  lastname: { column: sql`p.lastname_key` },
  arrival_status: { column: sql`p.arrival_status`, nullable: true },
  departure_status: { column: sql`p.departure_status`, nullable: true },
  arrival: { column: sql`p.arrival` },
  departure: { column: sql`p.departure` },
  deposit_date: { column: sql`p.deposit_date` },
};

function filters(q: ListQuery): SQL[] {
  const where: SQL[] = [];
  // one box on keeps the stays with that inventory; both or none, every stay with one
  if (q.arrival !== q.departure) where.push(q.arrival ? sql`p.arrival_status IS NOT NULL` : sql`p.departure_status IS NOT NULL`);
  if (q.complete) where.push(sql`p.complete`);
  if (q.pictures) where.push(sql`EXISTS (SELECT 1 FROM inventory_pictures x JOIN inventories i ON i.id = x.inventory_id WHERE i.stay_number = p.stay_number)`);
  if (q.q) {
    const text = q.q.trim();
    const number = sql`people_number_key(${text})`;
    const location = sql`lower(btrim(p.location)) = lower(${text})`;
    if (q.filter === 'stay_number') where.push(sql`people_number_key(p.stay_number) = ${number}`);
    else if (q.filter === 'client_number') where.push(sql`p.client_key = ${number}`);
    else if (q.filter === 'location') where.push(location);
    else {
      const prefix = foldedPrefix(text);
      where.push(
        sql`(people_number_key(p.stay_number) = ${number} OR p.client_key = ${number} OR ${location} OR p.lastname_key LIKE ${prefix} OR c.firstname_key LIKE ${prefix})`,
      );
    }
  }
  return where;
}

/** What the list keeps between writes: the answer cache's memo (answer-cache.ts), cleared by every change. */
export interface CountMemo {
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * One row per stay with an inventory: its two statuses, the latest deposit, its photo and comment counts,
 * the stay and its client; filtered, sorted and paged in SQL, with the exact count of matches.
 * The per-stay figures are the rows of inventory_stays (kept by triggers, drizzle/0030 and 0070), with the
 * stay's and client's sort columns: every order walks an index of these rows to the page and stops; the count
 * is one scan of them, joined to the clients only when the search needs a first name.
 *
 * `memo` (issue 31): without a text search the count reads only inventory tables, which announce their writes
 * (db/changes.ts): it is then counted once per generation of the answer cache, not on every page (the scan of
 * 20 000 summary rows was half of a page's database time). A search joins the stays and clients, which do not
 * announce theirs: it is counted with its page, as before.
 */
export async function listInventories(db: Tx, q: ListQuery, memo?: CountMemo) {
  const where = filters(q);
  const sort = SORTS[q.sort];
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const nulls = sort.nullable ? sql` NULLS LAST` : sql``;
  const order = sql`${sort.column} ${dir}${nulls}, p.stay_number ${dir}`;
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  // only a search by text reads the stay's or client's columns
  const counted = q.q
    ? sql`SELECT count(*)::int FROM inventory_stays p JOIN stays s ON s.stay_number = p.stay_number JOIN clients c ON c.client_number = s.client_number ${whereSql}`
    : sql`SELECT count(*)::int FROM inventory_stays p ${whereSql}`;
  const kept = memo && !q.q;
  const count = kept
    ? memo.memo(`inventories.list.count:${q.arrival}:${q.departure}:${q.complete}:${q.pictures}`, async () => {
        const [row] = await readRows<{ n: number }>(db, sql`SELECT (${counted}) AS n`);
        return row.n;
      })
    : undefined;
  // the photo and comment counts are read for the page's rows only, after the paging
  const rows = await readRows<InventoryRow & { n: number }>(
    db,
    sql`WITH page AS (
        SELECT p.stay_number, s.client_number, p.location, p.accommodation,
          c.lastname, c.firstname, p.arrival_status, p.departure_status, p.arrival, p.departure, p.deposit_date,
          ${sort.column} AS k
        FROM inventory_stays p JOIN stays s ON s.stay_number = p.stay_number JOIN clients c ON c.client_number = s.client_number
        ${whereSql}
        ORDER BY ${order} LIMIT ${q.per_page} OFFSET ${offsetOf(q.page, q.per_page)}
      )
      SELECT page.stay_number, page.client_number, page.location, page.accommodation, page.lastname, page.firstname,
        page.arrival_status, page.departure_status, page.arrival, page.departure, page.deposit_date,
        ${kept ? sql`` : sql`(${counted}) AS n,`}
        (SELECT count(*)::int FROM inventory_pictures x JOIN inventories i ON i.id = x.inventory_id WHERE i.stay_number = page.stay_number) AS pictures,
        (SELECT count(*)::int FROM inventory_comments x JOIN inventories i ON i.id = x.inventory_id WHERE i.stay_number = page.stay_number) AS comments
      FROM page ORDER BY page.k ${dir}${nulls}, page.stay_number ${dir}`,
  );
  if (count) return { rows, total: await count, page: q.page, per_page: q.per_page };
  let total = rows[0]?.n ?? 0;
  // past the last page there is no row to carry the count
  if (!rows.length && q.page > 1) total = (await listInventories(db, { ...q, page: 1 })).total;
  return { rows, total, page: q.page, per_page: q.per_page };
}
