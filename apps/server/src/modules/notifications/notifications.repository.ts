import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Target } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletCategories, bookletGroups, bookletPages, notificationConfig, notificationDeliveries, notificationSends, notificationTemplates, pushSubscriptions } from '../../db/schema';
import type { DeliveryStatus, SendStatus } from '../../db/schema';
import { readRows } from '../../db/rows';
import { foldedPrefix } from '../../db/paging';
import { existingGuests, guestsOfClients } from '../../platform/people/guests.repository';

export type SendRow = typeof notificationSends.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type TemplateRow = typeof notificationTemplates.$inferSelect;

// ------------------------------------------------------------------ configuration (keys, quiet hours)

export async function readConfig(db: Tx) {
  const [row] = await db.select().from(notificationConfig).where(eq(notificationConfig.id, 1)).limit(1);
  return row ?? null;
}

/** The first instance to get here writes its pair; the others' inserts do nothing and they read that one. */
export async function insertConfigIfMissing(db: Tx, keys: { publicKey: string; privateKey: string; editedTime: number }) {
  await db.insert(notificationConfig).values({ id: 1, ...keys, quietStart: '22:00', quietEnd: '08:00' }).onConflictDoNothing();
}

export async function setQuietHours(db: Tx, start: string, end: string, time: number) {
  await db.update(notificationConfig).set({ quietStart: start, quietEnd: end, editedTime: time }).where(eq(notificationConfig.id, 1));
}

// ------------------------------------------------------------------ templates

export const listTemplates = (db: Tx) => db.select().from(notificationTemplates).orderBy(desc(notificationTemplates.editedTime));
export const insertTemplate = (db: Tx, row: typeof notificationTemplates.$inferInsert) => db.insert(notificationTemplates).values(row);

export async function updateTemplate(db: Tx, id: string, set: Partial<typeof notificationTemplates.$inferInsert>) {
  const rows = await db.update(notificationTemplates).set(set).where(eq(notificationTemplates.id, id)).returning();
  return rows[0] ?? null;
}

export async function deleteTemplate(db: Tx, id: string) {
  return (await db.delete(notificationTemplates).where(eq(notificationTemplates.id, id)).returning({ id: notificationTemplates.id })).length > 0;
}


/** The guest accounts a named target (accounts, client files) reaches, whether or not they have a device now. */
export async function guestsNamed(db: Tx, target: Target): Promise<string[]> {
  if (target.kind === 'users') return existingGuests(db, target.users);
  if (target.kind === 'clients') return (await guestsOfClients(db, target.clients, ['id'])).map((r) => r.id);
  return [];
}

/** A redirect's category and its rubric (either undefined when gone): the guest app's paths are built from both. */
export async function categoryWithGroup(db: Tx, id: string) {
  const [c] = await db.select().from(bookletCategories).where(eq(bookletCategories.id, id)).limit(1);
  const [g] = c ? await db.select().from(bookletGroups).where(eq(bookletGroups.id, c.groupId)).limit(1) : [];
  return { c, g };
}

export async function pageExists(db: Tx, id: string) {
  return (await db.select({ id: bookletPages.id }).from(bookletPages).where(eq(bookletPages.id, id)).limit(1)).length > 0;
}

export async function templateExists(db: Tx, id: string) {
  return (await db.select({ id: notificationTemplates.id }).from(notificationTemplates).where(eq(notificationTemplates.id, id)).limit(1)).length > 0;
}

// ------------------------------------------------------------------ subscriptions

/**
 * Keeps a device's subscription, by its endpoint, and answers whether it was kept. An endpoint already
 * known is changed only by the browser that holds it or by its account: the same keys (the browser's
 * p256dh and auth secret, which nobody else sees) hand the device to whoever is signed in on it now
 * (nobody after a sign-out), and the signed-in account that owns it may renew its keys. Anyone else's
 * call (another account, or nobody, with other keys) changes nothing: an anonymous device is its keys'.
 */
export async function upsertSubscription(db: Tx, row: { id: string; endpoint: string; keys: { p256dh: string; auth: string }; userId: string | null; lang: string | null; time: number }) {
  const kept = await db
    .insert(pushSubscriptions)
    .values({ id: row.id, endpoint: row.endpoint, keys: row.keys, userId: row.userId, lang: row.lang, createdTime: row.time, updatedTime: row.time })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { keys: row.keys, userId: row.userId, lang: sql`coalesce(excluded.lang, ${pushSubscriptions.lang})`, updatedTime: row.time },
      setWhere: sql`(${pushSubscriptions.keys} = excluded.keys OR (${pushSubscriptions.userId} IS NOT NULL AND ${pushSubscriptions.userId} = excluded.user_id))`,
    })
    .returning({ id: pushSubscriptions.id });
  return kept.length > 0;
}

/** Deletes a subscription, only if it is anonymous or `userId`'s. */
export async function deleteSubscription(db: Tx, endpoint: string, userId: string | null) {
  const owner = userId ? sql`(${pushSubscriptions.userId} IS NULL OR ${pushSubscriptions.userId} = ${userId})` : sql`${pushSubscriptions.userId} IS NULL`;
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), owner));
}

