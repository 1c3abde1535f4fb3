/**
 * CSV export of 000 §5 (and the parse error sentence of 002 §5). Reading CSV files is the server's
 * (apps/server/src/lib/csv.ts): its parser library is not for browsers.
 */

export const csvParseError = (line: number) => `Erreur de parsing dans le fichier CSV à la ligne ${line}`;
/** A row of an import refused for its number of columns (the others are imported). */
export const csvFieldCount = (found: number, expected: number) =>
  `la ligne compte ${found} colonne${found > 1 ? 's' : ''} au lieu de ${expected}`;

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
