import { CHAT, type ChatMessageDoc, type ChatThread, type ConversationDoc, type ParsedBody } from '@campsite/shared';
import type { chat as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { chatMessages } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import type { EncodedImage } from '../../lib/images';
import { senderLang } from '../../lib/images';
import { prepareImage, sniff, storePrepared } from '../../platform/files/files.service';
import { findGuest } from '../../platform/people/guests.repository';
import { translateJob, unreadMailJob } from './chat.jobs';
import { countGuestMessage } from './chat.throttle';
import * as repo from './chat.repository';
import { forGuest } from './chat.repository';

/** Guest messages (issue 25; docs/messages.md): rules and transactions. */

/** What a guest's message needs of their account: the name it is signed with, the language of a refusal. */
const AUTHOR = ['firstname', 'langage'] as const;

/**
 * A new guest message gets its French translation by a job when translation is on and the guest's account
 * is not a French one (a French guest writes French; the provider says the language anyway, and a French
 * text is left as it is).
 */
async function askTranslation(deps: Deps, tx: Tx, langage: string | null, w: { id: string; fresh: boolean }) {
  if (!w.fresh || deps.env.TRANSLATION === 'off' || langage === 'fr') return;
  await translateJob.enqueue(deps, { message: w.id }, { tx });
}

/** An answer left unread this long, on a guest with no push, is sent by e-mail. */
export const UNREAD_MAIL_DELAY = 15 * 60;

export const titled = <T extends { subject: keyof typeof CHAT.subjects }>(doc: T) => ({ ...doc, title: CHAT.subjects[doc.subject] });
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text);

export type Author = { kind: 'guest' | 'staff'; id: string; name: string };
/** A staff answer's machine translation, or why it is missing (issue 33). */
export type Translation = Partial<Pick<typeof chatMessages.$inferInsert, 'translation' | 'translationLang' | 'sourceLang' | 'translationError'>>;

/**
 * Writes one message in a conversation already locked by the caller: the writers' turn (seq order), the
 * message (kept once per device key), the conversation's summary and the NOTIFY that goes at commit.
 * A closed conversation opens again with a line saying so. Answers the message's id and whether it is new.
 */
export async function writeMessage(deps: Deps, tx: Tx, conv: repo.ConversationRow, author: Author, m: { body: string; photoId?: string | null; key: string | null; translation?: Translation }) {
  const now = deps.now();
  if (m.key) {
    const existing = await repo.messageIdByKey(tx, conv.id, m.key);
    if (existing) return { id: existing, fresh: false };
  }
  await repo.lockWriters(tx);
  let seq = 0;
  if (conv.status === 'closed') {
    seq = (await repo.insertMessage(tx, { id: newId(), conversationId: conv.id, author: 'system', event: 'reopened', createdTime: now }))!;
  }
  const id = newId();
  seq = (await repo.insertMessage(tx, {
    id,
    conversationId: conv.id,
    author: author.kind,
    staffId: author.kind === 'staff' ? author.id : null,
    name: author.name,
    body: m.body,
    photoId: m.photoId ?? null,
    clientKey: m.key,
    createdTime: now,
    ...m.translation,
  }))!;
  await repo.updateConversation(tx, conv.id, {
    status: 'open',
    lastTime: now,
    lastSeq: seq,
    lastAuthor: author.kind,
    lastExcerpt: excerpt(m.body),
    // the writer has read what they answer
    ...(author.kind === 'guest' ? { lastGuestSeq: seq, guestReadSeq: seq } : { lastStaffSeq: seq, staffReadSeq: seq }),
  });
  await repo.notifyChat(tx, `m:${seq}`);
  return { id, fresh: true };
}

async function guestConversation(deps: Deps, tx: Tx, guestId: string, id: string) {
  const conv = await repo.lockConversation(tx, id);
  return conv && conv.guestId === guestId ? conv : null;
}

export async function messageDoc(deps: Deps, id: string): Promise<ChatMessageDoc> {
  return (await repo.messageById(deps.db, id))!;
}

// ----------------------------------------------------------------------------------------- the guest app

export async function myConversations(deps: Deps, guestId: string): Promise<ConversationDoc[]> {
  return (await repo.guestConversations(deps.db, guestId)).map(titled);
}

/** One of my conversations, read from now on (the unread e-mail is then not sent). */
export async function myThread(deps: Deps, guestId: string, id: string): Promise<ChatThread | false> {
  const found = await deps.db.transaction(async (tx) => {
    const conv = await repo.guestConversation(tx, guestId, id);
    if (!conv) return false;
    if (await repo.markRead(tx, id, 'guest', deps.now())) {
      await unreadMailJob.cancel(deps, { conversation: id }, tx);
      await repo.notifyChat(tx, `r:guest:${guestId}:${id}`);
    }
    return true;
  });
  if (!found) return false;
  const [conversation, messages] = await Promise.all([repo.guestConversation(deps.db, guestId, id), repo.messagesOf(deps.db, id, 'guest')]);
  return { conversation: titled(conversation!), messages };
}