export const deleteSubscriptionById = (db: Tx, id: string) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/**
 * The devices a target reaches now, as a condition on push_subscriptions `p`. The stay phases look at
 * the stays of the guest's client file (or their own stay, for a participant).
 */
function targetWhere(target: Target, now: number) {
  const stayOf = (cond: ReturnType<typeof sql>) =>
    sql`p.user_id IN (SELECT u.id FROM webapp_users u JOIN stays s ON s.client_number = u.client_number OR s.stay_number = u.stay_number WHERE ${cond})`;
  switch (target.kind) {
    case 'all':
      return sql`TRUE`;
    case 'users':
      return sql`p.user_id = ANY(${sql.param(target.users)}::text[])`;
    case 'clients':
      return sql`p.user_id IN (SELECT u.id FROM webapp_users u WHERE u.client_number = ANY(${sql.param(target.clients)}::text[]))`;
    case 'onsite':
      return stayOf(sql`s.arrival <= ${now} AND s.departure > ${now}`);
    case 'arriving':
      return stayOf(sql`s.arrival > ${now} AND s.arrival <= ${now + target.days * 86400}`);
    case 'departed':
      return stayOf(sql`s.departure <= ${now} AND s.departure > ${now - target.days * 86400}`);
  }
}

export async function countAudience(db: Tx, target: Target, now: number) {
  const [row] = await readRows<{ devices: number; users: number }>(
    db,
    sql`SELECT count(*)::int AS devices, count(DISTINCT p.user_id)::int AS users FROM push_subscriptions p WHERE ${targetWhere(target, now)}`,
  );
  return { devices: Number(row.devices), users: Number(row.users) };
}

/** Writes a send's devices (positions 0…n-1, in one statement by PostgreSQL) and answers how many. */
export async function materializeDeliveries(db: Tx, sendId: string, target: Target, now: number): Promise<number> {
  const [row] = await readRows<{ n: number }>(db, sql`
    WITH ins AS (
      INSERT INTO notification_deliveries (send_id, position, subscription_id, user_id, endpoint, keys, lang, status)
      SELECT ${sendId}, (row_number() OVER (ORDER BY p.id) - 1)::int, p.id, p.user_id, p.endpoint, p.keys, p.lang, 'pending'
      FROM push_subscriptions p WHERE ${targetWhere(target, now)}
      RETURNING 1)
    SELECT count(*)::int AS n FROM ins`);
  return Number(row.n);
}

// ------------------------------------------------------------------ sends

export const insertSend = (db: Tx, row: typeof notificationSends.$inferInsert) => db.insert(notificationSends).values(row);

export async function sendRow(db: Tx, id: string): Promise<SendRow | null> {
  const [row] = await db.select().from(notificationSends).where(eq(notificationSends.id, id)).limit(1);
  return row ?? null;
}

export async function lockSend(db: Tx, id: string): Promise<SendRow | null> {
  const [row] = await db.select().from(notificationSends).where(eq(notificationSends.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setSend(db: Tx, id: string, set: Partial<typeof notificationSends.$inferInsert>, onlyIf?: SendStatus[]) {
  const rows = await db
    .update(notificationSends)
    .set(set)
    .where(and(eq(notificationSends.id, id), onlyIf ? inArray(notificationSends.status, onlyIf) : undefined))
    .returning({ id: notificationSends.id });
  return rows.length > 0;
}

export async function listSends(db: Tx, limit = 200) {
  return db.select().from(notificationSends).orderBy(desc(notificationSends.sendTime), desc(notificationSends.createdTime)).limit(limit);
}

// ------------------------------------------------------------------ deliveries

export function pendingDeliveries(db: Tx, sendId: string, from: number, to: number) {
  return db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.sendId, sendId),
        eq(notificationDeliveries.status, 'pending'),
        gte(notificationDeliveries.position, from),
        lt(notificationDeliveries.position, to),
      ),
    )
    .orderBy(notificationDeliveries.position);
}

/** Records the outcomes of several devices in one statement, each only if still pending. */
export async function recordDeliveries(db: Tx, sendId: string, outcomes: { position: number; status: DeliveryStatus; error: string | null; time: number | null }[]) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((o) => sql`(${o.position}::int, ${o.status}::text, ${o.error}::text, ${o.time}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE notification_deliveries d SET status = v.status, error = v.error, delivered_time = v.time
    FROM (VALUES ${values}) AS v(position, status, error, time)
    WHERE d.send_id = ${sendId} AND d.position = v.position AND d.status = 'pending'`);
}

export async function failPending(db: Tx, sendId: string, from: number, to: number, error: string) {
  await db
    .update(notificationDeliveries)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(notificationDeliveries.sendId, sendId),
        eq(notificationDeliveries.status, 'pending'),
        gte(notificationDeliveries.position, from),
        lt(notificationDeliveries.position, to),
      ),
    );
}

