import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportDoc } from '@campsite/shared';
import { ACTIVATION_ALPHABET, ACTIVATION_LENGTH } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { clients, imports, stays, type ImportFailure } from '../../db/schema';
import { refreshLatestStay } from '../clients/public';
import { CLIENT_COLUMN, CLIENT_FIELDS, STAY_COLUMN, STAY_FIELDS } from './columns.parse';
import type { ClientInput, StayInput } from './imports.parse';

export const newActivationCode = () => Array.from({ length: ACTIVATION_LENGTH }, () => ACTIVATION_ALPHABET[randomInt(ACTIVATION_ALPHABET.length)]).join('');

export interface UpsertCount {
  created: number;
  updated: number;
}

/**
 * Creates or updates client files by number, in one statement. Only the columns the file has are
 * written (a file without a second e-mail keeps the one known), and a row identical to what is stored is
 * not touched at all: importing a file twice changes nothing, edition date included. New files get an
 * activation code; an existing code never changes.
 */
export async function upsertClients(tx: Tx, rows: ClientInput[], by: string, now: number): Promise<UpsertCount> {
  if (!rows.length) return { created: 0, updated: 0 };
  const present = CLIENT_FIELDS.filter((f) => rows.some((r) => r[f] !== undefined));
  const values = rows.map((r) => ({
    clientNumber: r.client_number,
    activationCode: newActivationCode(),
    ...Object.fromEntries(present.map((f) => [CLIENT_COLUMN[f], r[f] ?? (f === 'firstname' || f === 'lastname' ? '' : f === 'client_type' ? 'tourist' : null)])),
    createdBy: by,
    createdTime: now,
    editedBy: by,
    editedTime: now,
  })) as (typeof clients.$inferInsert)[];
  const cols = present.map((f) => sql.identifier(f));
  const excluded = present.map((f) => sql`excluded.${sql.identifier(f)}`);
  const result = await tx
    .insert(clients)
    .values(values)
    .onConflictDoUpdate({
      target: clients.clientNumber,
      set: {
        ...Object.fromEntries(present.map((f) => [CLIENT_COLUMN[f], sql`excluded.${sql.identifier(f)}`])),
        editedBy: sql`excluded.edited_by`,
        editedTime: sql`excluded.edited_time`,
      },
      setWhere: present.length ? sql`(${sql.join(cols.map((c) => sql`clients.${c}`), sql`, `)}) IS DISTINCT FROM (${sql.join(excluded, sql`, `)})` : sql`false`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const created = result.filter((r) => r.inserted).length;
  return { created, updated: result.length - created };
}

/** The client numbers among these that exist. */
export async function existingClients(tx: Tx, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await tx.select({ n: clients.clientNumber }).from(clients).where(inArray(clients.clientNumber, [...new Set(numbers)]));
  return new Set(rows.map((r) => r.n));
}

/**
 * Creates or updates stays by number (their client must exist), like upsertClients, then keeps each
 * client's latest-stay columns in step, in the same transaction.
 */
export async function upsertStays(tx: Tx, rows: StayInput[], by: string, now: number): Promise<UpsertCount> {
  if (!rows.length) return { created: 0, updated: 0 };
  const present = STAY_FIELDS.filter((f) => rows.some((r) => r[f] !== undefined));
  const values = rows.map((r) => ({
    stayNumber: r.stay_number,
    clientNumber: r.client_number,
    arrival: r.arrival,
    departure: r.departure,
    ...Object.fromEntries(present.map((f) => [STAY_COLUMN[f], r[f] ?? (f === 'participants' ? [] : null)])),
    createdBy: by,
    createdTime: now,
    editedBy: by,
    editedTime: now,
  })) as (typeof stays.$inferInsert)[];
  const compared = ['client_number', 'arrival', 'departure', ...present];
  const result = await tx
    .insert(stays)
    .values(values)
    .onConflictDoUpdate({
      target: stays.stayNumber,
      set: {
        clientNumber: sql`excluded.client_number`,
        arrival: sql`excluded.arrival`,
        departure: sql`excluded.departure`,
        ...Object.fromEntries(present.map((f) => [STAY_COLUMN[f], sql`excluded.${sql.identifier(f)}`])),
        editedBy: sql`excluded.edited_by`,
        editedTime: sql`excluded.edited_time`,
      },
      setWhere: sql`(${sql.join(compared.map((c) => sql`stays.${sql.identifier(c)}`), sql`, `)}) IS DISTINCT FROM (${sql.join(
        compared.map((c) => sql`excluded.${sql.identifier(c)}`),
        sql`, `,
      )})`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)`, clientNumber: stays.clientNumber });
  await refreshLatestStay(tx, [...new Set(rows.map((r) => r.client_number))]);
  const created = result.filter((r) => r.inserted).length;
  return { created, updated: result.length - created };
}

/** The room-list group of a contact e-mail with these dates (koban files are numbered RL-…), if one exists. */
export async function insertImport(db: Tx, row: typeof imports.$inferInsert) {
  await db.insert(imports).values(row);
}

/** Room lists of one contact e-mail are written one after the other (the same group is found, not made twice). */
export async function lockRoomlistEmail(tx: Tx, email: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`roomlist:${email.trim().toLowerCase()}`}))`);
}

/** The client's latest stay, its row locked: two room-list updates of one client apply one after the other. */
export async function lockLatestStay(tx: Tx, clientNumber: string): Promise<{ stayNumber: string } | undefined> {
  return (
    await tx
      .select({ stayNumber: stays.stayNumber })
      .from(stays)
      .where(eq(stays.clientNumber, clientNumber))
      .orderBy(sql`${stays.arrival} DESC`)
      .limit(1)
      .for('update')
  )[0];
}

export function roomlistGroup(tx: Tx, email: string, arrival: number, departure: number) {
  return tx
    .select({ clientNumber: clients.clientNumber, stayNumber: stays.stayNumber })
    .from(clients)
    .innerJoin(stays, eq(stays.clientNumber, clients.clientNumber))
    .where(and(sql`lower(${clients.email1}) = lower(${email.trim()})`, sql`${clients.clientNumber} LIKE 'RL-%'`, eq(stays.arrival, arrival), eq(stays.departure, departure)))
    .orderBy(clients.clientNumber)
    .limit(1);
}

// The imports table -------------------------------------------------------------------------------------

type ImportRow = typeof imports.$inferSelect;

export function toImportDoc(r: Omit<ImportRow, 'seq' | 'input' | 'headers'>): ImportDoc {
  return {
    _id: r.id,
    kind: r.kind,
    status: r.status,
    source: r.source,
    total: r.total,
    done: r.done,
    created: r.created,
    updated: r.updated,
    // the cells stay in the database, for the refused rows' CSV
    failures: r.failures.map(({ cells: _cells, ...f }) => f),
    refused: r.refused,
    message: r.message,
    created_time: r.createdTime,
    finished_time: r.finishedTime,
  };
}

const docColumns = {
  id: imports.id,
  kind: imports.kind,
  status: imports.status,
  source: imports.source,
  total: imports.total,
  done: imports.done,
  created: imports.created,
  updated: imports.updated,
  failures: imports.failures,
  refused: imports.refused,
  message: imports.message,
  userId: imports.userId,
  createdTime: imports.createdTime,
  finishedTime: imports.finishedTime,
};

/** An import without its input (the file may be large). */
export async function findImport(db: Tx, id: string): Promise<ImportDoc | undefined> {
  const rows = await db.select(docColumns).from(imports).where(eq(imports.id, id)).limit(1);
  return rows[0] ? toImportDoc(rows[0]) : undefined;
}

export async function latestImport(db: Tx, kind: ImportRow['kind']): Promise<ImportDoc | undefined> {
  const rows = await db.select(docColumns).from(imports).where(eq(imports.kind, kind)).orderBy(desc(imports.seq)).limit(1);
  return rows[0] ? toImportDoc(rows[0]) : undefined;
}

/** An import's refused rows with their cells, and the headers of its files. */
export async function refusedRows(db: Tx, id: string) {
  const rows = await db.select({ failures: imports.failures, headers: imports.headers }).from(imports).where(eq(imports.id, id)).limit(1);
  return rows[0];
}

/** An import's whole row, input included (its run reads the files' labels from it). */
export async function importRow(db: Tx, id: string) {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

export async function setImport(db: Tx, id: string, set: Partial<typeof imports.$inferInsert>) {
  await db.update(imports).set(set).where(eq(imports.id, id));
}

/** Adds a batch's figures to its import's, in the batch's transaction (a restart resumes after them). */
export async function addImportProgress(tx: Tx, id: string, p: { rows: number; created: number; updated: number; refused: number; failures: ImportFailure[] }) {
  await tx
    .update(imports)
    .set({
      done: sql`${imports.done} + ${p.rows}`,
      created: sql`${imports.created} + ${p.created}`,
      updated: sql`${imports.updated} + ${p.updated}`,
      refused: sql`${imports.refused} + ${p.refused}`,
      ...(p.failures.length ? { failures: sql`${imports.failures} || ${JSON.stringify(p.failures)}::jsonb` } : {}),
    })
    .where(eq(imports.id, id));
}
