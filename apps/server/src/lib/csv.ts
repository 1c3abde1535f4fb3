/**
 * CSV import of 002 §5 (reservations, room lists, PMS exports). Files come from spreadsheets and PMS
 * exports, hence ';' by default, an optional BOM and the repair of rows broken by unquoted line breaks.
 *
 * Linear in the file's size, and never holding the event loop long (issue 18): the records are split by
 * one pass over the characters (no library: csv-parse with relaxed column counts cost about 30 µs per short
 * row), a short row absorbs at most MAX_ABSORBED following lines, and the async reader gives the event
 * loop back every SLICE_MS. A row that cannot be read is refused alone (its line, its cells and why); the
 * others are kept (issue 20).
 */
import { csvFieldCount, csvParseError } from '@campsite/shared';

/** A row as many cells long as the header, and the line of the file where it starts. */
export interface CsvRow {
  line: number;
  cells: string[];
}
/** A row that could not be read: its cells as they were, and why (French). */
export interface CsvRefusal extends CsvRow {
  reason: string;
}
export type CsvTable =
  /** `refused`: the first refused rows (as many as asked), `refusedMore`: how many more there were */
  | { ok: true; header: string[]; rows: CsvRow[]; refused: CsvRefusal[]; refusedMore: number }
  | { ok: false; line: number; message: string };

/**
 * The following lines a too-short row may absorb (the spec's merge of a row broken by an unquoted line
 * break: an address or a comment on a few lines). Past it the row is refused and the next line read
 * afresh, so a file of short rows costs at most this many times its size, never its square.
 */
export const MAX_ABSORBED = 8;
/** The longest the async reader keeps the event loop before giving it back. */
const SLICE_MS = 8;

interface RawRecord {
  fields: string[];
  /** 1-based line of the file where the record starts. */
  line: number;
  /** A line with only spaces on it (no delimiter). */
  blank: boolean;
}

/**
 * Splits into records: quotes open a quoted field only at its start ("" inside it is a quote, line breaks
 * are kept), elsewhere a quote is an ordinary character; records end at \r\n, \n or \r. Reports the line
 * of a quote never closed.
 */
function* records(text: string, delimiter: string): Generator<RawRecord, { unclosedAt: number } | null, void> {
  const n = text.length;
  const d = delimiter.charCodeAt(0);
  const multi = delimiter.length > 1;
  let line = 1;
  let i = 0;
  // a final line break does not open an empty last record
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      // one field
      let value = '';
      if (text.charCodeAt(i) === 0x22 /* " */) {
        const open = line;
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) return { unclosedAt: open };
          value += text.slice(j, q);
          if (text.charCodeAt(q + 1) === 0x22) {
            value += '"';
            j = q + 2;
          } else {
            j = q + 1;
            break;
          }
        }
        line += countBreaks(value);
        value = value.replace(/\r\n?/g, '\n');
        i = j;
      }
      // up to the delimiter or the end of the record (after a closing quote: kept as written)
      let k = i;
      while (k < n) {
        const c = text.charCodeAt(k);
        if (c === 0x0a || c === 0x0d || (c === d && (!multi || text.startsWith(delimiter, k)))) break;
        k++;
      }
      fields.push(k > i ? value + text.slice(i, k) : value);
      i = k;
      if (i < n && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) {
        i += delimiter.length;
        continue;
      }
      break;
    }
    if (text.charCodeAt(i) === 0x0d && text.charCodeAt(i + 1) === 0x0a) i += 2;
    else i++;
    yield { fields, line: start, blank: fields.length === 1 && fields[0].trim() === '' };
    line++;
  }
  return null;
}

function countBreaks(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) count++;
    else if (c === 0x0d && s.charCodeAt(i + 1) !== 0x0a) count++;
  }
  return count;
}

/**
 * The table of a CSV file whose first non-blank row is the header. Every row must have as many fields as
 * the header; a row that is too short is joined to the following ones (its last field and the next first
 * field separated by a line break) up to MAX_ABSORBED lines, which repairs fields holding an unquoted line
 * break. A row still wrong is refused at the line where it starts; the next line is then read afresh.
 * Blank lines outside such a repair are skipped. Only an unclosed quote refuses the whole file: where the
 * rows after it end cannot be known.
 */
