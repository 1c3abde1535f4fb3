import { EMAILS } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { mailFailure } from '../../integrations/mailer';
import { handleJob, type JobArea, type Job } from '../../jobs';
import { contactOf, contactsOf } from '../emails/public';
import { loadBranding } from '../../platform/mail/branding';
import { chooseLang, recipientVariables, renderMail } from '../../platform/mail/render';
import { unsubscribeUrl } from '../emails/public';
import { campaignBatchJob, type BatchPayload } from './cron-mail.jobs';
import * as repo from './cron-mail.repository';

/** How often a batch looks whether its campaign was cancelled meanwhile. */
const CANCEL_CHECK_EVERY = 20;

/**
 * One batch of a campaign: each address is sent, then recorded as sent before the next one, so a batch
 * taken again after a crash sends only what was not recorded. An address the SMTP server refuses for good
 * (5xx) is marked failed with the server's reason; a passing failure (4xx, connection) fails the job with
 * its French reason (the campaign list shows it with the time of the next try), and the scheduler retries
 * with back-off; when the batch is given up (its last try failed, or its process died on every try) its
 * remaining addresses are marked failed with that reason, so that a campaign always ends.
 */
export async function sendBatch(deps: Deps, job: Job<BatchPayload>) {
  const { campaign: id, from, to } = job.payload;
  const campaign = await repo.campaignRow(deps.db, id);
  if (!campaign || campaign.status === 'cancelled') return;
  if (campaign.status === 'scheduled') await repo.setCampaign(deps.db, id, { status: 'sending', updatedTime: deps.now() }, ['scheduled']);
  const branding = await loadBranding(deps);
  const pending = await repo.pendingRecipients(deps.db, id, from, to);
  // a campaign (not a pre-stay mail, which is about the guest's stay) carries an unsubscribe link, and
  // skips the addresses that used one
  const contacts = campaign.kind === 'campaign' ? await contactsOf(deps.db, pending.map((r) => r.email), deps.now()) : null;
  for (const [i, r] of pending.entries()) {
    if (job.signal.aborted) return { again: deps.now() };
    if (i > 0 && i % CANCEL_CHECK_EVERY === 0 && (await repo.campaignRow(deps.db, id))?.status === 'cancelled') return;
    const contact = contacts && contactOf(contacts, r.email);
    if (contact?.unsubscribedTime) {
      await repo.recordRecipient(deps.db, id, r.position, { status: 'cancelled', error: EMAILS.unsubscribed });
      continue;
    }
    const lang = chooseLang(campaign.translations, r.lang, branding);
    const unsubscribe = contact ? unsubscribeUrl(branding.guestBase, contact.token, lang) : undefined;
    const mail = renderMail(branding, campaign.translations, lang, recipientVariables(branding, r, lang), { logo: 'cid', unsubscribe });
    // noted before the send: a process that dies before the record below leaves the mark, and the address,
    // sent again by the next try, is counted once and shown as perhaps sent twice
    if (!(await repo.beginSend(deps.db, id, r.position))) continue;
    try {
      await deps.mailer.send({ ...mail, to: r.email, from: branding.establishment, replyTo: branding.sender, unsubscribe });
    } catch (err) {
      const { kind, reason } = mailFailure(err);
      if (kind === 'refused') {
        await repo.recordRecipient(deps.db, id, r.position, { status: 'failed', error: reason });
        continue;
      }
      // the SMTP server did not take it: not a send
      await repo.undoSend(deps.db, id, r.position).catch(() => {});
      throw new Error(reason, { cause: err });
    }
    await repo.recordRecipient(deps.db, id, r.position, { status: 'sent', sentTime: deps.now() });
  }
  await completeIfDone(deps, id);
}

/** The last batch to finish dates the campaign: 'sent' once no address is pending. */
async function completeIfDone(deps: Deps, id: string) {
  await deps.db.transaction(async (tx) => {
    const c = await repo.lockCampaign(tx, id);
    if (!c || (c.status !== 'scheduled' && c.status !== 'sending')) return;
    if (await repo.hasPending(tx, id)) return;
    const now = deps.now();
    const counts = await repo.countOutcomes(tx, id);
    await repo.setCampaign(tx, id, { status: 'sent', sentTime: now, updatedTime: now, sentCount: counts.sent, failedCount: counts.failed, twiceCount: counts.twice });
  });
}

/** A batch given up: what it had not sent is failed with the last reason, and the campaign ends. */
async function giveUpBatch(deps: Deps, job: Job<BatchPayload>, error: string) {
  const { campaign: id, from, to } = job.payload;
  await repo.failPending(deps.db, id, from, to, error.slice(0, 500));
  await completeIfDone(deps, id);
}

/** The campaigns' batches (pre-stay mails are campaigns of one address: prestay.jobs.ts scans for them). */
export const cronMailMails: JobArea = [handleJob(campaignBatchJob, sendBatch, { onGiveUp: giveUpBatch })];
