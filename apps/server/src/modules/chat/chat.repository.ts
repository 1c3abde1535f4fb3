import { and, eq, isNull, sql } from 'drizzle-orm';
import { LANGS, type ChatMessageDoc, type ConversationDoc, type StaffStreamMessage } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { chatMessages, conversations, files, webappUsers } from '../../db/schema';
import { guestContact } from '../../platform/people/guests.repository';

/** The chat area's SQL (docs/messages.md). Docs are named in SQL as the contract names them (readRows). */

export type ConversationRow = typeof conversations.$inferSelect;
/** A message as the stream sends it (staff's view, with the guest's name), with the guest it belongs to (who may receive it). */
export type StreamRow = StaffStreamMessage & { guest_id: string };

/**
 * A message as its guest reads it: never an internal one (the SQL leaves them out before this), the
 * translation only of a staff answer (what they read first), nothing of staff's own (errors, notices).
 */
export const forGuest = (m: ChatMessageDoc): ChatMessageDoc => ({
  ...m,
  internal: false,
  translation: m.author === 'staff' ? m.translation : null,
  translation_error: null,
  notices: null,
});

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

/**
 * Marks a side's reading up to the conversation's last message; answers whether anything changed. A guest's
 * reading dates staff's answers it covers (the conversation shows 'Lu à …').
 */
export async function markRead(tx: Tx, id: string, side: 'guest' | 'staff', now: number) {
  const column = side === 'guest' ? conversations.guestReadSeq : conversations.staffReadSeq;
  const rows = await tx
    .update(conversations)
    .set(side === 'guest' ? { guestReadSeq: sql`${conversations.lastSeq}` } : { staffReadSeq: sql`${conversations.lastSeq}` })
    .where(and(eq(conversations.id, id), sql`${column} < ${conversations.lastSeq}`))
    .returning({ id: conversations.id });
  if (rows.length && side === 'guest') {
    await tx
      .update(chatMessages)
      .set({ readTime: now })
      .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.author, 'staff'), eq(chatMessages.internal, false), isNull(chatMessages.readTime)));
  }
  return rows.length > 0;
}

/** Staff's view of a message (the guest's is `forGuest` of it): its translation, and how the guest was told. */
const MESSAGE_COLUMNS = sql`m.id AS "_id", m.seq AS seq, m.conversation_id AS conversation, m.author, m.name, m.body AS message,
  m.photo_id AS photo, m.event, m.created_time, m.internal,
  CASE WHEN m.translation IS NULL THEN NULL ELSE json_build_object('lang', m.translation_lang, 'text', m.translation, 'from', m.source_lang) END AS translation,
  m.translation_error,
  CASE WHEN m.author = 'staff' AND NOT m.internal THEN json_build_object('push', ns.sent_time,
    'push_until', CASE WHEN ns.status = 'scheduled' THEN ns.waiting_until END, 'mail', m.mail_time, 'read', m.read_time) END AS notices`;
const MESSAGES = sql`chat_messages m LEFT JOIN notification_sends ns ON ns.id = m.push_send_id`;

/** A conversation's messages, oldest first: all of them for staff, a guest's without the internal ones. */
export async function messagesOf(db: Tx, conversationId: string, side: 'guest' | 'staff') {
  const rows = await readRows<ChatMessageDoc>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} WHERE m.conversation_id = ${conversationId} ${side === 'guest' ? sql`AND NOT m.internal` : sql``} ORDER BY m.seq`,
    true,
  );
  return side === 'guest' ? rows.map(forGuest) : rows;
}

export async function messageById(db: Tx, id: string) {
  const [row] = await readRows<ChatMessageDoc>(db, sql`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGES} WHERE m.id = ${id}`, true);
  return row ?? null;
}

/**
 * Messages after `seq`, in order, of one guest's conversations (never an internal one) or of all: what a
 * stream missed, and what the hub fans out after a NOTIFY (PK range, then the conversation's guest by its key).
 */
export function messagesAfter(db: Tx, seq: number, limit: number, guestId?: string) {
  const mine = guestId ? sql`AND c.guest_id = ${guestId} AND NOT m.internal` : sql``;
  return readRows<StreamRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS}, c.guest_id, trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) AS guest_name
      FROM ${MESSAGES} JOIN conversations c ON c.id = m.conversation_id LEFT JOIN webapp_users u ON u.id = c.guest_id
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

const ASSIGNEE = sql`(SELECT json_build_object('_id', d.id, 'name', trim(d.firstname || ' ' || d.lastname)) FROM dashboard_users d WHERE d.id = c.assignee_id) AS assignee`;

/** Staff's columns of a conversation, over `conversations c JOIN webapp_users u` (the inbox's page too). */
export const STAFF_DOC = sql`${docColumns('staff')}, ${STAFF_GUEST}, ${ASSIGNEE}`;

export type DocRow = Omit<ConversationDoc, 'title'> & { title: string };

export function staffConversation(db: Tx, id: string) {
  return readRows<DocRow>(db, sql`SELECT ${STAFF_DOC} FROM conversations c JOIN webapp_users u ON u.id = c.guest_id WHERE c.id = ${id}`, true).then((r) => r[0] ?? null);
}

const GUEST_DOC = sql`${docColumns('guest')}, NULL AS guest, NULL AS assignee`;

export function guestConversation(db: Tx, guestId: string, id: string) {
  return readRows<DocRow>(db, sql`SELECT ${GUEST_DOC} FROM conversations c WHERE c.id = ${id} AND c.guest_id = ${guestId}`, true).then((r) => r[0] ?? null);
}

export function guestConversations(db: Tx, guestId: string) {
  return readRows<DocRow>(db, sql`SELECT ${GUEST_DOC} FROM conversations c WHERE c.guest_id = ${guestId} ORDER BY c.last_time DESC, c.id LIMIT 200`, true);
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

/** The guest account's language of a conversation (what a translated answer is written in), or null. */
export async function guestLangOf(db: Tx, conversationId: string) {
  const [row] = await db
    .select({ lang: webappUsers.langage })
    .from(conversations)
    .innerJoin(webappUsers, eq(webappUsers.id, conversations.guestId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.lang ?? null;
}

/** What the translation job reads of a guest's message. */
export async function messageToTranslate(db: Tx, id: string) {
  const [row] = await db
    .select({ body: chatMessages.body, author: chatMessages.author, conversationId: chatMessages.conversationId, guestId: conversations.guestId, translation: chatMessages.translation })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function setTranslation(tx: Tx, id: string, set: Pick<typeof chatMessages.$inferInsert, 'translation' | 'translationLang' | 'sourceLang' | 'translationError'>) {
  await tx.update(chatMessages).set(set).where(eq(chatMessages.id, id));
}
