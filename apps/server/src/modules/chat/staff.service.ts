import { isLang, type ChatMessageDoc, type ChatThread, type ConversationDoc, type DashboardUser, type NotificationTranslation, type ParsedBody } from '@campsite/shared';
import type { chat as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { TranslationError, translatorFor } from '../../integrations/translation';
import { prepareImage } from '../../platform/files/files.service';
import { guestHasDevice } from '../../platform/people/guests.repository';
import { sendPush, takeGuestPush } from '../notifications/public';
import { unreadMailJob } from './chat.jobs';
import { UNREAD_MAIL_DELAY, messageDoc, photoFields, titled, writeMessage, writePhoto, type Author, type Translation, type Upload } from './chat.service';
import { answerPush, photoPush } from './chat.texts';
import * as repo from './chat.repository';
import { setPush } from './inbox.repository';

/** Staff's side of a conversation (issues 25, 33; docs/messages.md): read, answer (translated or not), photo, close. */

export const unread = async (deps: Deps) => ({ count: await repo.unreadCount(deps.db) });

/** A conversation's messages, internal ones included; staff have read it from then on (every staff member's badge follows). */
export async function staffThread(deps: Deps, id: string): Promise<ChatThread | false> {
  const conv = await repo.staffConversation(deps.db, id);
  if (!conv) return false;
  if (conv.unread) {
    await deps.db.transaction(async (tx) => {
      if (await repo.markRead(tx, id, 'staff', deps.now())) await repo.notifyChat(tx, `r:staff:${conv.guest!._id}:${id}`);
    });
  }
  const [conversation, messages] = await Promise.all([repo.staffConversation(deps.db, id), repo.messagesOf(deps.db, id, 'staff')]);
  return { conversation: titled(conversation!), messages };
}

/**
 * The guest is told of a staff answer in the answer's transaction: a push to their devices that opens the
 * conversation (its send is kept on the message: 'Notification envoyée à …'), then, whatever the push, an
 * e-mail 15 minutes later if they have still not read it (a job, cancelled when they read; it checks
 * again when it runs). Pushes count in the guest's ceiling of staff pushes (issue 29); past it the e-mail
 * alone tells them. Answers in a row make one e-mail, 15 minutes after the last.
 */
async function tellGuest(deps: Deps, tx: Tx, conv: repo.ConversationRow, messageId: string, content: NotificationTranslation[]) {
  if ((await guestHasDevice(tx, conv.guestId)) && (await takeGuestPush(deps, tx, conv.guestId))) {
    const send = await sendPush(deps, { kind: 'users', users: [conv.guestId] }, content, { type: 'conversation', id: conv.id }, { tx });
    await setPush(tx, messageId, send);
  }
  await unreadMailJob.cancel(deps, { conversation: conv.id }, tx);
  await unreadMailJob.enqueue(deps, { conversation: conv.id }, { tx, runAt: deps.now() + UNREAD_MAIL_DELAY });
}

const staffAuthor = (user: DashboardUser): Author => ({ kind: 'staff', id: user._id, name: user.firstname });

/**
 * The answer in the guest's language, by the translation provider (before the transaction: no row is held
 * while it answers). Never a refusal: without a translation the original goes, and the message says why.
 */
async function translated(deps: Deps, conversation: string, text: string): Promise<Translation> {
  const lang = await repo.guestLangOf(deps.db, conversation);
  if (!isLang(lang)) return { translationError: "la langue du client n'est pas connue" };
  const translator = await translatorFor(deps.env);
  if (!translator) return { translationError: "la traduction automatique n'est pas activée sur ce serveur" };
  try {
    const t = await translator.translate(text, lang);
    // already in the guest's language (a saved reply in German): nothing to mark as a machine translation
    if (t.from === lang) return {};
    return { translation: t.text, translationLang: lang, sourceLang: t.from };
  } catch (err) {
    return { translationError: err instanceof TranslationError ? err.message : 'le service de traduction ne répond pas' };
  }
}

/** A staff answer (translated into the guest's language when asked); the guest is told (tellGuest) with what they read. */
export async function answer(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.answer>): Promise<ChatMessageDoc | false> {
  const known = await repo.messageIdByKey(deps.db, body.conversation, body.key);
  const translation = body.translate && !known ? await translated(deps, body.conversation, body.message) : {};
  const written = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, body.conversation);
    if (!conv) return null;
    const w = await writeMessage(deps, tx, conv, staffAuthor(user), { body: body.message, key: body.key, translation });
    if (w.fresh) await tellGuest(deps, tx, conv, w.id, answerPush(translation.translation ?? body.message));
    return w;
  });
  deps.jobs.poke();
  return written ? messageDoc(deps, written.id) : false;
}

/** A staff photo (multipart: conversation, key, file), stored and sent as the guest's are; the guest is told. */
export async function staffPhoto(deps: Deps, user: DashboardUser, upload: Upload): Promise<ChatMessageDoc | false> {
  const { conversation, key } = photoFields(upload);
  const photo = await prepareImage(upload.data, 'fr', ['jpeg', 'png']);
  const written = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, conversation);
    if (!conv) return null;
    const w = await writePhoto(deps, tx, conv, staffAuthor(user), upload, photo, key);
    if (w.fresh) await tellGuest(deps, tx, conv, w.id, photoPush());
    return w;
  });
  deps.jobs.poke();
  return written ? messageDoc(deps, written.id) : false;
}

export async function close(deps: Deps, body: ParsedBody<typeof calls.close>): Promise<ConversationDoc | false> {
  const done = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, body.conversation);
    if (!conv) return false;
    const status = body.closed ? 'closed' : 'open';
    if (conv.status === status) return true;
    await repo.lockWriters(tx);
    const now = deps.now();
    const seq = (await repo.insertMessage(tx, { id: newId(), conversationId: conv.id, author: 'system', event: body.closed ? 'closed' : 'reopened', createdTime: now }))!;
    // a line of the establishment: read by both sides, so that it makes no badge
    await repo.updateConversation(tx, conv.id, {
      status,
      lastSeq: seq,
      lastTime: now,
      ...(conv.guestReadSeq >= conv.lastSeq ? { guestReadSeq: seq } : {}),
      ...(conv.staffReadSeq >= conv.lastSeq ? { staffReadSeq: seq } : {}),
    });
    await repo.notifyChat(tx, `m:${seq}`);
    return true;
  });
  if (!done) return false;
  return titled((await repo.staffConversation(deps.db, body.conversation))!);
}

export async function staffPictureFile(deps: Deps, fileId: string) {
  return repo.photoOf(deps.db, fileId);
}
