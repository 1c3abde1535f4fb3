import { IMPORTS, CORE, MAX_LISTED_FAILURES, PEOPLE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { ImportFailure, ImportKind } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { isUniqueViolation } from '../../http/errors';
import { COLUMN_LABEL } from './header.parse';
import { parseFile, type ClientInput, type ParsedRow } from './imports.parse';
import * as repo from './imports.repository';
import { dropFiles, loadFiles, storeFiles } from './import-parts.repository';
import { safeErrorForLog } from '../../db/errors';
import { staysChanged } from '../../platform/hooks';

// The work of an import, run by its job (imports.jobs.ts) and by the PMS gateway's: apart from the service
// that queues it, so that the job's definition and the service that enqueues it do not import each other.

/** Rows written per transaction: the unit of progress, and what a restart resumes from. */
export const BATCH = 500;

export interface ImportFile {
  /** 'clients', 'réservations', the FTP file name…: named in messages */
  label: string;
  text: string;
}
/** The import's input: its files' labels (their texts in import_parts), or the files inline (before 0012b). */
export interface StoredInput {
  labels?: string[];
  files?: ImportFile[];
  delimiter?: string;
}

/** The import's row, with its files kept until it is done. */
export async function createImport(
  tx: Tx,
  deps: Deps,
  id: string,
  kind: ImportKind,
  files: ImportFile[],
  opts: { userId?: string | null; source: 'dashboard' | 'ftp'; delimiter?: string },
) {
  await repo.insertImport(tx, {
    id,
    kind,
    status: 'pending',
    source: opts.source,
    input: { labels: files.map((f) => f.label), delimiter: opts.delimiter } satisfies StoredInput,
    userId: opts.userId ?? null,
    createdTime: deps.now(),
  });
  await storeFiles(tx, id, files);
}

/**
 * Runs (or resumes, from the rows already written) an import. Answers false when the scheduler is
 * stopping: the import stops between two batches and its job runs again.
 */
export async function runImport(deps: Deps, id: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return await execute(deps, id, signal);
  } catch (err) {
    console.error('import', safeErrorForLog(err));
    await repo.setImport(deps.db, id, { status: 'failed', message: CORE.serverError, finishedTime: deps.now(), input: null });
    await dropFiles(deps.db, id);
    return true;
  }
}

async function execute(deps: Deps, id: string, signal?: AbortSignal): Promise<boolean> {
  const row = await repo.importRow(deps.db, id);
  if (!row || row.status === 'done' || row.status === 'failed' || !row.input) return true;
  const input = row.input as StoredInput;
  const files = input.files ?? (await loadFiles(deps.db, id, input.labels ?? []));
  const who = `import ${row.kind}`;
  const fail = async (message: string, refusals: ParsedRow[] = [], headers: { file: string; header: string[]; delimiter: string }[] | null = null, more = 0) => {
    await repo.setImport(deps.db, id, { status: 'failed', message, finishedTime: deps.now(), input: null, failures: listed(refusals), refused: refusals.length + more, headers });
    await dropFiles(deps.db, id);
  };

  // every file is read before anything is written: a file that cannot be read at all (a column missing, a
  // quote never closed, not one usable row) refuses the whole import; otherwise its bad rows alone are refused
  const parsed: { rows: ParsedRow[]; stays: boolean }[] = [];
  const headers: { file: string; header: string[]; delimiter: string }[] = [];
  let refusedMore = 0;
  for (const file of files) {
    const result = await parseFile(file.text, { delimiter: input.delimiter, timeZone: deps.env.TIME_ZONE, fileLabel: file.label });
    if (!result.ok) {
      await fail(result.message);
      return true;
    }
    for (const r of result.rows) r.file = file.label;
    // rows, and none usable (a file of a header alone imports nothing and is not a failure)
    if (result.rows.every((r) => r.failure) && result.rows.length + result.refusedMore > 0) {
      await fail(IMPORTS.noUsableRow(file.label), result.rows, [{ file: file.label, header: result.header, delimiter: result.delimiter }], result.refusedMore);
      return true;
    }
    refusedMore += result.refusedMore;
    parsed.push({ rows: result.rows, stays: !!result.columns.stay_number });
    headers.push({ file: file.label, header: result.header, delimiter: result.delimiter });
  }
  // client files before stay files, so that a stay finds its client whatever the order the files came in
  const all = parsed.sort((a, b) => Number(a.stays) - Number(b.stays)).flatMap((p) => p.rows);
  const refusedAtReading = all.filter((r) => r.failure);
  const rows = all.filter((r) => !r.failure);
  if (row.status === 'pending') {
    // the rows refused at reading are recorded once, with the start: a resumed import finds them there
    await repo.setImport(deps.db, id, {
      status: 'running',
      total: all.length + refusedMore,
      done: refusedAtReading.length + refusedMore,
      failures: listed(refusedAtReading),
      refused: refusedAtReading.length + refusedMore,
      headers,
    });
  }
  let listedSoFar = Math.min(refusedAtReading.length, MAX_LISTED_FAILURES);

  for (let start = row.status === 'pending' ? 0 : row.done - refusedAtReading.length - refusedMore; start < rows.length; start += BATCH) {
    if (signal?.aborted) return false;
    const batch = rows.slice(start, start + BATCH);
    await deps.db.transaction(async (tx) => {
      let result: BatchResult;
      try {
        result = await tx.transaction((sp) => writeBatch(sp, batch, who, deps.now()));
      } catch (err) {
        // an unexpected refusal of the database in this batch: its rows again one by one (a savepoint
        // each), so that only the guilty one fails
        console.error('import', safeErrorForLog(err));
        result = { created: 0, updated: 0, failures: [] };
        for (const one of batch) {
          try {
            const r = await tx.transaction((sp) => writeBatch(sp, [one], who, deps.now()));
            result.created += r.created;
            result.updated += r.updated;
            result.failures.push(...r.failures);
          } catch {
            result.failures.push(failureOf({ ...one, failure: CORE.serverError }));
          }
        }
      }
      // what depends on a stay's days checks again (deposits: modules/hooks.ts)
      await staysChanged.run(deps, tx, { stayNumbers: batch.flatMap((r) => (r.stay ? [r.stay.stay_number] : [])) });
      const shown = result.failures.slice(0, Math.max(0, MAX_LISTED_FAILURES - listedSoFar));
      listedSoFar += shown.length;
      // the progress is written with the rows it counts: a restart resumes exactly after them
      await repo.addImportProgress(tx, id, { rows: batch.length, created: result.created, updated: result.updated, refused: result.failures.length, failures: shown });
    });
    // a turn for the other requests between two batches: on PGlite (one connection) the next batch would
    // otherwise take the connection again at once, and the server would answer nobody until the end
    await new Promise((r) => setTimeout(r, 0));
  }
  await repo.setImport(deps.db, id, { status: 'done', finishedTime: deps.now(), input: null });
  await dropFiles(deps.db, id);
  return true;
}

