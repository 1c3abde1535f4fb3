import { z } from 'zod';
import { call, staff } from './call';
import { personNumber } from './common';
import { depositDoc } from './deposits';
import { stayDoc } from './stays';
import { todayAppDoc, todayDepositDoc, todayInventoryDoc } from './today';

// The stay's page (issue 33, docs/desk.md): one read answers who, when and where, and one block per area
// the member's flags (and the plan) allow, each with the state the to-do list shows and what the block
// lists; a block the member may not see is absent (null), never an error. The actions are the areas' own
// calls. Then the stay's timeline, newest first, built from the rows the areas keep.

export const stayGuestDoc = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** the account's language (null: not chosen) */
  lang: z.string().nullable(),
  activate: z.boolean(),
  /** the app was opened installed on a phone (home screen) at least once */
  installed: z.boolean(),
  /** a device of the account is subscribed to pushes */
  push: z.boolean(),
});
export type StayGuest = z.infer<typeof stayGuestDoc>;

export const deskBookingDoc = z.object({
  _id: z.string(),
  service: z.string(),
  benefit: z.string(),
  start: z.number(),
  end: z.number(),
  /** who it is for (a name typed at the desk, else the account's) */
  who: z.string(),
  source: z.enum(['dashboard', 'webapp']),
  created_time: z.number(),
});

export const deskConversationDoc = z.object({
  _id: z.string(),
  subject: z.enum(['intervention', 'gas', 'other']),
  status: z.enum(['open', 'closed']),
  /** the guest account's name */
  guest: z.string(),
  excerpt: z.string(),
  last_time: z.number(),
  /** the guest wrote after staff's last message, and it is open */
  waiting: z.boolean(),
});

export const deskReviewDoc = z.object({
  /** the invitation */
  _id: z.string(),
  model: z.string(),
  /** who was asked */
  guest: z.string(),
  due_time: z.number(),
  sent_time: z.number().nullable(),
  channel: z.enum(['push', 'email', 'none']).nullable(),
  answered_time: z.number().nullable(),
  /** the answer: its average (null: no rating question) and its texts */
  score: z.number().nullable(),
  comments: z.array(z.string()),
});

export const deskMailDoc = z.object({
  /** the campaign (or pre-stay mail) */
  _id: z.string(),
  kind: z.enum(['campaign', 'prestay']),
  title: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'cancelled']),
  error: z.string().nullable(),
  /** when it left (null: not yet) */
  sent_time: z.number().nullable(),
});

export const deskPushDoc = z.object({
  /** the send */
  _id: z.string(),
  title: z.string(),
  guest: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'gone', 'cancelled']),
  send_time: z.number(),
  delivered_time: z.number().nullable(),
  opened_time: z.number().nullable(),
});

export const DESK_AREAS = ['stay', 'app', 'deposit', 'inventory', 'booking', 'message', 'review', 'mail', 'push'] as const;
export const deskEventDoc = z.object({
  time: z.number(),
  area: z.enum(DESK_AREAS),
  /** the line, in French */
  text: z.string(),
});
export type DeskEvent = z.infer<typeof deskEventDoc>;

export const deskStayDoc = z.object({
  stay: stayDoc,
  client: z.object({
    client_number: z.string(),
    civility: z.enum(['male', 'female']).nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    lang: z.string().nullable(),
  }),
  /** the accommodation type its category belongs to (null: none) */
  accommodation: z.string().nullable(),
  guests: z.array(stayGuestDoc),
  /** the app's link for the family, as the to-do list says it */
  app: todayAppDoc,
  /** deposits flag and premium, else null: the state at a glance and the deposit (null: none made yet) */
  deposit: z.object({ state: todayDepositDoc, doc: depositDoc.nullable() }).nullable(),
  /** inventories flag and premium, else null */
  inventories: z.object({ arrival: todayInventoryDoc, departure: todayInventoryDoc }).nullable(),
  /** emails flag, else null: the family's conversations, newest first */
  messages: z.array(deskConversationDoc).nullable(),
  /** services flag and premium, else null: the family's bookings during the stay, by start */
  bookings: z.array(deskBookingDoc).nullable(),
  /** reviews flag, else null */
  reviews: z.array(deskReviewDoc).nullable(),
  /** emails flag, else null: the client's e-mails from the stay's booking to a month after it, newest first */
  mails: z.array(deskMailDoc).nullable(),
  /** notifications flag, else null: the pushes to the stay's accounts, newest first */
  pushes: z.array(deskPushDoc).nullable(),
  /** what happened to the stay, newest first, of the areas the member sees; `more`: older lines left out */
  timeline: z.object({ rows: z.array(deskEventDoc), more: z.boolean() }),
});
export type DeskStay = z.infer<typeof deskStayDoc>;

/** Lines of the timeline answered by default, and at most. */
export const DESK_TIMELINE = 20;
export const DESK_TIMELINE_MAX = 500;

export const desk = {
  stay: call('GET', 'dashboard/desk/stay', {
    ...staff('users'),
    query: z.object({
      stay_number: personNumber,
      timeline: z.coerce.number().int().min(1).max(DESK_TIMELINE_MAX).default(DESK_TIMELINE),
    }),
    answer: deskStayDoc,
    summary: "The stay's page in one read: who, when and where, each area's block the member's flags allow (absent: null), and its timeline, newest first (404: unknown stay)",
  }),
};
