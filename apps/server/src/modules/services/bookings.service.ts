import type { BookingIssue, DashboardUser, ParsedBody } from '@campsite/shared';
import { SERVICES, checkBooking, dayClock, freeSlots, localDays, overlaps, placesLeft, openRanges, covers, serviceReservations, guestServices } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { dayUnderLock, findBenefitForGuest, parseStays } from './bookings.repository';
import { bookingMailJob } from './services.jobs';
import * as repo from './services.repository';
import { refuse } from './services.service';
import { deskLink } from './desk.service';

// The booking engine's writes (issue 22). Each booking locks the rows of the workers it may take
// (SELECT … FOR UPDATE, in id order: two writers never wait on each other in a circle), then reads their
// bookings, counts places and inserts in the same transaction: two instances on one PostgreSQL cannot
// both take the last place, and a worker is never in two benefits at once. A guest's booking takes its
// guest's row lock first (the per-guest ceiling), then the workers'.

type GuestData = Pick<ParsedBody<typeof serviceReservations.submit>, 'client_number' | 'identity' | 'age' | 'phone' | 'answers'>;

/** The words of each refusal of `checkBooking`, by field. */
const REFUSED: Record<'client_number' | 'identity' | 'age' | 'phone' | 'answers', Record<BookingIssue, string>> = {
  client_number: { required: SERVICES.clientNumberRequired, whole: SERVICES.clientNumberDigits },
  identity: { required: SERVICES.identityRequired, whole: SERVICES.identityRequired },
  age: { required: SERVICES.ageRequired, whole: SERVICES.ageDigits },
  phone: { required: SERVICES.phoneRequired, whole: SERVICES.phoneRequired },
  answers: { required: SERVICES.answerRequired, whole: SERVICES.answerNumber },
};

/** What the benefit asks (001 §5 step 2), checked; what it does not ask is not kept. */
export function guestData(b: repo.BenefitRow, body: GuestData) {
  const asks = { client_number: b.clientNumber, identity: b.identity, age: b.age, phone: b.phone, questions: b.questions };
  const { data, issues } = checkBooking(asks, body);
  refuse(Object.fromEntries((Object.entries(issues) as [string, BookingIssue][]).map(([field, issue]) => [field, REFUSED[field.split('.')[0] as keyof typeof REFUSED][issue]])));
  return data;
}

const minutes = (h: number, m: number) => h * 60 + m;
export const benefitOpenings = (b: repo.BenefitRow) => ({
  id: b.id,
  dates: b.openDates,
  hours: b.openHours,
  duration: minutes(b.durationHour, b.durationMinute),
  interval: minutes(b.intervalHour, b.intervalMinute),
  simultaneous: b.simultaneous,
});
export const serviceBounds = (s: repo.ServiceRow) => (s.openDates.length > 0 && s.openHours.length > 0 ? { dates: s.openDates, hours: s.openHours } : null);
const workerOpenings = (w: repo.WorkerRow) => ({ id: w.id, dates: w.workingDates, hours: w.workingHours });

/** The local days and their bounds in epoch seconds. */
export function dayWindow(from: number, count: number, timeZone: string) {
  const days = localDays(from, count + 1, timeZone);
  return { days: days.slice(0, count), start: dayClock(days[0], timeZone).at(0), end: dayClock(days[count], timeZone).at(0) };
}

/**
 * Free slots of a benefit for the guest app (false for an unknown benefit). The window's
 * slots are computed whatever the clock and kept until the next committed write to a watched table
 * (`windowSlots`); the cut-off (now + `limit_end` hours, which also drops the past) is applied per request.
 */
export async function slots(deps: Deps, benefitId: string, from: number, count: number) {
  const found = await windowSlots(deps, benefitId, from, count);
  if (!found) return false as const;
  const notBefore = deps.now() + found.limitEnd * 3600;
  let first = 0;
  while (first < found.slots.length && found.slots[first].start < notBefore) first++;
  return first === 0 ? found.slots : found.slots.slice(first);
}

type Window = { limitEnd: number; slots: { start: number; end: number; places: number | null }[] } | null;

