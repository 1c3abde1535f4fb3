import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import {
  animations,
  bookletCategories,
  bookletGroups,
  bookletPages,
  dashboardUsers,
  notificationDeliveries,
  notificationSends,
  pushSubscriptions,
  reviewDays,
  reviewModels,
  serviceReservations,
  services,
  statsSummaryRecipients,
} from '../../db/schema';

type Named = { id: string; translations: { lang: string; name?: string; title?: string }[] };

/** The names of the things the guest app showed, by kind of screen; one query per kind, for the ids asked only. */
export async function namesOf(db: Tx, ids: { groups: string[]; pages: string[]; activities: string[] }) {
  const any = (ids: string[]) => sql.param(ids);
  const [groups, pages, categories, acts] = await Promise.all([
    ids.groups.length ? readRows<Named>(db, sql`SELECT id, translations FROM ${bookletGroups} WHERE id = ANY(${any(ids.groups)}::text[])`) : [],
    // a 'page' visit names a page, or the sub-category whose page it is (the guest app's two ways in)
    ids.pages.length
      ? readRows<Named & { category: string | null }>(
          db,
          sql`SELECT id, category_id AS category, translations FROM ${bookletPages} WHERE id = ANY(${any(ids.pages)}::text[]) OR category_id = ANY(${any(ids.pages)}::text[])`,
        )
      : [],
    ids.pages.length ? readRows<Named>(db, sql`SELECT id, translations FROM ${bookletCategories} WHERE id = ANY(${any(ids.pages)}::text[])`) : [],
    ids.activities.length ? readRows<Named>(db, sql`SELECT id, translations FROM ${animations} WHERE id = ANY(${any(ids.activities)}::text[])`) : [],
  ]);
  return { groups, pages, categories, activities: acts };
}

export interface NotificationFigures {
  new_subscriptions: number;
  sends: number;
  delivered: number;
  opened: number;
}

/** Devices subscribed between two instants; the sends made then, and their deliveries and openings. */
export async function notificationFigures(db: Tx, start: number, end: number): Promise<NotificationFigures> {
  const [r] = await readRows<NotificationFigures>(
    db,
    sql`SELECT
      (SELECT count(*) FROM ${pushSubscriptions} WHERE created_time >= ${start} AND created_time < ${end})::int AS new_subscriptions,
      (SELECT count(*) FROM ${notificationSends} WHERE status = 'sent' AND sent_time >= ${start} AND sent_time < ${end})::int AS sends,
      (SELECT count(*) FROM ${notificationDeliveries} d JOIN ${notificationSends} s ON s.id = d.send_id
        WHERE s.status = 'sent' AND s.sent_time >= ${start} AND s.sent_time < ${end} AND d.delivered_time IS NOT NULL)::int AS delivered,
      (SELECT count(*) FROM ${notificationDeliveries} d JOIN ${notificationSends} s ON s.id = d.send_id
        WHERE s.status = 'sent' AND s.sent_time >= ${start} AND s.sent_time < ${end} AND d.opened_time IS NOT NULL)::int AS opened`,
  );
  return r;
}

/** Now: guest accounts with at least one subscribed device, and the devices (with or without an account). */
export async function subscriberCounts(db: Tx): Promise<{ subscribers: number; devices: number }> {
  const [r] = await readRows<{ subscribers: number; devices: number }>(
    db,
    sql`SELECT count(DISTINCT user_id)::int AS subscribers, count(*)::int AS devices FROM ${pushSubscriptions}`,
  );
  return r;
}

/** Bookings per service whose slot starts between two instants, those made from the guest app apart. */
export async function bookingsPerService(db: Tx, start: number, end: number) {
  return readRows<{ service: string; name: string; bookings: number; webapp: number }>(
    db,
    sql`SELECT r.service, s.name, count(*)::int AS bookings, (count(*) FILTER (WHERE r.source = 'webapp'))::int AS webapp
      FROM ${serviceReservations} r JOIN ${services} s ON s.id = r.service
      WHERE r.start_time >= ${start} AND r.start_time < ${end} GROUP BY r.service, s.name`,
  );
}

/** Reviews per questionnaire received between two instants, from the daily figures each submit keeps (issue 24's review_days). */
export async function reviewsPerModel(db: Tx, start: number, end: number) {
  return readRows<{ model: string; name: string | null; count: number; scored: number; score_sum: number }>(
    db,
    sql`SELECT d.model_id AS model, m.name,
      coalesce(sum(d.count) FILTER (WHERE d.question_id = ''), 0)::int AS count,
      coalesce(sum(d.count) FILTER (WHERE d.question_id = '#score'), 0)::int AS scored,
      coalesce(sum(d.score_sum) FILTER (WHERE d.question_id = '#score'), 0)::float8 AS score_sum
      FROM ${reviewDays} d LEFT JOIN ${reviewModels} m ON m.id = d.model_id
      WHERE d.day >= ${start} AND d.day < ${end} AND d.question_id IN ('', '#score') GROUP BY d.model_id, m.name`,
  );
}

// ---- the weekly summary's recipients ----

export async function isSummaryRecipient(db: Tx, userId: string): Promise<boolean> {
  return (await db.select({ id: statsSummaryRecipients.userId }).from(statsSummaryRecipients).where(eq(statsSummaryRecipients.userId, userId))).length > 0;
}

export async function setSummaryRecipient(db: Tx, userId: string, on: boolean, now: number) {
  if (on) await db.insert(statsSummaryRecipients).values({ userId, createdTime: now }).onConflictDoNothing();
  else await db.delete(statsSummaryRecipients).where(eq(statsSummaryRecipients.userId, userId));
}

/** The recipients who still hold the stats flag (a flag taken away stops the mail without a step of its own). */
export async function summaryRecipients(db: Tx) {
  return db
    .select({ id: dashboardUsers.id })
    .from(statsSummaryRecipients)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, statsSummaryRecipients.userId))
    .where(sql`${dashboardUsers.permissions}->>'stats' = '1'`);
}

export async function summaryRecipient(db: Tx, userId: string) {
  const rows = await db
    .select({ email: dashboardUsers.email, firstname: dashboardUsers.firstname, lastname: dashboardUsers.lastname })
    .from(statsSummaryRecipients)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, statsSummaryRecipients.userId))
    .where(and(eq(statsSummaryRecipients.userId, userId), sql`${dashboardUsers.permissions}->>'stats' = '1'`));
  return rows[0] ?? null;
}
