import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dashboardUsers } from './core';
import { epoch } from './types';

/**
 * The statistics area (issue 25; docs/statistics.md), drizzle/0019_statistics.sql. Days are 'YYYY-MM-DD'
 * in the establishment's time zone. The visit log itself is `visit_logs` (core.ts).
 */

/** The random salt of each day the visitor ids are hashed with; a day's goes once the day is over. */
export const statsSalts = pgTable('stats_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * One row per day that is over and rolled up by the `stats.rollup` job (a day without visits too, so that
 * the row says 'done'): the reads add up these rows and count only the days not rolled up yet.
 */
export const statsDays = pgTable('stats_days', {
  day: text('day').primaryKey(),
  visits: integer('visits').notNull(),
  visitors: integer('visitors').notNull(),
  appVisits: integer('app_visits').notNull(),
  appVisitors: integer('app_visitors').notNull(),
});

/** A rolled-up day's views per screen and per thing shown (target '' for a screen that shows no one thing). */
export const statsDayScreens = pgTable(
  'stats_day_screens',
  {
    day: text('day').notNull(),
    component: text('component').notNull(),
    target: text('target').notNull(),
    visits: integer('visits').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.component, t.target] })],
);

/** The staff members who asked for the weekly summary e-mail. */
export const statsSummaryRecipients = pgTable('stats_summary_recipients', {
  userId: text('user_id')
    .primaryKey()
    .references(() => dashboardUsers.id, { onDelete: 'cascade' }),
  createdTime: epoch('created_time').notNull(),
});
