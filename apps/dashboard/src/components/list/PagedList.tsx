import { useEffect, type ReactNode } from 'react';
import { Pager, RowCount } from './Pager';
import { ReadView } from './ReadView';

/** A page of rows as the server answers it (docs/api.md). */
interface Page<R> {
  rows: R[];
  total: number;
  more?: boolean;
}

/**
 * A server-paged list's body: the read's states (error, loader, empty), the row count, the rows as the
 * screen draws them, the pages under them. `lq` is the screen's useListQuery, `count` its useCappedCount
 * (without one, the page's total is the list's: the staff list counts every match).
 */
export function PagedList<R>({
  lq,
  read,
  count,
  rowCount = true,
  failed,
  empty,
  noResult,
  onPage = lq.setPage,
  pagerAbove = false,
  children,
}: {
  lq: { page: number; perPage: number; filtered: boolean; setPage(n: number): void };
  read: { data: Page<R> | undefined; error: unknown };
  count?: { total: number; exact?: number };
  /** 'Nombre de lignes : …' above the rows (the client list shows its counters instead) */
  rowCount?: boolean;
  failed: string;
  /** the empty state of a list without filters ('Aucun séjour') */
  empty: string;
  /** the empty state of a filtered list ('Aucun résultat') */
  noResult: string;
  onPage?(n: number): void;
  /** the pages above the rows too (a long page: the client list) */
  pagerAbove?: boolean;
  children(rows: R[]): ReactNode;
}) {
  const total = count?.total ?? read.data?.total ?? 0;
  const last = Math.max(1, Math.ceil(total / lq.perPage));
  // a page past the end (an old link, '?page=999', rows deleted since) shows the last page, not 'no result'
  const pastEnd = !!read.data && read.data.rows.length === 0 && total > 0 && lq.page > last;
  return pastEnd ? (
    <ToLastPage last={last} go={lq.setPage} />
  ) : (
    <ReadView read={read} failed={failed} empty={lq.filtered ? noResult : empty} isEmpty={(d) => d.rows.length === 0}>
      {(data) => (
        <>
          {rowCount && <RowCount total={data.total} more={data.more} exact={count?.exact} />}
          {pagerAbove && <Pager page={lq.page} pageSize={lq.perPage} total={count?.total ?? data.total} onPage={onPage} />}
          {children(data.rows)}
          <Pager page={lq.page} pageSize={lq.perPage} total={count?.total ?? data.total} onPage={onPage} />
        </>
      )}
    </ReadView>
  );
}

function ToLastPage({ last, go }: { last: number; go(n: number): void }) {
  useEffect(() => go(last), [last, go]);
  return null;
}