/** Windows kept per generation of the answer cache: a guest asking for any day and length cannot make it grow past this. */
const MAX_WINDOWS = 500;

/**
 * The slots of a benefit over the local days of a window, before the cut-off (sorted by start), with the
 * service's cut-off in hours: a value read from the benefit's, service's, workers' and bookings' rows, all
 * watched tables (db/changes.ts), so kept in the answer cache's memo until a write to any of them commits
 * on any instance (its NOTIFY empties the memo; an instance that does not hear them keeps nothing). A
 * window being computed when a change arrives lives in the map of the old generation, which no later
 * request reads. Keyed by the window's first local day, not by `from`: every `from` of a day shares it.
 */
async function windowSlots(deps: Deps, benefitId: string, from: number, count: number): Promise<Window> {
  const tz = deps.env.TIME_ZONE;
  const w = dayWindow(from, count, tz);
  const windows = await deps.cache.memo('services.slot-windows', async () => new Map<string, Promise<Window>>());
  const key = `${benefitId}|${w.start}|${count}`;
  let found = windows.get(key);
  if (!found) {
    if (windows.size >= MAX_WINDOWS) windows.clear();
    found = computeWindow(deps, benefitId, w);
    windows.set(key, found);
    found.catch(() => windows.get(key) === found && windows.delete(key));
  }
  return found;
}

async function computeWindow(deps: Deps, benefitId: string, w: ReturnType<typeof dayWindow>): Promise<Window> {
  const found = await repo.findBenefitAndService(deps.db, benefitId);
  if (!found) return null;
  const { benefit, service } = found;
  const workers = await repo.workersOf(deps.db, benefit.id);
  const bookings = await repo.bookingsOfWorkers(deps.db, workers.map((x) => x.id), w.start, w.end);
  const free = freeSlots({
    benefit: benefitOpenings(benefit),
    service: serviceBounds(service),
    workers: workers.map(workerOpenings),
    bookings,
    days: w.days,
    notBefore: -Infinity,
    timeZone: deps.env.TIME_ZONE,
  });
  return { limitEnd: service.limitEnd, slots: free.map(({ start, end, places }) => ({ start, end, places })) };
}

type Refusal = { error: 'full' | 'unavailable' | 'cutoff' | 'not_staying' | 'limit' };

const DAY = 86400;

/**
 * A guest books for their stay (issue 29): the slot's day is one of a stay's days, arrival to departure
 * both included (the establishment's days), and the booking is made from `daysBefore` days before that
 * stay's arrival day on. A guest whose stay is over, or who has none, books nothing; staff do.
 */
export function withinStay(stays: { arrival: number; departure: number }[], start: number, now: number, daysBefore: number, timeZone: string) {
  return stays.some((s) => {
    const first = dayWindow(s.arrival, 1, timeZone).start;
    const end = dayWindow(s.departure, 1, timeZone).end;
    return start >= first && start < end && now >= first - daysBefore * DAY;
  });
}

/**
 * The guest's booking: the slot must be one the guest app offers (grid, open times, cut-off) with a
 * place; the first worker with a place (in id order), or the one asked for, takes it. The guest books for
 * their stay (`withinStay`) and holds at most the service's `guestDayPlaces` on a day: counted under their
 * row's lock, so parallel requests on any number of instances never pass it.
 */
