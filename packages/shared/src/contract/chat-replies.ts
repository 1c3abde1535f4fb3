import { z } from 'zod';
import { LANGUAGE_NAMES, isLang } from '../i18n/languages';
import { CHAT, CHAT_MESSAGE_MAX, CHAT_REPLY_NAME_MAX } from '../messages/chat';
import { call, orFalse, staff, type CallDef } from './call';
import { deleteAnswer, id, idBody, missing } from './common';
import { translationsSchema, type TextRule } from './translations';

/**
 * Saved replies of the inbox (issue 33; docs/messages.md): a name staff pick them by and the text in each
 * language written. While answering, the list read for a conversation gives each reply's text in the guest's
 * language (else English, else the default language), which the answer box takes and staff may edit.
 */

/** The text: required in the default language (the server's textErrors), at most a message's length everywhere. */
export const REPLY_TEXT: TextRule = { field: 'text', max: CHAT_MESSAGE_MAX, required: (l) => CHAT.replyTextRequired(isLang(l) ? LANGUAGE_NAMES[l].toLowerCase() : l), tooLong: () => CHAT.replyTextTooLong(CHAT_MESSAGE_MAX) };

export const chatReplyTranslation = z.object({ lang: z.string(), text: z.string() });
export const chatReplyDoc = z.object({
  _id: z.string(),
  name: z.string(),
  translations: z.array(chatReplyTranslation),
  /** with `conversation`: the text for that conversation's guest, and its language */
  text: z.string().optional(),
  lang: z.string().optional(),
});
export type ChatReply = z.infer<typeof chatReplyDoc>;

const replyFields = {
  name: z.string(missing(CHAT.replyNameRequired)).trim().min(1, CHAT.replyNameRequired).max(CHAT_REPLY_NAME_MAX, CHAT.replyNameTooLong),
  translations: translationsSchema({ text: z.string().max(CHAT_MESSAGE_MAX * 2).transform((s) => s.trim()) }, [REPLY_TEXT]),
};
export const chatReplyInsert = z.object(replyFields);
export const chatReplyUpdate = z.object({ _id: id, ...replyFields });

export const chatReplies = {
  list: call('GET', 'webapp/chat-replies/list', {
    ...staff('emails'),
    query: z.object({ conversation: id.optional() }),
    answer: z.array(chatReplyDoc),
    summary: "Saved replies by name; with `conversation`, each one's text in that guest's language (else English, else the default language)",
  }),
  insert: call('POST', 'webapp/chat-replies/insert', { ...staff('emails'), body: chatReplyInsert, answer: chatReplyDoc, summary: 'Creates a saved reply' }),
  update: call('POST', 'webapp/chat-replies/update', { ...staff('emails'), body: chatReplyUpdate, answer: orFalse(chatReplyDoc), summary: 'Updates a saved reply (false: unknown id)' }),
  delete: call('POST', 'webapp/chat-replies/delete', { ...staff('emails'), body: idBody, answer: deleteAnswer, summary: 'Deletes a saved reply' }),
} satisfies Record<string, CallDef>;
