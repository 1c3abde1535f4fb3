import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Campaign } from '@campsite/shared';
import { CAMPAIGN_PREVIEW } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { emailCampaigns, emailRecipients, jobs } from '../../db/schema';
import type { CampaignKind } from '../../db/schema';
import { readRows } from '../../db/rows';

type CampaignRow = typeof emailCampaigns.$inferSelect;
type RecipientRow = typeof emailRecipients.$inferSelect;
export type NewRecipient = Omit<typeof emailRecipients.$inferInsert, 'campaignId' | 'position' | 'status'>;

const LIST_LIMIT = 200;

export const insertCampaign = (db: Tx, row: typeof emailCampaigns.$inferInsert) => db.insert(emailCampaigns).values(row);

/** The addresses in order, as positions 0…n-1 (the batches are ranges of positions). */
export async function insertRecipients(db: Tx, campaignId: string, rows: NewRecipient[]) {
  // a bound parameter per column: 1 000 rows a statement stays far below PostgreSQL's 65 535
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(emailRecipients).values(rows.slice(i, i + 1000).map((r, j) => ({ ...r, campaignId, position: i + j, status: 'pending' as const })));
  }
}

export async function lockCampaign(db: Tx, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function campaignRow(db: Tx, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).limit(1);
  return row ?? null;
}

export async function setCampaign(db: Tx, id: string, set: Partial<typeof emailCampaigns.$inferInsert>, onlyIf?: CampaignRow['status'][]) {
  const rows = await db
    .update(emailCampaigns)
    .set(set)
    .where(and(eq(emailCampaigns.id, id), onlyIf ? inArray(emailCampaigns.status, onlyIf) : undefined))
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

/** Addresses of [from, to) still to send, in order. */
export function pendingRecipients(db: Tx, campaignId: string, from: number, to: number) {
  return db
    .select()
    .from(emailRecipients)
    .where(
      and(
        eq(emailRecipients.campaignId, campaignId),
        eq(emailRecipients.status, 'pending'),
        gte(emailRecipients.position, from),
        lt(emailRecipients.position, to),
      ),
    )
    .orderBy(emailRecipients.position);
}

/** Records one address's outcome, if it is still pending (a cancel may have come first). */
export async function recordRecipient(db: Tx, campaignId: string, position: number, set: { status: 'sent' | 'failed' | 'cancelled'; error?: string; sentTime?: number }) {
  await db
    .update(emailRecipients)
    .set({ status: set.status, error: set.error ?? null, sentTime: set.sentTime ?? null })
    .where(and(eq(emailRecipients.campaignId, campaignId), eq(emailRecipients.position, position), eq(emailRecipients.status, 'pending')));
}

/**
 * Notes that the address's mail is being handed to the SMTP server (before the send): if the process dies
 * before its outcome is recorded, the batch taken again sends it again and knows it may be a second copy.
 * Answers false when the address is no longer pending (a cancel came first).
 */
export async function beginSend(db: Tx, campaignId: string, position: number): Promise<boolean> {
  const rows = await db
    .update(emailRecipients)
    .set({ sends: sql`${emailRecipients.sends} + 1` })
    .where(and(eq(emailRecipients.campaignId, campaignId), eq(emailRecipients.position, position), eq(emailRecipients.status, 'pending')))
    .returning({ sends: emailRecipients.sends });
  return rows.length > 0;
}

/** The SMTP server did not take the mail (a passing failure): this send does not count. */
export async function undoSend(db: Tx, campaignId: string, position: number) {
  await db
    .update(emailRecipients)
    .set({ sends: sql`greatest(${emailRecipients.sends} - 1, 0)` })
    .where(and(eq(emailRecipients.campaignId, campaignId), eq(emailRecipients.position, position), eq(emailRecipients.status, 'pending')));
}

export async function failPending(db: Tx, campaignId: string, from: number, to: number, error: string) {
  await db
    .update(emailRecipients)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(emailRecipients.campaignId, campaignId),
        eq(emailRecipients.status, 'pending'),
        gte(emailRecipients.position, from),
        lt(emailRecipients.position, to),
      ),
    );
}

export async function cancelPending(db: Tx, campaignId: string) {
  await db
    .update(emailRecipients)
    .set({ status: 'cancelled' })
    .where(and(eq(emailRecipients.campaignId, campaignId), eq(emailRecipients.status, 'pending')));
}

export async function hasPending(db: Tx, campaignId: string) {
  const [row] = await db
    .select({ p: emailRecipients.position })
    .from(emailRecipients)
    .where(and(eq(emailRecipients.campaignId, campaignId), eq(emailRecipients.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

type Counts = { sent: number; failed: number; twice: number };
type Retry = { at: number; error: string };

/**
 * Campaigns whose batch failed for a while and waits for its next try: the earliest next try and its
 * error. Reads the few queued jobs of `kind` (the due index), never a finished one.
 */
async function retriesOf(db: Tx, kind: string, ids: string[]): Promise<Map<string, Retry>> {
  const out = new Map<string, Retry>();
  if (ids.length === 0) return out;
  const campaign = sql<string>`${jobs.payload}->>'campaign'`;
  const rows = await db
    .select({ id: campaign, at: jobs.runAt, error: jobs.lastError })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), eq(jobs.kind, kind), isNotNull(jobs.lastError), inArray(campaign, ids)))
    .orderBy(jobs.runAt);
  for (const r of rows) if (!out.has(r.id) && r.error) out.set(r.id, { at: Number(r.at), error: r.error });
  return out;
}

/** Counts the outcomes of a campaign's addresses (stored on the campaign when it ends). */
export async function countOutcomes(db: Tx, id: string): Promise<Counts> {
  return (await countsOf(db, [id])).get(id) ?? { sent: 0, failed: 0, twice: 0 };
}

async function countsOf(db: Tx, ids: string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: emailRecipients.campaignId,
      status: emailRecipients.status,
      n: sql<number>`count(*)::int`,
      twice: sql<number>`(count(*) FILTER (WHERE ${emailRecipients.sends} > 1))::int`,
    })
    .from(emailRecipients)
    .where(and(inArray(emailRecipients.campaignId, ids), inArray(emailRecipients.status, ['sent', 'failed'])))
    .groupBy(emailRecipients.campaignId, emailRecipients.status);
  for (const r of rows) {
    const c = out.get(r.id) ?? { sent: 0, failed: 0, twice: 0 };
    c[r.status as 'sent' | 'failed'] = Number(r.n);
    if (r.status === 'sent') c.twice = Number(r.twice);
    out.set(r.id, c);
  }
  return out;
}

