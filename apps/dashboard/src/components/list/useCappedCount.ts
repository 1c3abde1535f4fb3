import { keepPreviousData } from '@tanstack/react-query';
import type { Answer, CallDef, Query } from '@campsite/shared';
import { useCall } from '../../lib/query';

/** A page's answer as the people lists give it: `more` when it counted its matches only up to 1 000. */
interface CappedPage {
  data?: { total: number; more?: boolean };
  isPlaceholderData: boolean;
}

/**
 * The figure of a list whose page counts its matches up to 1 000 (docs/api.md): past that (`more`) the
 * list's count call is asked for the same filters, and its exact figure replaces the page's 1 000.
 * `always`: the count is shown anyway (the client list's counters) and asked with every filter change.
 * `pick`: the figure in the count's answer (default `total`).
 */
export function useCappedCount<C extends CallDef>(page: CappedPage, def: C, filters: Query<C>, options: { always?: boolean; pick?(answer: Answer<C>): number } = {}) {
  const { always = false, pick = (a: Answer<C>) => (a as { total: number }).total } = options;
  const more = !!page.data?.more;
  const count = useCall(def, filters, always ? { placeholderData: keepPreviousData } : { enabled: more && !page.isPlaceholderData });
  const exact = count.data === undefined ? undefined : pick(count.data);
  return {
    /** the pager's total: the exact figure once known, else the page's (capped) one */
    total: more && exact !== undefined ? exact : (page.data?.total ?? 0),
    /** the count call's figure, when it has answered */
    exact,
    more,
    /** the count call itself (its whole answer: the client list's counters) */
    count,
  };
}
