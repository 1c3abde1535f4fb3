import type { Lang } from '@campsite/shared';
import { LANGS, MAX_LISTED_FAILURES, parseDay, PEOPLE, zonedTimeToEpoch } from '@campsite/shared';
import { readCsv, runSliced } from '../../lib/csv';
import type { ImportFailure } from '../../db/schema';
import { COLUMN_LABEL, detectDelimiter, headerKey, mapHeader, type Column } from './header.parse';

/**
 * From a file as French offices export it to rows of clients and stays: bytes in UTF-8 (with or without
 * BOM) or Windows-1252, ';' by default, columns found by their usual names in French or English, days
 * dd/mm/yyyy. A row that cannot be read becomes a failure naming its line and why; the others go on.
 */

export interface ClientInput {
  client_number: string;
  civility?: 'male' | 'female' | null;
  firstname?: string;
  lastname?: string;
  birthday?: number | null;
  langage?: string | null;
  email1?: string | null;
  email2?: string | null;
  phone1?: string | null;
  phone2?: string | null;
  phone3?: string | null;
  client_type?: 'tourist' | 'resident';
}

export interface StayInput {
  stay_number: string;
  client_number: string;
  location?: string | null;
  location_category?: string | null;
  arrival: number;
  departure: number;
  arrival_time?: string | null;
  departure_time?: string | null;
  participants?: { lastname: string; firstname: string; email: string }[];
}

/** One row of a file: its line, a client and/or a stay to write, or why it cannot be. */
export interface ParsedRow {
  line: number;
  number: string;
  /** the row's cells as the file has them: a refused row is given back as it was, to fix */
  cells: string[];
  client?: ClientInput;
  stay?: StayInput;
  /** why the row is refused (French) */
  failure?: string;
  /** the column (its French label) and the value the refusal is about, when it is about one */
  column?: string;
  value?: string;
  /** the file's label, set by the import */
  file?: string;
}

export type ParsedFile =
  | {
      ok: true;
      header: string[];
      delimiter: string;
      /** the rows in the file's order, the refused ones among them (the first MAX_LISTED_FAILURES of those refused for their shape) */
      rows: ParsedRow[];
      /** rows refused for their shape past those, only counted */
      refusedMore: number;
      columns: Partial<Record<Column, string>>;
    }
  | { ok: false; message: string; header?: string[] };

const MAX_FIELD = 200;

function civilityOf(v: string): 'male' | 'female' | null {
  const k = headerKey(v);
  if (['m', 'mr', 'monsieur', 'homme', 'h', 'male', 'man', 'herr', 'sr', 'sig'].includes(k)) return 'male';
  if (['mme', 'mlle', 'madame', 'mademoiselle', 'femme', 'f', 'female', 'woman', 'mrs', 'ms', 'miss', 'frau', 'sra', 'sig ra'].includes(k)) return 'female';
  return null;
}

const LANG_NAMES: Record<string, Lang> = {
  francais: 'fr', french: 'fr', anglais: 'en', english: 'en', allemand: 'de', german: 'de', deutsch: 'de', neerlandais: 'nl', dutch: 'nl', nederlands: 'nl',
  italien: 'it', italian: 'it', italiano: 'it', espagnol: 'es', spanish: 'es', espanol: 'es', portugais: 'pt', portuguese: 'pt', portugues: 'pt',
};
function langOf(v: string): string | null {
  const k = headerKey(v);
  if (!k) return null;
  if (LANG_NAMES[k]) return LANG_NAMES[k];
  const two = k.slice(0, 2);
  return (LANGS as readonly string[]).includes(two) && (k.length === 2 || /^[a-z]{2}\s/.test(k)) ? two : null;
}

function timeOf(v: string): string | null {
  const m = /^(\d{1,2})\s*[:hH]\s*(\d{2})?/.exec(v.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2] ?? 0) > 59) return null;
  return `${m[1].padStart(2, '0')}:${m[2] ?? '00'}`;
}

