import { EMAILS, INVENTORIES } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError, tooMany } from '../../http/errors';
import { mailFailure } from '../../integrations/mailer';
import { loadBranding } from '../emails/render';
import { sendTemplate } from '../emails/send';
import { pdfImage, PDF_SIDE } from '../../lib/images';
import { bytesForSide } from '../../platform/files/files.repository';
import { dropHits, takeHits } from '../../platform/throttle/throttle.repository';
import { staffReader, stayDocs } from './inventories.core';
import { renderReport } from './inventories.pdf';
import * as repo from './inventories.repository';
import { REPORT_MAIL } from './report-mail';

/** The stay's PDF report, or null when the stay has no saved inventory. */
export async function reportOf(deps: Deps, stayNumber: string) {
  const stay = await repo.findStay(deps.db, stayNumber);
  if (!stay) return null;
  const docs = await stayDocs(deps.db, stay, staffReader);
  if (!docs.rows.length) return null;
  const arrival = docs.arrival?._id ? docs.arrival : null;
  const departure = docs.departure?._id ? docs.departure : null;
  const pictures = await repo.picturesOf(deps.db, docs.rows.map((r) => r.id));
  const photos = new Map<string, Buffer | null>();
  // one photo at a time (a report holds at most 60 of them), read from the smallest stored image at least
  // PDF_SIDE tall or wide, and embedded only as sharp encoded it just now (lib/images.ts pdfImage): a photo
  // stored before every upload was encoded again (a PNG whose pixel data is not zlib data, a 700 × 57 000
  // strip) is decoded by libvips off the event loop, never by pdfkit's JavaScript; one that does not decode
  // is drawn as an empty frame
  for (const p of pictures) {
    const bytes = await bytesForSide(deps.db, p.fileId, PDF_SIDE);
    photos.set(p.id, bytes && (await pdfImage(bytes)));
  }
  const branding = await loadBranding(deps);
  const pdf = await renderReport({
    establishment: branding.establishment,
    logo: branding.logo ? await pdfImage(branding.logo.content) : null,
    timeZone: deps.env.TIME_ZONE,
    now: deps.now(),
    arrival,
    departure,
    photos,
  });
  return { pdf, filename: `inventaire-${stay.stayNumber.replace(/[^\w-]/g, '_')}.pdf`, stay };
}

/** One report mail a minute per stay (a double click, an impatient second try). */
const MAIL_WINDOW = 60;

/** Mails the report to the stay's client in their language; staff wait for the answer (502 when the server refuses). */
export async function sendReport(deps: Deps, stayNumber: string) {
  const report = await reportOf(deps, stayNumber);
  if (!report) return false as const;
  const email = report.stay.email1 ?? report.stay.email2;
  if (!email) throw new HttpError(400, INVENTORIES.noGuestEmail, { stay_number: INVENTORIES.noGuestEmail });
  const now = deps.now();
  const taken = await takeHits(deps.db, [{ bucket: `inventory-report:${stayNumber}`, max: 1, since: now - MAIL_WINDOW }], now);
  if ('full' in taken) throw tooMany(INVENTORIES.pdfTooManyMails, MAIL_WINDOW);
  try {
    await sendTemplate(
      deps,
      { translations: REPORT_MAIL },
      { email, firstname: report.stay.firstname, lastname: report.stay.lastname, code: null, lang: report.stay.langage },
      {},
      { copy: 'inventories', attachments: [{ filename: report.filename, content: report.pdf, contentType: 'application/pdf' }] },
    );
  } catch (err) {
    // not sent: a second try may follow at once
    await dropHits(deps.db, taken.ids);
    const { kind, reason } = mailFailure(err);
    throw new HttpError(502, kind === 'down' ? EMAILS.smtpUnreachable : reason);
  }
  return { email };
}
