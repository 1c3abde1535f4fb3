import { z } from 'zod';
import { call, orFalse, staff } from './call';
import { id, ok } from './common';

// The reception's to-do list on the home page (issue 33, docs/today.md): today's and tomorrow's arrivals and
// departures with the state of each area at a glance, the messages waiting for an answer, the day's
// bookings per service, the failed e-mails and pushes of the week. One call per part, each with its area's
// flag; inside a stay's row, each area's state is there only with that area's flag (and plan), else null.
// What is done is not sent: each part answers its figures and the rows left to do.

export const TODAY_DAYS = ['today', 'tomorrow'] as const;
export type TodayDay = (typeof TODAY_DAYS)[number];

/**
 * The guest app for the family: 'active', an activated account; 'pending', an account waiting for its
 * activation; 'invited', no account but the app's link (the code mail) went to the client; 'none'.
 */
export const todayAppDoc = z.object({
  state: z.enum(['active', 'pending', 'invited', 'none']),
  /** where the link goes: the waiting account's address ('pending'), else the client's (null: none known) */
  email: z.string().nullable(),
  /** when the last code mail (or the waiting account) was sent or made */
  sent_time: z.number().nullable(),
});
export type TodayApp = z.infer<typeof todayAppDoc>;

/**
 * The stay's deposit: 'none' (its accommodation asks none, or deposits are off), 'to_request' (never
 * made: not sent yet, refused, cancelled, Swikly's refusal), 'requested' (waiting for the guest), 'made',
 * 'settling' (a release or claim on its way to Swikly), 'settled'.
 */
export const todayDepositDoc = z.object({
  state: z.enum(['none', 'to_request', 'requested', 'made', 'settling', 'settled']),
  /** the deposit's id (null: none made for the stay yet) */
  id: z.string().nullable(),
  /** euros asked (null: none yet) */
  amount: z.number().nullable(),
  /** why it was not sent, as the deposit's detail says it */
  error: z.string().nullable(),
});
export type TodayDeposit = z.infer<typeof todayDepositDoc>;

/** The arrival's (on an arrival) or departure's inventory: 'none' when its accommodation has no setup or the settings turn it off. */
export const todayInventoryDoc = z.object({
  state: z.enum(['none', 'todo', 'started', 'done']),
  /** the inventory's status (docs/inventories.md), null before it is made */
  status: z.string().nullable(),
});
export type TodayInventory = z.infer<typeof todayInventoryDoc>;

export const todayStayDoc = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  location: z.string().nullable(),
  /** the accommodation type its category belongs to, else the PMS's category */
  accommodation: z.string().nullable(),
  day: z.enum(TODAY_DAYS),
  /** the hour of the arrival (arrivals) or departure (departures) as the PMS gives it */
  time: z.string().nullable(),
  /** arrivals only (users flag): null on a departure */
  app: todayAppDoc.nullable(),
  /** deposits flag and premium, else null */
  deposit: todayDepositDoc.nullable(),
  /** inventories flag and premium, else null */
  inventory: todayInventoryDoc.nullable(),
  /** the family's conversations waiting for an answer (emails flag, else null) */
  messages: z.number().nullable(),
  /** the family's bookings of the day (services flag and premium, else null) */
  bookings: z.number().nullable(),
});
export type TodayStay = z.infer<typeof todayStayDoc>;

const dayFigures = z.object({ total: z.number(), left: z.number() });
export const todayStaysDoc = z.object({
  /** midnights of today and tomorrow in the establishment's zone */
  today: z.number(),
  tomorrow: z.number(),
  /** per day: the stays, and those left to do (the rows) */
  figures: z.object({ today: dayFigures, tomorrow: dayFigures }),
  /** the rows left to do, today's first, by hour then name */
  rows: z.array(todayStayDoc),
});
export type TodayStays = z.infer<typeof todayStaysDoc>;

