import type { DashboardUser, DeskEvent, DeskStay, Permission } from '@campsite/shared';
import { DESK, eurosToCents, formatEuros } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import { getInventoryConfig } from '../../platform/settings/inventory-settings';
import { typesByCategory } from '../accommodations/public';
import { codeMailsSent } from '../cron-mail/public';
import { depositOfStayDoc, depositStates } from '../deposits/public';
import { inventoryStatesOf } from '../inventories/public';
import { appOf, inventoryOf, visibleAreas } from '../today/public';
import * as repo from './desk.repository';

// The stay's page (issue 33, docs/desk.md): one read for the whole page. Each area's state is the one the
// to-do list shows (the areas' public reads, for this one stay); the blocks list what the areas keep about
// the stay; a block the member's flags (or the plan) do not allow is null. The timeline gathers the same
// rows, of the blocks the member sees, newest first.

const DAY = 86400;
/** E-mails shown: from the stay's booking to this long after its departure (a review request, a thank-you). */
const MAILS_AFTER = 30 * DAY;

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** What the member may see of the stay's page, by flag (and plan, for the premium areas). */
async function blocksOf(deps: Deps, user: DashboardUser) {
  const has = (p: Permission) => user.permissions[p] === 1;
  const areas = await visibleAreas(deps, user);
  return { ...areas, mails: has('emails'), pushes: has('notifications'), reviews: has('reviews') };
}

export async function stayPage(deps: Deps, user: DashboardUser, stayNumber: string, timeline: number): Promise<DeskStay> {
  const { db } = deps;
  const found = await repo.stayAndClient(db, stayNumber);
  if (!found) throw new HttpError(404, DESK.stayUnknown(stayNumber));
  const { stay, client } = found;
  const see = await blocksOf(deps, user);
  const none = Promise.resolve(null);
  const [typeOf, guests, codes] = await Promise.all([typesByCategory(db), repo.guestsOfStay(db, stay.stay_number, client.client_number), codeMailsSent(db, [client.client_number])]);
  const type = typeOf(stay.location_category);
  const ids = guests.map((g) => g._id);
  const [deposit, depositDoc, states, config, inventoryTimes, conversations, bookings, reviews, mails, pushes] = await Promise.all([
    see.deposits ? depositStates(db, [{ stay_number: stay.stay_number, asks: Boolean(type?.deposit) }]) : none,
    see.deposits ? depositOfStayDoc(db, stay.stay_number) : none,
    see.inventories ? inventoryStatesOf(db, [stay.stay_number]) : none,
    see.inventories ? getInventoryConfig(db) : none,
    see.inventories ? repo.inventoryTimes(db, stay.stay_number) : none,
    see.messages ? repo.conversationsOf(db, ids) : none,
    see.bookings ? repo.bookingsOfStay(db, ids, client.client_number, stay.arrival, stay.departure + DAY) : none,
    see.reviews ? repo.reviewsOfStay(db, stay.stay_number) : none,
    see.mails ? repo.mailsOfClient(db, client.client_number, Math.min(stay.created_time, stay.arrival), stay.departure + MAILS_AFTER) : none,
    see.pushes ? repo.pushesOf(db, ids) : none,
  ]);
  const messages = conversations ? await repo.messagesOf(db, conversations.map((c) => c._id), timeline + 1) : null;
  const status = states?.get(stay.stay_number);
  const accounts = guests.map((g) => ({ activate: g.activate, email: g.email, createdTime: g.created_time }));

  const page: DeskStay = {
    stay,
    client,
    accommodation: type?.name ?? stay.location_category,
    guests: guests.map(({ created_time: _created, ...g }) => g),
    app: appOf(client, accounts, codes.get(client.client_number)),
    deposit: deposit ? { state: deposit.get(stay.stay_number)!, doc: depositDoc ?? null } : null,
    inventories: config
      ? {
          arrival: inventoryOf(status?.arrival, Boolean(type?.setup) && config.arrival),
          departure: inventoryOf(status?.departure, Boolean(type?.setup) && config.departure),
        }
      : null,
    messages: conversations,
    bookings,
    reviews,
    mails: mails?.map(({ time: _time, ...m }) => m) ?? null,
    pushes,
    timeline: { rows: [], more: false },
  };

  // the timeline: every line of the blocks above, newest first
  const events: DeskEvent[] = [{ time: stay.created_time, area: 'stay', text: DESK.eventCreated }];
  for (const g of guests) events.push({ time: g.created_time, area: 'app', text: DESK.eventAccount(fullName(g) || g.email) });
  const d = page.deposit?.doc;
  if (d) {
    if (d.reference) events.push({ time: d.created_time, area: 'deposit', text: DESK.eventDepositAsked(formatEuros(eurosToCents(d.amount))) });
    if (d.deposited_time) events.push({ time: d.deposited_time, area: 'deposit', text: DESK.eventDepositMade });
    if (d.settled_time && d.settlement)
      events.push({
        time: d.settled_time,
        area: 'deposit',
        text: d.settlement === 'released' ? DESK.eventDepositReleased : DESK.eventDepositClaimed(formatEuros(eurosToCents(d.claimed ?? 0))),
      });
  }
  for (const i of inventoryTimes ?? []) {
    const kind = i.type === 'arrival' ? "d'arrivée" : 'de sortie';
    events.push({ time: i.create_time, area: 'inventory', text: DESK.eventInventoryStarted(kind) });
    if (i.status !== 'uncompleted') events.push({ time: i.update_time, area: 'inventory', text: DESK.eventInventoryDone(kind) });
  }
  for (const b of bookings ?? []) events.push({ time: b.created_time, area: 'booking', text: DESK.eventBooking([b.service, b.benefit].filter(Boolean).join(' · ')) });
  for (const m of messages ?? [])
    events.push({ time: m.created_time, area: 'message', text: m.author === 'guest' ? DESK.eventGuestMessage(m.name) : DESK.eventStaffMessage(m.name) });
  for (const r of reviews ?? []) {
    if (r.sent_time) events.push({ time: r.sent_time, area: 'review', text: DESK.eventReviewInvited(r.model) });
    if (r.answered_time) events.push({ time: r.answered_time, area: 'review', text: DESK.eventReviewAnswered(r.model) });
  }
  for (const m of mails ?? []) {
    if (m.status === 'sent' && m.sent_time) events.push({ time: m.sent_time, area: 'mail', text: DESK.eventMail(m.title) });
    if (m.status === 'failed') events.push({ time: m.time, area: 'mail', text: DESK.eventMailFailed(m.title) });
  }
  for (const p of pushes ?? []) {
    if (p.delivered_time) events.push({ time: p.delivered_time, area: 'push', text: DESK.eventPush(p.title) });
    if (p.opened_time) events.push({ time: p.opened_time, area: 'push', text: DESK.eventPushOpened(p.title) });
  }
  // newest first; at one time, the one pushed later first (an area's later step, the stay's record last)
  const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => b.e.time - a.e.time || b.i - a.i).map((x) => x.e);
  page.timeline = { rows: ordered.slice(0, timeline), more: ordered.length > timeline };
  return page;
}
