import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatDate, formatDateTime, toCsv, type CsvValue } from '@campsite/shared';
import { guardFormula } from '../imports/imports.review';

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
export const EXPORT_PAGE = 1000;

export interface CsvExport<R> {
  /** the file's name, without extension */
  name: string;
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

/** Sends the export as a download named `<name>-<day>.csv`, streamed. */
export function sendCsv<R>(reply: FastifyReply, spec: CsvExport<R>, today: string) {
  const file = `${spec.name}-${today}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(spec), { objectMode: false }));
}

/** A day (stored as its midnight) as dd/mm/yyyy, empty when unknown. */
export const csvDay = (epoch: number | null | undefined, tz: string) => (epoch === null || epoch === undefined ? '' : formatDate(Number(epoch), tz));
/** A moment as dd/mm/yyyy hh:mm:ss, empty when unknown. */
export const csvTime = (epoch: number | null | undefined, tz: string) => (epoch === null || epoch === undefined ? '' : formatDateTime(Number(epoch), tz));
/** The day of the download in the establishment's time zone, for the file's name (yyyy-mm-dd). */
export const fileDay = (now: number, tz: string) => formatDate(now, tz).split('/').reverse().join('-');
