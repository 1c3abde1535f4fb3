import { REVIEWS, answerText, type Review } from '@campsite/shared';
import type { DashboardUser } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { csvTime, fileDay, type CsvExport } from '../../platform/csv/csv-export';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as repo from './reviews.repository';
import { EXTRACT_TTL } from './reviews.service';

/**
 * The header never depends on the reviews exported (a selection may mix questionnaires, a questionnaire
 * may have changed): the fixed columns, then ten pairs of question and answer (001 §9: at most 10 questions).
 */
export const EXTRACT_HEADER = [
  'Date',
  'Questionnaire',
  'Nom',
  'Prénom',
  'E-mail',
  'N° client',
  'N° séjour',
  'Langue',
  'Note moyenne',
  ...Array.from({ length: 10 }, (_, i) => [`Question ${i + 1}`, `Réponse ${i + 1}`]).flat(),
];

/** Rows a query reads at once: the embedded PGlite runs a query on the event loop, 500 wide rows held it 100–250 ms. */
const SLICE = 100;
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The export's page of `size` rows, read SLICE at a time with the event loop given back between. */
async function pageInSlices(deps: Deps, filter: repo.ReviewFilter, last: Review | null, size: number) {
  const rows: Review[] = [];
  let after = last;
  while (rows.length < size) {
    const slice = await repo.reviewsAfter(deps.db, filter, after, Math.min(SLICE, size - rows.length));
    rows.push(...slice);
    if (slice.length < SLICE) break;
    after = slice[slice.length - 1];
    await yieldLoop();
  }
  return rows;
}

const who = (r: Review) => ({
  lastname: r.user?.lastname || r.client?.lastname || '',
  firstname: r.user?.firstname || r.client?.firstname || '',
  email: r.user?.email || r.client?.email1 || r.client?.email2 || '',
});

/**
 * 'Extraire' (001 §7: the POST kept the selection, this GET downloads it): the reviews oldest first, as the
 * people exports are written (BOM, ';', French dates, line breaks kept inside a quoted cell, a cell read as a
 * formula neutralised), streamed page by page. The questions and select answers in the default language;
 * the scores as numbers (a notation '4', the average '4,33' with the French decimal comma a French spreadsheet reads).
 */
export async function extractCsv(deps: Deps, user: DashboardUser, id: string): Promise<CsvExport<Review>> {
  const now = deps.now();
  const selection = await repo.findExtract(deps.db, id, user._id, now - EXTRACT_TTL);
  if (!selection) throw badRequest(REVIEWS.extractGone, { id: REVIEWS.extractGone });
  const tz = deps.env.TIME_ZONE;
  const { lang_default } = await getGlobalSettings(deps.db);
  const filter = selection.ids ? { ids: selection.ids } : { type: 'global', ...selection.filter };
  return {
    name: 'avis',
    day: fileDay(now, tz),
    header: EXTRACT_HEADER,
    page: (last, size) => pageInSlices(deps, filter, last, size),
    cells: (r) => {
      const p = who(r);
      const pairs = r.questions.slice(0, 10).flatMap((q, i) => {
        const title = (q.translations.find((t) => t.lang === lang_default) ?? q.translations[0])?.title ?? '';
        const a = r.answers[i] ?? null;
        // a score is a number a spreadsheet can average ('4'), not the screen's '4 / 5'
        return [title, q.type === 'notation' && typeof a === 'number' ? a : answerText(q, a, lang_default)];
      });
      while (pairs.length < 20) pairs.push('');
      return [csvTime(r.completed, tz), r.model_name, p.lastname, p.firstname, p.email, r.client?.client_number ?? '', r.stay_number ?? '', r.lang, r.score === null ? '' : r.score.toFixed(2).replace('.', ','), ...pairs];
    },
  };
}