/** A refused row as the import records it: where, what and why, and its cells to give it back. */
function failureOf(r: ParsedRow): ImportFailure {
  return {
    line: r.line,
    number: r.number,
    reason: r.failure!,
    ...(r.column !== undefined ? { column: r.column } : {}),
    ...(r.value !== undefined ? { value: r.value } : {}),
    ...(r.file !== undefined ? { file: r.file } : {}),
    cells: r.cells,
  };
}
const listed = (refusals: ParsedRow[]) => refusals.slice(0, MAX_LISTED_FAILURES).map(failureOf);

interface BatchResult {
  created: number;
  updated: number;
  failures: ImportFailure[];
}

/** Later rows of one number complete earlier ones (a reservations file repeats its client on each stay). */
function merged<T extends object>(list: T[], keyOf: (t: T) => string): T[] {
  const by = new Map<string, T>();
  for (const item of list) {
    const k = keyOf(item);
    const prev = by.get(k);
    by.set(k, prev ? { ...prev, ...Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) } : item);
  }
  return [...by.values()];
}

/** One batch in one transaction: its clients, then its stays whose client exists. */
async function writeBatch(tx: Tx, batch: ParsedRow[], by: string, now: number): Promise<BatchResult> {
  const failures: ImportFailure[] = batch.filter((r) => r.failure).map(failureOf);
  const ok = batch.filter((r) => !r.failure);
  const clientRows = merged(ok.flatMap((r) => (r.client ? [r.client] : [])), (c) => c.client_number);
  const c = await upsertClientsRetrying(tx, clientRows, by, now);
  const withStay = ok.filter((r) => r.stay);
  const known = await repo.existingClients(tx, withStay.map((r) => r.stay!.client_number));
  for (const r of withStay) {
    if (!known.has(r.stay!.client_number)) {
      failures.push(failureOf({ ...r, failure: PEOPLE.rowUnknownClient(r.stay!.client_number), column: COLUMN_LABEL.client_number, value: r.stay!.client_number }));
    }
  }
  const stayRows = merged(withStay.filter((r) => known.has(r.stay!.client_number)).map((r) => r.stay!), (s) => s.stay_number);
  const s = await repo.upsertStays(tx, stayRows, by, now);
  return { created: c.created + s.created, updated: c.updated + s.updated, failures };
}

/** Activation codes are random: in the rare case two meet, the batch's new files draw again. */
export async function upsertClientsRetrying(tx: Tx, rows: ClientInput[], by: string, now: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction((sp) => repo.upsertClients(sp, rows, by, now));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
