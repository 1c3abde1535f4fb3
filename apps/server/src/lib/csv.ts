/**
 * CSV import of 002 §5 (reservations, room lists, PMS exports). Files come from spreadsheets and PMS
 * exports, hence ';' by default, an optional BOM and the repair of rows broken by unquoted line breaks.
 * Records are split by csv-parse; the spec's rules (header count, short rows merged) are applied here.
 */
import { parse } from 'csv-parse/sync';
import { csvParseError } from '@campsite/shared';

export type CsvParseResult =
  | { ok: true; header: string[]; rows: Record<string, string>[] }
  | { ok: false; line: number; message: string };

interface RawRecord {
  fields: string[];
  /** 1-based line of the file where the record starts. */
  line: number;
  /** A line with only spaces on it (no delimiter). */
  blank: boolean;
}

/**
 * Split into records with csv-parse (quotes, "" inside quotes, line breaks in quotes, any line ending),
 * keeping blank lines and short rows for the spec's rules below; reports the line of a quote never closed.
 */
function records(text: string, delimiter: string): RawRecord[] | { unclosedAt: number } {
  const out: RawRecord[] = [];
  let endLine = 0;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      // a quote opens a quoted field only at its start; elsewhere it is an ordinary character
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (record: string[], info) => {
        const fields = record.map((f) => f.replace(/\r\n?/g, '\n'));
        out.push({ fields, line: endLine + 1, blank: fields.length === 1 && fields[0].trim() === '' });
        endLine = info.lines;
        return null;
      },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED') return { unclosedAt: endLine + 1 };
    throw err;
  }
  return out;
}

/**
 * Parse a CSV file whose first row is the header. Every row must have as many fields as the header; a row
 * that is too short is joined to the following one (its last field and the next first field separated by a
 * line break), which repairs fields holding an unquoted line break. A row still wrong is an error at the
 * line where it starts. Blank lines outside such a repair are skipped.
 */
export function parseCsv(text: string, opts: { delimiter?: string } = {}): CsvParseResult {
  const result = parseCsvLines(text, opts);
  return result.ok ? { ok: true, header: result.header, rows: result.rows } : result;
}

/** parseCsv, with the line of the file where each row starts (for messages naming the line of a row). */
export function parseCsvLines(
  text: string,
  { delimiter = ';' }: { delimiter?: string } = {},
): ({ ok: true; header: string[]; rows: Record<string, string>[]; lines: number[] }) | { ok: false; line: number; message: string } {
  const parsed = records(text.replace(/^\uFEFF/, ''), delimiter);
  if (!Array.isArray(parsed)) return { ok: false, line: parsed.unclosedAt, message: csvParseError(parsed.unclosedAt) };

  const nonBlank = parsed.findIndex((r) => !r.blank);
  if (nonBlank === -1) return { ok: true, header: [], rows: [], lines: [] };
  // Header cells are trimmed: spreadsheets often leave spaces around column names, which would silently
  // break lookups by name.
  const header = parsed[nonBlank].fields.map((h) => h.trim());
  const count = header.length;
  const rows: Record<string, string>[] = [];
  const lines: number[] = [];

  let pending: { fields: string[]; line: number } | null = null;
  for (const r of parsed.slice(nonBlank + 1)) {
    if (pending) {
      const last = pending.fields.length - 1;
      const [first, ...rest] = r.fields;
      pending.fields = [...pending.fields.slice(0, last), `${pending.fields[last]}\n${first}`, ...rest];
    } else if (r.blank) {
      continue;
    } else {
      pending = { fields: r.fields, line: r.line };
    }
    if (pending.fields.length > count) return { ok: false, line: pending.line, message: csvParseError(pending.line) };
    if (pending.fields.length === count) {
      const values = pending.fields;
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
      lines.push(pending.line);
      pending = null;
    }
  }
  if (pending) {
    // Trailing blank lines may have been glued onto a short last row; they do not make it valid.
    return { ok: false, line: pending.line, message: csvParseError(pending.line) };
  }
  return { ok: true, header, rows, lines };
}

