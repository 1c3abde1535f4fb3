import { PEOPLE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { csvDay, csvTime, fileDay, type CsvExport } from '../../platform/csv/csv-export';
import { userConditions, userExportPage, type WebappUserExportRow, type WebappUserFilters } from './webapp-users.repository';

const CIVILITY = { homme: PEOPLE.monsieur, femme: PEOPLE.madame, other: PEOPLE.other } as const;

/** The guest app users of the list's filters, in id order (the only key every account has), with their stay's days. */
export function userExport(db: Tx, f: WebappUserFilters, now: number, tz: string): CsvExport<WebappUserExportRow> {
  const where = userConditions(f);
  return {
    name: 'utilisateurs-application',
    day: fileDay(now, tz),
    header: ['N° client', 'Civilité', 'Nom', 'Prénom', 'E-mail', 'Téléphone', 'Date de naissance', 'Langue', 'Compte activé', 'N° séjour', 'Arrivée', 'Départ', 'Inscription'],
    page: (last, size) => userExportPage(db, where, last, size),
    cells: (r) => [
      r.client_number,
      r.civility ? CIVILITY[r.civility] : '',
      r.lastname,
      r.firstname,
      r.email,
      r.phone,
      csvDay(r.birthday, tz),
      r.langage,
      r.activate ? PEOPLE.yes : PEOPLE.no,
      r.stay_number,
      csvDay(r.arrival, tz),
      csvDay(r.departure, tz),
      csvTime(r.created_time, tz),
    ],
  };
}
