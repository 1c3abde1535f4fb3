import { z } from 'zod';
import { call, staff } from './call';

// The dashboard's global search (issue 33, docs/search.md): one field in the top bar finds a stay or a client
// by name, stay number, client number, pitch, e-mail or phone, and opens the stay page. It reads people: the
// flag of the client and stay lists.

/** At most this many results in all: stays first, then clients without a stay. */
export const SEARCH_LIMIT = 8;

export const searchStayDoc = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  location: z.string().nullable(),
  /** days, epoch seconds of their midnight in the establishment's time zone */
  arrival: z.number(),
  departure: z.number(),
  /** on site now, to come, or gone */
  when: z.enum(['current', 'coming', 'gone']),
});
export type SearchStay = z.infer<typeof searchStayDoc>;

export const searchClientDoc = z.object({
  client_number: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
});
export type SearchClient = z.infer<typeof searchClientDoc>;

export const searchQuery = z.object({
  /** a name (start of the last or first name, or both in either order), a stay or client number, a pitch, the start of an e-mail or of a phone */
  q: z.string().trim().min(1).max(80),
});

export const search = {
  find: call('GET', 'dashboard/search', {
    ...staff('users'),
    query: searchQuery,
    answer: z.object({ stays: z.array(searchStayDoc), clients: z.array(searchClientDoc) }),
    summary:
      "Ours (issue 33): the top bar's search, stays by their client's name, stay or client number, pitch, e-mail or phone (on site first, then coming, then gone) and clients without a stay; 8 results at most",
  }),
};
