import { sql } from 'drizzle-orm';
import type { Stay } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';

// The stay page's own reads (issue 33, docs/desk.md): the stay with its client and accounts, and what each
// area keeps about them (bookings, conversations, review invitations, e-mails, pushes). The areas' states at
// a glance are read by the areas (their public.ts), as the to-do list reads them; these are the lists their
// blocks and the timeline show, one statement each, by the stay's number, client and accounts (drizzle/0080).

/** Rows a block (and the timeline's messages) lists at most: a stay's are a few dozen. */
const ROWS_MAX = 200;

/** A translation's French title, else its first language's (e-mails, pushes). */
const frTitle = (column: string) =>
  sql.raw(`coalesce((SELECT t->>'title' FROM jsonb_array_elements(${column}) t WHERE t->>'lang' = 'fr' LIMIT 1), ${column}->0->>'title', '')`);

export interface StayAndClient {
  stay: Stay;
  client: {
    client_number: string;
    civility: 'male' | 'female' | null;
    firstname: string;
    lastname: string;
    email: string | null;
    phone: string | null;
    lang: string | null;
  };
}

/** The stay (as the stays' detail answers it) and its client, in one statement; undefined: no such stay. */
export async function stayAndClient(db: Tx, stayNumber: string): Promise<StayAndClient | undefined> {
  const [row] = await readRows<StayAndClient>(
    db,
    sql`SELECT json_build_object('stay_number', s.stay_number, 'client_number', s.client_number, 'location', s.location,
          'location_category', s.location_category, 'arrival', s.arrival, 'departure', s.departure, 'arrival_time', s.arrival_time,
          'departure_time', s.departure_time, 'participants', s.participants, 'created_time', s.created_time, 'created_by', s.created_by,
          'edited_time', s.edited_time, 'edited_by', s.edited_by) AS stay,
        json_build_object('client_number', c.client_number, 'civility', c.civility, 'firstname', coalesce(c.firstname, ''), 'lastname', coalesce(c.lastname, ''),
          'email', coalesce(nullif(btrim(c.email1), ''), nullif(btrim(c.email2), '')),
          'phone', coalesce(nullif(btrim(c.phone1), ''), nullif(btrim(c.phone2), ''), nullif(btrim(c.phone3), '')), 'lang', c.langage) AS client
      FROM stays s LEFT JOIN clients c ON c.client_number = s.client_number WHERE s.stay_number = ${stayNumber}`,
    true,
  );
  if (!row) return undefined;
  // a stay whose client file went (it cannot, by its reference): its number at least
  if (!row.client.client_number) row.client.client_number = row.stay.client_number;
  return row;
}

export interface GuestRow {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  lang: string | null;
  activate: boolean;
  installed: boolean;
  push: boolean;
  created_time: number;
}

/** The stay's guest accounts (joined to the stay, or of its client), oldest first, with their app and push state. */
export function guestsOfStay(db: Tx, stayNumber: string, clientNumber: string) {
  return readRows<GuestRow>(
    db,
    sql`SELECT u.id AS "_id", u.firstname, u.lastname, u.email, u.langage AS lang, u.activate, u.created_time::float8 AS created_time,
        EXISTS (SELECT 1 FROM visit_logs v WHERE v.user_id = u.id AND v.installed) AS installed,
        EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id) AS push
      FROM webapp_users u WHERE u.stay_number = ${stayNumber} OR u.client_number = ${clientNumber}
      ORDER BY u.created_time, u.id LIMIT ${ROWS_MAX}`,
    true,
  );
}

export interface BookingRow {
  _id: string;
  service: string;
  benefit: string;
  start: number;
  end: number;
  who: string;
  source: 'dashboard' | 'webapp';
  created_time: number;
}

/** The bookings of the stay's accounts or client from its arrival day to the end of its departure day, by start. */
export function bookingsOfStay(db: Tx, guests: string[], clientNumber: string, from: number, to: number) {
  return readRows<BookingRow>(
    db,
    sql`SELECT r.id AS "_id", s.name AS service,
        coalesce((SELECT t->>'subtitle' FROM jsonb_array_elements(b.translations) t WHERE t->>'lang' = 'fr' LIMIT 1), b.translations->0->>'subtitle', '') AS benefit,
        r.start_time::float8 AS start, r.end_time::float8 AS "end",
        coalesce(nullif(btrim(r.identity), ''), btrim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, ''))) AS who,
        r.source, r.created_time::float8 AS created_time
      FROM service_reservations r JOIN services s ON s.id = r.service JOIN service_benefits b ON b.id = r.benefit
        LEFT JOIN webapp_users u ON u.id = r.user_id
      WHERE (r.user_id = ANY(${sql.param(guests)}::text[]) OR r.client_number = ${clientNumber})
        AND r.start_time >= ${from} AND r.start_time < ${to}
      ORDER BY r.start_time, r.id LIMIT ${ROWS_MAX}`,
  );
}

export interface ConversationRow {
  _id: string;
  subject: 'intervention' | 'gas' | 'other';
  status: 'open' | 'closed';
  guest: string;
  excerpt: string;
  last_time: number;
  waiting: boolean;
}

