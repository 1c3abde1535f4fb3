import { eq, sql } from 'drizzle-orm';
import type { DashboardUser, ImportDoc } from '@campsite/shared';
import { csvParseError, IMP, M, MAX_LISTED_FAILURES, parseDay, PPL, zonedTimeToEpoch } from '@campsite/shared';
import { readCsv } from '../../lib/csv';
import type { Tx } from '../../db/client';
import { imports, stays, type ImportFailure, type ImportKind } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest, isUniqueViolation } from '../../http/errors';
import { newId } from '../../lib/ids';
import { findClient } from '../clients/clients.repository';
import { COLUMN_LABEL, decodeFile, detectDelimiter, mapHeader, parseFile, type ClientInput, type ParsedRow, type StayInput } from './imports.parse';
import * as repo from './imports.repository';
import { dropFiles, loadFiles, storeFiles } from './imports.store';
import { safeErrorForLog } from '../../db/errors';

/** Rows written per transaction: the unit of progress, and what a restart resumes from. */
export const BATCH = 500;
/** How long the call that starts an import waits for it: a small file answers with its result at once. */
const WAIT_MS = 2000;

export interface ImportFile {
  /** 'clients', 'réservations', the FTP file name…: named in messages */
  label: string;
  text: string;
}
/** The import's input: its files' labels (their texts in import_parts), or the files inline (before 0012b). */
interface StoredInput {
  labels?: string[];
  files?: ImportFile[];
  delimiter?: string;
}

/** The job kind that runs imports: durable, once across instances, resumed after a restart. */
export const IMPORT_JOB = 'people.import';

/**
 * Stores the files and queues the import on the scheduler. The answer is the import as it stands after
 * a short wait: done for a small file, running (with its progress) for thousands of rows.
 */
export async function startImport(
  deps: Deps,
  kind: ImportKind,
  files: ImportFile[],
  opts: { userId?: string | null; delimiter?: string } = {},
): Promise<ImportDoc> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await createImport(tx, deps, id, kind, files, { ...opts, source: 'dashboard' });
    await deps.jobs.enqueue(IMPORT_JOB, { id }, { tx, maxAttempts: 3 });
  });
  deps.jobs.poke();
  // by the clock, not by turns: on PGlite (one connection) each read waits for the batch being written,
  // and counting turns made a large file's call wait for the whole import, its progress bar never seen
  for (const until = Date.now() + WAIT_MS; Date.now() < until; ) {
    const doc = (await repo.findImport(deps.db, id))!;
    if (doc.status === 'done' || doc.status === 'failed') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await repo.findImport(deps.db, id))!;
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
  await tx.insert(imports).values({
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
    await deps.db.update(imports).set({ status: 'failed', message: M.serverError, finishedTime: deps.now(), input: null }).where(eq(imports.id, id));
    await dropFiles(deps.db, id);
    return true;
  }
}

