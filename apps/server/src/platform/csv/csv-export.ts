import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { epochToZoned, formatDate, toCsv, type CsvValue } from '@campsite/shared';
import { guardFormula } from './formula';

/**
 * The people lists exported as CSV (issue 20): a spreadsheet opens them as they are (UTF-8 with BOM,
 * ';', lines ending \r\n, French dates in the establishment's time zone, a cell that would be read as a
 * formula written after a quote). Every matching row is read, in pages by key (keyset: each page starts
 * after the last row of the one before, so the thousandth page costs what the first does, unlike an
 * OFFSET), the event loop is given back between pages, and the text is streamed as it is made: 100 000
 * rows are never held in memory nor hold the server.
 *
 * No transaction spans the pages (on the embedded PGlite it would hold the one connection, and every
 * other request, for the whole download): a row written during an export may or may not be in it, but
 * none is there twice.
 */
export const EXPORT_PAGE = 500;

/** What an export returns, never taking the HTTP reply: the route sends it (sendCsv). */
export interface CsvExport<R> {
  /** the file's name, without the day and the extension */
  name: string;
  /** the day the file is named after (fileDay) */
  day: string;
  header: string[];
  /** the rows after `last` (null: the first page), in key order, at most `size` */
  page(last: R | null, size: number): Promise<R[]>;
  cells(row: R): CsvValue[];
}

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The export's text, chunk by chunk: the BOM and the header, then one chunk per page. */
export async function* csvChunks<R>(spec: CsvExport<R>, size = EXPORT_PAGE): AsyncGenerator<string> {
  const head = toCsv(spec.header, [], ';', { bom: true });
  yield head;
  const skip = head.length - 1; // toCsv writes the header again, without the BOM
  let last: R | null = null;
  for (;;) {
    const rows = await spec.page(last, size);
    if (rows.length) yield toCsv(spec.header, rows.map((r) => spec.cells(r).map(guard)), ';').slice(skip);
    if (rows.length < size) return;
    last = rows[rows.length - 1];
    await yieldLoop();
  }
}

const guard = (v: CsvValue): CsvValue => (typeof v === 'string' ? guardFormula(v) : v);

/** Sends the export as a download named `<name>-<day>.csv`, streamed: a route's part. */
export function sendCsv<R>(reply: FastifyReply, spec: CsvExport<R>) {
  const file = `${spec.name}-${spec.day}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(spec), { objectMode: false }));
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * The wall clock of each quarter of an hour met, in the zone: Intl's conversion cost about 5 µs a date,
 * five dates a row held the loop 25 ms a page; rows share days and hours. Time zones change their offset
 * on a quarter hour, so the seconds within one add to its start's wall clock without crossing an hour.
 */
const quarters = new Map<string, { y: number; mo: number; d: number; h: number; mi: number }>();
function wall(epoch: number, tz: string) {
  const start = epoch - (((epoch % 900) + 900) % 900);
  const key = `${tz}|${start}`;
  let q = quarters.get(key);
  if (!q) {
    if (quarters.size > 100_000) quarters.clear();
    const p = epochToZoned(start, tz);
    q = { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute };
    quarters.set(key, q);
  }
  const rest = epoch - start;
  return { ...q, mi: q.mi + Math.floor(rest / 60), s: rest % 60 };
}

/** A day (stored as its midnight) as dd/mm/yyyy, empty when unknown. */
export function csvDay(epoch: number | null | undefined, tz: string) {
  if (epoch === null || epoch === undefined) return '';
  const w = wall(Number(epoch), tz);
  return `${pad(w.d)}/${pad(w.mo)}/${w.y}`;
}
/** A moment as dd/mm/yyyy hh:mm:ss, empty when unknown. */
export function csvTime(epoch: number | null | undefined, tz: string) {
  if (epoch === null || epoch === undefined) return '';
  const w = wall(Number(epoch), tz);
  return `${pad(w.d)}/${pad(w.mo)}/${w.y} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}`;
}
/** The day of the download in the establishment's time zone, for the file's name (yyyy-mm-dd). */
export const fileDay = (now: number, tz: string) => formatDate(now, tz).split('/').reverse().join('-');
