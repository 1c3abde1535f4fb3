import type { Tx } from '../../db/client';
import { csvDay, csvTime, fileDay, type CsvExport } from '../../platform/csv/csv-export';
import { stayConditions, stayExportPage, type StayExportRow, type StayFilters } from './stays.repository';

/** The stays of the list's filters, in number order, with their client's name. */
export function stayExport(db: Tx, f: StayFilters, now: number, tz: string): CsvExport<StayExportRow> {
  const where = stayConditions(f, now);
  return {
    name: 'sejours',
    day: fileDay(now, tz),
    header: ['N° séjour', 'N° client', 'Nom', 'Prénom', 'Emplacement', "Catégorie d'emplacement", 'Arrivée', "Heure d'arrivée", 'Départ', 'Heure de départ', 'Participants', 'Création', 'Modification'],
    page: (last, size) => stayExportPage(db, where, last, size),
    cells: (r) => [
      r.stay_number,
      r.client_number,
      r.lastname,
      r.firstname,
      r.location,
      r.location_category,
      csvDay(r.arrival, tz),
      r.arrival_time,
      csvDay(r.departure, tz),
      r.departure_time,
      r.participants.map((p) => `${p.firstname} ${p.lastname}`.trim()).join(', '),
      csvTime(r.created_time, tz),
      csvTime(r.edited_time, tz),
    ],
  };
}
