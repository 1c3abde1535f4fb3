import { and, sql } from 'drizzle-orm';
import { PEOPLE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { clients } from '../../db/schema';
import { clientConditions, type ClientFilters } from './clients.repository';
import { csvDay, csvTime, type CsvExport } from './csv-export';

interface Row {
  number_key: string;
  client_number: string;
  activation_code: string;
  civility: 'male' | 'female' | null;
  lastname: string;
  firstname: string;
  birthday: number | null;
  langage: string | null;
  email1: string | null;
  email2: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  client_type: 'tourist' | 'resident';
  arrival: number | null;
  departure: number | null;
  location: string | null;
  created_time: number;
  edited_time: number;
}

const COLUMNS = sql.raw(
  'number_key, client_number, activation_code, civility, lastname, firstname, birthday, langage, email1, email2, phone1, phone2, phone3, client_type, arrival, departure, location, created_time, edited_time',
);

/** The client files of the list's filters, in number order (the list's default), latest stay included. */
export function clientExport(db: Tx, f: ClientFilters, now: number, tz: string): CsvExport<Row> {
  const where = clientConditions(f, now);
  return {
    name: 'fiches-clients',
    header: ['N° client', "Code d'activation", 'Civilité', 'Nom', 'Prénom', 'Date de naissance', 'Langue', 'E-mail', 'E-mail 2', 'Téléphone', 'Téléphone 2', 'Téléphone 3', 'Type', 'Arrivée', 'Départ', 'Emplacement', 'Création', 'Modification'],
    page: (last, size) =>
      readRows<Row>(
        db,
        sql`SELECT ${COLUMNS} FROM ${clients} WHERE ${and(...where, last ? sql`(number_key, client_number) > (${last.number_key}, ${last.client_number})` : undefined) ?? sql`true`}
          ORDER BY number_key, client_number LIMIT ${size}`,
      ),
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
