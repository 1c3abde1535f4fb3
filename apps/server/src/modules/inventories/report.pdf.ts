import type { Lang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { reportWords } from './report.texts';
import { loadBranding } from '../../platform/mail/branding';
import { pdfImage, PDF_SIDE } from '../../lib/images';
import { bytesForSide } from '../../platform/files/files.repository';
import { staffReader, stayDocs } from './core.service';
import { renderReport } from './inventories.pdf';
import * as repo from './inventories.repository';
import { stayWithClient } from '../../platform/people/clients.repository';

/**
 * The stay's PDF report, or null when the stay has no saved inventory. French (the establishment's
 * document) unless `lang` is given: the guest's, for the mail they receive (issue 32), with the items'
 * names in it as the guest app shows them.
 */
export async function reportOf(deps: Deps, stayNumber: string, lang?: Lang) {
  const stay = await stayWithClient(deps.db, stayNumber);
  if (!stay) return null;
  const docs = await stayDocs(deps.db, stay, lang ? { ...staffReader, lang } : staffReader);
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
    words: reportWords(lang ?? 'fr'),
  });
  return { pdf, filename: `inventaire-${stay.stayNumber.replace(/[^\w-]/g, '_')}.pdf`, stay };
}
