import { and, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { clients } from '../../db/schema';

// Drizzle only: the client list's CSV export (clients.export.ts writes its cells), page by page by key.

/** A client file as the CSV export writes it (keys first: the page after `last` starts there). */
export interface ClientExportRow {
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

const EXPORT_COLUMNS = sql.raw(
  'number_key, client_number, activation_code, civility, lastname, firstname, birthday, langage, email1, email2, phone1, phone2, phone3, client_type, arrival, departure, location, created_time, edited_time',
);

/** The export's page of client files after `last` (null: the first), in number order, latest stay included. */
export function clientExportPage(db: Tx, where: SQL[], last: ClientExportRow | null, size: number) {
  return readRows<ClientExportRow>(
    db,
    sql`SELECT ${EXPORT_COLUMNS} FROM ${clients} WHERE ${and(...where, last ? sql`(number_key, client_number) > (${last.number_key}, ${last.client_number})` : undefined) ?? sql`true`}
      ORDER BY number_key, client_number LIMIT ${size}`,
  );
}
