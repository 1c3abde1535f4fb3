import { z } from 'zod';
import type { Lang } from '../i18n/languages';
import { segment } from '../i18n/routes';
import { CHAT, CHAT_MESSAGE_MAX } from '../messages/chat';
import { call, orFalse, staff, type CallDef } from './call';
import { id, missing } from './common';
import { pageFields, pageOf } from './listing';

/**
 * Guest messages (002 §2 'Client messages', §3 Conversation and Message, §7; issue 25). A guest writes from
 * the guest app under a subject; staff with the emails flag (000: 'Email' › 'Messagerie') answer and close.
 * Both sides follow new messages live on a server-sent event stream (docs/messages.md).
 */

export const CHAT_SUBJECTS = ['intervention', 'gas', 'other'] as const;
export const chatSubject = z.enum(CHAT_SUBJECTS, { error: CHAT.subjectRequired });
export type ChatSubject = z.infer<typeof chatSubject>;
/** 002 §3: a conversation is a 'message' or an 'intervention' request (a gas bottle is one: staff go on site). */
export const conversationType = z.enum(['message', 'intervention']);
export const typeOfSubject = (s: ChatSubject): z.infer<typeof conversationType> => (s === 'other' ? 'message' : 'intervention');

/**
 * The guest app's address of the messages in a language ('/membres/messages', '/konto/messages'), and of one
 * conversation under it: the push of an answer and the unread e-mail open it (the app's router reads it).
 */
export const messagesPath = (lang: Lang) => `${segment(lang, 'account')}/messages`;
export const conversationPath = (lang: Lang, id: string) => `${messagesPath(lang)}/${encodeURIComponent(id)}`;

export const chatMessageText = z.string(missing(CHAT.messageRequired)).trim().min(1, CHAT.messageRequired).max(CHAT_MESSAGE_MAX, CHAT.messageTooLong(CHAT_MESSAGE_MAX));
/** Made by the device for each message: sent twice on a weak connection, it is kept once. */
export const chatKey = z.string().min(8).max(64).regex(/^[\w-]+$/);

export const conversationDoc = z.object({
  _id: z.string(),
  type: conversationType,
  subject: chatSubject,
  /** the subject's French words (002 §3 title) */
  title: z.string(),
  status: z.enum(['open', 'closed']),
  created_time: z.number(),
  last_time: z.number(),
  /** the last message's first words ('' for a photo alone) */
  last_message: z.string(),
  last_author: z.enum(['guest', 'staff', 'system']),
  /** a message of the other side not read yet by who asks */
  unread: z.boolean(),
  /** the staff member who handles it (staff answers only; null: nobody) */
  assignee: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** who wrote it (staff answers only) */
  guest: z
    .object({
      _id: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      client_number: z.string().nullable(),
      stay_number: z.string().nullable(),
      location: z.string().nullable(),
      /** the guest account's language (one of LANGS, else null): the one staff answer in */
      lang: z.string().nullable(),
    })
    .nullable(),
});
export type ConversationDoc = z.infer<typeof conversationDoc>;

