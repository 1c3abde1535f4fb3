import type { DashboardUser, Permission, TodayApp, TodayDeposit, TodayInventory, TodayStay, TodayStays } from '@campsite/shared';
import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { guestsOfClients } from '../../platform/people/guests.repository';
import { getInventoryConfig } from '../../platform/settings/inventory-settings';
import { typesByCategory } from '../accommodations/public';
import { codeMailsSent } from '../cron-mail/public';
import { depositStates } from '../deposits/public';
import { inventoryStatesOf } from '../inventories/public';
import { bookingsByClient } from '../services/public';
import * as repo from './today.repository';
import type { DayStay } from './today.repository';

// The to-do list's arrivals and departures (issue 33, docs/today.md): the stays of today and tomorrow, each
// with the state of every area the member may see, read for the whole list at once (one statement per
// area, never one per stay), and what is done left out.

/** Midnights of today, tomorrow and the day after, in the establishment's zone. */
export function dayBounds(now: number, tz: string): [number, number, number] {
  const p = epochToZoned(now, tz);
  const at = (offset: number) => zonedTimeToEpoch(p.year, p.month, p.day + offset, 0, 0, tz);
  return [at(0), at(1), at(2)];
}

/** Which areas' states the member sees in a stay's row: each needs its flag, the premium ones the plan. */
export async function visibleAreas(deps: Deps, user: DashboardUser) {
  const premium = (await deps.access()).premium;
  const has = (p: Permission) => user.permissions[p] === 1;
  return { deposits: has('deposits') && premium, inventories: has('inventories') && premium, messages: has('emails'), bookings: has('services') && premium };
}
type Areas = Awaited<ReturnType<typeof visibleAreas>>;

export function appOf(stay: Pick<DayStay, 'email'>, accounts: { activate: boolean; email: string; createdTime: number }[], codeSent: number | undefined): TodayApp {
  if (accounts.some((a) => a.activate)) return { state: 'active', email: null, sent_time: null };
  // the newest account waiting: its activation mail is the one to send again
  const waiting = accounts[accounts.length - 1];
  if (waiting) return { state: 'pending', email: waiting.email, sent_time: waiting.createdTime };
  if (codeSent !== undefined) return { state: 'invited', email: stay.email, sent_time: codeSent };
  return { state: 'none', email: stay.email, sent_time: null };
}

export function inventoryOf(status: string | null | undefined, needed: boolean): TodayInventory {
  if (!needed) return { state: 'none', status: null };
  if (!status) return { state: 'todo', status: null };
  return { state: status === 'uncompleted' ? 'started' : 'done', status };
}

/**
 * What is left to do for a stay, among what the member sees: at arrival, the app's link sent (or an account
 * activated), the deposit made (or none asked), the arrival inventory done (or none to do); at departure,
 * the departure inventory done and no deposit left to release or claim.
 */
export function isDone(row: TodayStay, field: 'arrival' | 'departure'): boolean {
  const inventory = !row.inventory || row.inventory.state === 'none' || row.inventory.state === 'done';
  if (field === 'departure') return inventory && row.deposit?.state !== 'made';
  const deposit: TodayDeposit['state'][] = ['none', 'made', 'settling', 'settled'];
  return inventory && row.app?.state !== 'none' && (!row.deposit || deposit.includes(row.deposit.state));
}

/** The arrivals (or departures) of today and tomorrow, with their figures and the rows left to do. */
export async function staysOfToday(deps: Deps, user: DashboardUser, field: 'arrival' | 'departure'): Promise<TodayStays> {
  const { db } = deps;
  const [today, tomorrow, after] = dayBounds(deps.now(), deps.env.TIME_ZONE);
  const [stays, typeOf, areas] = await Promise.all([repo.staysOfDays(db, field, today, after), typesByCategory(db), visibleAreas(deps, user)]);
  const rows = await withStates(deps, stays, field, areas, typeOf, [today, tomorrow, after]);
  const figures = { today: { total: 0, left: 0 }, tomorrow: { total: 0, left: 0 } };
  const left = rows.filter((row) => {
    const done = isDone(row, field);
    figures[row.day].total++;
    if (!done) figures[row.day].left++;
    return !done;
  });
  return { today, tomorrow, figures, rows: left };
}

async function withStates(
  deps: Deps,
  stays: DayStay[],
  field: 'arrival' | 'departure',
  areas: Areas,
  typeOf: Awaited<ReturnType<typeof typesByCategory>>,
  [today, tomorrow, after]: [number, number, number],
): Promise<TodayStay[]> {
  const { db } = deps;
  const numbers = stays.map((s) => s.stay_number);
  const clients = [...new Set(stays.map((s) => s.client_number))];
  const arrival = field === 'arrival';
  const none = Promise.resolve(null);
  const [accounts, codes, deposits, inventories, config, waiting, bookings] = await Promise.all([
    arrival ? guestsOfClients(db, clients, ['clientNumber', 'email', 'activate', 'createdTime']) : none,
    arrival ? codeMailsSent(db, clients) : none,
    areas.deposits ? depositStates(db, stays.map((s) => ({ stay_number: s.stay_number, asks: Boolean(typeOf(s.location_category)?.deposit) }))) : none,
    areas.inventories ? inventoryStatesOf(db, numbers) : none,
    areas.inventories ? getInventoryConfig(db) : none,
    areas.messages ? repo.waitingByClient(db, clients) : none,
    areas.bookings && arrival ? bookingsByClient(db, clients, [today, tomorrow, after]) : none,
  ]);
  const accountsOf = new Map<string, NonNullable<typeof accounts>>();
  for (const a of accounts ?? []) accountsOf.set(a.clientNumber!, [...(accountsOf.get(a.clientNumber!) ?? []), a]);
  return stays.map((s) => {
    const type = typeOf(s.location_category);
    const day = s.day < tomorrow ? 'today' : 'tomorrow';
    const status = inventories?.get(s.stay_number)?.[field];
    return {
      stay_number: s.stay_number,
      client_number: s.client_number,
      firstname: s.firstname,
      lastname: s.lastname,
      location: s.location,
      accommodation: type?.name ?? s.location_category,
      day,
      time: s.time,
      app: accounts && codes ? appOf(s, accountsOf.get(s.client_number) ?? [], codes.get(s.client_number)) : null,
      deposit: deposits?.get(s.stay_number) ?? null,
      inventory: config ? inventoryOf(status, Boolean(type?.setup) && config[field]) : null,
      messages: waiting ? (waiting.get(s.client_number) ?? 0) : null,
      bookings: bookings ? (bookings.get(s.client_number)?.[day === 'today' ? 0 : 1] ?? 0) : null,
    };
  });
}