/** A cell of a refused-rows file written by us begins with ' before = + - @ (the formula guard): read without it. */
const unguarded = (v: string) => (v.charCodeAt(0) === 0x27 && /^'[=+\-@]/.test(v) ? v.slice(1) : v);
/** A value quoted in a refusal: long ones are cut. */
const shown = (v: string) => (v.length > 60 ? `${v.slice(0, 60)}…` : v);

/**
 * Reads one file. Rows with a client number and identity columns give a client; rows with a stay number
 * give a stay (of the row's client number). A file lacking a column it needs is refused whole; a row that
 * cannot be read is refused alone. Gives the event loop back as it goes (lib/csv.ts).
 */
export async function parseFile(text: string, opts: { delimiter?: string; timeZone: string; fileLabel: string }): Promise<ParsedFile> {
  const delimiter = detectDelimiter(text, opts.delimiter);
  const table = await readCsv(text, { delimiter, keepRefused: MAX_LISTED_FAILURES });
  if (!table.ok) return { ok: false, message: table.message };
  const cols = mapHeader(table.header);
  const hasStays = !!cols.stay_number;
  const hasClients = !!cols.client_number && !!(cols.lastname || cols.firstname || cols.email1 || cols.phone1);
  if (!cols.client_number) return { ok: false, message: PEOPLE.rowMissingColumn(COLUMN_LABEL.client_number) + ` (${opts.fileLabel})`, header: table.header };
  if (!hasStays && !hasClients) return { ok: false, message: PEOPLE.rowMissingColumn(COLUMN_LABEL.lastname) + ` (${opts.fileLabel})`, header: table.header };
  if (hasStays && (!cols.arrival || !cols.departure)) {
    return { ok: false, message: PEOPLE.rowMissingColumn(COLUMN_LABEL[cols.arrival ? 'departure' : 'arrival']) + ` (${opts.fileLabel})`, header: table.header };
  }
  const index = new Map(table.header.map((h, i) => [h, i] as const));
  const at = (c: Column) => (cols[c] === undefined ? -1 : index.get(cols[c]!)!);
  const numberAt = at('client_number');
  const stayAt = at('stay_number');

  const read = await runSliced(readRows(table.rows, cols, at, hasStays, hasClients, opts.timeZone));
  const rows = await runSliced(inLineOrder(table.refused, read, delimiter, (cells) => (cells[stayAt] ?? cells[numberAt] ?? '').trim().slice(0, 64)));
  return { ok: true, header: table.header, delimiter, rows, refusedMore: table.refusedMore, columns: cols };
}

/** The rows refused for their shape among the others, in the file's order (both lists are in it already). */
function* inLineOrder(
  refused: { line: number; cells: string[]; reason: string }[],
  read: ParsedRow[],
  delimiter: string,
  numberOf: (cells: string[]) => string,
): Generator<void, ParsedRow[], void> {
  const out: ParsedRow[] = [];
  let a = 0;
  let b = 0;
  while (a < refused.length || b < read.length) {
    if ((a + b) % 1024 === 0) yield;
    if (b >= read.length || (a < refused.length && refused[a].line < read[b].line)) {
      const r = refused[a++];
      out.push({ line: r.line, number: numberOf(r.cells), cells: r.cells, failure: r.reason, value: shown(r.cells.join(delimiter)) });
    } else out.push(read[b++]);
  }
  return out;
}

function* readRows(
  lines: { line: number; cells: string[] }[],
  cols: Partial<Record<Column, string>>,
  at: (c: Column) => number,
  hasStays: boolean,
  hasClients: boolean,
  timeZone: string,
): Generator<void, ParsedRow[], void> {
  // the same days come back on many rows (arrivals cluster), and a zoned conversion costs some 40 µs
  const days = new Map<string, number | null>();
  const day = (v: string) => {
    let epoch = days.get(v);
    if (epoch === undefined) {
      const d = parseDay(v);
      epoch = d ? zonedTimeToEpoch(d.year, d.month, d.day, 0, 0, timeZone) : null;
      if (days.size < 50_000) days.set(v, epoch);
    }
    return epoch;
  };
  const present = (Object.keys(cols) as Column[]).map((c) => [c, at(c)] as const);
  const rows: ParsedRow[] = [];
  for (const [n, { line, cells }] of lines.entries()) {
    if (n % 256 === 0) yield;
    const get = (c: Column) => {
      const i = at(c);
      return i < 0 ? undefined : unguarded((cells[i] ?? '').replace(/\0/g, '').trim());
    };
    const clientNumber = get('client_number') ?? '';
    const stayNumber = get('stay_number') ?? '';
    const number = (stayNumber || clientNumber).slice(0, 64);
    const fail = (failure: string, column?: Column, value?: string): ParsedRow => ({
      line, number, cells, failure, ...(column ? { column: COLUMN_LABEL[column], value: shown(value ?? get(column) ?? '') } : {}),
    });

    const tooLong = present.find(([c]) => (get(c) ?? '').length > MAX_FIELD)?.[0];
    if (tooLong) {
      rows.push(fail(PEOPLE.rowTooLong(COLUMN_LABEL[tooLong]), tooLong));
      continue;
    }
    if (!clientNumber) {
      rows.push(fail(PEOPLE.rowNoClientNumber, 'client_number'));
      continue;
    }
    if (hasStays && !stayNumber) {
      rows.push(fail(PEOPLE.rowNoStayNumber, 'stay_number'));
      continue;
    }
    const out: ParsedRow = { line, number, cells };

    if (hasClients) {
      const client: ClientInput = { client_number: clientNumber };
      const text = (c: Column) => {
        const v = get(c);
        return v === undefined ? undefined : v || null;
      };
      if (cols.civility) client.civility = civilityOf(get('civility')!);
      if (cols.firstname) client.firstname = get('firstname')!;
      if (cols.lastname) client.lastname = get('lastname')!;
      if (cols.birthday) {
        const v = get('birthday')!;
        const b = v ? day(v) : null;
        if (v && b === null) {
          rows.push(fail(PEOPLE.rowBadDate(COLUMN_LABEL.birthday, v), 'birthday'));
          continue;
        }
        client.birthday = b;
      }
      if (cols.langage) client.langage = langOf(get('langage')!);
      for (const c of ['email1', 'email2', 'phone1', 'phone2', 'phone3'] as const) if (cols[c]) client[c] = text(c);
      if (cols.client_type) client.client_type = headerKey(get('client_type')!).startsWith('resident') ? 'resident' : 'tourist';
      out.client = client;
    }

    if (hasStays) {
      const a = get('arrival')!;
      const d = get('departure')!;
      const arrival = day(a);
      const departure = day(d);
      if (arrival === null) {
        rows.push(fail(PEOPLE.rowBadDate(COLUMN_LABEL.arrival, a), 'arrival'));
        continue;
      }
      if (departure === null) {
        rows.push(fail(PEOPLE.rowBadDate(COLUMN_LABEL.departure, d), 'departure'));
        continue;
      }
      if (departure < arrival) {
        rows.push(fail(PEOPLE.rowDeparture, 'departure'));
        continue;
      }
      const stay: StayInput = { stay_number: stayNumber, client_number: clientNumber, arrival, departure };
      if (cols.location) stay.location = get('location') || null;
      if (cols.location_category) stay.location_category = get('location_category') || null;
      if (cols.arrival_time) stay.arrival_time = timeOf(get('arrival_time')!);
      if (cols.departure_time) stay.departure_time = timeOf(get('departure_time')!);
      out.stay = stay;
    }
    rows.push(out);
  }
  return rows;
}

export type { ImportFailure };
