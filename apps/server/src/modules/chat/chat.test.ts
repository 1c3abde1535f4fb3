import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { CHAT, chat, type ChatMessageDoc, type ChatThread } from '@campsite/shared';
import { chatMessages } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { uploadPhoto } from '../../testing/fixtures/inventories';
import type { TestApp } from '../../testing/harness';
import { chatCounts, newKey, signedGuest, setUpChatTestbed } from '../../testing/fixtures/chat';
import { MESSAGES_PER_WINDOW } from './chat.throttle';

const now = 1_750_000_000;
let t: TestApp, staff: string;
setUpChatTestbed(() => now, (bed) => ({ t, staff } = bed));

describe('who may call what', () => {
  it('staff calls need a session (401) and the emails flag (403); guest calls need a guest session', async () => {
    const other = (await t.signIn({ users: 1, notifications: 1, inventories: 1 })).cookie;
    const guest = await signedGuest(t);
    const staffCalls: [string, 'GET' | 'POST'][] = [
      ['webapp/conversations/list', 'GET'],
      ['webapp/messages/find-by-conversation', 'POST'],
      ['webapp/messages/insert', 'POST'],
      ['webapp/messages/photo', 'POST'],
      ['webapp/conversations/close', 'POST'],
      ['webapp/conversations/unread', 'GET'],
      ['webapp/conversations/stream', 'GET'],
      ['webapp/conversations/picture?id=x', 'GET'],
    ];
    for (const [path, method] of staffCalls) {
      const send = (cookie?: string) => (method === 'GET' ? t.get(path, cookie) : t.post(path, { conversation: 'x', message: 'a', key: newKey(), closed: true }, cookie));
      expect((await send()).statusCode, path).toBe(401);
      expect((await send(other)).statusCode, path).toBe(403);
      expect((await send(guest.cookie)).statusCode, path).toBe(401);
    }
    expect((await t.call(chat.unread, {}, staff)).statusCode).toBe(200);
    const guestCalls: [string, 'GET' | 'POST'][] = [
      ['webapp/chat/conversations', 'GET'],
      ['webapp/chat/thread', 'POST'],
      ['webapp/chat/start', 'POST'],
      ['webapp/chat/send', 'POST'],
      ['webapp/chat/photo', 'POST'],
      ['webapp/chat/picture?id=x', 'GET'],
      ['webapp/chat/stream', 'GET'],
    ];
    for (const [path, method] of guestCalls) {
      const send = (cookie?: string) => (method === 'GET' ? t.get(path, cookie) : t.post(path, { subject: 'gas', message: 'a', key: newKey(), conversation: 'x' }, cookie));
      expect((await send()).statusCode, path).toBe(401);
      expect((await send(staff)).statusCode, path).toBe(401);
    }
    expect((await t.call(chat.mine, undefined, guest.cookie)).answer()).toEqual([]);
  });
});

