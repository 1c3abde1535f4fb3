import iconv from 'iconv-lite';
import { fold } from '@campsite/shared';

// What a file is before its rows are read: its bytes as text, its separator, and which header cell holds
// which column.

/** A data URL (base64 of the bytes, any encoding) or plain text, to text. */
export function decodeFile(input: string): string {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1;
  if (comma < 0) return input.replace(/^\uFEFF/, '');
  const meta = input.slice(0, comma);
  const bytes = meta.endsWith(';base64') ? Buffer.from(input.slice(comma + 1), 'base64') : Buffer.from(decodeURIComponent(input.slice(comma + 1)), 'utf8');
  return decodeBytes(bytes);
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise Windows-1252 (Excel's 'CSV' on a French Windows). */
export function decodeBytes(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1252');
  }
}

/** ';' unless the header line has none and another usual separator (',' or tab). */
export function detectDelimiter(text: string, preferred = ';'): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  if (first.includes(preferred)) return preferred;
  if (first.includes(';')) return ';';
  if (first.includes('\t')) return '\t';
  if (first.includes(',')) return ',';
  return preferred;
}

/** A header cell or a word of a cell, folded for comparison ('N° Client' → 'n client'). */
export const headerKey = (header: string) => fold(header).replace(/[^a-z0-9]+/g, ' ').trim();

/** The columns we read, each with the names PMS exports give it. */
const COLUMNS = {
  client_number: ['client number', 'client_number', 'numero client', 'numero de client', 'numero du client', 'n client', 'no client', 'num client', 'id client', 'client id', 'customer id', 'customer number', 'code client', 'client'],
  civility: ['civility', 'civilite', 'titre', 'title', 'genre', 'sexe', 'gender'],
  lastname: ['lastname', 'last name', 'nom', 'nom de famille', 'surname', 'family name'],
  firstname: ['firstname', 'first name', 'prenom', 'given name'],
  birthday: ['birthday', 'date de naissance', 'naissance', 'birth date', 'date of birth', 'birthdate'],
  langage: ['langage', 'langue', 'language', 'lang'],
  email1: ['email1', 'email 1', 'e mail 1', 'email', 'e mail', 'mail', 'adresse e mail', 'adresse email', 'courriel'],
  email2: ['email2', 'email 2', 'e mail 2', 'mail 2'],
  phone1: ['phone1', 'phone 1', 'telephone 1', 'tel 1', 'telephone', 'tel', 'phone', 'mobile', 'portable'],
  phone2: ['phone2', 'phone 2', 'telephone 2', 'tel 2'],
  phone3: ['phone3', 'phone 3', 'telephone 3', 'tel 3'],
  client_type: ['client type', 'client_type', 'type de client', 'type client', 'type'],
  stay_number: ['stay number', 'stay_number', 'numero sejour', 'numero de sejour', 'n sejour', 'no sejour', 'sejour', 'numero reservation', 'numero de reservation', 'n reservation', 'no reservation', 'reservation', 'reservation id', 'booking id', 'booking number', 'booking reference', 'reference'],
  location: ['location', 'emplacement', 'numero emplacement', 'n emplacement', 'chambre', 'room', 'room number', 'logement', 'lot'],
  location_category: ['location category', 'location_category', 'categorie', 'categorie emplacement', 'type hebergement', 'type d hebergement', 'hebergement', 'accommodation', 'room type'],
  arrival: ['arrival', 'arrivee', 'date arrivee', 'date d arrivee', 'date de debut', 'debut', 'check in', 'checkin', 'start date'],
  departure: ['departure', 'depart', 'date depart', 'date de depart', 'date de fin', 'fin', 'check out', 'checkout', 'end date'],
  arrival_time: ['arrival time', 'arrival_time', 'heure arrivee', 'heure d arrivee'],
  departure_time: ['departure time', 'departure_time', 'heure depart', 'heure de depart'],
} as const;
export type Column = keyof typeof COLUMNS;
const ALIASES = new Map<string, Column>();
for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) for (const n of names) ALIASES.set(headerKey(n), column);

/** Which header cell holds which column (the first one wins when two look alike). */
export function mapHeader(header: string[]): Partial<Record<Column, string>> {
  const out: Partial<Record<Column, string>> = {};
  for (const h of header) {
    const c = ALIASES.get(headerKey(h));
    if (c && !out[c]) out[c] = h;
  }
  return out;
}

/** The French label of a column, for messages. */
export const COLUMN_LABEL: Record<Column, string> = {
  client_number: 'N° client',
  civility: 'Civilité',
  lastname: 'Nom',
  firstname: 'Prénom',
  birthday: 'Date de naissance',
  langage: 'Langue',
  email1: 'E-mail',
  email2: 'E-mail 2',
  phone1: 'Téléphone',
  phone2: 'Téléphone 2',
  phone3: 'Téléphone 3',
  client_type: 'Type',
  stay_number: 'N° séjour',
  location: 'Emplacement',
  location_category: 'Hébergement',
  arrival: 'Arrivée',
  departure: 'Départ',
  arrival_time: "Heure d'arrivée",
  departure_time: 'Heure de départ',
};
