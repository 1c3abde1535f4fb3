import { z } from 'zod';
import { call, staff } from './call';

/** A screen viewed in the guest app (002 §3 'Visit log: time, user, app flag, component'). */
export const visitDoc = z.object({
  _id: z.string(),
  time: z.number(),
  /** always null: audience measurement keeps no personal data (docs/statistics.md); the spec's field stays */
  user: z.string().nullable(),
  /** a hash of the device's id of the day with a salt of the day: counts visitors, links nothing across days */
  visitor: z.string(),
  /** the app ran installed (display-mode standalone) */
  app: z.boolean(),
  /** the screen: home, rubric, page, list, activities, activity, account */
  component: z.string(),
  /** what the screen showed (a rubric, page, category or activity id), or null */
  target: z.string().nullable(),
});
export type VisitLog = z.infer<typeof visitDoc>;

/** The 429 of webapp/logs/insert (not a sentence of the spec). */
export const TOO_MANY_VISITS = 'Trop de requêtes. Réessayez dans un instant.';

export const visitInsert = z.object({
  component: z.string().trim().min(1).max(60).regex(/^[a-z0-9_-]+$/),
  /** the device's random id of the day (the guest app draws a new one each day); the server hashes it again */
  visitor: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  app: z.boolean(),
  /** the id of what the screen shows */
  target: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
});

export const logs = {
  insert: call('POST', 'webapp/logs/insert', {
    access: 'public',
    body: visitInsert,
    answer: z.literal(true),
    summary: 'Records a screen viewed in the guest app (not in the spec table), without cookie or account: the visitor id is hashed with a salt of the day',
  }),
  list: call('GET', 'webapp/logs/list', {
    ...staff('stats'),
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    answer: z.object({ logs: z.array(visitDoc), total: z.number(), page: z.number(), limit: z.number() }),
    summary: 'Visits, newest first, a page at a time (limit 50 by default)',
  }),
};
