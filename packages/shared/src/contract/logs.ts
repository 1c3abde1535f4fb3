import { z } from 'zod';
import { call, staff } from './call';

/** A screen viewed in the guest app (002 §3 'Visit log: time, user, app flag, component'). */
export const visitDoc = z.object({
  _id: z.string(),
  time: z.number(),
  /** the guest account signed in at the time, or null */
  user: z.string().nullable(),
  /** an anonymous id the guest app keeps on the device, so that visitors can be counted without an account */
  visitor: z.string(),
  /** the app ran installed (display-mode standalone) */
  app: z.boolean(),
  /** the screen: home, rubric, category, page, list, activities, activity */
  component: z.string(),
});
export type VisitLog = z.infer<typeof visitDoc>;

/** The 429 of webapp/logs/insert (not a sentence of the spec). */
export const TOO_MANY_VISITS = 'Trop de requêtes. Réessayez dans un instant.';

export const visitInsert = z.object({
  component: z.string().trim().min(1).max(60).regex(/^[a-z0-9_-]+$/),
  visitor: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  app: z.boolean(),
});

export const logs = {
  insert: call('POST', 'webapp/logs/insert', {
    access: 'public',
    body: visitInsert,
    answer: z.literal(true),
    summary: 'Records a screen viewed in the guest app (not in the spec table); the user comes from the guest session, never from the body',
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
