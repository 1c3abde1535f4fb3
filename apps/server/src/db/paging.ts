import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client';
import { readRows } from './rows';
import { fold } from '@campsite/shared';

/** Escapes LIKE's wildcards in what a user typed. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * 'Starts with', without regard to case or accents: the pattern for a people_fold(...) key column,
 * served by its text_pattern_ops index. fold() is the JavaScript twin of the SQL function (a test checks
 * that both agree).
 */
export const foldedPrefix = (text: string) => `${escapeLike(fold(text))}%`;

/** Digits a phone search looks for: the national leading 0 dropped, so '06 12' finds '+33 6 12'. */
export const phoneDigits = (text: string) => text.replace(/\D/g, '').replace(/^0/, '');

/**
 * `col ASC|DESC`, and for a column that may be empty NULLS LAST (missing values at the end whichever the
 * direction). A column that is never empty is ordered plainly: the planner then walks its index either
 * way (it does not know that NULLS LAST makes no difference there).
 */
export function orderBy(column: SQLWrapper, order: 'asc' | 'desc', nullable = false): SQL {
  const last = nullable ? sql` NULLS LAST` : sql``;
  return order === 'asc' ? sql`${column} ASC${last}` : sql`${column} DESC${last}`;
}

/**
 * A list's total is counted up to this many rows: beyond, the page says 'more than' and the exact figure
 * comes from the counters call, fetched beside the page (counting 100 000 rows for every page would cost
 * more than the page itself).
 */
export const COUNT_CAP = 1000;

/** The number of rows of `from` matching `where`, up to COUNT_CAP + 1. */
export async function cappedCount(db: Tx, from: SQLWrapper, where: SQL | undefined): Promise<number> {
  const [row] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${COUNT_CAP + 1}) t`);
  return row.n;
}

/** OFFSET of a page (1-based). */
export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

export interface PageQuery {
  /** the columns, named as the contract names them */
  select: SQL;
  from: SQLWrapper;
  where: SQL | undefined;
  order: SQL[];
  page: number;
  perPage: number;
}

/**
 * One page of a list and the count of its matches up to COUNT_CAP (`more` beyond), in one statement: the
 * count is a subquery that PostgreSQL runs once for the whole page. An empty page (no match, or past the
 * end) has no row to carry it: it is counted then on its own.
 */
export async function pageWithCount<T>(db: Tx, q: PageQuery): Promise<{ rows: T[]; total: number; more: boolean }> {
  const filtered = sql`FROM ${q.from} ${q.where ? sql`WHERE ${q.where}` : sql``}`;
  const page = await readRows<T & { n: number }>(
    db,
    sql`SELECT ${q.select}, (SELECT count(*)::int FROM (SELECT 1 ${filtered} LIMIT ${COUNT_CAP + 1}) t) AS n ${filtered}
      ORDER BY ${sql.join(q.order, sql`, `)} LIMIT ${q.perPage} OFFSET ${offsetOf(q.page, q.perPage)}`,
  );
  const n = page.length ? page[0].n : await cappedCount(db, q.from, q.where);
  // each row keeps its `n`: the answer's serializer sends only the fields the contract declares
  return { rows: page, total: Math.min(n, COUNT_CAP), more: n > COUNT_CAP };
}
