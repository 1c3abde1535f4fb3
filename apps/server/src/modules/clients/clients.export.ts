import { PEOPLE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { clientConditions, type ClientFilters } from './clients.repository';
import { clientExportPage, type ClientExportRow } from './export.repository';
import { csvDay, csvTime, fileDay, type CsvExport } from '../../platform/csv/csv-export';

/** The client files of the list's filters, in number order (the list's default), latest stay included. */
export function clientExport(db: Tx, f: ClientFilters, now: number, tz: string): CsvExport<ClientExportRow> {
  const where = clientConditions(f, now);
  return {
    name: 'fiches-clients',
    day: fileDay(now, tz),
    header: ['N° client', "Code d'activation", 'Civilité', 'Nom', 'Prénom', 'Date de naissance', 'Langue', 'E-mail', 'E-mail 2', 'Téléphone', 'Téléphone 2', 'Téléphone 3', 'Type', 'Arrivée', 'Départ', 'Emplacement', 'Création', 'Modification'],
    page: (last, size) => clientExportPage(db, where, last, size),
    cells: (r) => [
      r.client_number,
      r.activation_code,
      r.civility === 'male' ? PEOPLE.monsieur : r.civility === 'female' ? PEOPLE.madame : '',
      r.lastname,
      r.firstname,
      csvDay(r.birthday, tz),
      r.langage,
      r.email1,
      r.email2,
      r.phone1,
      r.phone2,
      r.phone3,
      r.client_type === 'resident' ? PEOPLE.resident : PEOPLE.tourist,
      csvDay(r.arrival, tz),
      csvDay(r.departure, tz),
      r.location,
      csvTime(r.created_time, tz),
      csvTime(r.edited_time, tz),
    ],
  };
}
