import { and, sql } from 'drizzle-orm';
import { PEOPLE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { csvDay, csvTime, type CsvExport } from '../clients/csv-export';
import { userConditions, type WebappUserFilters } from './webapp-users.repository';

interface Row {
  id: string;
  client_number: string | null;
  civility: 'homme' | 'femme' | 'other' | null;
  lastname: string;
  firstname: string;
  email: string;
  phone: string | null;
  birthday: number | null;
  langage: string | null;
  activate: boolean;
  stay_number: string | null;
  arrival: number | null;
  departure: number | null;
  created_time: number;
}

const CIVILITY = { homme: PEOPLE.monsieur, femme: PEOPLE.madame, other: PEOPLE.other } as const;

/** The guest app users of the list's filters, in id order (the only key every account has), with their stay's days. */
export function userExport(db: Tx, f: WebappUserFilters, tz: string): CsvExport<Row> {
  const where = userConditions(f);
  return {
    name: 'utilisateurs-application',
    header: ['N° client', 'Civilité', 'Nom', 'Prénom', 'E-mail', 'Téléphone', 'Date de naissance', 'Langue', 'Compte activé', 'N° séjour', 'Arrivée', 'Départ', 'Inscription'],
    page: (last, size) =>
      readRows<Row>(
        db,
        sql`SELECT webapp_users.id, webapp_users.client_number, webapp_users.civility, webapp_users.lastname, webapp_users.firstname, webapp_users.email,
            webapp_users.phone, webapp_users.birthday, webapp_users.langage, webapp_users.activate, webapp_users.stay_number, s.arrival, s.departure, webapp_users.created_time
          FROM webapp_users LEFT JOIN stays s ON s.stay_number = webapp_users.stay_number
          WHERE ${and(...where, last ? sql`webapp_users.id > ${last.id}` : undefined) ?? sql`true`}
          ORDER BY webapp_users.id LIMIT ${size}`,
      ),
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