const toAddress = (r: RecipientRow) => ({
  client_number: r.clientNumber,
  email: r.email,
  firstname: r.firstname,
  lastname: r.lastname,
  code: r.code,
  lang: r.lang,
  user: r.userId,
  status: r.status,
  error: r.error,
});

const finished = (c: CampaignRow) => c.status === 'sent' || c.status === 'cancelled';

function toCampaign(c: CampaignRow, live: Counts | undefined, recipients: RecipientRow[], retry: Retry | undefined): Campaign {
  const counts = finished(c) ? { sent: c.sentCount, failed: c.failedCount, twice: c.twiceCount } : live;
  const list = recipients.map(toAddress);
  return {
    _id: c.id,
    sent: c.status === 'sent' && c.sentTime ? c.sentTime : false,
    sent_list: list.filter((r) => r.status === 'sent').map((r) => r.email),
    email_list: list,
    translations: c.translations,
    timestamp: c.sendTime,
    user: c.userId,
    create_time: c.createdTime,
    update_time: c.updatedTime,
    template: c.template,
    status: c.status,
    total: c.total,
    sent_count: counts?.sent ?? 0,
    failed_count: counts?.failed ?? 0,
    sent_twice: counts?.twice ?? 0,
    cancelled_time: c.cancelledTime,
    retry: finished(c) ? null : (retry ?? null),
  };
}

/** The newest campaigns first, each with its counts, its first addresses and its next try, in four queries. */
export async function listCampaigns(db: Tx, kind: CampaignKind, batchKind: string): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.kind, kind))
    .orderBy(desc(emailCampaigns.sendTime), desc(emailCampaigns.createdTime))
    .limit(LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const running = rows.filter((r) => !finished(r)).map((r) => r.id);
  const [counts, retries, preview] = await Promise.all([
    countsOf(db, running),
    retriesOf(db, batchKind, running),
    db
      .select()
      .from(emailRecipients)
      .where(and(inArray(emailRecipients.campaignId, ids), lt(emailRecipients.position, CAMPAIGN_PREVIEW)))
      .orderBy(emailRecipients.campaignId, emailRecipients.position),
  ]);
  const byCampaign = new Map<string, RecipientRow[]>();
  for (const r of preview) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r]);
  return rows.map((c) => toCampaign(c, counts.get(c.id), byCampaign.get(c.id) ?? [], retries.get(c.id)));
}

export async function findCampaign(db: Tx, id: string, batchKind: string): Promise<Campaign | null> {
  const c = await campaignRow(db, id);
  if (!c) return null;
  const [counts, retries, recipients] = await Promise.all([
    countsOf(db, [id]),
    retriesOf(db, batchKind, finished(c) ? [] : [id]),
    db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, id)).orderBy(emailRecipients.position),
  ]);
  return toCampaign(c, counts.get(id), recipients, retries.get(id));
}

/**
 * When each of these clients was last sent the app's code (a mail of a 'prestay' campaign: the pre-stay
 * e-mail or the client card's 'send the code'), in one statement (issue 33: the to-do list's app state).
 */
export async function codeMailsSent(db: Tx, clientNumbers: string[]): Promise<Map<string, number>> {
  if (!clientNumbers.length) return new Map();
  const rows = await readRows<{ client_number: string; sent_time: number }>(
    db,
    sql`SELECT r.client_number, max(r.sent_time)::float8 AS sent_time FROM email_recipients r JOIN email_campaigns c ON c.id = r.campaign_id AND c.kind = 'prestay'
      WHERE r.client_number = ANY(${sql.param(clientNumbers)}::text[]) AND r.status = 'sent' AND r.client_number IS NOT NULL
      GROUP BY r.client_number`,
    true,
  );
  return new Map(rows.map((r) => [r.client_number, Number(r.sent_time)]));
}

export interface FailedCampaign {
  id: string;
  kind: CampaignKind;
  translations: CampaignRow['translations'];
  send_time: number;
  total: number;
  failed: number;
}

/** The campaigns sent since `since` with failed addresses, newest first, each with its count, in one statement. */
export function failedCampaigns(db: Tx, since: number) {
  return readRows<FailedCampaign>(
    db,
    sql`SELECT c.id, c.kind, c.translations, c.send_time::float8 AS send_time, c.total, f.failed
      FROM email_campaigns c JOIN LATERAL (SELECT count(*)::int AS failed FROM email_recipients r WHERE r.campaign_id = c.id AND r.status = 'failed') f ON f.failed > 0
      WHERE c.send_time >= ${since} ORDER BY c.send_time DESC, c.id LIMIT 100`,
  );
}
