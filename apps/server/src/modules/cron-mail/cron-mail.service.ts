import type { DashboardUser, EmailTranslation, ParsedBody } from '@campsite/shared';
import { CAMPAIGN_MAX_AHEAD, EMAILS, cronMail as calls, emailLanguageIssues } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { campaignBatchJob } from './cron-mail.jobs';
import * as repo from './cron-mail.repository';
import type { NewRecipient } from './cron-mail.repository';

/** Addresses per job: a batch is the unit a crash can interrupt and a retry resumes. */
export const BATCH_SIZE = 100;
/** 'Send now' from a browser whose clock is a little behind is still now, not a date in the past. */
const NOW_TOLERANCE = 600;

/**
 * Writes a campaign, its addresses and one job per batch of them, in the caller's transaction: the
 * campaign exists with its jobs or not at all. The same address twice (client and user, two clients
 * sharing one) is kept once.
 */
export async function planCampaign(
  deps: Deps,
  tx: Tx,
  c: { kind: 'campaign' | 'prestay'; translations: EmailTranslation[]; sendTime: number; userId: string | null; template: string | null },
  recipients: NewRecipient[],
) {
  const now = deps.now();
  const seen = new Set<string>();
  const unique = recipients.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const id = newId();
  await repo.insertCampaign(tx, {
    id,
    kind: c.kind,
    template: c.template,
    translations: c.translations,
    sendTime: c.sendTime,
    status: 'scheduled',
    total: unique.length,
    userId: c.userId,
    createdTime: now,
    updatedTime: now,
  });
  await repo.insertRecipients(tx, id, unique);
  for (let from = 0; from < unique.length; from += BATCH_SIZE) {
    await campaignBatchJob.enqueue(deps, { campaign: id, from, to: Math.min(from + BATCH_SIZE, unique.length) }, { runAt: Math.max(c.sendTime, now), tx });
  }
  return id;
}

export const listCampaigns = (deps: Deps) => repo.listCampaigns(deps.db, 'campaign', campaignBatchJob.kind);

export async function findCampaign(deps: Deps, id: string) {
  return (await repo.findCampaign(deps.db, id, campaignBatchJob.kind)) ?? (false as const);
}

export async function insertCampaign(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.insert>) {
  const now = deps.now();
  if (body.timestamp < now - NOW_TOLERANCE) throw badRequest(EMAILS.dateInFuture, { timestamp: EMAILS.dateInFuture });
  if (body.timestamp > now + CAMPAIGN_MAX_AHEAD) throw badRequest(EMAILS.dateTooFar, { timestamp: EMAILS.dateTooFar });
  if (body.email_list.length === 0) throw badRequest(EMAILS.noAddress, { email_list: EMAILS.noAddress });
  const translations = body.translations.map((t) => ({ lang: t.lang, title: t.title.trim(), content: sanitizeRichText(t.content) }));
  const id = await deps.db.transaction(async (tx) => {
    const { lang_default } = await getGlobalSettings(tx);
    const issues = emailLanguageIssues(translations, lang_default);
    const first = Object.values(issues)[0];
    if (first) throw badRequest(first, issues);
    const recipients = body.email_list.map((r) => ({
      clientNumber: r.client_number,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      code: r.code,
      lang: r.lang,
      userId: r.user,
    }));
    return planCampaign(deps, tx, { kind: 'campaign', translations, sendTime: Math.max(body.timestamp, now), userId: user._id, template: body.template ?? null }, recipients);
  });
  deps.jobs.poke();
  return (await repo.findCampaign(deps.db, id, campaignBatchJob.kind))!;
}

/**
 * Cancels what is not sent yet (ours: the spec's button does nothing): the waiting addresses are marked
 * cancelled and the batch jobs dropped, in one transaction with the campaign locked, so that a batch
 * starting at that moment finds nothing left to send.
 */
export async function cancelCampaign(deps: Deps, user: DashboardUser, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const c = await repo.lockCampaign(tx, id);
    if (!c || c.kind !== 'campaign') return false;
    if (c.status === 'sent') throw badRequest(EMAILS.alreadySent, { id: EMAILS.alreadySent });
    if (c.status === 'cancelled') throw badRequest(EMAILS.alreadyCancelled, { id: EMAILS.alreadyCancelled });
    const now = deps.now();
    await repo.cancelPending(tx, id);
    const counts = await repo.countOutcomes(tx, id);
    await repo.setCampaign(tx, id, {
      status: 'cancelled',
      cancelledTime: now,
      cancelledBy: user._id,
      updatedTime: now,
      sentCount: counts.sent,
      failedCount: counts.failed,
      twiceCount: counts.twice,
    });
    await campaignBatchJob.cancel(deps, { campaign: id }, tx);
    return true;
  });
  return done ? (await repo.findCampaign(deps.db, id, campaignBatchJob.kind))! : (false as const);
}
