/**
 * CSV import/export of 000 §5 and 002 §5 (reservations import). Files come from spreadsheets and PMS
 * exports, hence ';' by default, an optional BOM and the repair of rows broken by unquoted line breaks.
 */

export const csvParseError = (line: number) => `Erreur de parsing dans le fichier CSV à la ligne ${line}`;

export type CsvParseResult =
  | { ok: true; header: string[]; rows: Record<string, string>[] }
  | { ok: false; line: number; message: string };

interface RawRecord {
  fields: string[];
  /** 1-based line of the file where the record starts. */
  line: number;
  /** A line with only spaces on it (no delimiter, no quotes). */
  blank: boolean;
}

/** Split into records, honouring quotes ("" is a quote); reports the line of a quote never closed. */
function records(text: string, delimiter: string): RawRecord[] | { unclosedAt: number } {
  const out: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted section
  let touched = false; // the record has any character at all, so the file does not end before it
  let hadQuote = false; // '""' is an empty field, not a blank line
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endRecord = () => {
    fields.push(field);
    out.push({ fields, line: recordLine, blank: !hadQuote && fields.length === 1 && field.trim() === '' });
    fields = [];
    field = '';
    touched = false;
    hadQuote = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else if (c === '\r' || c === '\n') {
        // Line breaks inside quotes are kept, as '\n' whatever the file used.
        if (c === '\r' && text[i + 1] === '\n') i++;
        field += '\n';
        line++;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') {
      // A quote opens a quoted field only at its start; elsewhere it is an ordinary character.
      quoted = true;
      touched = true;
      hadQuote = true;
      quoteLine = line;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
      touched = true;
    }
  }
  if (quoted) return { unclosedAt: quoteLine };
  if (touched || field !== '') endRecord();
  return out;
}

/**
 * Parse a CSV file whose first row is the header. Every row must have as many fields as the header; a row
 * that is too short is joined to the following one (its last field and the next first field separated by a
 * line break), which repairs fields holding an unquoted line break. A row still wrong is an error at the
 * line where it starts. Blank lines outside such a repair are skipped.
 */
export function parseCsv(text: string, { delimiter = ';' }: { delimiter?: string } = {}): CsvParseResult {
  const parsed = records(text.replace(/^\uFEFF/, ''), delimiter);
  if (!Array.isArray(parsed)) return { ok: false, line: parsed.unclosedAt, message: csvParseError(parsed.unclosedAt) };

  const nonBlank = parsed.findIndex((r) => !r.blank);
  if (nonBlank === -1) return { ok: true, header: [], rows: [] };
  // Header cells are trimmed: spreadsheets often leave spaces around column names, which would silently
  // break lookups by name.
  const header = parsed[nonBlank].fields.map((h) => h.trim());
  const count = header.length;
  const rows: Record<string, string>[] = [];

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
      pending = null;
    }
  }
  if (pending) {
    // Trailing blank lines may have been glued onto a short last row; they do not make it valid.
    return { ok: false, line: pending.line, message: csvParseError(pending.line) };
  }
  return { ok: true, header, rows };
}

export type CsvValue = string | number | boolean | null | undefined;

/** A field, quoted when it would otherwise be misread (delimiter, quote, line break, edge spaces). */
function csvField(value: CsvValue, delimiter: string): string {
  const s = value === null || value === undefined ? '' : String(value);
  const needsQuotes = s.includes(delimiter) || /["\r\n]/.test(s) || s !== s.trim();
  return needsQuotes ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * CSV text with `header` as first line; each row is an object keyed by header names or an array in header
 * order. Lines end with \r\n (what Excel writes); `bom` prepends a UTF-8 BOM so Excel reads accents right.
 */
export function toCsv(
  header: string[],
  rows: Array<Record<string, CsvValue> | CsvValue[]>,
  delimiter = ';',
  { bom = false }: { bom?: boolean } = {},
): string {
  const line = (values: CsvValue[]) => values.map((v) => csvField(v, delimiter)).join(delimiter) + '\r\n';
  const body = rows.map((r) => line(Array.isArray(r) ? r : header.map((h) => r[h])));
  return (bom ? '\uFEFF' : '') + line(header) + body.join('');
}