export async function startConversation(deps: Deps, guestId: string, body: ParsedBody<typeof calls.start>): Promise<ChatThread> {
  const guest = await findGuest(deps.db, guestId, AUTHOR);
  if (!guest) throw new HttpError(403, CHAT.noGuestAccount);
  const id = await deps.db.transaction(async (tx) => {
    const known = await repo.conversationByKey(tx, guestId, body.key);
    if (known) return known;
    await countGuestMessage(deps, tx, guestId, true);
    const now = deps.now();
    const id = newId();
    const made = await repo.insertConversation(tx, { id, guestId, subject: body.subject, status: 'open', clientKey: body.key, createdTime: now, lastTime: now, lastAuthor: 'guest' });
    if (!made) return (await repo.conversationByKey(tx, guestId, body.key))!;
    const conv = (await repo.lockConversation(tx, id))!;
    const w = await writeMessage(deps, tx, conv, { kind: 'guest', id: guestId, name: guest.firstname }, { body: body.message, key: body.key });
    await askTranslation(deps, tx, guest.langage, w);
    return id;
  });
  deps.jobs.poke();
  return (await myThread(deps, guestId, id)) as ChatThread;
}

export async function guestSend(deps: Deps, guestId: string, body: ParsedBody<typeof calls.send>): Promise<ChatMessageDoc | false> {
  const guest = await findGuest(deps.db, guestId, AUTHOR);
  if (!guest) throw new HttpError(403, CHAT.noGuestAccount);
  const written = await deps.db.transaction(async (tx) => {
    const conv = await guestConversation(deps, tx, guestId, body.conversation);
    if (!conv) return null;
    if (!(await repo.messageIdByKey(tx, conv.id, body.key))) await countGuestMessage(deps, tx, guestId, false);
    const w = await writeMessage(deps, tx, conv, { kind: 'guest', id: guestId, name: guest.firstname }, { body: body.message, key: body.key });
    await askTranslation(deps, tx, guest.langage, w);
    return w;
  });
  deps.jobs.poke();
  return written ? forGuest(await messageDoc(deps, written.id)) : false;
}

export type Upload = { fields: Record<string, string>; data: Buffer; filename: string };

/**
 * A photo upload's conversation and device key, and its bytes a JPEG or PNG (by their content, whatever the
 * name says): checked before anything is read or written, for the guest's photo and staff's alike.
 */
export function photoFields(upload: Upload) {
  const conversation = upload.fields.conversation ?? '';
  const key = upload.fields.key ?? '';
  if (!conversation) throw badRequest(CHAT.conversationUnknown, { conversation: CHAT.conversationUnknown });
  if (!/^[\w-]{8,64}$/.test(key)) throw badRequest(CHAT.photoFormat, { key: CHAT.photoFormat });
  const type = sniff(upload.data);
  if (type !== 'image/jpeg' && type !== 'image/png') throw badRequest(CHAT.photoFormat, { file: CHAT.photoFormat });
  return { conversation, key };
}

/**
 * A photo as a message of its own, in a conversation the caller locked: stored as a file of kind `chat` with
 * its variants (private: read through the picture calls), unless this device's key sent it already
 * (`counted` runs for a new one, before the file is stored: the guest's throttle).
 */
export async function writePhoto(deps: Deps, tx: Tx, conv: repo.ConversationRow, author: Author, upload: Upload, photo: EncodedImage, key: string, counted?: () => Promise<void>) {
  const existing = await repo.messageIdByKey(tx, conv.id, key);
  if (existing) return { id: existing, fresh: false };
  await counted?.();
  const file = await storePrepared(tx, photo, upload.filename || 'photo.jpg', deps.now());
  await repo.makeChatFile(tx, file._id);
  return writeMessage(deps, tx, conv, author, { body: '', photoId: file._id, key });
}

/** A photo as a message of its own (multipart: conversation, key, file). */
export async function guestPhoto(deps: Deps, guestId: string, upload: Upload) {
  const { conversation, key } = photoFields(upload);
  const guest = await findGuest(deps.db, guestId, AUTHOR);
  if (!guest) throw new HttpError(403, CHAT.noGuestAccount);
  // decoded and encoded again before the transaction (lib/images.ts); refused in the guest's language
  const photo = await prepareImage(upload.data, senderLang(guest.langage), ['jpeg', 'png']);
  const written = await deps.db.transaction(async (tx) => {
    const conv = await guestConversation(deps, tx, guestId, conversation);
    if (!conv) return null;
    return writePhoto(deps, tx, conv, { kind: 'guest', id: guestId, name: guest.firstname }, upload, photo, key, () => countGuestMessage(deps, tx, guestId, false));
  });
  return written ? forGuest(await messageDoc(deps, written.id)) : false;
}

export async function guestPictureFile(deps: Deps, guestId: string, fileId: string) {
  return repo.photoOf(deps.db, fileId, guestId);
}
