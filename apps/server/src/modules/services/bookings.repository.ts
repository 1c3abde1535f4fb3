import { eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { serviceBenefits, serviceReservations, services, webappUsers } from '../../db/schema';
import { jsonValue, preparedOnce, readRows, rowsOnce } from '../../db/rows';
import { guestContact } from '../../platform/people/guests.repository';
import { offering } from './services.repository';

// Drizzle only: what a booking reads beyond the services area's own rows (services.repository.ts), the
// guest it names, its confirmation mail's parts, a client's erasure.


/**
 * The stays of a guest account (arrival and departure): the one it joined and every stay of its client; an
 * account without either has none (it books nothing). As one expression (a JSON list of [arrival, departure])
 * read with the booking's benefit: the account's stay and client numbers are each read once (an empty one
 * matches nothing), then the stays by their indexes. The account's row is read first whatever the plan, and
 * locked (FOR NO KEY UPDATE, as `lockGuest`): a guest's bookings are counted and written one at a time, and
 * the lock costs no round trip of its own.
 */
export const lockedStaysList = (guestId: string | Placeholder) =>
  sql<string | [number, number][] | null>`(SELECT coalesce(json_agg(json_build_array(st.arrival, st.departure)), '[]'::json)
    FROM (SELECT nullif(stay_number, '') AS stay_number, nullif(client_number, '') AS client_number
      FROM webapp_users WHERE id = ${guestId} FOR NO KEY UPDATE) u
    CROSS JOIN LATERAL (SELECT arrival, departure FROM stays
      WHERE stays.stay_number = u.stay_number OR stays.client_number = u.client_number LIMIT 100) st)`;

/**
 * The benefit, its service and the guest's stays in one statement, which also locks the guest's row (above),
 * prepared once (db/rows.ts, preparedOnce). Sent when called, so that a caller may send statements after it
 * before awaiting it.
 */
const benefitForGuest = preparedOnce((db) =>
  db
    .select({ benefit: serviceBenefits, service: services, stays: lockedStaysList(sql.placeholder('guest')) })
    .from(serviceBenefits)
    .innerJoin(services, eq(services.id, serviceBenefits.service))
    .where(eq(serviceBenefits.id, sql.placeholder('id')))
    .limit(1)
    .prepare('guest_booking_benefit'),
);

export const findBenefitForGuest = async (db: Tx, id: string, guestId: string) => (await benefitForGuest(db, { id, guest: guestId }))[0];

export const parseStays = (list: string | [number, number][] | null | undefined) =>
  jsonValue(list ?? []).map(([arrival, departure]) => ({ arrival: Number(arrival), departure: Number(departure) }));

// dayUnderLock's statement, built once (db/rows.ts `rowsOnce`)
const dayUnder = (only?: Placeholder) =>
  rowsOnce<{ list: [string, string, number, number][] | string | null; mine: number }>(() => {
    const p = (name: string) => sql.placeholder(name);
    return sql`SELECT
      (SELECT json_agg(json_build_array(worker, benefit, start_time, end_time)) FROM service_reservations
        WHERE worker IN (SELECT id FROM service_workers WHERE ${offering(p('benefit'), only)})
          AND start_time >= ${p('since')} AND start_time < ${p('to')} AND end_time > ${p('from')}) AS list,
      (SELECT count(*)::int FROM service_reservations
        WHERE user_id = ${p('guest')} AND start_time >= ${p('from')} AND start_time < ${p('to')} AND source = 'webapp'
          AND service = (SELECT service FROM service_benefits WHERE id = ${p('benefit')})) AS mine`;
  });
const dayOf = { any: dayUnder(), only: dayUnder(sql.placeholder('only')) };

/**
 * What a guest's booking reads under its locks, in one statement (each round trip while the workers' rows
 * are locked is time every other booking of the benefit waits): the bookings overlapping [from, to) of the
 * workers offering the benefit (or of `only`, if it does), as `bookingsOfWorkers` reads them, and the places
 * the guest booked themself (guest app) on the benefit's service with a start in [from, to); staff's bookings
 * naming them are not counted. The workers and the service are named by the benefit, so that this can be
 * sent with the statements that lock them, before their answers (bookings.service.ts).
 */
export async function dayUnderLock(tx: Tx, of: { benefit: string; only?: string }, from: number, to: number, guestId: string) {
  const values = { benefit: of.benefit, since: from - 86400, from, to, guest: guestId };
  const [row] = await (of.only === undefined ? dayOf.any(tx, values) : dayOf.only(tx, { ...values, only: of.only }));
  const list = jsonValue(row.list ?? []);
  return {
    bookings: list.map(([worker, benefit, start, end]) => ({ worker, benefit, start: Number(start), end: Number(end) })),
    guestPlaces: Number(row.mine),
  };
}

/** A booking with its service, benefit and guest (the confirmation mail); undefined when one is gone. */
export async function bookingForMail(db: Tx, reservationId: string) {
  const [row] = await db
    .select({ r: serviceReservations, service: services, benefit: serviceBenefits, guest: guestContact })
    .from(serviceReservations)
    .innerJoin(services, eq(services.id, serviceReservations.service))
    .innerJoin(serviceBenefits, eq(serviceBenefits.id, serviceReservations.benefit))
    .innerJoin(webappUsers, eq(webappUsers.id, serviceReservations.userId))
    .where(eq(serviceReservations.id, reservationId))
    .limit(1);
  return row;
}

/**
 * A client's erasure (clients/erase.service.ts) reaches their bookings: the guest accounts' and those made under
 * the client number keep their place on the planning (the slot was taken) without anything naming the
 * person: no account, identity, age, phone, client number or answers.
 */
export async function forgetBookingsOf(tx: Tx, accounts: string[], clientNumber: string) {
  await tx
    .update(serviceReservations)
    .set({ userId: null, identity: null, age: null, phone: null, clientNumber: null, answers: [] })
    .where(or(eq(serviceReservations.clientNumber, clientNumber), accounts.length ? inArray(serviceReservations.userId, accounts) : undefined));
}

/**
 * The bookings of each of these clients (the booking's client number, else its guest account's) on each of
 * two days (`days`: the midnights starting the first, the second and the day after), in one statement
 * (issue 33: a stay's row on the to-do list).
 */
export async function bookingsByClient(db: Tx, clientNumbers: string[], [first, second, end]: [number, number, number]): Promise<Map<string, [number, number]>> {
  if (!clientNumbers.length) return new Map();
  const rows = await readRows<{ client_number: string; first: number; second: number }>(
    db,
    sql`SELECT coalesce(nullif(r.client_number, ''), u.client_number) AS client_number,
        count(*) FILTER (WHERE r.start_time < ${second})::int AS first, count(*) FILTER (WHERE r.start_time >= ${second})::int AS second
      FROM service_reservations r LEFT JOIN webapp_users u ON u.id = r.user_id
      WHERE r.start_time >= ${first} AND r.start_time < ${end} AND coalesce(nullif(r.client_number, ''), u.client_number) = ANY(${sql.param(clientNumbers)}::text[])
      GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.client_number, [r.first, r.second]]));
}

/** The bookings starting in [from, to) per service, with the first one at or after `now`, by the service's name (issue 33). */
export function bookingsByService(db: Tx, from: number, to: number, now: number) {
  return readRows<{ _id: string; name: string; count: number; next: number | null }>(
    db,
    sql`SELECT s.id AS "_id", s.name, b.count, b.next FROM (
        SELECT service, count(*)::int AS count, min(start_time) FILTER (WHERE start_time >= ${now})::float8 AS next
        FROM service_reservations WHERE start_time >= ${from} AND start_time < ${to} GROUP BY service
      ) b JOIN services s ON s.id = b.service ORDER BY lower(s.name), s.id`,
  );
}
