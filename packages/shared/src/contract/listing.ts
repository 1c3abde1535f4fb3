import { z } from 'zod';
import { call, staff } from './call';

/**
 * Server-side lists (people area and after): the query of a list screen and the page it answers.
 * Paging, sorting and filtering happen in SQL; the screen never loads a whole table.
 */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** A text filter: trimmed, '' means no filter. */
export const textFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A time bound (epoch seconds); a query sends it as text. */
export const timeFilter = z.coerce.number().int().min(0).max(99_999_999_999).optional();

export const pageFields = <S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Taille de page inconnue')
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(sorts).default(defaultSort as never),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    /** rows matching the filters, all pages together */
    total: z.number(),
    /**
     * people lists (clients, stays, guest users) count their matches up to 1 000: `total` is then 1 000 and
     * `more` true; the exact figure comes from the list's count call (clients: counts), fetched beside the page
     */
    more: z.boolean().optional(),
    page: z.number(),
    per_page: z.number(),
  });

/** The exact number of a list's matches, for the same filters as the list (asked when a page says `more`). */
export const listCount = z.object({ total: z.number() });

/** A list of numbers or ids: an array in a body, comma-joined text in a query. */
export const numberList = z
  .union([z.array(z.string().trim().min(1).max(64)), z.string().max(200_000)])
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined;
    const list = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
    return list.length ? list : undefined;
  });

/** A people list exported as CSV (UTF-8 with BOM, ';', dd/mm/yyyy): the list's filters, every matching row. */
export const csvExport = <Q extends z.ZodType>(path: string, query: Q, what: string) =>
  call('GET', path, {
    ...staff('users'),
    query,
    raw: true,
    answer: z.any(),
    summary: `${what} matching the list's filters as a CSV to open in a spreadsheet (streamed; not in the spec table)`,
  });

