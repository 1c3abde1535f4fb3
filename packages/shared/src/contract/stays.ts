import { z } from 'zod';
import { call, orFalse, staff } from './call';
import { personNumber, queryFlag } from './common';
import { csvExport, listCount, pageFields, pageOf, textFilter, timeFilter } from './listing';

const nullableText = z.string().nullable();

export const participantDoc = z.object({ lastname: z.string(), firstname: z.string(), email: z.string() });

export const stayDoc = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  location: nullableText,
  location_category: nullableText,
  /** the day, epoch seconds of its midnight in the establishment's time zone */
  arrival: z.number(),
  departure: z.number(),
  /** 'HH:MM' when the PMS gives it */
  arrival_time: nullableText,
  departure_time: nullableText,
  participants: z.array(participantDoc),
  created_time: z.number(),
  created_by: nullableText,
  edited_time: z.number(),
  edited_by: nullableText,
});
export type Stay = z.infer<typeof stayDoc>;

export const STAY_SORTS = ['stay_number', 'client_number', 'arrival', 'departure', 'location', 'edited_time'] as const;
export const stayFilters = {
  stay_number: textFilter,
  client_number: textFilter,
  location: textFilter,
  /** only stays on site now (arrival day passed, departure day not yet over) */
  on_site: queryFlag,
  after_arrival: timeFilter,
  before_arrival: timeFilter,
  after_departure: timeFilter,
  before_departure: timeFilter,
};
export const stayListQuery = z.object({ ...pageFields(STAY_SORTS, 'stay_number'), ...stayFilters });
export type StayListQuery = z.input<typeof stayListQuery>;
export const stayFilterQuery = z.object(stayFilters);

/** A stay of the list and the stay detail: with its client's name and the app users who joined it. */
export const stayRowDoc = stayDoc.extend({
  client: z.object({ lastname: z.string(), firstname: z.string(), civility: z.enum(['male', 'female']).nullable() }),
  users: z.array(z.object({ _id: z.string(), lastname: z.string(), firstname: z.string(), email: z.string() })),
});
export type StayRow = z.infer<typeof stayRowDoc>;

export const stays = {
  list: call('GET', 'dashboard/stays/list', {
    ...staff('users'),
    query: stayListQuery,
    answer: pageOf(stayRowDoc),
    summary: 'A page of stays, sorted and filtered by the server (paging parameters: docs/api.md)',
  }),
  count: call('GET', 'dashboard/stays/count', {
    ...staff('users'),
    query: stayFilterQuery,
    answer: listCount,
    summary: 'The exact number of stays matching the filters, when the list says more than 1 000 (not in the spec table)',
  }),
  export: csvExport('dashboard/stays/export', stayFilterQuery, 'Stays'),
  find: call('POST', 'dashboard/stays/find', { ...staff('users'), body: z.object({ stay_number: personNumber }), answer: orFalse(stayRowDoc), summary: 'Reads one stay by its stay number (false: unknown)' }),
  findByClient: call('POST', 'dashboard/stays/find-by-client', {
    ...staff('users'),
    body: z.object({ client_number: personNumber }),
    answer: z.array(stayDoc),
    summary: 'Lists the stays of a client number',
  }),
  search: call('POST', 'dashboard/stays/search', {
    ...staff('users'),
    body: z.object({
      ...pageFields(STAY_SORTS, 'stay_number'),
      ...stayFilters,
      after_arrival: timeFilter.nullable().transform((v) => v ?? undefined),
      before_arrival: timeFilter.nullable().transform((v) => v ?? undefined),
      after_departure: timeFilter.nullable().transform((v) => v ?? undefined),
      before_departure: timeFilter.nullable().transform((v) => v ?? undefined),
    }),
    answer: pageOf(stayRowDoc),
    summary: 'Lists stays, one page, filtered and sorted',
  }),
};
