import { epochToZoned } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { csvDay, fileDay, type CsvExport } from '../../platform/csv/csv-export';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { dayWindow } from './bookings.service';
import * as repo from './services.repository';

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (epoch: number, tz: string) => {
  const p = epochToZoned(epoch, tz);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

export const EXTRACT_HEADER = ['Date', 'Début', 'Fin', 'Prestation', 'Prestataire', 'Nom et prénom', 'N° client', 'Âge', 'Téléphone', 'Réponses', 'Réservé depuis'];

/**
 * 'Extraire' on the planning: the bookings of the service on the day holding `timestamp` (establishment's
 * time zone), by start, as the people exports are written (csv-export.ts: BOM, ';', French dates, a cell
 * read as a formula neutralised). False for an unknown service. A day holds a few hundred rows at most: one read.
 */
export async function extractDay(deps: Deps, serviceId: string, timestamp: number): Promise<CsvExport<repo.ReservationRow> | false> {
  const service = await repo.findService(deps.db, serviceId);
  if (!service) return false;
  const tz = deps.env.TIME_ZONE;
  const day = dayWindow(timestamp, 1, tz);
  const [rows, benefits, workers] = await Promise.all([
    repo.reservationsOfService(deps.db, serviceId, day.start, day.end),
    repo.listBenefits(deps.db, serviceId),
    repo.listWorkers(deps.db, serviceId),
  ]);
  const { lang_default } = await getGlobalSettings(deps.db);
  const benefitName = new Map(benefits.map((b) => [b.id, (b.translations.find((t) => t.lang === lang_default) ?? b.translations[0])?.subtitle ?? '']));
  const workerName = new Map(workers.map((w) => [w.id, `${w.firstname} ${w.lastname}`]));
  return {
    name: `reservations-${service.name.normalize('NFD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'service'}`,
    header: EXTRACT_HEADER,
    page: async (last) => (last ? [] : rows),
    cells: (r) => [
      csvDay(r.start, tz),
      hhmm(r.start, tz),
      hhmm(r.end, tz),
      benefitName.get(r.benefit) ?? '',
      workerName.get(r.worker) ?? '',
      r.identity ?? '',
      r.clientNumber ?? '',
      r.age,
      r.phone ?? '',
      r.answers.filter((a) => a !== '').join(' | '),
      r.source === 'webapp' ? 'Application' : 'Tableau de bord',
    ],
    day: fileDay(day.start, tz),
  };
}