export const todayMessageDoc = z.object({
  /** the conversation */
  _id: z.string(),
  subject: z.enum(['intervention', 'gas', 'other']),
  excerpt: z.string(),
  last_time: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  client_number: z.string().nullable(),
  stay_number: z.string().nullable(),
  location: z.string().nullable(),
});
export type TodayMessage = z.infer<typeof todayMessageDoc>;
/** The conversations waiting: `total`, and the oldest waiting first, at most 50. */
export const todayMessagesDoc = z.object({ total: z.number(), rows: z.array(todayMessageDoc) });

export const todayServiceDoc = z.object({
  _id: z.string(),
  name: z.string(),
  count: z.number(),
  /** the first booking still to come today (null: none left) */
  next: z.number().nullable(),
});
/** Today's bookings per service: `total`, and each service with bookings today (by name). */
export const todayBookingsDoc = z.object({ day: z.string(), total: z.number(), services: z.array(todayServiceDoc) });

export const todayFailureDoc = z.object({
  /** the campaign ('mail') or push send ('push') */
  _id: z.string(),
  kind: z.enum(['mail', 'push']),
  /** a campaign's subject or a push's title, in French (else the first language) */
  title: z.string(),
  /** a mail: 'campaign' or 'prestay' (the code and pre-stay mails); a push: its send kind */
  source: z.string(),
  time: z.number(),
  failed: z.number(),
  total: z.number(),
});
export type TodayFailure = z.infer<typeof todayFailureDoc>;
/** Failures of the last 7 days not marked as seen; each half is null without its flag (emails, notifications). */
export const todayFailuresDoc = z.object({ mails: z.array(todayFailureDoc).nullable(), pushes: z.array(todayFailureDoc).nullable() });

/** The topics of the live stream (docs/today.md): a part reads again when one it shows changed. */
export const TODAY_TOPICS = ['people', 'mails', 'deposits', 'inventories', 'types', 'messages', 'bookings', 'pushes', 'dismissed'] as const;
export type TodayTopic = (typeof TODAY_TOPICS)[number];

export const today = {
  arrivals: call('GET', 'dashboard/today/arrivals', {
    ...staff('users'),
    answer: todayStaysDoc,
    summary: "Today's and tomorrow's arrivals left to do, each with its areas' states (account, deposit, inventory, messages, bookings)",
  }),
  departures: call('GET', 'dashboard/today/departures', {
    ...staff('users'),
    answer: todayStaysDoc,
    summary: "Today's and tomorrow's departures left to do: the departure inventory and the deposit to settle",
  }),
  messages: call('GET', 'dashboard/today/messages', {
    ...staff('emails'),
    answer: todayMessagesDoc,
    summary: 'Open conversations whose last guest message has no answer, oldest first',
  }),
  bookings: call('GET', 'dashboard/today/bookings', {
    ...staff('services'),
    plan: 'premium',
    answer: todayBookingsDoc,
    summary: "Today's bookings per service, with the next one to come",
  }),
  failures: call('GET', 'dashboard/today/failures', {
    access: 'dashboard',
    anyPermission: ['emails', 'notifications'],
    answer: todayFailuresDoc,
    summary: 'Campaigns with failed e-mails and push sends with failed deliveries of the last 7 days, not marked as seen',
  }),
  dismissMail: call('POST', 'dashboard/today/dismiss-mail', {
    ...staff('emails'),
    body: z.object({ id }),
    answer: orFalse(ok),
    summary: "Marks a campaign's failed e-mails as seen (shown again if more fail); false: unknown campaign",
  }),
  dismissPush: call('POST', 'dashboard/today/dismiss-push', {
    ...staff('notifications'),
    body: z.object({ id }),
    answer: orFalse(ok),
    summary: "Marks a push send's failed deliveries as seen (shown again if more fail); false: unknown send",
  }),
  stream: call('GET', 'dashboard/today/stream', {
    access: 'dashboard',
    anyPermission: ['users', 'emails', 'services', 'notifications', 'deposits', 'inventories'],
    raw: true,
    answer: z.any(),
    summary: "text/event-stream: 'changed' with the topics written since (what the member's flags show), 'ready', 'sync'",
  }),
};