export async function cancelPending(db: Tx, sendId: string) {
  await db.update(notificationDeliveries).set({ status: 'cancelled' }).where(and(eq(notificationDeliveries.sendId, sendId), eq(notificationDeliveries.status, 'pending')));
}

export async function hasPending(db: Tx, sendId: string) {
  const [row] = await db
    .select({ p: notificationDeliveries.position })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.sendId, sendId), eq(notificationDeliveries.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/** The tap on a device: counted once, for the delivery of that send to that endpoint. */
export async function markOpened(db: Tx, sendId: string, endpoint: string, time: number) {
  await db
    .update(notificationDeliveries)
    .set({ openedTime: time })
    .where(and(eq(notificationDeliveries.sendId, sendId), eq(notificationDeliveries.endpoint, endpoint), sql`${notificationDeliveries.openedTime} IS NULL`, isNotNull(notificationDeliveries.deliveredTime)));
}

export type Figures = { delivered: number; failed: number; opened: number };

/** Delivered, failed (refused or gone) and opened per send, in one query. */
export async function figuresOf(db: Tx, ids: string[]): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: notificationDeliveries.sendId,
      delivered: sql<number>`count(*) FILTER (WHERE ${notificationDeliveries.status} = 'delivered')::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${notificationDeliveries.status} IN ('failed', 'gone'))::int`,
      opened: sql<number>`count(${notificationDeliveries.openedTime})::int`,
    })
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.sendId, ids))
    .groupBy(notificationDeliveries.sendId);
  for (const r of rows) out.set(r.id, { delivered: Number(r.delivered), failed: Number(r.failed), opened: Number(r.opened) });
  return out;
}

export interface FailedSend {
  id: string;
  kind: SendRow['kind'];
  translations: SendRow['translations'];
  sent_at: number;
  total: number;
  failed: number;
}

/**
 * The sends since `since` with deliveries the push service refused or never took ('failed'; a device gone
 * is not one: its subscription had ended), newest first, each with its counts, in one statement (issue 33).
 */
export function failedSends(db: Tx, since: number) {
  return readRows<FailedSend>(
    db,
    sql`SELECT s.id, s.kind, s.translations, coalesce(s.sent_time, s.send_time)::float8 AS sent_at, s.targeted AS total, f.failed
      FROM notification_sends s JOIN LATERAL (SELECT count(*)::int AS failed FROM notification_deliveries d WHERE d.send_id = s.id AND d.status = 'failed') f ON f.failed > 0
      WHERE coalesce(s.sent_time, s.send_time) >= ${since} ORDER BY sent_at DESC, s.id LIMIT 100`,
  );
}

// ------------------------------------------------------------------ a guest's history (issue 32)

/**
 * The sends that went to one guest account's devices (a delivery row planned for it, not cancelled, of a
 * send that went out), newest first: `limit + 1` rows from `offset`, so the caller knows whether there is
 * more. `time` is when the first of its devices got it, else when the send went out.
 */
export async function guestHistory(db: Tx, userId: string, limit: number, offset: number) {
  const d = notificationDeliveries;
  const s = notificationSends;
  const time = sql<number>`coalesce(min(${d.deliveredTime}), greatest(${s.sendTime}, coalesce(${s.waitingUntil}, 0)))`;
  const rows = await db
    .select({ id: s.id, translations: s.translations, redirect: s.redirect, time })
    .from(d)
    .innerJoin(s, eq(s.id, d.sendId))
    .where(and(eq(d.userId, userId), sql`${d.status} <> 'cancelled'`, inArray(s.status, ['sending', 'sent'])))
    .groupBy(s.id)
    .orderBy(desc(time), desc(s.id))
    .limit(limit + 1)
    .offset(offset);
  return rows.map((r) => ({ ...r, time: Number(r.time) }));
}

// ------------------------------------------------------------------ the composer's search (issue 32)

/**
 * Guest accounts whose last or first name or e-mail starts with the text (without case or accents), or
 * whose client number it is; those with a device subscribed first, then by name; `limit` rows.
 */
export async function searchGuests(db: Tx, text: string, limit: number) {
  const prefix = foldedPrefix(text);
  const rows = await readRows<{ _id: string; firstname: string; lastname: string; email: string; client_number: string | null; devices: number }>(
    db,
    sql`SELECT * FROM (
        SELECT u.id AS _id, coalesce(u.firstname, '') AS firstname, coalesce(u.lastname, '') AS lastname, coalesce(u.email, '') AS email, u.client_number,
          (SELECT count(*)::int FROM push_subscriptions p WHERE p.user_id = u.id) AS devices, u.lastname_key, u.firstname_key
        FROM (SELECT * FROM webapp_users WHERE lastname_key LIKE ${prefix} OR firstname_key LIKE ${prefix} OR email_key LIKE ${prefix} OR number_key = people_number_key(${text}) LIMIT 200) u
      ) m
      ORDER BY m.devices > 0 DESC, m.lastname_key, m.firstname_key, m._id
      LIMIT ${limit}`,
  );
  return rows.map(({ _id, firstname, lastname, email, client_number, devices }) => ({ _id, firstname, lastname, email, client_number, devices: Number(devices) }));
}
