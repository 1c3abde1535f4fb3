import { REVIEWS, answerText } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { mailFailure } from '../../integrations/mailer';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { sendTemplate } from '../emails/send';
import * as repo from './reviews.repository';

const escape = (s: string) => s.replace(/[&<>"'#]/g, (c) => `&#${c.charCodeAt(0)};`);

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
      return `<p><strong>${escape(title)}</strong><br>${escape(answer).replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
  const reply = guestEmail ? `<p><a href="mailto:${encodeURI(guestEmail)}">Répondre à ${escape(name)}</a></p>` : '';
  const content =
    `<p>${escape(name)}${review.stay_number ? ` (séjour n° ${escape(review.stay_number)})` : ''} a répondu au questionnaire « ${escape(review.model_name)} » ` +
    `avec une note moyenne de ${score} / 5.</p>${rows}${reply}<p>Tous les avis sont dans « Lire les avis » du tableau de bord.</p>`;
  for (const to of recipients) {
    try {
      await sendTemplate(deps, { translations: [{ lang: 'fr', title: REVIEWS.alertSubject(score), content }] }, { ...to, code: null, lang: 'fr' }, {}, guestEmail ? { replyTo: guestEmail } : {});
    } catch (err) {
      if (mailFailure(err).kind !== 'refused') throw err;
    }
  }
}