async function execute(deps: Deps, id: string, signal?: AbortSignal): Promise<boolean> {
  const [row] = await deps.db.select().from(imports).where(eq(imports.id, id)).limit(1);
  if (!row || row.status === 'done' || row.status === 'failed' || !row.input) return true;
  const input = row.input as StoredInput;
  const files = input.files ?? (await loadFiles(deps.db, id, input.labels ?? []));
  const who = `import ${row.kind}`;
  const fail = async (message: string, refusals: ParsedRow[] = [], headers: { file: string; header: string[]; delimiter: string }[] | null = null, more = 0) => {
    await deps.db
      .update(imports)
      .set({ status: 'failed', message, finishedTime: deps.now(), input: null, failures: listed(refusals), refused: refusals.length + more, headers })
      .where(eq(imports.id, id));
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
      await fail(IMP.noUsableRow(file.label), result.rows, [{ file: file.label, header: result.header, delimiter: result.delimiter }], result.refusedMore);
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
    await deps.db
      .update(imports)
      .set({
        status: 'running',
        total: all.length + refusedMore,
        done: refusedAtReading.length + refusedMore,
        failures: listed(refusedAtReading),
        refused: refusedAtReading.length + refusedMore,
        headers,
      })
      .where(eq(imports.id, id));
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
            result.failures.push(failureOf({ ...one, failure: M.serverError }));
          }
        }
      }
      const shown = result.failures.slice(0, Math.max(0, MAX_LISTED_FAILURES - listedSoFar));
      listedSoFar += shown.length;
      // the progress is written with the rows it counts: a restart resumes exactly after them
      await tx
        .update(imports)
        .set({
          done: sql`${imports.done} + ${batch.length}`,
          created: sql`${imports.created} + ${result.created}`,
          updated: sql`${imports.updated} + ${result.updated}`,
          refused: sql`${imports.refused} + ${result.failures.length}`,
          ...(shown.length ? { failures: sql`${imports.failures} || ${JSON.stringify(shown)}::jsonb` } : {}),
        })
        .where(eq(imports.id, id));
    });
    // a turn for the other requests between two batches: on PGlite (one connection) the next batch would
    // otherwise take the connection again at once, and the server would answer nobody until the end
    await new Promise((r) => setTimeout(r, 0));
  }
  await deps.db.update(imports).set({ status: 'done', finishedTime: deps.now(), input: null }).where(eq(imports.id, id));
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
      failures.push(failureOf({ ...r, failure: PPL.rowUnknownClient(r.stay!.client_number), column: COLUMN_LABEL.client_number, value: r.stay!.client_number }));
    }
  }
  const stayRows = merged(withStay.filter((r) => known.has(r.stay!.client_number)).map((r) => r.stay!), (s) => s.stay_number);
  const s = await repo.upsertStays(tx, stayRows, by, now);
  return { created: c.created + s.created, updated: c.updated + s.updated, failures };
}

/** Activation codes are random: in the rare case two meet, the batch's new files draw again. */
async function upsertClientsRetrying(tx: Tx, rows: ClientInput[], by: string, now: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction((sp) => repo.upsertClients(sp, rows, by, now));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/** Files sent by the dashboard: data URLs or text, decoded to text. */
export function decodedFiles(list: { label: string; data: string | null | undefined }[]): ImportFile[] {
  return list.filter((f) => f.data).map((f) => ({ label: f.label, text: decodeFile(f.data!) }));
}

// Room lists (koban) --------------------------------------------------------------------------------------

function roomDay(text: string, timeZone: string, field: 'arrival' | 'departure'): number {
  const d = parseDay(text);
  if (!d) throw badRequest(PPL.formErrorThis, { [field]: field === 'arrival' ? PPL.arrivalFormat : PPL.departureFormat });
  return zonedTimeToEpoch(d.year, d.month, d.day, 0, 0, timeZone);
}

/**
 * The participants of a room-list CSV (last name, first name, e-mail), read like every import (lib/csv.ts,
 * without holding the event loop). A file that cannot be read, or whose rows are all refused, is a 400
 * naming the first refused line; otherwise the rows that can be read are the participants.
 */
async function participantsOf(data: string): Promise<StayInput['participants']> {
  const text = decodeFile(data);
  const parsed = await readCsv(text, { delimiter: detectDelimiter(text), keepRefused: 1 });
  if (!parsed.ok) throw badRequest(parsed.message, { file: parsed.message });
  const cols = mapHeader(parsed.header);
  if (!cols.lastname && !cols.firstname) throw badRequest(PPL.rowMissingColumn('Nom'), { file: PPL.rowMissingColumn('Nom') });
  if (!parsed.rows.length && parsed.refused.length) {
    // the first refused line is named; the others were only counted
    const message = csvParseError(parsed.refused[0].line);
    throw badRequest(message, { file: message });
  }
  const at = (h: string | undefined) => (h === undefined ? -1 : parsed.header.indexOf(h));
  const [last, first, mail] = [at(cols.lastname), at(cols.firstname), at(cols.email1)];
  const get = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? '').replace(/\0/g, '').trim().slice(0, 200));
  return parsed.rows
    .map(({ cells }) => ({ lastname: get(cells, last), firstname: get(cells, first), email: get(cells, mail) }))
    .filter((p) => p.lastname || p.firstname);
}