export const chatMessageDoc = z.object({
  _id: z.string(),
  /** the stream's event id: messages of every conversation in the order they were written */
  seq: z.number(),
  conversation: z.string(),
  author: z.enum(['guest', 'staff', 'system']),
  /** the author's first name ('' for the establishment's system lines) */
  name: z.string(),
  message: z.string(),
  /** a photo's file id, read through the picture call of the side that reads */
  photo: z.string().nullable(),
  /** a system line: the conversation was closed or opened again, (staff only) assigned or unassigned */
  event: z.enum(['closed', 'reopened', 'assigned', 'unassigned']).nullable(),
  created_time: z.number(),
  /** an internal note or line: staff read it, a guest never (always false in a guest's answers) */
  internal: z.boolean(),
  /**
   * A machine translation (issue 33): of a guest's message into French (`from`: the language detected), of a
   * staff answer into the guest's language (what the guest reads first, `message` being the original).
   */
  translation: z.object({ lang: z.string(), text: z.string(), from: z.string().nullable() }).nullable(),
  /** why a translation asked for is missing (the provider failed; the original went): staff only */
  translation_error: z.string().nullable(),
  /** how the guest was told of a staff answer (staff only): push sent or waiting (quiet hours), e-mail, read */
  notices: z.object({ push: z.number().nullable(), push_until: z.number().nullable(), mail: z.number().nullable(), read: z.number().nullable() }).nullable(),
});
export type ChatMessageDoc = z.infer<typeof chatMessageDoc>;
/**
 * A message event of staff's stream (webapp/conversations/stream): the message, with the name of the guest
 * whose conversation it is, first and last ('Lena Weber'), so that a browser notification names them even
 * for a conversation no list on screen holds yet (issue 33). A guest's stream never carries it.
 */
export type StaffStreamMessage = ChatMessageDoc & { guest_name: string };

const thread = z.object({ conversation: conversationDoc, messages: z.array(chatMessageDoc) });
export type ChatThread = z.infer<typeof thread>;

export const conversationListQuery = z.object({
  ...pageFields(['last_time'], 'last_time'),
  status: z.enum(['open', 'closed']).optional(),
  /** 'me': assigned to who asks, 'none': to nobody; absent: all */
  assignee: z.enum(['me', 'none']).optional(),
  /** the conversations of one stay's guest accounts (the stay's page) */
  stay: z.string().trim().min(1).max(64).optional(),
});

/** The inbox's counts for the status asked: assigned to who asks, to nobody, all. */
const viewCounts = z.object({ mine: z.number(), unassigned: z.number(), all: z.number() });

/** Machine translation (docs/messages.md): off unless the server is configured (TRANSLATION). */
export const translationMode = z.enum(['off', 'deepl', 'simulator']);

const conversationBody = z.object({ conversation: id });
const pictureQuery = z.object({ id, width: z.coerce.number().int().optional() });

/** The stream's events (text/event-stream): `message` with an id (its seq), `read` and `ready` without. */
export type ChatEvent = { type: 'message'; message: ChatMessageDoc } | { type: 'read'; conversation: string };

/** A staff member who may be given a conversation (the emails flag). */
export const chatMemberDoc = z.object({ _id: z.string(), name: z.string() });
export type ChatMember = z.infer<typeof chatMemberDoc>;

