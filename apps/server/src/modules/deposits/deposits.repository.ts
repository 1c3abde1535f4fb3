import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Deposit, ParsedQuery, UnaskedStay } from '@campsite/shared';
import { deposits as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { accommodations, depositCallbacks, deposits } from '../../db/schema';
import { foldedPrefix, offsetOf, orderBy } from '../../db/paging';
import { readRows } from '../../db/rows';

export type DepositRow = typeof deposits.$inferSelect;

/** The accommodation types that ask for a deposit: their names and PMS categories. */
export async function depositTypes(db: Tx) {
  return db.select({ name: accommodations.name, categories: accommodations.categories }).from(accommodations).where(eq(accommodations.deposit, true));
}

/** One accommodation type's names and PMS categories (none for an unknown id). */
export async function typeOf(db: Tx, id: string) {
  return db.select({ name: accommodations.name, categories: accommodations.categories }).from(accommodations).where(eq(accommodations.id, id));
}

export interface DueStay {
  stay_number: string;
  arrival: number;
  departure: number;
  firstname: string;
  lastname: string;
  email: string | null;
  lang: string | null;
}

/** What makes a stay due now (the scan's rule, and the count staff read before switching on or widening). */
export interface DueWindow {
  /** the folded names and PMS categories of the types marked Oui */
  keys: string[];
  now: number;
  /** the last arrival asked now: now + the lead time */
  until: number;
  /** 'from now on only': the stays known before and arriving by then are left out */
  onlyNew?: { createdBefore: number; arrivalUntil: number } | null;
}

/**
 * The stays a scan asks: arriving after now (a guest is arrived on the arrival day, a day kept at its
 * midnight: never asked automatically) and by `until`, of a type that asks for a deposit (its folded
 * category among `keys`), without a deposit yet, and not left out by 'from now on only'.
 */
function dueWhere(w: DueWindow) {
  const skip = w.onlyNew ? sql`AND NOT (s.created_time <= ${w.onlyNew.createdBefore} AND s.arrival <= ${w.onlyNew.arrivalUntil})` : sql``;
  return sql`s.arrival > ${w.now} AND s.arrival <= ${w.until}
        AND people_fold(btrim(s.location_category)) IN (SELECT jsonb_array_elements_text(${JSON.stringify(w.keys)}::jsonb))
        AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.stay_number = s.stay_number) ${skip}`;
}

/** The stays due for a request (dueWhere), the nearest arrivals first; the arrival index bounds the walk. */
export function dueStays(db: Tx, w: DueWindow, limit: number) {
  return readRows<DueStay>(
    db,
    sql`SELECT s.stay_number, s.arrival, s.departure, c.firstname, c.lastname,
        coalesce(nullif(c.email1, ''), nullif(c.email2, ''), w.email) AS email, coalesce(c.langage, w.langage) AS lang
      FROM stays s JOIN clients c ON c.client_number = s.client_number
      LEFT JOIN LATERAL (SELECT email, langage FROM webapp_users u WHERE u.stay_number = s.stay_number ORDER BY u.created_time LIMIT 1) w ON true
      WHERE ${dueWhere(w)}
      ORDER BY s.arrival LIMIT ${limit}`,
  );
}

/** How many stays a scan would ask now (the same rule): the figure staff read before saving. */
export async function countDueStays(db: Tx, w: DueWindow) {
  const [{ n }] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM stays s WHERE ${dueWhere(w)}`);
  return n;
}

/** A stay's guest as a request names them now (the client's address, else the guest account's), and its days. */
export async function stayContact(db: Tx, stayNumber: string) {
  const [row] = await readRows<DueStay>(
    db,
    sql`SELECT s.stay_number, s.arrival, s.departure, c.firstname, c.lastname,
        coalesce(nullif(c.email1, ''), nullif(c.email2, ''), w.email) AS email, coalesce(c.langage, w.langage) AS lang
      FROM stays s JOIN clients c ON c.client_number = s.client_number
      LEFT JOIN LATERAL (SELECT email, langage FROM webapp_users u WHERE u.stay_number = s.stay_number ORDER BY u.created_time LIMIT 1) w ON true
      WHERE s.stay_number = ${stayNumber}`,
  );
  return row;
}

/** A new deposit, unless the stay has one (another instance scanned first): answers its id or null. */
export async function insertDeposit(db: Tx, row: typeof deposits.$inferInsert): Promise<string | null> {
  const [made] = await db.insert(deposits).values(row).onConflictDoNothing({ target: deposits.stayNumber }).returning({ id: deposits.id });
  return made?.id ?? null;
}

export async function findDeposit(db: Tx, id: string, lock = false) {
  const q = db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}
export async function depositOfStay(db: Tx, stayNumber: string, lock = false) {
  const q = db.select().from(deposits).where(eq(deposits.stayNumber, stayNumber)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}
export async function depositByReference(db: Tx, reference: string, lock = false) {
  const q = db.select().from(deposits).where(eq(deposits.reference, reference)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}
export async function updateDeposit(db: Tx, id: string, set: Partial<typeof deposits.$inferInsert>) {
  const [row] = await db.update(deposits).set(set).where(eq(deposits.id, id)).returning();
  return row;
}

/** Updates a deposit only while its intent is in `state` (a late run never overwrites a newer outcome). */
export async function updateDepositIf(db: Tx, id: string, state: 'pending', set: Partial<typeof deposits.$inferInsert>) {
  const [row] = await db.update(deposits).set(set).where(and(eq(deposits.id, id), eq(deposits.settleState, state))).returning();
  return row;
}

/**
 * Records a callback's signature; false when it was recorded before (a replay). The signatures older than
 * the window a signature is accepted in go (a replay of those is refused as stale before coming here).
 */
export async function recordCallback(tx: Tx, signature: string, t: number, now: number, tolerance: number): Promise<boolean> {
  await tx.delete(depositCallbacks).where(sql`${depositCallbacks.receivedTime} < ${now - 2 * tolerance}`);
  const made = await tx
    .insert(depositCallbacks)
    .values({ signature: `${t}.${signature}`, receivedTime: now })
    .onConflictDoNothing()
    .returning({ signature: depositCallbacks.signature });
  return made.length > 0;
}

/** The deposits of these stays, their rows locked (a client's erasure: they go with the stays). */
export async function lockDepositsOfStays(tx: Tx, stayNumbers: string[]) {
  return tx.select().from(deposits).where(inArray(deposits.stayNumber, stayNumbers)).for('update');
}

export interface OpenDeposit {
  id: string;
  reference: string | null;
  email: string;
  arrival: number | null;
  departure: number | null;
  stay_arrival: number;
  stay_departure: number;
  /** the stay's category folded as dueStays folds it (null without one) */
  category_key: string | null;
}

/**
 * The deposits of these stays the guest has not answered ('' status, not settled), beside their stay as it
 * is now, their rows locked: what an import that wrote the stays must check (deposits.stays.ts).
 */
export function lockOpenDepositsOfStays(tx: Tx, stayNumbers: string[]) {
  return readRows<OpenDeposit>(
    tx,
    sql`SELECT d.id, d.reference, d.email, d.arrival, d.departure, s.arrival AS stay_arrival, s.departure AS stay_departure,
        people_fold(btrim(s.location_category)) AS category_key
      FROM deposits d JOIN stays s ON s.stay_number = d.stay_number
      WHERE d.stay_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(stayNumbers)}::jsonb)) AND d.status = '' AND d.settlement IS NULL
      ORDER BY d.id FOR UPDATE OF d`,
  );
}

export async function deleteDeposits(tx: Tx, ids: string[]) {
  if (ids.length) await tx.delete(deposits).where(inArray(deposits.id, ids));
}


/** The columns of a deposit as the contract names them (a row of the list, the detail). */
const COLUMNS = sql`d.id AS "_id", d.status, json_build_object('lastname', d.lastname, 'firstname', d.firstname, 'email', d.email) AS "user",
  d.stay_number AS stay, s.client_number, s.location, s.arrival, s.departure, d.reference, (d.amount / 100.0)::float8 AS amount,
  d.edited_time, d.deposited_time, d.created_time, d.link, d.error, d.settlement, (d.claimed / 100.0)::float8 AS claimed, d.settled_time, d.settled_by,
  d.settle_state, d.settle_error, d.claim_reason`;



/** One deposit as the contract shows it. */
export async function depositDocOf(db: Tx, id: string) {
  const [row] = await readRows<Deposit>(db, sql`SELECT ${COLUMNS} FROM deposits d JOIN stays s ON s.stay_number = d.stay_number WHERE d.id = ${id}`, true);
  return row;
}

type ListQuery = ParsedQuery<typeof calls.list>;

// the sort columns, named as the contract names them; numbers sort as numbers (002 §4)
const SORTS: Record<ListQuery['sort'], { column: SQL; nullable?: boolean }> = {
  edited_time: { column: sql`d.edited_time` },
  amount: { column: sql`d.amount` },
  stay: { column: sql`s.number_key` },
  client_number: { column: sql`people_number_key(s.client_number)` },
  lastname: { column: sql`d.lastname_key` },
  location: { column: sql`s.location`, nullable: true },
  status: { column: sql`d.status` },
  arrival: { column: sql`s.arrival` },
};

function filters(q: ListQuery): SQL[] {
  const where: SQL[] = [];
  // both boxes or none: no status filter (002 §4)
  if (q.deposited !== q.not_deposited) where.push(q.deposited ? sql`d.status = 'OK'` : sql`d.status <> 'OK'`);
  if (q.q) {
    const text = q.q.trim();
    const number = sql`people_number_key(${text})`;
    const location = sql`btrim(s.location) = ${text}`;
    if (q.filter === 'stay_number') where.push(sql`s.number_key = ${number}`);
    else if (q.filter === 'client_number') where.push(sql`people_number_key(s.client_number) = ${number}`);
    else if (q.filter === 'location') where.push(location);
    else {
      const prefix = foldedPrefix(text);
      where.push(sql`(s.number_key = ${number} OR people_number_key(s.client_number) = ${number} OR ${location} OR d.lastname_key LIKE ${prefix} OR d.firstname_key LIKE ${prefix})`);
    }
  }
  return where;
}

/**
 * A page of deposits and the exact count of matches. Two statements: a window count over the matches would
 * make the page read and sort them all, where the page alone stops at its last row along an index.
 */
export async function listDeposits(db: Tx, q: ListQuery) {
  const where = filters(q);
  const from = sql`FROM deposits d JOIN stays s ON s.stay_number = d.stay_number ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`;
  const sort = SORTS[q.sort];
  const rows = await readRows<Deposit>(
    db,
    sql`SELECT ${COLUMNS} ${from} ORDER BY ${orderBy(sort.column, q.order, sort.nullable)}, ${orderBy(sql`d.id`, q.order)}
      LIMIT ${q.per_page} OFFSET ${offsetOf(q.page, q.per_page)}`,
  );
  const [{ n }] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
  return { rows, total: n, page: q.page, per_page: q.per_page };
}

/** What the to-do list shows of these stays' deposits (issue 33), in one statement. */
export function depositsOfStays(db: Tx, stayNumbers: string[]) {
  return readRows<{ id: string; stay_number: string; status: string; amount: number; reference: string | null; error: string | null; settlement: string | null; settle_state: string | null }>(
    db,
    sql`SELECT id, stay_number, status, amount, reference, error, settlement, settle_state FROM deposits WHERE stay_number = ANY(${sql.param(stayNumbers)}::text[])`,
    true,
  );
}

/** A stay's PMS category (undefined: no such stay). */
export async function stayCategory(db: Tx, stayNumber: string) {
  const [row] = await readRows<{ location_category: string | null }>(db, sql`SELECT location_category FROM stays WHERE stay_number = ${stayNumber}`, true);
  return row?.location_category ?? null;
}

/**
 * The stays that ask a deposit and have none (issue 32): not over (on site until the end of the departure day),
 * arriving by `w.until`, of a type marked Oui, without any deposit row; those the scan leaves out for good
 * ('from now on only', an arrival before the switch) and those it has not reached yet this quarter of an hour.
 * Along the departure index (the stays not over: a season's worth), the nearest arrival first; the page and
 * its count.
 */
export async function unaskedStays(db: Tx, w: DueWindow, q: ParsedQuery<typeof calls.unasked>) {
  const where = [
    sql`s.departure > ${w.now - 86400}`,
    sql`s.arrival <= ${w.until}`,
    sql`people_fold(btrim(s.location_category)) IN (SELECT jsonb_array_elements_text(${JSON.stringify(w.keys)}::jsonb))`,
    sql`NOT EXISTS (SELECT 1 FROM deposits d WHERE d.stay_number = s.stay_number)`,
  ];
  if (q.q) {
    // as the deposits list searches (002 §4): with a filter, that number or place; without, any of them or a name's start
    const text = q.q.trim();
    const number = sql`people_number_key(${text})`;
    const prefix = foldedPrefix(text);
    if (q.filter === 'stay_number') where.push(sql`s.number_key = ${number}`);
    else if (q.filter === 'client_number') where.push(sql`c.number_key = ${number}`);
    else if (q.filter === 'location') where.push(sql`btrim(s.location) = ${text}`);
    else where.push(sql`(s.number_key = ${number} OR c.number_key = ${number} OR btrim(s.location) = ${text} OR c.lastname_key LIKE ${prefix} OR c.firstname_key LIKE ${prefix})`);
  }
  const from = sql`FROM stays s JOIN clients c ON c.client_number = s.client_number WHERE ${sql.join(where, sql` AND `)}`;
  const rows = await readRows<UnaskedStay>(
    db,
    sql`SELECT s.stay_number AS stay, s.client_number, json_build_object('lastname', c.lastname, 'firstname', c.firstname,
        'email', coalesce(nullif(c.email1, ''), nullif(c.email2, ''), '')) AS "user", s.location, s.arrival, s.departure
      ${from} ORDER BY s.arrival, s.number_key LIMIT ${q.per_page} OFFSET ${offsetOf(q.page, q.per_page)}`,
  );
  const [{ n }] = await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
  return { rows, total: n, page: q.page, per_page: q.per_page };
}
