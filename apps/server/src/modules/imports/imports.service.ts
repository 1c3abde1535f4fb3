import type { DashboardUser, ImportDoc } from '@campsite/shared';
import { csvParseError, parseDay, PEOPLE, zonedTimeToEpoch } from '@campsite/shared';
import { readCsv } from '../../lib/csv';
import type { ImportKind } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { findClient } from '../clients/public';
import { staysChanged } from '../../platform/hooks';
import { decodeFile, detectDelimiter, mapHeader } from './header.parse';
import type { StayInput } from './imports.parse';
import * as repo from './imports.repository';
import { importJob } from './imports.jobs';
import { createImport, upsertClientsRetrying, type ImportFile } from './imports.run';

export { BATCH, runImport, type ImportFile } from './imports.run';

/** How long the call that starts an import waits for it: a small file answers with its result at once. */
const WAIT_MS = 2000;

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
    await importJob.enqueue(deps, { id }, { tx });
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

/** Files sent by the dashboard: data URLs or text, decoded to text. */
export function decodedFiles(list: { label: string; data: string | null | undefined }[]): ImportFile[] {
  return list.filter((f) => f.data).map((f) => ({ label: f.label, text: decodeFile(f.data!) }));
}

// Room lists (koban) --------------------------------------------------------------------------------------

function roomDay(text: string, timeZone: string, field: 'arrival' | 'departure'): number {
  const d = parseDay(text);
  if (!d) throw badRequest(PEOPLE.formErrorThis, { [field]: field === 'arrival' ? PEOPLE.arrivalFormat : PEOPLE.departureFormat });
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
  if (!cols.lastname && !cols.firstname) throw badRequest(PEOPLE.rowMissingColumn('Nom'), { file: PEOPLE.rowMissingColumn('Nom') });
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
  if (departure < arrival) throw badRequest(PEOPLE.formErrorThis, { departure: PEOPLE.departureBeforeArrival });
  const participants = await participantsOf(body.file);
  const now = deps.now();
  const by = actor.username;
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await repo.lockRoomlistEmail(tx, body.email);
    const [same] = await repo.roomlistGroup(tx, body.email, arrival, departure);
    const clientNumber = same?.clientNumber ?? roomNumber();
    const c = await upsertClientsRetrying(tx, [{ client_number: clientNumber, lastname: body.lastname, firstname: body.firstname, email1: body.email, phone1: body.phone }], by, now);
    const s = await repo.upsertStays(tx, [{ stay_number: same?.stayNumber ?? roomNumber(), client_number: clientNumber, arrival, departure, participants }], by, now);
    await repo.insertImport(tx, doneImport(id, actor, now, participants!.length, { created: c.created, updated: !c.created && (c.updated || s.updated) ? 1 : 0 }));
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
  if (departure < arrival) throw badRequest(PEOPLE.formErrorThis, { departure: PEOPLE.departureBeforeArrival });
  const participants = body.file ? await participantsOf(body.file) : undefined;
  if (!(await findClient(deps.db, body.client))) throw badRequest(PEOPLE.formErrorThis, { client: PEOPLE.roomlistUnknownClient });
  const now = deps.now();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const latest = await repo.lockLatestStay(tx, body.client);
    const stayNumber = latest?.stayNumber ?? roomNumber();
    await repo.upsertStays(tx, [{ stay_number: stayNumber, client_number: body.client, arrival, departure, ...(participants ? { participants } : {}) }], actor.username, now);
    // what depends on the stay's days checks again (deposits: modules/hooks.ts)
    await staysChanged.run(deps, tx, { stayNumbers: [stayNumber] });
    await repo.insertImport(tx, doneImport(id, actor, now, participants?.length ?? 0, { created: latest ? 0 : 1, updated: latest ? 1 : 0 }));
  });
  return (await repo.findImport(deps.db, id))!;
}
