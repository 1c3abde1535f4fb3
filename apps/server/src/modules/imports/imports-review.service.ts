import type { ImportPreview } from '@campsite/shared';
import { formatDate, IMPORTS, toCsv } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { COLUMN_LABEL, decodeFile, mapHeader, type Column } from './header.parse';
import { parseFile, type ParsedRow } from './imports.parse';
import * as repo from './imports.repository';
import { guardFormula } from '../../platform/csv/formula';

/**
 * Issue 20: an import is looked at before it runs (what will be read) and after (the refused rows, to fix
 * and import again). Both read the file as the import does: imports.parse.ts, nothing written.
 */

/** Rows and refusals a preview shows. */
const PREVIEW_ROWS = 5;

const CIVILITY = { male: 'M.', female: 'Mme' } as const;

/** A row as it will be written, by column label: what the import understood, not what the file says. */
function readAs(r: ParsedRow, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (c: Column, v: string | number | null | undefined, day = false) => {
    if (v === undefined) return;
    out[COLUMN_LABEL[c]] = v === null ? '' : day ? formatDate(v as number, timeZone) : String(v);
  };
  const c = r.client;
  if (c) {
    put('client_number', c.client_number);
    if (c.civility !== undefined) put('civility', c.civility ? CIVILITY[c.civility] : '');
    put('lastname', c.lastname);
    put('firstname', c.firstname);
    put('birthday', c.birthday, true);
    put('langage', c.langage);
    for (const k of ['email1', 'email2', 'phone1', 'phone2', 'phone3'] as const) put(k, c[k]);
    if (c.client_type) put('client_type', c.client_type === 'resident' ? 'Résident' : 'Touriste');
  }
  const s = r.stay;
  if (s) {
    put('stay_number', s.stay_number);
    put('client_number', s.client_number);
    put('location', s.location);
    put('location_category', s.location_category);
    put('arrival', s.arrival, true);
    put('departure', s.departure, true);
    put('arrival_time', s.arrival_time);
    put('departure_time', s.departure_time);
  }
  return out;
}

const failureDoc = (r: ParsedRow) => ({
  line: r.line,
  number: r.number,
  reason: r.failure!,
  ...(r.column !== undefined ? { column: r.column } : {}),
  ...(r.value !== undefined ? { value: r.value } : {}),
});

/** What importing this file would read: its columns as recognised, its first rows, its refusals. */
export async function previewFile(deps: Deps, data: string): Promise<ImportPreview> {
  const text = decodeFile(data);
  const parsed = await parseFile(text, { timeZone: deps.env.TIME_ZONE, fileLabel: 'fichier' });
  const header = parsed.ok ? parsed.header : (parsed.header ?? []);
  const cols = mapHeader(header);
  const labelOf = new Map(Object.entries(cols).map(([c, h]) => [h, COLUMN_LABEL[c as Column]]));
  const columns = header.map((h) => ({ header: h, column: labelOf.get(h) ?? null }));
  if (!parsed.ok) return { columns, rows: [], readable: 0, refused: 0, failures: [], message: parsed.message };
  const good = parsed.rows.filter((r) => !r.failure);
  const bad = parsed.rows.filter((r) => r.failure);
  return {
    columns,
    rows: good.slice(0, PREVIEW_ROWS).map((r) => ({ line: r.line, values: readAs(r, deps.env.TIME_ZONE) })),
    readable: good.length,
    refused: bad.length + parsed.refusedMore,
    failures: bad.slice(0, PREVIEW_ROWS).map(failureDoc),
    message: good.length || !(bad.length + parsed.refusedMore) ? null : IMPORTS.noUsableRow('choisi'),
  };
}

/**
 * The refused rows of an import's file as a CSV to fix and import again: UTF-8 with BOM, ';', the file's
 * header after two columns saying where and why (the import ignores them), each row's cells as they were.
 * Null when the import or the file has none.
 */
export async function refusedCsv(deps: Deps, id: string, file?: string): Promise<{ name: string; csv: string } | null> {
  const found = await repo.refusedRows(deps.db, id);
  if (!found?.headers?.length && !found?.failures.length) return null;
  const labels = found.headers?.map((h) => h.file) ?? [];
  const label = file ?? found.failures.find((f) => f.cells)?.file ?? labels[0];
  const rows = found.failures.filter((f) => f.cells && (f.file ?? label) === label);
  if (!rows.length) return null;
  const header = found.headers?.find((h) => h.file === label)?.header ?? rows[0].cells!.map((_, i) => `Colonne ${i + 1}`);
  const head = ["Ligne d'origine", 'Motif du refus', ...header];
  const body = rows.map((f) => {
    const cells = [...f.cells!, ...Array<string>(Math.max(0, header.length - f.cells!.length)).fill('')];
    return [String(f.line), f.reason, ...cells].map(guardFormula);
  });
  const base = (label ?? 'import').replace(/\.[a-z0-9]+$/i, '').replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return { name: `lignes-refusees-${base}.csv`, csv: toCsv(head, body, ';', { bom: true }) };
}