/** The conversations of the stay's accounts, the latest first. */
export function conversationsOf(db: Tx, guests: string[]) {
  if (!guests.length) return Promise.resolve([]);
  return readRows<ConversationRow>(
    db,
    sql`SELECT c.id AS "_id", c.subject, c.status, btrim(u.firstname || ' ' || u.lastname) AS guest, c.last_excerpt AS excerpt,
        c.last_time::float8 AS last_time, (c.status = 'open' AND c.last_guest_seq > c.last_staff_seq) AS waiting
      FROM conversations c JOIN webapp_users u ON u.id = c.guest_id
      WHERE c.guest_id = ANY(${sql.param(guests)}::text[]) ORDER BY c.last_time DESC, c.id LIMIT ${ROWS_MAX}`,
    true,
  );
}

export interface MessageRow {
  author: 'guest' | 'staff';
  name: string;
  created_time: number;
}

/** The messages of these conversations the guest saw (no note, no event line), the latest first: the timeline's. */
export function messagesOf(db: Tx, conversations: string[], limit: number) {
  if (!conversations.length) return Promise.resolve([]);
  return readRows<MessageRow>(
    db,
    sql`SELECT m.author, m.name, m.created_time::float8 AS created_time FROM chat_messages m
      WHERE m.conversation_id = ANY(${sql.param(conversations)}::text[]) AND NOT m.internal AND m.event IS NULL AND m.author IN ('guest', 'staff')
      ORDER BY m.seq DESC LIMIT ${limit}`,
  );
}

export interface ReviewRow {
  _id: string;
  model: string;
  guest: string;
  due_time: number;
  sent_time: number | null;
  channel: 'push' | 'email' | 'none' | null;
  answered_time: number | null;
  score: number | null;
  comments: string[];
}

/** The stay's review invitations with their answers, the latest due first. */
export function reviewsOfStay(db: Tx, stayNumber: string) {
  return readRows<ReviewRow>(
    db,
    sql`SELECT i.id AS "_id", m.name AS model,
        coalesce(nullif(btrim(coalesce(i.firstname, u.firstname, c.firstname, '') || ' ' || coalesce(i.lastname, u.lastname, c.lastname, '')), ''), i.email, '') AS guest,
        i.due_time::float8 AS due_time, i.sent_time::float8 AS sent_time, i.channel, coalesce(i.answered_time, r.completed)::float8 AS answered_time,
        r.score::float8 AS score,
        coalesce((SELECT json_agg(a #>> '{}') FROM jsonb_array_elements(r.answers) a WHERE jsonb_typeof(a) = 'string' AND a #>> '{}' <> ''), '[]') AS comments
      FROM review_invitations i JOIN review_models m ON m.id = i.model_id
        LEFT JOIN reviews r ON r.invitation_id = i.id
        LEFT JOIN webapp_users u ON u.id = i.user_id
        LEFT JOIN clients c ON c.client_number = i.client_number
      WHERE i.stay_number = ${stayNumber} ORDER BY i.due_time DESC, i.id LIMIT ${ROWS_MAX}`,
    true,
  );
}

export interface MailRow {
  _id: string;
  kind: 'campaign' | 'prestay';
  title: string;
  email: string;
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  error: string | null;
  sent_time: number | null;
  /** when it left, else when it is planned */
  time: number;
}

/** The client's e-mails sent (or planned) in [from, to), the latest first. */
export function mailsOfClient(db: Tx, clientNumber: string, from: number, to: number) {
  return readRows<MailRow>(
    db,
    sql`SELECT c.id AS "_id", c.kind, ${frTitle('c.translations')} AS title, r.email, r.status, r.error, r.sent_time::float8 AS sent_time,
        coalesce(r.sent_time, c.send_time)::float8 AS time
      FROM email_recipients r JOIN email_campaigns c ON c.id = r.campaign_id
      WHERE r.client_number = ${clientNumber} AND coalesce(r.sent_time, c.send_time) >= ${from} AND coalesce(r.sent_time, c.send_time) < ${to}
      ORDER BY time DESC, c.id LIMIT ${ROWS_MAX}`,
  );
}

export interface PushRow {
  _id: string;
  title: string;
  guest: string;
  status: 'pending' | 'delivered' | 'failed' | 'gone' | 'cancelled';
  send_time: number;
  delivered_time: number | null;
  opened_time: number | null;
}

/** The pushes to the stay's accounts' devices, the latest first. */
export function pushesOf(db: Tx, guests: string[]) {
  if (!guests.length) return Promise.resolve([]);
  return readRows<PushRow>(
    db,
    sql`SELECT s.id AS "_id", ${frTitle('s.translations')} AS title, btrim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) AS guest, d.status,
        coalesce(s.sent_time, s.send_time)::float8 AS send_time, d.delivered_time::float8 AS delivered_time, d.opened_time::float8 AS opened_time
      FROM notification_deliveries d JOIN notification_sends s ON s.id = d.send_id LEFT JOIN webapp_users u ON u.id = d.user_id
      WHERE d.user_id = ANY(${sql.param(guests)}::text[]) ORDER BY send_time DESC, s.id LIMIT ${ROWS_MAX}`,
    true,
  );
}

/** The stay's inventories' times for the timeline: when each was started, and last written (the states come from the area). */
export function inventoryTimes(db: Tx, stayNumber: string) {
  return readRows<{ type: 'arrival' | 'departure'; status: string; create_time: number; update_time: number }>(
    db,
    sql`SELECT type, status, create_time::float8 AS create_time, update_time::float8 AS update_time FROM inventories WHERE stay_number = ${stayNumber}`,
    true,
  );
}
