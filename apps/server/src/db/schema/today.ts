import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { epoch } from './types';

/**
 * A failure staff have looked at on the to-do list (issue 33, drizzle/0045_today.sql): a campaign's failed
 * e-mails ('mail', ref: the campaign) or a push send's failed deliveries ('push', ref: the send), with the
 * count seen then; it shows again when more fail after.
 */
export const todayDismissed = pgTable(
  'today_dismissed',
  {
    kind: text('kind').$type<'mail' | 'push'>().notNull(),
    ref: text('ref').notNull(),
    failed: integer('failed').notNull(),
    staffId: text('staff_id'),
    dismissedTime: epoch('dismissed_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref] })],
);
