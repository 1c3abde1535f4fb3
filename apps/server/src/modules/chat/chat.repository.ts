import { and, eq, sql } from 'drizzle-orm';
import { LANGS, type ChatMessageDoc, type ConversationDoc } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { chatMessages, conversations, files, webappUsers } from '../../db/schema';
import { guestContact } from '../../platform/people/guests.repository';

/** The chat area's SQL (docs/messages.md). Docs are named in SQL as the contract names them (readRows). */

export type ConversationRow = typeof conversations.$inferSelect;
/** A message as the stream sends it, with the guest it belongs to (who may receive it). */
export type StreamRow = ChatMessageDoc & { guest_id: string };

/** The channel whose NOTIFY says 'messages up to seq N are committed' (ids only: docs/messages.md). */
export const CHAT_CHANNEL = 'chat_events';

/** Two-key advisory lock, apart from db/locks.ts scopes (its own namespace). */
const WRITERS = sql`SELECT pg_advisory_xact_lock(41302, 1)`;

/**
 * One message writer at a time, until the transaction ends: `seq` is then committed in its own order, so a
 * client that saw seq N has seen every message below N (its catch-up reads `seq > N`). Taken after the
 * conversation's row lock, never before (one order: no deadlock).
 */
export async function lockWriters(tx: Tx) {
  await tx.execute(WRITERS);
}

/** The NOTIFY goes out with the commit (never for a write rolled back), on every instance's listener. */
export async function notifyChat(tx: Tx, payload: string) {
  await tx.execute(sql`SELECT pg_notify(${CHAT_CHANNEL}, ${payload})`);
}

export async function lockConversation(tx: Tx, id: string): Promise<ConversationRow | null> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function conversationByKey(db: Tx, guestId: string, key: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.guestId, guestId), eq(conversations.clientKey, key)))
    .limit(1);
  return row?.id ?? null;
}

/** A new conversation; null when this device's key made one already (a start sent twice). */
export async function insertConversation(tx: Tx, row: typeof conversations.$inferInsert) {
  const done = await tx.insert(conversations).values(row).onConflictDoNothing().returning({ id: conversations.id });
  return done.length > 0;
}

/** A message; null when its key is in the conversation already (sent twice): then that one is answered. */
export async function insertMessage(tx: Tx, row: Omit<typeof chatMessages.$inferInsert, 'seq'>): Promise<number | null> {
  const [done] = await tx.insert(chatMessages).values(row).onConflictDoNothing().returning({ seq: chatMessages.seq });
  return done ? done.seq : null;
}

export async function messageIdByKey(db: Tx, conversationId: string, key: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientKey, key)))
    .limit(1);
  return row?.id ?? null;
}

export async function updateConversation(tx: Tx, id: string, set: Partial<typeof conversations.$inferInsert>) {
  await tx.update(conversations).set(set).where(eq(conversations.id, id));
}

