import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, sql, type Placeholder } from 'drizzle-orm';
import type { OpenDate, OpenHours, ServiceBenefit, Service, ServiceProduct, ServiceReservation, ServiceWorker } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { jsonValue, preparedOnce, readRows, rowsOnce } from '../../db/rows';
import { animations, bookletPages, serviceBenefits, serviceOrders, serviceProducts, serviceReservations, services, serviceWorkers, webappUsers } from '../../db/schema';

// Drizzle only: the rows of the services area and their wire shapes.

export type ServiceRow = typeof services.$inferSelect;
export type BenefitRow = typeof serviceBenefits.$inferSelect;
export type WorkerRow = typeof serviceWorkers.$inferSelect;
export type ProductRow = typeof serviceProducts.$inferSelect;
export type ReservationRow = typeof serviceReservations.$inferSelect;

const euros = (cents: number) => cents / 100;
export const cents = (euros: number) => Math.round(euros * 100);

export const toService = (r: ServiceRow): Service => ({
  _id: r.id,
  name: r.name,
  cover: r.cover,
  type: r.type,
  payment_link: r.paymentLink,
  translations: r.translations,
  comment: r.comment,
  list_mode: r.listMode,
  user: r.userId,
  duration_hour: r.durationHour,
  duration_minute: r.durationMinute,
  interval_hour: r.intervalHour,
  interval_minute: r.intervalMinute,
  limit_end: r.limitEnd,
  guest_day_places: r.guestDayPlaces,
  days_before_arrival: r.daysBeforeArrival,
  open_dates: r.openDates,
  open_hours: r.openHours,
  revision: r.revision,
  slots_revision: r.slotsRevision,
});

export const toBenefit = (r: BenefitRow): ServiceBenefit => ({
  _id: r.id,
  service: r.service,
  icon: r.icon,
  show_price: r.showPrice,
  price: euros(r.price),
  duration_hour: r.durationHour,
  duration_minute: r.durationMinute,
  interval_hour: r.intervalHour,
  interval_minute: r.intervalMinute,
  confirmation: r.confirmation,
  simultaneous: r.simultaneous,
  client_number: r.clientNumber,
  identity: r.identity,
  age: r.age,
  phone: r.phone,
  open_dates: r.openDates,
  open_hours: r.openHours,
  questions: r.questions,
  translations: r.translations,
  user: r.userId,
  revision: r.revision,
});

export const toWorker = (r: WorkerRow): ServiceWorker => ({
  _id: r.id,
  service: r.service,
  firstname: r.firstname,
  lastname: r.lastname,
  working_dates: r.workingDates,
  working_hours: r.workingHours,
  services: r.benefits,
  user: r.userId,
  revision: r.revision,
});

export const toProduct = (r: ProductRow): ServiceProduct => ({
  _id: r.id,
  service: r.service,
  icon: r.icon,
  price: euros(r.price),
  stock: r.stock,
  order_max: r.orderMax,
  translations: r.translations,
  user: r.userId,
  revision: r.revision,
});

export const toReservation = (r: ReservationRow): ServiceReservation => ({
  _id: r.id,
  service: r.service,
  service_worker: r.worker,
  service_benefit: r.benefit,
  start: r.start,
  end: r.end,
  answers: r.answers,
  user: r.userId,
  client_number: r.clientNumber,
  identity: r.identity,
  age: r.age,
  phone: r.phone,
  from: r.source,
  created_time: r.createdTime,
});

// ---------------------------------------------------------------- services

export const listServices = (db: Tx) => db.select().from(services).orderBy(asc(sql`lower(${services.name})`), asc(services.id));

