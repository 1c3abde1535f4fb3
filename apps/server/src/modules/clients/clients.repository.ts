import { and, asc, eq, gte, inArray, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Client, ClientCard, ClientUser, ParsedQuery, Stay, clients as clientCalls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { clients, stays, webappUsers } from '../../db/schema';
import { escapeLike, foldedPrefix, orderBy, pageWithCount, phoneDigits } from '../../db/paging';
import { stayPlaceColumns } from '../../platform/people/clients.repository';

export type ClientFilters = Omit<ParsedQuery<typeof clientCalls.list>, 'page' | 'per_page' | 'sort' | 'order'>;
export type ClientPageQuery = ParsedQuery<typeof clientCalls.list>;

/** The columns of a client file on the wire (not the search keys). */
export const clientColumns = {
  clientNumber: clients.clientNumber,
  activationCode: clients.activationCode,
  civility: clients.civility,
  firstname: clients.firstname,
  lastname: clients.lastname,
  birthday: clients.birthday,
  langage: clients.langage,
  email1: clients.email1,
  email2: clients.email2,
  phone1: clients.phone1,
  phone2: clients.phone2,
  phone3: clients.phone3,
  clientType: clients.clientType,
  createdBy: clients.createdBy,
  createdTime: clients.createdTime,
  editedBy: clients.editedBy,
  editedTime: clients.editedTime,
};
type ClientRow = { [K in keyof typeof clientColumns]: (typeof clients.$inferSelect)[K] };

export function toClient(r: ClientRow): Client {
  return {
    client_number: r.clientNumber,
    activation_code: r.activationCode,
    civility: r.civility,
    firstname: r.firstname,
    lastname: r.lastname,
    birthday: r.birthday,
    langage: r.langage,
    email1: r.email1,
    email2: r.email2,
    phone1: r.phone1,
    phone2: r.phone2,
    phone3: r.phone3,
    client_type: r.clientType,
    created_by: r.createdBy,
    created_time: r.createdTime,
    edited_by: r.editedBy,
    edited_time: r.editedTime,
  };
}

export const stayColumns = {
  ...stayPlaceColumns,
  arrivalTime: stays.arrivalTime,
  departureTime: stays.departureTime,
  participants: stays.participants,
  createdBy: stays.createdBy,
  createdTime: stays.createdTime,
  editedBy: stays.editedBy,
  editedTime: stays.editedTime,
};
type StayDbRow = { [K in keyof typeof stayColumns]: (typeof stays.$inferSelect)[K] };

export function toStay(r: StayDbRow): Stay {
  return {
    stay_number: r.stayNumber,
    client_number: r.clientNumber,
    location: r.location,
    location_category: r.locationCategory,
    arrival: r.arrival,
    departure: r.departure,
    arrival_time: r.arrivalTime,
    departure_time: r.departureTime,
    participants: r.participants,
    created_time: r.createdTime,
    created_by: r.createdBy,
    edited_time: r.editedTime,
    edited_by: r.editedBy,
  };
}

/** On site: the arrival day has come and the departure day is not over (days are stored as their midnight). */
export const onSiteSql = (alias: string, now: number) => sql`${sql.raw(alias)}.arrival <= ${now} AND ${sql.raw(alias)}.departure > ${now - 86400}`;

/** When who is on site changes next after `now` (epoch seconds): a stay's arrival, or the end of its last day; Infinity if never. */
export async function nextOnSiteChange(db: Tx, now: number): Promise<number> {
  const [row] = await readRows<{ at: string | null }>(
    db,
    sql`SELECT least((SELECT min(arrival) FROM stays WHERE arrival > ${now}), (SELECT min(departure) FROM stays WHERE departure > ${now - 86400}) + 86400)::text AS at`,
  );
  return row.at === null ? Infinity : Number(row.at);
}

/** The periods of stays `s` as onSiteSql counts them, [arrival, departure + 1 day): a client's stay_periods. */
export const STAY_PERIODS = sql`range_agg(int8range(s.arrival, s.departure + 86400))`;

/** The WHERE of the client list, one condition per filter; stay conditions hold for one same stay. */
export function clientConditions(f: ClientFilters, now: number): SQL[] {
  const c: SQL[] = [];
  if (f.client_number) c.push(like(clients.clientNumber, `${escapeLike(f.client_number)}%`));
  if (f.lastname) c.push(like(clients.lastnameKey, foldedPrefix(f.lastname)));
  if (f.firstname) c.push(like(clients.firstnameKey, foldedPrefix(f.firstname)));
  if (f.email) c.push(or(like(clients.email1Key, foldedPrefix(f.email)), like(clients.email2Key, foldedPrefix(f.email)))!);
  if (f.phone) {
    const digits = phoneDigits(f.phone);
    c.push(digits ? like(clients.phoneKey, `%${digits}%`) : sql`false`);
  }
  if (f.code) c.push(eq(clients.activationCode, f.code.toUpperCase()));
  if (f.client_type) c.push(eq(clients.clientType, f.client_type));
  // one array parameter, not one per number: PostgreSQL takes at most 65 535 parameters in a statement (and
  // the page and its count repeat the conditions), a selection of 32 767 clients answered 500
  if (f.clients) c.push(sql`${clients.clientNumber} = ANY(${sql.param(f.clients)}::text[])`);
  if (f.after_update !== undefined) c.push(gte(clients.editedTime, f.after_update));
  if (f.before_update !== undefined) c.push(lt(clients.editedTime, f.before_update));

  const ofClient = sql`s.client_number = clients.client_number`;
  // the latest stay's arrival is kept on the client (refreshLatestStay): null exactly when it has no stay,
  // so these filters need no join and the count of a page stays cheap
  if (f.stays === 'with') c.push(isNotNull(clients.arrival));
  if (f.stays === 'without') c.push(isNull(clients.arrival));
  // the count of its app accounts is kept on the client by triggers (drizzle/0111): no probe of webapp_users,
  // and 'with' walks the partial index clients_users_arrival_desc_idx
  if (f.users === 'with') c.push(sql`${clients.appUsers} > 0`);
  if (f.users === 'without') c.push(eq(clients.appUsers, 0));

  const stay: SQL[] = [];
  if (f.location) stay.push(sql`s.location_key LIKE ${foldedPrefix(f.location)}`);
  if (f.after_arrival !== undefined) stay.push(sql`s.arrival >= ${f.after_arrival}`);
  if (f.before_arrival !== undefined) stay.push(sql`s.arrival < ${f.before_arrival}`);
  if (f.after_departure !== undefined) stay.push(sql`s.departure >= ${f.after_departure}`);
  if (f.before_departure !== undefined) stay.push(sql`s.departure < ${f.before_departure}`);
  if (f.on_site) {
    // the periods of its stays are on the client's row (refreshLatestStay): on site is a test of the row;
    // with another stay condition, one same stay must also be on site
    c.push(sql`clients.stay_periods @> ${now}::bigint`);
    if (stay.length) stay.push(onSiteSql('s', now));
  }
  if (stay.length) c.push(sql`EXISTS (SELECT 1 FROM stays s WHERE ${ofClient} AND ${sql.join(stay, sql` AND `)})`);
  return c;
}

/** The columns of a table under their own names, which are the contract's: a raw row is then the answer. */
const named = (columns: Record<string, { name: string }>) =>
  sql.raw(
    Object.values(columns)
      .map((c) => c.name)
      .join(', '),
  );
const CLIENT_FIELDS = named(clientColumns);
const STAY_FIELDS = named(stayColumns);

const SORTS = {
  client_number: [clients.numberKey, false],
  edited_time: [clients.editedTime, false],
  arrival: [clients.arrival, true],
  departure: [clients.departure, true],
  location: [clients.location, true],
} as const;

/**
 * One page of client files, sorted (ties by number) and filtered in SQL, and the count of the matches up
 * to COUNT_CAP (`more` beyond it).
 */
export function clientPage(db: Tx, q: ClientPageQuery, now: number): Promise<{ rows: Client[]; total: number; more: boolean }> {
  const [column, nullable] = SORTS[q.sort];
  return pageWithCount<Client>(db, {
    select: CLIENT_FIELDS,
    from: clients,
    where: and(...clientConditions(q, now)),
    order: [orderBy(column, q.order, nullable), ...(q.sort === 'client_number' ? [] : [orderBy(clients.numberKey, q.order)])],
    page: q.page,
    perPage: q.per_page,
  });
}

/** Every client number matching the filters, in number order (select across pages). */
export async function clientNumbers(db: Tx, f: ClientFilters, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ n: clients.clientNumber })
    .from(clients)
    .where(and(...clientConditions(f, now)))
    .orderBy(asc(clients.numberKey))
    .limit(limit);
  return rows.map((r) => r.n);
}