export async function book(deps: Deps, guestId: string, body: ParsedBody<typeof guestServices.book>) {
  const tz = deps.env.TIME_ZONE;
  const id = newId();
  type Saved = { row: repo.ReservationRow; service: repo.ServiceRow; benefit: repo.BenefitRow };
  try {
    const saved = await deps.db.transaction(async (tx): Promise<Saved> => {
      // Three statements sent together, in this order, their answers awaited once: each answer awaited while
      // the locks are held is a round trip that every other booking of the benefit waits for (readRows, a
      // builder's execute() and preparedOnce's statements send when called, in call order, on both drivers:
      // db/rows.test.ts).
      // - the benefit, its service and the guest's stays, which also locks the guest's row: one guest's
      //   bookings are counted and written one at a time, on every instance (the per-guest ceiling). The
      //   guest's lock comes before the workers' in every guest booking (no two writers wait on each other
      //   in a circle; staff's bookings take no guest lock);
      // - the workers offering the benefit, locked;
      // - their bookings of the day and the guest's places, read under those locks (a statement of its own:
      //   on PostgreSQL it sees what the bookings it waited for committed).
      const w = dayWindow(body.start, 1, tz);
      const only = body.worker ?? undefined;
      const [found, workers, { bookings, guestPlaces }] = await Promise.all([
        findBenefitForGuest(tx, body.benefit, guestId),
        repo.lockWorkerOpenings(tx, body.benefit, only),
        dayUnderLock(tx, { benefit: body.benefit, only }, w.start, w.end, guestId),
      ]);
      if (!found) throw new Refused(false);
      const { benefit, service } = found;
      const data = guestData(benefit, body);
      const now = deps.now();
      if (!withinStay(parseStays(found.stays), body.start, now, service.daysBeforeArrival, tz)) throw new Refused({ error: 'not_staying' });
      const question = { benefit: benefitOpenings(benefit), service: serviceBounds(service), workers, days: w.days, timeZone: tz };
      const notBefore = now + service.limitEnd * 3600;
      const [slot] = freeSlots({ ...question, bookings, notBefore, at: body.start });
      if (!slot) {
        // why: not a slot at all (or past), past the cut-off, or taken
        const exists = body.start > now && freeSlots({ ...question, bookings: [], notBefore: now, at: body.start }).length > 0;
        if (!exists) throw new Refused({ error: 'unavailable' });
        throw new Refused({ error: body.start < notBefore ? 'cutoff' : 'full' });
      }
      if (guestPlaces >= service.guestDayPlaces) throw new Refused({ error: 'limit' });
      // the booking and its confirmation mail, sent by a job (bookings.mail.ts: at most CONFIRMATIONS_PER_HOUR
      // to one guest), together: a refusal above wrote neither
      const [row] = await Promise.all([
        repo.insertReservation(tx, {
          id,
          service: service.id,
          worker: slot.workers[0].id,
          benefit: benefit.id,
          start: slot.start,
          end: slot.end,
          ...data,
          userId: guestId,
          source: 'webapp',
          createdTime: now,
        }),
        bookingMailJob.enqueue(deps, { reservation: id }, { tx }),
      ]);
      return { row, service, benefit };
    });
    deps.jobs.poke();
    // the answer guestBookings would read back, from the rows in hand (one statement fewer per booking)
    return guestBooking(saved.row, saved.service.name, saved.service.limitEnd, saved.benefit.translations);
  } catch (err) {
    if (err instanceof Refused) return err.answer;
    throw err;
  }
}

/** A guest's booking refused: thrown out of its transaction, so that its mail's job is rolled back with it. */
class Refused extends Error {
  constructor(readonly answer: Refusal | false) {
    super('refused');
  }
}

const guestBooking = (r: repo.ReservationRow, serviceName: string, limitEnd: number, benefit: repo.BenefitRow['translations']) => ({
  ...repo.toReservation(r),
  service_name: serviceName,
  benefit,
  cancel_until: r.start - limitEnd * 3600,
});

/**
 * Staff's booking from the planning (001 §4): any time in the future inside the benefit's, the worker's
 * and the service's open times (no grid, no cut-off: a desk takes a phone call at 10:05), a place left
 * and the worker free elsewhere. The same locks as the guest's. No per-guest ceiling or stay rule: staff
 * book for whoever asks at the desk. The client number and the guest account link by themselves (`deskLink`).
 */