describe('a guest writes, staff answer and close', () => {
  it("a gas bottle request reaches the inbox as an intervention, unread until staff open it; the answer is the guest's unread", async () => {
    const guest = await signedGuest(t, { firstname: 'Lena' });
    const started = (await t.call(chat.start, { subject: 'gas', message: 'Notre bouteille de gaz est vide, emplacement C12.', key: newKey() }, guest.cookie)).answer();
    expect(started.conversation).toMatchObject({ type: 'intervention', subject: 'gas', title: 'Bouteille de gaz', status: 'open', unread: false, guest: null });
    expect(started.messages.map((m) => [m.author, m.name, m.message])).toEqual([['guest', 'Lena', 'Notre bouteille de gaz est vide, emplacement C12.']]);

    const inbox = (await t.call(chat.list, {}, staff)).answer();
    const row = inbox.rows.find((r) => r._id === started.conversation._id)!;
    expect(row).toMatchObject({ title: 'Bouteille de gaz', type: 'intervention', unread: true, last_author: 'guest', last_message: 'Notre bouteille de gaz est vide, emplacement C12.' });
    expect(row.guest).toMatchObject({ _id: guest.id, firstname: 'Lena', lastname: 'Weber' });
    const before = (await t.call(chat.unread, {}, staff)).answer().count;
    expect(inbox.unread).toBe(before);

    const read = (await t.call(chat.messages, { conversation: row._id }, staff)).answer() as ChatThread;
    expect(read.conversation.unread).toBe(false);
    expect((await t.call(chat.unread, {}, staff)).answer().count).toBe(before - 1);

    const answer = (await t.call(chat.answer, { conversation: row._id, message: 'Nous passons dans 10 minutes.', key: newKey() }, staff)).answer() as ChatMessageDoc;
    expect(answer).toMatchObject({ author: 'staff', name: 'Agent', message: 'Nous passons dans 10 minutes.' });
    const mine = (await t.call(chat.mine, undefined, guest.cookie)).answer();
    expect(mine[0]).toMatchObject({ _id: row._id, unread: true, last_author: 'staff' });
    const thread = (await t.call(chat.thread, { conversation: row._id }, guest.cookie)).answer() as ChatThread;
    expect(thread.messages.map((m) => m.author)).toEqual(['guest', 'staff']);
    expect((await t.call(chat.mine, undefined, guest.cookie)).answer()[0].unread).toBe(false);
  });

  it("the inbox and the thread say the guest's language (null when the account's is not one of the seven)", async () => {
    const german = await signedGuest(t, { langage: 'de' });
    const unknown = await signedGuest(t, { langage: 'xx' });
    const a = (await t.call(chat.start, { subject: 'other', message: 'Guten Tag', key: newKey() }, german.cookie)).answer().conversation._id;
    const b = (await t.call(chat.start, { subject: 'other', message: 'Hello', key: newKey() }, unknown.cookie)).answer().conversation._id;
    const rows = (await t.call(chat.list, {}, staff)).answer().rows;
    expect(rows.find((r) => r._id === a)?.guest?.lang).toBe('de');
    expect(rows.find((r) => r._id === b)?.guest?.lang).toBeNull();
    const thread = (await t.call(chat.messages, { conversation: a }, staff)).answer() as ChatThread;
    expect(thread.conversation.guest?.lang).toBe('de');
  });

  it("'Autre' is a 'Conversation'; closing adds a line, the guest's next message opens it again", async () => {
    const guest = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: "À quelle heure ouvre l'épicerie ?", key: newKey() }, guest.cookie)).answer().conversation;
    expect(c).toMatchObject({ type: 'message', title: 'Autre' });
    const closed = (await t.call(chat.close, { conversation: c._id, closed: true }, staff)).answer();
    expect(closed).toMatchObject({ status: 'closed' });
    expect((await t.call(chat.list, { status: 'closed' }, staff)).answer().rows.map((r) => r._id)).toContain(c._id);
    expect((await t.call(chat.list, { status: 'open' }, staff)).answer().rows.map((r) => r._id)).not.toContain(c._id);
    await t.call(chat.send, { conversation: c._id, message: 'Et le dimanche ?', key: newKey() }, guest.cookie);
    const thread = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(thread.conversation.status).toBe('open');
    expect(thread.messages.map((m) => m.event ?? m.author)).toEqual(['guest', 'closed', 'reopened', 'guest']);
    expect((await t.call(chat.close, { conversation: 'inconnue', closed: true }, staff)).answer()).toBe(false);
  });

  it('a message sent twice with one key (weak Wi-Fi) is kept once', async () => {
    const guest = await signedGuest(t);
    const k = newKey();
    const a = (await t.call(chat.start, { subject: 'intervention', message: 'La douche fuit.', key: k }, guest.cookie)).answer();
    const b = (await t.call(chat.start, { subject: 'intervention', message: 'La douche fuit.', key: k }, guest.cookie)).answer();
    expect(b.conversation._id).toBe(a.conversation._id);
    const k2 = newKey();
    const [x, y] = await Promise.all([
      t.call(chat.send, { conversation: a.conversation._id, message: 'Toujours.', key: k2 }, guest.cookie),
      t.call(chat.send, { conversation: a.conversation._id, message: 'Toujours.', key: k2 }, guest.cookie),
    ]);
    expect((x.answer() as ChatMessageDoc)._id).toBe((y.answer() as ChatMessageDoc)._id);
    expect((await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, a.conversation._id))).length).toBe(2);
  });
});