/** The counters of the list for the same filters: files, their stays, their app users, those with notifications. */
export async function clientCounts(db: Tx, f: ClientFilters, now: number) {
  const where = and(...clientConditions(f, now));
  const matched = sql`SELECT ${clients.clientNumber} FROM ${clients} ${where ? sql`WHERE ${where}` : sql``}`;
  const result = await db.execute(sql`
    WITH f AS (${matched})
    SELECT
      (SELECT count(*) FROM f)::int AS clients,
      (SELECT count(*) FROM stays s JOIN f ON f.client_number = s.client_number)::int AS stays,
      (SELECT count(*) FROM webapp_users u JOIN f ON f.client_number = u.client_number)::int AS users,
      (SELECT count(*) FROM webapp_users u JOIN f ON f.client_number = u.client_number
        WHERE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id))::int AS notifications`);
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0];
  return { clients: Number(row.clients), stays: Number(row.stays), users: Number(row.users), notifications: Number(row.notifications) };
}

export async function findClient(db: Tx, clientNumber: string): Promise<Client | undefined> {
  const rows = await db.select(clientColumns).from(clients).where(eq(clients.clientNumber, clientNumber)).limit(1);
  return rows[0] ? toClient(rows[0]) : undefined;
}

/** The client's row, locked until the transaction ends: two changes of one file run one after the other. */
export async function lockClient(tx: Tx, clientNumber: string) {
  const [row] = await tx.select(clientColumns).from(clients).where(eq(clients.clientNumber, clientNumber)).for('update');
  return row;
}

