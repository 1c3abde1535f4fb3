import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { emptyOf, liveParams, patched, readField, type Patch } from './useAddress';

export type SortDir = 'asc' | 'desc';

/** The paging fields of a list's query (docs/api.md); every other field of its schema is a filter. */
const PAGING = ['page', 'per_page', 'sort', 'order'] as const;
type Paging = (typeof PAGING)[number];

/** Contract fields kept in the address under a shorter name (`?dir=desc&size=100&q=…`, as links were shared). */
const ADDRESS_NAMES: Record<string, string> = { order: 'dir', per_page: 'size', search: 'q' };
/** The address's mark of a search panel's results (not a filter: the list's title says it). */
const SEARCH_MARK = 'search';

type SortOf<S extends z.ZodObject> = z.output<S> extends { sort: infer T } ? T : string;
/** The list's filters as the contract reads them; only those the address sets are present. */
export type ListFilters<S extends z.ZodObject> = Partial<Omit<z.output<S>, Paging>>;
export interface ListDefaults<S extends z.ZodObject> {
  sort?: SortOf<S>;
  order?: SortDir;
  per_page?: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A server-paged list's query kept in the address (`?page=2&sort=arrival&dir=desc&lastname=…`), so that
 * the back button, a reload and a shared link show the same page. The address is read with the list
 * call's own query schema (packages/shared), field by field: a filter added to the contract is read
 * here with no change, and a value the schema refuses (a hand-edited link) falls back to its default.
 * `defaults` are the screen's where they differ from the contract's (a list newest first).
 */
export function useListQuery<S extends z.ZodObject>(schema: S, defaults: ListDefaults<S> = {}) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const shape = schema.shape as Record<string, z.ZodType>;
  const addressOf = (field: string) => (field in shape ? (ADDRESS_NAMES[field] ?? field) : field);
  const fallbackOf = (field: string): unknown => (defaults as Record<string, unknown>)[field] ?? (field in shape ? emptyOf(shape[field]) : undefined);
  /** the first page: 1, or 0 where the spec says so (the collected reviews, 001 §9) */
  const first = fallbackOf('page') === 0 ? 0 : 1;

  const key = params.toString();
  const parsed = useMemo(() => {
    const query: Record<string, unknown> = {};
    const filters: Record<string, unknown> = {};
    for (const [field, type] of Object.entries(shape)) {
      const value = readField(type, params.get(addressOf(field)), fallbackOf(field));
      if ((PAGING as readonly string[]).includes(field)) query[field] = value;
      // a filter at its empty value (no text, a box not ticked) is no filter: left out of the call
      else if (value !== undefined && !same(value, emptyOf(type))) query[field] = filters[field] = value;
    }
    query.page ??= first;
    return { query, filters };
    // the address is the input: `params` changes identity on every navigation, its text says whether it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, schema]);

  const query = parsed.query as z.output<S> & { page: number; per_page: number; sort: SortOf<S>; order: SortDir };
  /** `marked`: the search mark, the address's own (`search=1`), whatever the contract's fields are named */
  const change = (patch: Patch | ((live: URLSearchParams) => Patch), marked?: boolean) =>
    setParams(
      (p) => {
        // from the live address, so that a change made before the last one was rendered is kept
        const live = liveParams(p, pathname);
        const atDefault = (field: string, v: string | number) => (field === 'page' && Number(v) === first) || (field === 'per_page' && Number(v) === fallbackOf('per_page'));
        const next = patched(live, typeof patch === 'function' ? patch(live) : patch, addressOf, atDefault);
        if (marked === true) next.set(SEARCH_MARK, '1');
        else if (marked === false) next.delete(SEARCH_MARK);
        return next;
      },
      { replace: true },
    );
  const set = (patch: Patch | ((live: URLSearchParams) => Patch)) => change(patch);

  /** a header clicked twice sorts the other way; a new order starts at page 1 */
  const toggleSort = (field: string) => set({ sort: field, order: query.sort === field && query.order === 'asc' ? 'desc' : 'asc', page: first });

  return {
    /** the list call's query: paging and the filters the address sets */
    query,
    /** the filters alone, for the list's count call */
    filters: parsed.filters as ListFilters<S>,
    /** whether any filter is set: the empty state says 'no result' rather than 'no row yet' */
    filtered: Object.keys(parsed.filters).length > 0,
    page: query.page,
    /** the first page's number (0 or 1): the pager shows it as page 1 */
    first,
    perPage: query.per_page,
    sort: query.sort as string,
    dir: query.order,
    /** the address itself, for what is not the contract's */
    params,
    /** the list shows a search panel's results ('Résultats de la recherche') */
    searched: params.get(SEARCH_MARK) === '1',
    /** what a SortTh or StackTh takes: the order now and the click that changes it */
    sortProps: { sort: query.sort as string, dir: query.order, onSort: (field: string) => toggleSort(field) },
    /**
     * Changes the address (without starting the screen afresh): contract fields by their name
     * (`{ per_page: 100 }`), null removes one. A function computes the patch from the live address (a
     * toggle flips what is, not what a stale render showed).
     */
    set,
    setPage: (n: number) => set({ page: n }),
    toggleSort,
    /**
     * A search panel's submit (002 §5): its fields (null when empty) from page 1, the list then titled as
     * search results. A panel with every field empty does nothing, unless it clears a search: `clears`
     * names what such an empty search also removes (the client list's selection). Says whether it applied.
     */
    search(fields: Patch, clears: string[] = []): boolean {
      const hasAny = Object.values(fields).some((v) => v !== null);
      const hadAny = [...Object.keys(fields), ...clears].some((k) => k in parsed.filters);
      if (!hasAny && !hadAny) return false;
      change({ ...fields, ...(hasAny ? {} : Object.fromEntries(clears.map((k) => [k, null]))), page: first }, hasAny);
      return true;
    },
    /** A search panel's reset: these filters and the search mark removed, from page 1. */
    clearSearch: (fields: readonly string[]) => change({ ...Object.fromEntries(fields.map((k) => [k, null])), page: first }, false),
  };
}

export type ListQuery<S extends z.ZodObject> = ReturnType<typeof useListQuery<S>>;
