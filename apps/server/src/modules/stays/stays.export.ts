import { and, sql } from 'drizzle-orm';
import type { Participant } from '../../db/schema';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { csvDay, csvTime, type CsvExport } from '../clients/csv-export';
import { stayConditions, type StayFilters } from './stays.repository';

interface Row {
  number_key: string;
  stay_number: string;
  client_number: string;
  lastname: string | null;
  firstname: string | null;
  location: string | null;
  location_category: string | null;
  arrival: number;
  arrival_time: string | null;
  departure: number;
  departure_time: string | null;
  participants: Participant[];
  created_time: number;
  edited_time: number;
}

/** The stays of the list's filters, in number order, with their client's name. */
export function stayExport(db: Tx, f: StayFilters, now: number, tz: string): CsvExport<Row> {
  const where = stayConditions(f, now);
  return {
    name: 'sejours',
    header: ['N° séjour', 'N° client', 'Nom', 'Prénom', 'Emplacement', "Catégorie d'emplacement", 'Arrivée', "Heure d'arrivée", 'Départ', 'Heure de départ', 'Participants', 'Création', 'Modification'],
    page: (last, size) =>
      readRows<Row>(
        db,
        sql`SELECT stays.number_key, stays.stay_number, stays.client_number, c.lastname, c.firstname, stays.location, stays.location_category,
            stays.arrival, stays.arrival_time, stays.departure, stays.departure_time, stays.participants, stays.created_time, stays.edited_time
          FROM stays LEFT JOIN clients c ON c.client_number = stays.client_number
          WHERE ${and(...where, last ? sql`(stays.number_key, stays.stay_number) > (${last.number_key}, ${last.stay_number})` : undefined) ?? sql`true`}
          ORDER BY stays.number_key, stays.stay_number LIMIT ${size}`,
      ),
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