/** Writes `set` on a client file (its row locked by lockClient) and answers the file as it is now. */
export async function updateClient(tx: Tx, clientNumber: string, set: Partial<typeof clients.$inferInsert>): Promise<Client> {
  const [after] = await tx.update(clients).set(set).where(eq(clients.clientNumber, clientNumber)).returning(clientColumns);
  return toClient(after);
}

export async function findClientByCode(db: Tx, code: string): Promise<Client | undefined> {
  const rows = await db.select(clientColumns).from(clients).where(eq(clients.activationCode, code.trim().toUpperCase())).limit(1);
  return rows[0] ? toClient(rows[0]) : undefined;
}

/** Client files of these numbers, in number order; by chunks, under PostgreSQL's limit of parameters. */
export async function findClients(db: Tx, numbers: string[]): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < numbers.length; i += 5000) {
    const rows = await db.select(clientColumns).from(clients).where(inArray(clients.clientNumber, numbers.slice(i, i + 5000)));
    out.push(...rows.map(toClient));
  }
  const key = (c: Client) => c.client_number.padStart(24, '0');
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export function staysOfClients(db: Tx, numbers: string[]): Promise<Stay[]> {
  if (!numbers.length) return Promise.resolve([]);
  return readRows<Stay>(
    db,
    sql`SELECT ${STAY_FIELDS} FROM ${stays} WHERE client_number = ANY(${sql.param(numbers)}::text[]) ORDER BY arrival DESC, number_key ASC`,
    true,
  );
}

/** The app users of these clients as the card's table shows them, with their notification flag. */
export async function usersOfClients(db: Tx, numbers: string[]): Promise<(ClientUser & { client_number: string })[]> {
  if (!numbers.length) return [];
  return readRows<ClientUser & { client_number: string }>(
    db,
    sql`SELECT id AS _id, client_number, lastname, firstname, email, civility, birthday, user_type, participant_type,
        stay_number, activate, created_time, EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id) AS notification
      FROM ${webappUsers} u WHERE client_number = ANY(${sql.param(numbers)}::text[]) ORDER BY created_time, id`,
    true,
  );
}

/**
 * Client files with their stays and app users: two queries for the whole page, whatever its size. The
 * rows are completed where they are (a page is hundreds of rows); what they carry beyond the contract
 * (a user's client number) is left out by the answer's serializer, which sends only declared fields.
 */
export async function toCards(db: Tx, list: Client[]): Promise<ClientCard[]> {
  const numbers = list.map((c) => c.client_number);
  const [stayList, userList] = await Promise.all([staysOfClients(db, numbers), usersOfClients(db, numbers)]);
  const cards = new Map<string, ClientCard>();
  for (const c of list) cards.set(c.client_number, Object.assign(c, { stays: [] as Stay[], users: [] as ClientUser[] }));
  for (const s of stayList) cards.get(s.client_number)?.stays.push(s);
  for (const u of userList) cards.get(u.client_number)?.users.push(u);
  return [...cards.values()];
}

/**
 * Keeps each client's sort columns (arrival, departure, location of the latest stay) and the periods of its
 * stays (the 'on site' filter, drizzle/0071) equal to its stays: one statement, run in the transaction that
 * changed the stays.
 */
export async function refreshLatestStay(db: Tx, numbers: string[]) {
  if (!numbers.length) return;
  await db.execute(sql`
    UPDATE clients c SET (arrival, departure, location) = (
      SELECT s.arrival, s.departure, s.location FROM stays s
      WHERE s.client_number = c.client_number ORDER BY s.arrival DESC, s.number_key DESC LIMIT 1),
      stay_periods = (SELECT ${STAY_PERIODS} FROM stays s WHERE s.client_number = c.client_number)
    WHERE c.client_number IN ${numbers}`);
}