const roomNumber = () => `RL-${newId().slice(0, 10).toUpperCase()}`;

export interface RoomlistInsert {
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  arrival: string;
  departure: string;
  file: string;
}

/**
 * Room-list insert: the group's contact becomes a client file with one stay holding the participants.
 * The same room list sent again (same contact e-mail, same dates: a double click, a re-import) is the
 * same group: its file and stay are updated in place, so that nothing changes when nothing differs.
 * An advisory lock on the contact's e-mail makes two such sends at once apply one after the other.
 */
export async function roomlistInsert(deps: Deps, actor: DashboardUser, body: RoomlistInsert): Promise<ImportDoc> {
  const arrival = roomDay(body.arrival, deps.env.TIME_ZONE, 'arrival');
  const departure = roomDay(body.departure, deps.env.TIME_ZONE, 'departure');
  if (departure < arrival) throw badRequest(PPL.formErrorThis, { departure: PPL.departureBeforeArrival });
  const participants = await participantsOf(body.file);
  const now = deps.now();
  const by = actor.username;
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`roomlist:${body.email.trim().toLowerCase()}`}))`);
    const [same] = await repo.roomlistGroup(tx, body.email, arrival, departure);
    const clientNumber = same?.clientNumber ?? roomNumber();
    const c = await upsertClientsRetrying(tx, [{ client_number: clientNumber, lastname: body.lastname, firstname: body.firstname, email1: body.email, phone1: body.phone }], by, now);
    const s = await repo.upsertStays(tx, [{ stay_number: same?.stayNumber ?? roomNumber(), client_number: clientNumber, arrival, departure, participants }], by, now);
    await tx.insert(imports).values(doneImport(id, actor, now, participants!.length, { created: c.created, updated: !c.created && (c.updated || s.updated) ? 1 : 0 }));
  });
  return (await repo.findImport(deps.db, id))!;
}

/** A room list is written in the call's own transaction; its import row records it like the others. */
function doneImport(id: string, actor: DashboardUser, now: number, rows: number, count: { created: number; updated: number }) {
  return { id, kind: 'roomlist' as const, status: 'done' as const, total: rows, done: rows, ...count, userId: actor._id, createdTime: now, finishedTime: now };
}

/** Room-list update: the client's latest stay takes the new dates (and the new participants when a file comes). */
export async function roomlistUpdate(deps: Deps, actor: DashboardUser, body: { client: string; arrival: string; departure: string; file?: string }): Promise<ImportDoc> {
  const arrival = roomDay(body.arrival, deps.env.TIME_ZONE, 'arrival');
  const departure = roomDay(body.departure, deps.env.TIME_ZONE, 'departure');
  if (departure < arrival) throw badRequest(PPL.formErrorThis, { departure: PPL.departureBeforeArrival });
  const participants = body.file ? await participantsOf(body.file) : undefined;
  if (!(await findClient(deps.db, body.client))) throw badRequest(PPL.formErrorThis, { client: PPL.roomlistUnknownClient });
  const now = deps.now();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    // the client's stays are locked: two updates at once apply one after the other
    const [latest] = await tx
      .select({ stayNumber: stays.stayNumber })
      .from(stays)
      .where(eq(stays.clientNumber, body.client))
      .orderBy(sql`${stays.arrival} DESC`)
      .limit(1)
      .for('update');
    await repo.upsertStays(tx, [{ stay_number: latest?.stayNumber ?? roomNumber(), client_number: body.client, arrival, departure, ...(participants ? { participants } : {}) }], actor.username, now);
    await tx.insert(imports).values(doneImport(id, actor, now, participants?.length ?? 0, { created: latest ? 0 : 1, updated: latest ? 1 : 0 }));
  });
  return (await repo.findImport(deps.db, id))!;
}
