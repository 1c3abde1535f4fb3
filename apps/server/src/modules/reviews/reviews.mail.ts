import { answerText, isLang, reviewLink } from '@campsite/shared';
import type { EmailTranslation, Lang, NotificationTranslation } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import type { JobArea } from '../../jobs';
import { guestBase } from '../../lib/guest-url';
import { catalogTranslations } from '../../platform/mail/catalog';
import { escapeHtml } from '../../lib/html';
import { handleMailJob, unlessRefused } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { sendPush } from '../notifications/public';
import { reviewAlertJob, reviewInviteJob } from './reviews.jobs';
import * as invitations from './invitations.repository';
import * as repo from './reviews.repository';
import { tokenOf } from './token.service';
import { guestHasDevice } from '../../platform/people/guests.repository';

/** The questionnaire's notification texts as a push: every language it has, the default language always there. */
function pushTexts(translations: repo.ModelRow['translations'], defaultLang: string): NotificationTranslation[] {
  const list = translations
    .filter((t) => isLang(t.lang) && t.notification_title.trim() !== '')
    .map((t) => ({ lang: t.lang as Lang, title: t.notification_title, content: t.notification_content }));
  if (!list.some((t) => t.lang === defaultLang) && list.length && isLang(defaultLang)) list.push({ ...list[0], lang: defaultLang });
  return list;
}

/**
 * One invitation's send: a push to the guest's devices when they have one (opening the guest app's
 * reviews screen, where their questionnaire waits), else an e-mail in their language with the signed
 * link. Nothing for a questionnaire switched off or deleted since, or an invitation sent or answered.
 * The push is planned in the transaction that marks the invitation sent (once); a mail is marked after it
 * left (a crash between sends it again, with the same link). A refused mailbox ends it; a passing failure
 * throws (retried).
 */
export async function sendInvitation(deps: Deps, invitationId: string) {
  const found = await invitations.findInvitation(deps.db, invitationId);
  if (!found) return;
  const { invitation: inv, model } = found;
  if (inv.sentTime !== null || inv.answeredTime !== null) return;
  const mark = (channel: 'push' | 'email' | 'none', tx: Tx = deps.db) => invitations.markInvitation(tx, inv.id, { sentTime: deps.now(), channel });
  const guest = await invitations.guestOf(deps.db, inv);
  // one sent by hand (issue 32) goes whatever the questionnaire's 'Envoi'; a test link is never sent
  if ((model.type === '' && !invitations.isSentByHand(inv)) || invitations.isTest(inv) || !guest) return void (await mark('none'));
  const { lang_default } = await getGlobalSettings(deps.db);
  const texts = pushTexts(model.translations, lang_default);
  if (inv.userId && texts.length && (await guestHasDevice(deps.db, inv.userId))) {
    const userId = inv.userId;
    const pushed = await deps.db
      .transaction(async (tx) => {
        const locked = await invitations.lockInvitation(tx, inv.id);
        if (!locked || locked.sentTime !== null) return true;
        await sendPush(deps, { kind: 'users', users: [userId] }, texts, { type: 'reviews' }, { tx });
        await mark('push', tx);
        return true;
      })
      // a text the push refuses (too long once made, a language gone): the e-mail below
      .catch(() => false);
    if (pushed) return;
  }
  const email = (guest.email || inv.email || '').trim();
  if (!email) return void (await mark('none'));
  const token = await tokenOf(deps, inv);
  const base = guestBase(deps);
  const sent = await unlessRefused(() =>
    sendTemplate(
      deps,
      { translations: inviteMail(model.translations, lang_default) },
      { email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: inv.lang ?? guest.langage },
      (lang) => ({ lien: reviewLink(base, lang, token) }),
    ),
  );
  await mark(sent ? 'email' : 'none');
}

/**
 * The invitation (the catalog's 'review-invite-email') in each language the questionnaire is written in:
 * its notification title as the subject, its notification text and introduction, the button to the link.
 * sendTemplate then picks the guest's language, else English, else the default, as for every mail. A
 * questionnaire without a text in the default language still gets a mail: its first language stands in.
 */
export function inviteMail(translations: repo.ModelRow['translations'], defaultLang: string): EmailTranslation[] {
  const written = translations.filter((t) => isLang(t.lang) && t.notification_title.trim() !== '');
  const of = (lang: Lang) => written.find((t) => t.lang === lang)!;
  const mails = catalogTranslations(
    'review-invite-email',
    { title: (l) => of(l).notification_title.trim(), text: (l) => of(l).notification_content.trim(), intro: (l) => of(l).introduction.trim() },
    written.map((t) => t.lang as Lang),
  );
  // in the questionnaire's order, as it was written
  mails.sort((a, b) => written.findIndex((t) => t.lang === a.lang) - written.findIndex((t) => t.lang === b.lang));
  if (mails.length && isLang(defaultLang) && !mails.some((m) => m.lang === defaultLang)) mails.push({ ...mails[0], lang: defaultLang });
  return mails;
}

/**
 * The low-score alert (ours): a review whose average is at or below the threshold is e-mailed at once, in
 * French, to the addresses of the settings (else every staff account holding the reviews flag), with the
 * answers and a reply link to the guest (and the guest as Reply-To). The threshold is read again when it
 * runs: an alert switched off meanwhile sends nothing. A refused mailbox is skipped; a passing failure
 * throws (the job is retried; the recipients already sent to are sent again then, which a retry of a
 * rare SMTP failure may cost).
 */
export async function sendAlert(deps: Deps, reviewId: string) {
  const settings = await repo.readSettings(deps.db);
  const [review] = (await repo.reviewsAfter(deps.db, { ids: [reviewId] }, null, 1)) ?? [];
  if (!review || review.score === null || settings.alertThreshold <= 0 || review.score > settings.alertThreshold) return;
  const recipients = settings.alertEmails.length
    ? settings.alertEmails.map((email) => ({ email, firstname: '', lastname: '' }))
    : await repo.reviewsStaff(deps.db);
  const { lang_default } = await getGlobalSettings(deps.db);
  const guestEmail = review.user?.email || review.client?.email1 || '';
  const name = [review.user?.firstname || review.client?.firstname, review.user?.lastname || review.client?.lastname].filter(Boolean).join(' ') || 'Un client';
  const score = review.score.toFixed(2).replace('.', ',').replace(/,00$/, '');
  const rows = review.questions
    .map((q, i) => {
      const title = (q.translations.find((t) => t.lang === lang_default) ?? q.translations[0])?.title ?? '';
      const answer = answerText(q, review.answers[i] ?? null, lang_default) || '—';
      return `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(answer).replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
  const slots = { name, stay: review.stay_number ?? '', model: review.model_name, score, answers: { html: rows }, guest: guestEmail ? encodeURI(guestEmail) : '' };
  for (const to of recipients) {
    await unlessRefused(() => sendTemplate(deps, 'review-alert-email', { ...to, code: null, lang: 'fr' }, {}, { slots, ...(guestEmail ? { replyTo: guestEmail } : {}) }));
  }
}

/** The reviews area's mail jobs, queued by reviews.jobs.ts's kinds. */
export const reviewsMails: JobArea = [
  handleMailJob(reviewInviteJob, (deps, job) => sendInvitation(deps, job.payload.invitation)),
  handleMailJob(reviewAlertJob, (deps, job) => sendAlert(deps, job.payload.review)),
];
