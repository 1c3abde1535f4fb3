import { REPLY_TEXT, isLang, textErrors, type ChatReply, type Lang, type ParsedBody } from '@campsite/shared';
import type { chatReplies as calls } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { badRequest } from '../../http/errors';
import { guestLangOf } from './chat.repository';
import * as repo from './replies.repository';

/** Saved replies (issue 33; docs/messages.md): staff write them once per language and pick one while answering. */

const byName = (a: ChatReply, b: ChatReply) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a._id.localeCompare(b._id);

/**
 * The language a reply is inserted in for a guest: theirs when the reply has it, else English, else the
 * establishment's default language, else the first written (the same order as the guest's e-mails).
 */
export function replyLang(reply: ChatReply, guest: string | null, defaultLang: Lang): string {
  const has = (l: string) => reply.translations.some((t) => t.lang === l && t.text.trim() !== '');
  if (guest && isLang(guest) && has(guest)) return guest;
  if (has('en')) return 'en';
  if (has(defaultLang)) return defaultLang;
  return reply.translations.find((t) => t.text.trim() !== '')?.lang ?? defaultLang;
}

/** Every reply by name; for a conversation, each one's text in its guest's language (replyLang). */
export async function listReplies(deps: Deps, conversation?: string): Promise<ChatReply[]> {
  const replies = (await repo.readReplies(deps.db)).sort(byName);
  if (!conversation) return replies;
  const [guest, settings] = await Promise.all([guestLangOf(deps.db, conversation), getGlobalSettings(deps.db)]);
  return replies.map((r) => {
    const lang = replyLang(r, guest, settings.lang_default);
    return { ...r, lang, text: r.translations.find((t) => t.lang === lang)?.text ?? '' };
  });
}

type Body = ParsedBody<typeof calls.insert>;

/** Texts trimmed, empty languages left out; required in the default language (French 400 on `text.<lang>`). */
async function cleanTexts(deps: Deps, body: Body) {
  const { lang_default } = await getGlobalSettings(deps.db);
  const errors = textErrors(body.translations, lang_default, [REPLY_TEXT]);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return body.translations.filter((t) => t.text.trim() !== '').map((t) => ({ lang: t.lang, text: t.text.trim() }));
}

export async function insertReply(deps: Deps, body: Body): Promise<ChatReply> {
  const translations = await cleanTexts(deps, body);
  const id = newId();
  const now = deps.now();
  await deps.db.transaction((tx) => repo.insertReply(tx, { id, name: body.name, translations, createdTime: now, editedTime: now }));
  return (await repo.findReply(deps.db, id))!;
}

export async function updateReply(deps: Deps, body: ParsedBody<typeof calls.update>): Promise<ChatReply | false> {
  const translations = await cleanTexts(deps, body);
  const done = await deps.db.transaction((tx) => repo.updateReply(tx, body._id, { name: body.name, translations, editedTime: deps.now() }));
  return done ? (await repo.findReply(deps.db, body._id))! : false;
}

export async function deleteReply(deps: Deps, id: string): Promise<true | false> {
  return deps.db.transaction((tx) => repo.deleteReply(tx, id));
}