export async function submit(deps: Deps, user: DashboardUser, body: ParsedBody<typeof serviceReservations.submit>) {
  const tz = deps.env.TIME_ZONE;
  const saved = await deps.db.transaction(async (tx) => {
    const service = await repo.findService(tx, body.service);
    if (!service) return false as const;
    const benefit = await repo.findBenefit(tx, body.service_benefit);
    if (!benefit || benefit.service !== service.id) refuse({ service_benefit: SERVICES.benefitRequired });
    const b = benefit!;
    const [worker] = await repo.lockWorkersOf(tx, b.id, body.service_worker);
    if (!worker) refuse({ service_worker: (await repo.findWorker(tx, body.service_worker)) ? SERVICES.workerNotOffering : SERVICES.workerRequired });
    const now = deps.now();
    if (body.start <= now) {
      const today = dayWindow(now, 1, tz).start;
      refuse(body.start < today ? { start: SERVICES.dateInPast } : { start: SERVICES.hourInPast });
    }
    const data = guestData(b, body);
    const w = dayWindow(body.start, 1, tz);
    const link = await deskLink(tx, body, w.start);
    const slot = { start: body.start, end: body.start + minutes(b.durationHour, b.durationMinute) * 60 };
    const bounds = serviceBounds(service);
    const inside =
      covers(openRanges(benefitOpenings(b), w.days, tz), slot.start, slot.end) &&
      covers(openRanges(workerOpenings(worker), w.days, tz), slot.start, slot.end) &&
      (!bounds || covers(openRanges(bounds, w.days, tz), slot.start, slot.end));
    if (!inside) refuse({ start: SERVICES.outsideOpenHours });
    const bookings = await repo.bookingsOfWorkers(tx, [worker.id], w.start, w.end);
    if (bookings.some((x) => x.benefit !== b.id && overlaps(x, slot))) refuse({ service_worker: SERVICES.workerBusyElsewhere });
    if (placesLeft(worker.id, b.id, b.simultaneous, slot, bookings) === 0) refuse({ start: SERVICES.slotFull });
    const row = await repo.insertReservation(tx, {
      id: newId(),
      service: service.id,
      worker: worker.id,
      benefit: b.id,
      ...slot,
      ...data,
      clientNumber: data.clientNumber ?? link.clientNumber,
      userId: link.guestId,
      source: 'dashboard',
      createdTime: now,
    });
    if (link.guestId) await bookingMailJob.enqueue(deps, { reservation: row.id }, { tx });
    return row;
  });
  if (!saved) return false as const;
  if (saved.userId) deps.jobs.poke();
  return repo.toReservation(saved);
}

export const deleteReservation = (deps: Deps, id: string) => deps.db.transaction(async (tx) => (await repo.deleteReservation(tx, id)) || (false as const));

/** The guest's own booking, until the cut-off; false for any other. */
export async function cancel(deps: Deps, guestId: string, id: string) {
  return deps.db.transaction(async (tx: Tx) => {
    const row = await repo.findReservation(tx, id);
    if (!row || row.userId !== guestId) return false as const;
    const service = await repo.findService(tx, row.service);
    if (deps.now() > row.start - (service?.limitEnd ?? 0) * 3600) return { error: 'cutoff' as const };
    await repo.deleteReservation(tx, id);
    return true as const;
  });
}

/** The guest's bookings ending after `from` (default now), or with `past` those ended by then, with their benefit's words. */
export async function guestBookings(deps: Deps, guestId: string, where: { from?: number; id?: string; past?: boolean } = {}) {
  const at = where.from ?? deps.now();
  const rows = await repo.bookingsOfGuest(deps.db, guestId, where.id ? { id: where.id } : where.past ? { until: at } : { from: at });
  return rows.map((r) => guestBooking(r.reservation, r.serviceName, r.limitEnd, r.benefit));
}

export async function order(deps: Deps, guestId: string, body: ParsedBody<typeof guestServices.order>) {
  return deps.db.transaction(async (tx) => {
    const product = await repo.findProduct(tx, body.product);
    if (!product) return false as const;
    // one order takes at most the product's ceiling (issue 29): a stock belongs to all the guests
    if (body.quantity > product.orderMax) return { error: 'too_many' as const };
    const left = await repo.takeStock(tx, body.product, body.quantity);
    if (!left) return { error: 'sold_out' as const };
    const row = await repo.insertOrder(tx, { id: newId(), product: body.product, userId: guestId, quantity: body.quantity, createdTime: deps.now() });
    return { _id: row.id, product: row.product, quantity: row.quantity, created_time: row.createdTime, stock: left.stock };
  });
}
