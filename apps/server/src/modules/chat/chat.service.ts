import { CHAT, type ChatMessageDoc, type ChatThread, type ConversationDoc, type DashboardUser, type NotificationTranslation, type ParsedBody, type ParsedQuery } from '@campsite/shared';
import type { chat as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import type { EncodedImage } from '../../lib/images';
import { senderLang } from '../../lib/images';
import { prepareImage, sniff, storePrepared } from '../../platform/files/files.service';
import { sendPush, takeGuestPush } from '../notifications/public';
import { findGuest, guestHasDevice } from '../../platform/people/guests.repository';
import { unreadMailJob } from './chat.jobs';
import { answerPush, photoPush } from './chat.texts';
import { countGuestMessage } from './chat.throttle';
import * as repo from './chat.repository';

/** Guest messages (issue 25; docs/messages.md): rules and transactions. */

/** What a guest's message needs of their account: the name it is signed with, the language of a refusal. */
const AUTHOR = ['firstname', 'langage'] as const;

/** An answer left unread this long, on a guest with no push, is sent by e-mail. */
export const UNREAD_MAIL_DELAY = 15 * 60;

const titled = <T extends { subject: keyof typeof CHAT.subjects }>(doc: T) => ({ ...doc, title: CHAT.subjects[doc.subject] });
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text);

type Author = { kind: 'guest' | 'staff'; id: string; name: string };

/**
 * Writes one message in a conversation already locked by the caller: the writers' turn (seq order), the
 * message (kept once per device key), the conversation's summary and the NOTIFY that goes at commit.
 * A closed conversation opens again with a line saying so. Answers the message's id and whether it is new.
 */
async function writeMessage(deps: Deps, tx: Tx, conv: repo.ConversationRow, author: Author, m: { body: string; photoId?: string | null; key: string | null }) {
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

async function messageDoc(deps: Deps, id: string): Promise<ChatMessageDoc> {
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
    if (await repo.markRead(tx, id, 'guest')) {
      await unreadMailJob.cancel(deps, { conversation: id }, tx);
      await repo.notifyChat(tx, `r:guest:${guestId}:${id}`);
    }
    return true;
  });
  if (!found) return false;
  const [conversation, messages] = await Promise.all([repo.guestConversation(deps.db, guestId, id), repo.messagesOf(deps.db, id)]);
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
    await writeMessage(deps, tx, conv, { kind: 'guest', id: guestId, name: guest.firstname }, { body: body.message, key: body.key });
    return id;
  });
  return (await myThread(deps, guestId, id)) as ChatThread;
}

export async function guestSend(deps: Deps, guestId: string, body: ParsedBody<typeof calls.send>): Promise<ChatMessageDoc | false> {
  const guest = await findGuest(deps.db, guestId, AUTHOR);
  if (!guest) throw new HttpError(403, CHAT.noGuestAccount);
  const written = await deps.db.transaction(async (tx) => {
    const conv = await guestConversation(deps, tx, guestId, body.conversation);
    if (!conv) return null;
    if (!(await repo.messageIdByKey(tx, conv.id, body.key))) await countGuestMessage(deps, tx, guestId, false);
    return writeMessage(deps, tx, conv, { kind: 'guest', id: guestId, name: guest.firstname }, { body: body.message, key: body.key });
  });
  return written ? messageDoc(deps, written.id) : false;
}

type Upload = { fields: Record<string, string>; data: Buffer; filename: string };

/**
 * A photo upload's conversation and device key, and its bytes a JPEG or PNG (by their content, whatever the
 * name says): checked before anything is read or written, for the guest's photo and staff's alike.
 */
function photoFields(upload: Upload) {
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
async function writePhoto(deps: Deps, tx: Tx, conv: repo.ConversationRow, author: Author, upload: Upload, photo: EncodedImage, key: string, counted?: () => Promise<void>) {
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
  return written ? messageDoc(deps, written.id) : false;
}

export async function guestPictureFile(deps: Deps, guestId: string, fileId: string) {
  return repo.photoOf(deps.db, fileId, guestId);
}

// ----------------------------------------------------------------------------------------------- staff

export async function inbox(deps: Deps, q: ParsedQuery<typeof calls.list>) {
  const page = await repo.inboxPage(deps.db, q);
  return { rows: page.rows.map(titled), total: page.total, unread: page.unread, page: q.page, per_page: q.per_page };
}

export const unread = async (deps: Deps) => ({ count: await repo.unreadCount(deps.db) });

/** A conversation's messages; staff have read it from then on (every staff member's badge follows). */
export async function staffThread(deps: Deps, id: string): Promise<ChatThread | false> {
  const conv = await repo.staffConversation(deps.db, id);
  if (!conv) return false;
  if (conv.unread) {
    await deps.db.transaction(async (tx) => {
      if (await repo.markRead(tx, id, 'staff')) await repo.notifyChat(tx, `r:staff:${conv.guest!._id}:${id}`);
    });
  }
  const [conversation, messages] = await Promise.all([repo.staffConversation(deps.db, id), repo.messagesOf(deps.db, id)]);
  return { conversation: titled(conversation!), messages };
}

/**
 * The guest is told of a staff answer in the answer's transaction: a push to their devices that opens the
 * conversation, or, without one, an e-mail job 15 minutes later that does nothing if they have read it (and
 * is cancelled when they do). Pushes count in the guest's ceiling of staff pushes (issue 29: answers in a
 * loop pushed without end); past it the answer is kept and the unread e-mail stands in for the push.
 */
async function tellGuest(deps: Deps, tx: Tx, conv: repo.ConversationRow, content: NotificationTranslation[]) {
  if ((await guestHasDevice(tx, conv.guestId)) && (await takeGuestPush(deps, tx, conv.guestId))) {
    await sendPush(deps, { kind: 'users', users: [conv.guestId] }, content, { type: 'conversation', id: conv.id }, { tx });
  } else {
    // one mail for answers written in a row: 15 minutes after the last one
    await unreadMailJob.cancel(deps, { conversation: conv.id }, tx);
    await unreadMailJob.enqueue(deps, { conversation: conv.id }, { tx, runAt: deps.now() + UNREAD_MAIL_DELAY });
  }
}

const staffAuthor = (user: DashboardUser): Author => ({ kind: 'staff', id: user._id, name: user.firstname });

/** A staff answer; the guest is told (tellGuest). */
export async function answer(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.answer>): Promise<ChatMessageDoc | false> {
  const written = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, body.conversation);
    if (!conv) return null;
    const w = await writeMessage(deps, tx, conv, staffAuthor(user), { body: body.message, key: body.key });
    if (w.fresh) await tellGuest(deps, tx, conv, answerPush(body.message));
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
    if (w.fresh) await tellGuest(deps, tx, conv, photoPush());
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