export const chat = {
  // staff (000: the emails flag guards /messages/chat)
  list: call('GET', 'webapp/conversations/list', {
    ...staff('emails'),
    query: conversationListQuery,
    answer: pageOf(conversationDoc).extend({ unread: z.number(), counts: viewCounts }),
    summary: 'The inbox, last written first; `unread`: conversations with a guest message staff have not read; `counts`: mine, unassigned and all for the status asked',
  }),
  messages: call('POST', 'webapp/messages/find-by-conversation', {
    ...staff('emails'),
    body: conversationBody,
    answer: orFalse(thread),
    summary: "A conversation's messages, oldest first; staff have read it from then on",
  }),
  answer: call('POST', 'webapp/messages/insert', {
    ...staff('emails'),
    body: z.object({ conversation: id, message: chatMessageText, key: chatKey, translate: z.boolean().optional() }),
    answer: orFalse(chatMessageDoc),
    summary:
      "A staff answer (with `translate`, machine-translated into the guest's language; the original goes if the provider fails): a push to the guest, and an e-mail if they have not read it 15 minutes later",
  }),
  note: call('POST', 'webapp/messages/note', {
    ...staff('emails'),
    body: z.object({ conversation: id, message: chatMessageText, key: chatKey }),
    answer: orFalse(chatMessageDoc),
    summary: 'An internal note in a conversation: staff read it, the guest never (no guest call, stream, push or mail carries it)',
  }),
  assign: call('POST', 'webapp/conversations/assign', {
    ...staff('emails'),
    body: z.object({
      conversation: id,
      /** the staff member (with the emails flag) who takes it; null: nobody */
      member: id.nullable(),
      /** who it was assigned to as the caller saw it: another assignment meanwhile is a 409 naming who has it */
      from: id.nullable(),
    }),
    answer: orFalse(conversationDoc),
    summary: 'Assigns a conversation to a staff member with the emails flag, or to nobody; a line says so (staff only); 409 when it changed meanwhile',
  }),
  team: call('GET', 'webapp/conversations/team', {
    ...staff('emails'),
    answer: z.object({ members: z.array(chatMemberDoc), translation: translationMode }),
    summary: 'Who a conversation may be assigned to (staff with the emails flag), and whether machine translation is on',
  }),
  close: call('POST', 'webapp/conversations/close', {
    ...staff('emails'),
    body: z.object({ conversation: id, closed: z.boolean() }),
    answer: orFalse(conversationDoc),
    summary: 'Closes (or opens again) a conversation; a line says so in it',
  }),
  unread: call('GET', 'webapp/conversations/unread', {
    ...staff('emails'),
    answer: z.object({ count: z.number() }),
    summary: "The sidebar's badge: conversations with a guest message staff have not read",
  }),
  stream: call('GET', 'webapp/conversations/stream', {
    ...staff('emails'),
    raw: true,
    query: z.object({ last: z.coerce.number().int().min(0).optional() }),
    answer: z.any(),
    summary: 'text/event-stream of every conversation; Last-Event-ID (or ?last=) replays what was missed',
  }),
  staffPhoto: call('POST', 'webapp/messages/photo', {
    ...staff('emails'),
    multipart: true,
    answer: orFalse(chatMessageDoc),
    summary: 'Multipart: conversation, key, file (JPEG or PNG): a staff photo as a message; the guest is told as for an answer',
  }),
  picture: call('GET', 'webapp/conversations/picture', { ...staff('emails'), raw: true, query: pictureQuery, answer: z.any(), summary: 'A photo of a conversation (the guest\'s or staff\'s)' }),

  // the guest app
  mine: call('GET', 'webapp/chat/conversations', {
    access: 'guest',
    answer: z.array(conversationDoc),
    summary: "The signed-in guest's conversations, last written first",
  }),
  thread: call('POST', 'webapp/chat/thread', {
    access: 'guest',
    body: conversationBody,
    answer: orFalse(thread),
    summary: 'One of my conversations; I have read it from then on (the unread e-mail is cancelled)',
  }),
  start: call('POST', 'webapp/chat/start', {
    access: 'guest',
    body: z.object({ subject: chatSubject, message: chatMessageText, key: chatKey }),
    answer: thread,
    summary: 'A new conversation with its first message',
  }),
  send: call('POST', 'webapp/chat/send', {
    access: 'guest',
    body: z.object({ conversation: id, message: chatMessageText, key: chatKey }),
    answer: orFalse(chatMessageDoc),
    summary: 'A message in one of my conversations (a closed one opens again)',
  }),
  photo: call('POST', 'webapp/chat/photo', {
    access: 'guest',
    multipart: true,
    answer: orFalse(chatMessageDoc),
    summary: 'Multipart: conversation, key, file (JPEG or PNG; the app sends JPEG): a photo as a message',
  }),
  guestPicture: call('GET', 'webapp/chat/picture', { access: 'guest', raw: true, query: pictureQuery, answer: z.any(), summary: 'A photo of my conversations' }),
  guestStream: call('GET', 'webapp/chat/stream', {
    access: 'guest',
    raw: true,
    query: z.object({ last: z.coerce.number().int().min(0).optional() }),
    answer: z.any(),
    summary: 'text/event-stream of my conversations; Last-Event-ID (or ?last=) replays what was missed',
  }),
} satisfies Record<string, CallDef>;