function* table(text: string, delimiter: string, keepRefused: number): Generator<void, CsvTable, void> {
  // records are read as they are needed and dropped once used: a window of MAX_ABSORBED + 2 of them is all
  // the merge looks at, so a file of a million short lines is never a million objects at once
  const source = records(text.replace(/^\uFEFF/, ''), delimiter);
  const window: RawRecord[] = [];
  let unclosed: { unclosedAt: number } | null = null;
  let ended = false;
  /** The k-th record from the window's start, reading more when needed; undefined past the end. */
  const at = (k: number): RawRecord | undefined => {
    while (window.length <= k && !ended) {
      const next = source.next();
      if (next.done) {
        ended = true;
        unclosed = next.value;
      } else window.push(next.value);
    }
    return window[k];
  };

  let first = at(0);
  for (let skipped = 1; first?.blank; skipped++) {
    if (skipped % 512 === 0) yield;
    window.shift();
    first = at(0);
  }
  if (!first) return unclosed ? unclosedError(unclosed) : { ok: true, header: [], rows: [], refused: [], refusedMore: 0 };
  window.shift();
  // Header cells are trimmed: spreadsheets often leave spaces around column names, which would silently
  // break lookups by name.
  const header = first.fields.map((h) => h.trim());
  const count = header.length;
  const rows: CsvRow[] = [];
  const refused: CsvRefusal[] = [];
  let refusedMore = 0;
  for (let seen = 1; ; seen++) {
    if (seen % 512 === 0) yield;
    const r = at(0);
    if (!r) break;
    if (r.blank) {
      window.shift();
      continue;
    }
    // how many lines it takes to fill the row, counted before any cell is joined: a file of short rows
    // then costs a few additions per line
    let fields = r.fields.length;
    let j = 0;
    while (fields < count && j < MAX_ABSORBED) {
      const next = at(j + 1);
      if (!next) break;
      const more = fields + next.fields.length - 1;
      if (more > count) break;
      fields = more;
      j++;
    }
    if (fields === count) {
      let cells = r.fields;
      for (let k = 1; k <= j; k++) {
        const next = window[k].fields;
        cells = [...cells.slice(0, -1), `${cells[cells.length - 1]}\n${next[0]}`, ...next.slice(1)];
      }
      rows.push({ line: r.line, cells });
      window.splice(0, j + 1);
    } else {
      // past the first ones, a refused row is only counted: a junk file costs no memory for it
      if (refused.length < keepRefused) refused.push({ line: r.line, cells: r.fields, reason: csvFieldCount(r.fields.length, count) });
      else refusedMore++;
      window.shift();
    }
  }
  if (unclosed) return unclosedError(unclosed);
  return { ok: true, header, rows, refused, refusedMore };
}

const unclosedError = (u: { unclosedAt: number }): CsvTable => ({ ok: false, line: u.unclosedAt, message: csvParseError(u.unclosedAt) });

/** Runs a reader to its end at once (small files, tests). */
function runSync<T>(gen: Generator<void, T, void>): T {
  for (;;) {
    const step = gen.next();
    if (step.done) return step.value;
  }
}

/** Runs a reader, giving the event loop back whenever it has held it SLICE_MS. */
export async function runSliced<T>(gen: Generator<void, T, void>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = gen.next();
    if (step.done) return step.value;
    if (performance.now() - since > SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    }
  }
}

interface ReadOptions {
  delimiter?: string;
  /** refused rows given with their cells; the others are counted */
  keepRefused?: number;
}

/** The table of a CSV file, read without holding the event loop (see `table`). */
export const readCsv = (text: string, { delimiter = ';', keepRefused = Infinity }: ReadOptions = {}): Promise<CsvTable> =>
  runSliced(table(text, delimiter, keepRefused));

/** The same, at once: for small texts. */
export const readCsvSync = (text: string, { delimiter = ';', keepRefused = Infinity }: ReadOptions = {}): CsvTable =>
  runSync(table(text, delimiter, keepRefused));
