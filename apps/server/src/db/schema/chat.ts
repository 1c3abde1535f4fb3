import { bigint, bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { dashboardUsers, files, webappUsers } from './core';
import { notificationSends } from './notifications';
import { epoch } from './types';

export type ChatEvent = 'closed' | 'reopened' | 'assigned' | 'unassigned';

/** Guest messages (002 §3 Conversation, Message; issue 25); checks and indexes in drizzle/0020_chat.sql. */

export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    guestId: text('guest_id')
      .notNull()
      .references(() => webappUsers.id, { onDelete: 'cascade' }),
    subject: text('subject').$type<'intervention' | 'gas' | 'other'>().notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull(),
    /** the device's key of the first message (a start sent twice is kept once) */
    clientKey: text('client_key').notNull(),
    createdTime: epoch('created_time').notNull(),
    lastTime: epoch('last_time').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastAuthor: text('last_author').$type<'guest' | 'staff' | 'system'>().notNull(),
    lastExcerpt: text('last_excerpt').notNull().default(''),
    /** the seq of each side's last message, and of the last one each side has read */
    lastGuestSeq: bigint('last_guest_seq', { mode: 'number' }).notNull().default(0),
    lastStaffSeq: bigint('last_staff_seq', { mode: 'number' }).notNull().default(0),
    guestReadSeq: bigint('guest_read_seq', { mode: 'number' }).notNull().default(0),
    staffReadSeq: bigint('staff_read_seq', { mode: 'number' }).notNull().default(0),
    /** the staff member who handles it (issue 33), null: nobody */
    assigneeId: text('assignee_id').references(() => dashboardUsers.id, { onDelete: 'set null' }),
    assignedTime: epoch('assigned_time'),
  },
  (t) => [index('conversations_last_idx').on(t.lastTime), index('conversations_guest_idx').on(t.guestId, t.lastTime), uniqueIndex('conversations_key_idx').on(t.guestId, t.clientKey)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** the stream's event id: written in this order, one writer at a time (chat.repository lockWriters) */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<'guest' | 'staff' | 'system'>().notNull(),
    staffId: text('staff_id'),
    name: text('name').notNull().default(''),
    body: text('body').notNull().default(''),
    photoId: text('photo_id').references(() => files.id, { onDelete: 'set null' }),
    event: text('event').$type<ChatEvent>(),
    clientKey: text('client_key'),
    createdTime: epoch('created_time').notNull(),
    /** a note or an assignment line: staff read it, a guest never (drizzle/0050_inbox.sql) */
    internal: boolean('internal').notNull().default(false),
    /** a machine translation (into French for a guest's message, into the guest's language for an answer) */
    translation: text('translation'),
    translationLang: text('translation_lang'),
    sourceLang: text('source_lang'),
    /** why there is no translation (the provider's failure), for staff */
    translationError: text('translation_error'),
    /** how the guest was told of a staff answer */
    pushSendId: text('push_send_id').references(() => notificationSends.id, { onDelete: 'set null' }),
    mailTime: epoch('mail_time'),
    readTime: epoch('read_time'),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.seq), uniqueIndex('chat_messages_key_idx').on(t.conversationId, t.clientKey)],
);

/** Saved replies (issue 33): a name, and the text in each language written. */
export const chatReplies = pgTable('chat_replies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  translations: jsonb('translations').$type<{ lang: string; text: string }[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});
