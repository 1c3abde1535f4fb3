import { EMAILS, INVENTORIES } from '@campsite/shared';
import { loadBranding } from '../../platform/mail/branding';
import { catalogTranslations } from '../../platform/mail/catalog';
import { chooseLang } from '../../platform/mail/render';
import { stayWithClient } from '../../platform/people/clients.repository';
import type { Deps } from '../../http/deps';
import { HttpError, tooMany } from '../../http/errors';
import { mailFailure } from '../../integrations/mailer';
import { sendTemplate } from '../../platform/mail/send';
import { dropHits, takeHits } from '../../platform/throttle/throttle.repository';
import { reportOf } from './report.pdf';

/** One report mail a minute per stay (a double click, an impatient second try). */
const MAIL_WINDOW = 60;

/** Mails the report to the stay's client in their language; staff wait for the answer (502 when the server refuses). */
export async function sendReport(deps: Deps, stayNumber: string) {
  // the PDF in the language the mail is written in (issue 32: a German mail carried a French PDF), chosen
  // as every mail's (the client's, else English, else the default language)
  const langage = (await stayWithClient(deps.db, stayNumber))?.langage ?? null;
  const lang = chooseLang(catalogTranslations('inventory-report-email'), langage, await loadBranding(deps));
  const report = await reportOf(deps, stayNumber, lang);
  if (!report) return false as const;
  const email = report.stay.email1 ?? report.stay.email2;
  if (!email) throw new HttpError(400, INVENTORIES.noGuestEmail, { stay_number: INVENTORIES.noGuestEmail });
  const now = deps.now();
  const taken = await takeHits(deps.db, [{ bucket: `inventory-report:${stayNumber}`, max: 1, since: now - MAIL_WINDOW }], now);
  if ('full' in taken) throw tooMany(INVENTORIES.pdfTooManyMails, MAIL_WINDOW);
  try {
    await sendTemplate(
      deps,
      'inventory-report-email',
      { email, firstname: report.stay.firstname, lastname: report.stay.lastname, code: null, lang: report.stay.langage },
      {},
      { attachments: [{ filename: report.filename, content: report.pdf, contentType: 'application/pdf' }] },
    );
  } catch (err) {
    // not sent: a second try may follow at once
    await dropHits(deps.db, taken.ids);
    const { kind, reason } = mailFailure(err);
    throw new HttpError(502, kind === 'down' ? EMAILS.smtpUnreachable : reason);
  }
  return { email };
}