describe('bad input: the French sentence, nothing written', () => {
  it('refuses an empty or too long message, an unknown subject, a NUL byte', async () => {
    const guest = await signedGuest(t);
    const before = await chatCounts(t);
    expect400(await t.post('webapp/chat/start', { subject: 'gas', message: '   ', key: newKey() }, guest.cookie), 'message', CHAT.messageRequired);
    expect400(await t.post('webapp/chat/start', { subject: 'gas', key: newKey() }, guest.cookie), 'message', CHAT.messageRequired);
    expect400(await t.post('webapp/chat/start', { subject: 'gas', message: 'x'.repeat(2001), key: newKey() }, guest.cookie), 'message', CHAT.messageTooLong(2000));
    expect400(await t.post('webapp/chat/start', { subject: 'piscine', message: 'Bonjour', key: newKey() }, guest.cookie), 'subject', CHAT.subjectRequired);
    const nul = await t.post('webapp/chat/start', { subject: 'gas', message: 'Bon\u0000jour', key: newKey() }, guest.cookie);
    expect(nul.statusCode).toBe(400);
    expect400(await t.post('webapp/messages/insert', { conversation: 'x', message: '', key: newKey() }, staff), 'message', CHAT.messageRequired);
    expect(await chatCounts(t)).toEqual(before);
  });
});

describe("a guest reads and writes only their own conversations", () => {
  it("another guest's conversation is false, its photos 404, and nothing is written in it", async () => {
    const a = await signedGuest(t);
    const b = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: 'Message privé', key: newKey() }, a.cookie)).answer().conversation;
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e8b57' } }).jpeg().toBuffer();
    const up = await uploadPhoto(t, 'webapp/chat/photo', { conversation: c._id, key: newKey() }, jpeg, a.cookie, 'photo.jpg');
    expect(up.statusCode, up.body).toBe(200);
    const photo = (up.json() as ChatMessageDoc).photo!;
    expect((await t.get(`webapp/chat/picture?id=${photo}&width=192`, a.cookie)).headers['content-type']).toBe('image/jpeg');
    expect((await t.get(`webapp/conversations/picture?id=${photo}`, staff)).statusCode).toBe(200);

    expect((await t.call(chat.thread, { conversation: c._id }, b.cookie)).answer()).toBe(false);
    expect((await t.call(chat.send, { conversation: c._id, message: 'Intrus', key: newKey() }, b.cookie)).answer()).toBe(false);
    expect((await uploadPhoto(t, 'webapp/chat/photo', { conversation: c._id, key: newKey() }, jpeg, b.cookie, 'x.jpg')).json()).toBe(false);
    expect((await t.get(`webapp/chat/picture?id=${photo}`, b.cookie)).statusCode).toBe(404);
    expect((await t.call(chat.mine, undefined, b.cookie)).answer()).toEqual([]);
    const messages = await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id));
    expect(messages.map((m) => m.author)).toEqual(['guest', 'guest']);
    // a text file named .jpg is refused with the sentence
    expect400(await uploadPhoto(t, 'webapp/chat/photo', { conversation: c._id, key: newKey() }, Buffer.from('pas une image'), a.cookie, 'x.jpg'), 'file', CHAT.photoFormat);
  });
});

describe('throttled', () => {
  it(`past ${MESSAGES_PER_WINDOW} messages in 10 minutes: 429 with the sentence and Retry-After, nothing written`, async () => {
    const guest = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: '1', key: newKey() }, guest.cookie)).answer().conversation;
    const sent = await Promise.all(Array.from({ length: MESSAGES_PER_WINDOW + 5 }, (_, i) => t.call(chat.send, { conversation: c._id, message: `n° ${i}`, key: newKey() }, guest.cookie)));
    const refused = sent.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0].json().message).toBe(CHAT.tooManyMessages);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id))).length).toBe(MESSAGES_PER_WINDOW);
  });
});