export async function findService(db: Tx, id: string, lock = false): Promise<ServiceRow | undefined> {
  const q = db.select().from(services).where(eq(services.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export const insertService = async (db: Tx, row: typeof services.$inferInsert) => (await db.insert(services).values(row).returning())[0];

export const updateService = async (db: Tx, id: string, set: Partial<typeof services.$inferInsert>) =>
  (await db.update(services).set(set).where(eq(services.id, id)).returning())[0];

/** The service; its benefits, workers, products and bookings go with it (ON DELETE CASCADE); pages and activities lose their link. */
export const serviceExists = async (db: Tx, id: string) => (await db.select({ id: services.id }).from(services).where(eq(services.id, id)).limit(1)).length > 0;

export async function deleteService(db: Tx, id: string): Promise<boolean> {
  const benefits = db.select({ id: serviceBenefits.id }).from(serviceBenefits).where(eq(serviceBenefits.service, id));
  await db.update(animations).set({ serviceBenefit: null }).where(inArray(animations.serviceBenefit, benefits));
  await db.update(bookletPages).set({ service: null }).where(eq(bookletPages.service, id));
  return (await db.delete(services).where(eq(services.id, id)).returning({ id: services.id })).length > 0;
}

// ---------------------------------------------------------------- benefits

export const listBenefits = (db: Tx, service?: string) =>
  db
    .select()
    .from(serviceBenefits)
    .where(service ? eq(serviceBenefits.service, service) : undefined)
    .orderBy(asc(serviceBenefits.createdTime), asc(serviceBenefits.id));

/** `lock`: FOR UPDATE until the transaction ends (a save compares its revision under it). */
export async function findBenefit(db: Tx, id: string, lock = false): Promise<BenefitRow | undefined> {
  const q = db.select().from(serviceBenefits).where(eq(serviceBenefits.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export const insertBenefit = async (db: Tx, row: typeof serviceBenefits.$inferInsert) => (await db.insert(serviceBenefits).values(row).returning())[0];

export const updateBenefit = async (db: Tx, id: string, set: Partial<typeof serviceBenefits.$inferInsert>) =>
  (await db.update(serviceBenefits).set(set).where(eq(serviceBenefits.id, id)).returning())[0];

/** Benefits (of one id, or of a service): their bookings go (cascade), workers stop offering them, activities lose the link. */
export async function deleteBenefits(db: Tx, where: { id: string } | { service: string }): Promise<number> {
  const cond = 'id' in where ? eq(serviceBenefits.id, where.id) : eq(serviceBenefits.service, where.service);
  const gone = await db.delete(serviceBenefits).where(cond).returning({ id: serviceBenefits.id, service: serviceBenefits.service });
  if (gone.length === 0) return 0;
  const ids = gone.map((g) => g.id);
  await db.update(animations).set({ serviceBenefit: null }).where(inArray(animations.serviceBenefit, ids));
  await db
    .update(serviceWorkers)
    .set({ benefits: sql`ARRAY(SELECT b FROM unnest(${serviceWorkers.benefits}) b WHERE b <> ALL(${sql.param(ids)}::text[]))` })
    .where(and(eq(serviceWorkers.service, gone[0].service), sql`${serviceWorkers.benefits} && ${sql.param(ids)}::text[]`));
  return gone.length;
}

/** A benefit and its service in one read (the slots read's first step). */
export async function findBenefitAndService(db: Tx, id: string): Promise<{ benefit: BenefitRow; service: ServiceRow } | undefined> {
  return (await db.select({ benefit: serviceBenefits, service: services }).from(serviceBenefits).innerJoin(services, eq(services.id, serviceBenefits.service)).where(eq(serviceBenefits.id, id)).limit(1))[0];
}

export const benefitExists = async (db: Tx, id: string) =>
  (await db.select({ id: serviceBenefits.id }).from(serviceBenefits).where(eq(serviceBenefits.id, id)).limit(1)).length > 0;

// ---------------------------------------------------------------- workers

export const listWorkers = (db: Tx, service?: string) =>
  db
    .select()
    .from(serviceWorkers)
    .where(service ? eq(serviceWorkers.service, service) : undefined)
    .orderBy(asc(serviceWorkers.lastname), asc(serviceWorkers.firstname), asc(serviceWorkers.id));

export async function findWorker(db: Tx, id: string, lock = false): Promise<WorkerRow | undefined> {
  const q = db.select().from(serviceWorkers).where(eq(serviceWorkers.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

/** The workers offering a benefit, locked in id order (every booking writer takes them in this order: no deadlock). */
export const lockWorkersOf = (db: Tx, benefit: string, only?: string) =>
  db
    .select()
    .from(serviceWorkers)
    .where(and(sql`${benefit} = ANY(${serviceWorkers.benefits})`, only ? eq(serviceWorkers.id, only) : undefined))
    .orderBy(asc(serviceWorkers.id))
    .for('update');

/**
 * The condition on service_workers of the workers offering a benefit (or of `only`, if it does): the rows a
 * guest's booking locks and those whose bookings it reads (bookings.repository.ts, dayUnderLock) are the same.
 */
export const offering = (benefit: string | Placeholder, only?: string | Placeholder) =>
  sql`${benefit} = ANY(benefits)${only === undefined ? sql`` : sql` AND id = ${only}`}`;

const lockedOpenings = (only?: Placeholder) =>
  rowsOnce<{ id: string; dates: OpenDate[] | string; hours: OpenHours[] | string }>(
    () => sql`SELECT id, working_dates AS dates, working_hours AS hours FROM service_workers
      WHERE ${offering(sql.placeholder('benefit'), only)} ORDER BY id FOR UPDATE`,
  );
const workerOpenings = { any: lockedOpenings(), only: lockedOpenings(sql.placeholder('only')) };

/**
 * A guest's booking's `lockWorkersOf`: the same rows locked in the same order, read as their openings only
 * (id, dates, hours), by a statement built once and named (db/rows.ts `rowsOnce`): the booking holds its
 * guest's lock while it runs, so its building and mapping are time every other booking of that guest waits.
 */
export async function lockWorkerOpenings(db: Tx, benefit: string, only?: string) {
  const rows = await (only === undefined ? workerOpenings.any(db, { benefit }) : workerOpenings.only(db, { benefit, only }));
  return rows.map((r) => ({ id: r.id, dates: jsonValue(r.dates), hours: jsonValue(r.hours) }));
}

export const workersOf = (db: Tx, benefit: string) =>
  db.select().from(serviceWorkers).where(sql`${benefit} = ANY(${serviceWorkers.benefits})`).orderBy(asc(serviceWorkers.id));

export const insertWorker = async (db: Tx, row: typeof serviceWorkers.$inferInsert) => (await db.insert(serviceWorkers).values(row).returning())[0];

export const updateWorker = async (db: Tx, id: string, set: Partial<typeof serviceWorkers.$inferInsert>) =>
  (await db.update(serviceWorkers).set(set).where(eq(serviceWorkers.id, id)).returning())[0];

export async function deleteWorkers(db: Tx, where: { id: string } | { service: string }): Promise<number> {
  const cond = 'id' in where ? eq(serviceWorkers.id, where.id) : eq(serviceWorkers.service, where.service);
  return (await db.delete(serviceWorkers).where(cond).returning({ id: serviceWorkers.id })).length;
}

// ---------------------------------------------------------------- products

export const listProducts = (db: Tx, service: string) =>
  db.select().from(serviceProducts).where(eq(serviceProducts.service, service)).orderBy(asc(serviceProducts.createdTime), asc(serviceProducts.id));

export async function findProduct(db: Tx, id: string, lock = false): Promise<ProductRow | undefined> {
  const q = db.select().from(serviceProducts).where(eq(serviceProducts.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export const insertProduct = async (db: Tx, row: typeof serviceProducts.$inferInsert) => (await db.insert(serviceProducts).values(row).returning())[0];

export const updateProduct = async (db: Tx, id: string, set: Partial<typeof serviceProducts.$inferInsert>) =>
  (await db.update(serviceProducts).set(set).where(eq(serviceProducts.id, id)).returning())[0];

export async function deleteProducts(db: Tx, where: { id: string } | { service: string }): Promise<number> {
  const cond = 'id' in where ? eq(serviceProducts.id, where.id) : eq(serviceProducts.service, where.service);
  return (await db.delete(serviceProducts).where(cond).returning({ id: serviceProducts.id })).length;
}

/** Takes `quantity` in one statement: never below zero, whoever else takes at the same time. Undefined when short. */
export async function takeStock(db: Tx, id: string, quantity: number): Promise<{ stock: number | null } | undefined> {
  const [row] = await db
    .update(serviceProducts)
    .set({ stock: sql`CASE WHEN ${serviceProducts.stock} IS NULL THEN NULL ELSE ${serviceProducts.stock} - ${quantity} END` })
    .where(and(eq(serviceProducts.id, id), sql`(${serviceProducts.stock} IS NULL OR ${serviceProducts.stock} >= ${quantity})`))
    .returning({ stock: serviceProducts.stock });
  return row;
}

// ---------------------------------------------------------------- reservations

export const reservationsOfService = (db: Tx, service: string, from?: number, to?: number) =>
  db
    .select()
    .from(serviceReservations)
    .where(
      and(
        eq(serviceReservations.service, service),
        from === undefined ? undefined : gte(serviceReservations.start, from),
        to === undefined ? undefined : lt(serviceReservations.start, to),
      ),
    )
    .orderBy(asc(serviceReservations.start), asc(serviceReservations.id));

/**
 * Bookings of these workers that overlap [from, to) (no booking is longer than a day: 12 h 55 at most).
 * A month of five workers is a thousand rows: sent as one JSON list per worker (a prepared lookup), which
 * the embedded database hands over several times faster than a thousand rows.
 */
export async function bookingsOfWorkers(db: Tx, workers: string[], from: number, to: number) {
  if (workers.length === 0) return [];
  const rows = await readRows<{ worker: string; list: [string, number, number][] | string }>(
    db,
    sql`SELECT worker, json_agg(json_build_array(benefit, start_time, end_time)) AS list FROM service_reservations
      WHERE worker = ANY(${sql.param(workers)}::text[]) AND start_time >= ${from - 86400} AND start_time < ${to} AND end_time > ${from}
      GROUP BY worker`,
    true,
  );
  return rows.flatMap((r) => jsonValue(r.list).map(([benefit, start, end]) => ({ worker: r.worker, benefit, start: Number(start), end: Number(end) })));
}

// every column a placeholder, built once (db/rows.ts `preparedOnce`): drizzle's building of this insert was a
// quarter of what a guest's booking allocated, in the one session's wait (docs/performance.md, round nine)
const reservationInsert = preparedOnce((db) => {
  const p = (name: keyof typeof serviceReservations.$inferInsert) => sql.placeholder(name);
  const columns = Object.keys(getTableColumns(serviceReservations)) as (keyof typeof serviceReservations.$inferInsert)[];
  return db
    .insert(serviceReservations)
    .values(Object.fromEntries(columns.map((c) => [c, p(c)])) as Record<keyof typeof serviceReservations.$inferInsert, Placeholder>)
    .returning()
    .prepare('insert_reservation');
});

const UNSET = { userId: null, clientNumber: null, identity: null, age: null, phone: null };

export const insertReservation = async (db: Tx, row: typeof serviceReservations.$inferInsert) =>
  (await reservationInsert(db, { ...UNSET, ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) }))[0];

export const findReservation = async (db: Tx, id: string): Promise<ReservationRow | undefined> =>
  (await db.select().from(serviceReservations).where(eq(serviceReservations.id, id)).limit(1))[0];

export const deleteReservation = async (db: Tx, id: string) =>
  (await db.delete(serviceReservations).where(eq(serviceReservations.id, id)).returning({ id: serviceReservations.id })).length > 0;

/** A guest's bookings (one, or those ending after `from`), with their service's name and cut-off and their benefit's words. */
/**
 * A guest's bookings with their service and benefit words: one by id, those ending after `from` (by start), or
 * those ended by `until` (the latest first, 50: 'My bookings' lists the past under the coming ones). Along
 * the (user, start) index.
 */
export const bookingsOfGuest = (db: Tx, userId: string, where: { id: string } | { from: number } | { until: number }) =>
  db
    .select({ reservation: serviceReservations, serviceName: services.name, limitEnd: services.limitEnd, benefit: serviceBenefits.translations })
    .from(serviceReservations)
    .innerJoin(services, eq(services.id, serviceReservations.service))
    .innerJoin(serviceBenefits, eq(serviceBenefits.id, serviceReservations.benefit))
    .where(
      and(
        eq(serviceReservations.userId, userId),
        'id' in where ? eq(serviceReservations.id, where.id) : 'from' in where ? gt(serviceReservations.end, where.from) : lte(serviceReservations.end, where.until),
      ),
    )
    .orderBy(...('until' in where ? [desc(serviceReservations.start), desc(serviceReservations.id)] : [asc(serviceReservations.start), asc(serviceReservations.id)]))
    .limit('until' in where ? 50 : 500);

export const insertOrder = async (db: Tx, row: typeof serviceOrders.$inferInsert) => (await db.insert(serviceOrders).values(row).returning())[0];

/** The orders of a service's products with their guest, newest first. */
export async function ordersOfService(db: Tx, service: string) {
  const rows = await db
    .select({ order: serviceOrders, guest: { _id: webappUsers.id, firstname: webappUsers.firstname, lastname: webappUsers.lastname, email: webappUsers.email } })
    .from(serviceOrders)
    .innerJoin(serviceProducts, eq(serviceProducts.id, serviceOrders.product))
    .leftJoin(webappUsers, eq(webappUsers.id, serviceOrders.userId))
    .where(eq(serviceProducts.service, service))
    .orderBy(sql`${serviceOrders.createdTime} DESC`, asc(serviceOrders.id))
    .limit(500);
  return rows.map((r) => ({ _id: r.order.id, product: r.order.product, quantity: r.order.quantity, created_time: r.order.createdTime, guest: r.guest }));
}