/** Marks a side's reading up to the conversation's last message; answers whether anything changed. */
export async function markRead(tx: Tx, id: string, side: 'guest' | 'staff') {
  const column = side === 'guest' ? conversations.guestReadSeq : conversations.staffReadSeq;
  const rows = await tx
    .update(conversations)
    .set(side === 'guest' ? { guestReadSeq: sql`${conversations.lastSeq}` } : { staffReadSeq: sql`${conversations.lastSeq}` })
    .where(and(eq(conversations.id, id), sql`${column} < ${conversations.lastSeq}`))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

const MESSAGE_COLUMNS = sql`m.id AS "_id", m.seq AS seq, m.conversation_id AS conversation, m.author, m.name, m.body AS message,
  m.photo_id AS photo, m.event, m.created_time`;

export function messagesOf(db: Tx, conversationId: string) {
  return readRows<ChatMessageDoc>(db, sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.conversation_id = ${conversationId} ORDER BY m.seq`, true);
}

export async function messageById(db: Tx, id: string) {
  const [row] = await readRows<ChatMessageDoc>(db, sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.id = ${id}`, true);
  return row ?? null;
}

/**
 * Messages after `seq`, in order, of one guest's conversations or of all: what a stream missed, and what
 * the hub fans out after a NOTIFY (PK range, then the conversation's guest by its key).
 */
export function messagesAfter(db: Tx, seq: number, limit: number, guestId?: string) {
  const mine = guestId ? sql`AND c.guest_id = ${guestId}` : sql``;
  return readRows<StreamRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS}, c.guest_id FROM chat_messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.seq > ${seq} ${mine} ORDER BY m.seq LIMIT ${limit}`,
  );
}

export async function lastSeq(db: Tx): Promise<number> {
  const [row] = await readRows<{ seq: number | null }>(db, sql`SELECT max(seq) AS seq FROM chat_messages`);
  return Number(row?.seq ?? 0);
}

/** A conversation as staff read it (unread: a guest message they have not read) or as its guest does. */
const docColumns = (side: 'guest' | 'staff') => sql`c.id AS "_id", CASE WHEN c.subject = 'other' THEN 'message' ELSE 'intervention' END AS type,
  c.subject, '' AS title, c.status, c.created_time, c.last_time, c.last_excerpt AS last_message, c.last_author,
  ${side === 'staff' ? sql`c.last_guest_seq > c.staff_read_seq` : sql`c.last_staff_seq > c.guest_read_seq`} AS unread`;

const STAFF_GUEST = sql`json_build_object('_id', u.id, 'firstname', u.firstname, 'lastname', u.lastname, 'client_number', u.client_number,
  'stay_number', u.stay_number, 'location', (SELECT s.location FROM stays s WHERE s.stay_number = u.stay_number),
  'lang', CASE WHEN u.langage IN (${sql.join(LANGS.map((l) => sql`${l}`), sql`, `)}) THEN u.langage END) AS guest`;

type DocRow = Omit<ConversationDoc, 'title'> & { title: string };

export function staffConversation(db: Tx, id: string) {
  return readRows<DocRow>(db, sql`SELECT ${docColumns('staff')}, ${STAFF_GUEST} FROM conversations c JOIN webapp_users u ON u.id = c.guest_id WHERE c.id = ${id}`, true).then((r) => r[0] ?? null);
}

export function guestConversation(db: Tx, guestId: string, id: string) {
  return readRows<DocRow>(db, sql`SELECT ${docColumns('guest')}, NULL AS guest FROM conversations c WHERE c.id = ${id} AND c.guest_id = ${guestId}`, true).then(
    (r) => r[0] ?? null,
  );
}

export function guestConversations(db: Tx, guestId: string) {
  return readRows<DocRow>(db, sql`SELECT ${docColumns('guest')}, NULL AS guest FROM conversations c WHERE c.guest_id = ${guestId} ORDER BY c.last_time DESC, c.id LIMIT 200`, true);
}

/** The inbox: one page, last written first, with its total and the unread count, in one statement. */
export async function inboxPage(db: Tx, q: { page: number; per_page: number; order: 'asc' | 'desc'; status?: 'open' | 'closed' }) {
  const where = q.status ? sql`WHERE c.status = ${q.status}` : sql``;
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await readRows<DocRow & { total: number; unread_all: number }>(
    db,
    sql`SELECT ${docColumns('staff')}, ${STAFF_GUEST}, count(*) OVER () AS total,
        (SELECT count(*) FROM conversations x WHERE x.last_guest_seq > x.staff_read_seq) AS unread_all
      FROM conversations c JOIN webapp_users u ON u.id = c.guest_id ${where}
      ORDER BY c.last_time ${dir}, c.id ${dir} LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  );
  const total = rows.length ? Number(rows[0].total) : await countConversations(db, q.status);
  return { rows: rows.map(({ total: _t, unread_all: _u, ...doc }) => doc), total, unread: rows.length ? Number(rows[0].unread_all) : await unreadCount(db) };
}

async function countConversations(db: Tx, status?: 'open' | 'closed') {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(status ? eq(conversations.status, status) : undefined);
  return row.n;
}

/** The sidebar's badge (the partial index conversations_staff_unread_idx). */
export async function unreadCount(db: Tx) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(sql`${conversations.lastGuestSeq} > ${conversations.staffReadSeq}`);
  return row.n;
}

/** A photo of a conversation: of this guest's when `guestId` is given. */
export async function photoOf(db: Tx, fileId: string, guestId?: string) {
  const [row] = await db
    .select({ id: chatMessages.photoId })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.photoId, fileId), guestId ? eq(conversations.guestId, guestId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

export async function makeChatFile(db: Tx, id: string) {
  await db.update(files).set({ kind: 'chat' }).where(eq(files.id, id));
}

/** Whether staff's last answer is still unread by the guest (the e-mail job's question). */
export async function guestHasUnread(db: Tx, conversationId: string) {
  const [row] = await db
    .select({ unread: sql<boolean>`${conversations.lastStaffSeq} > ${conversations.guestReadSeq}` })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return Boolean(row?.unread);
}

export async function guestOfConversation(db: Tx, conversationId: string) {
  const [row] = await db
    .select(guestContact)
    .from(conversations)
    .innerJoin(webappUsers, eq(webappUsers.id, conversations.guestId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}
