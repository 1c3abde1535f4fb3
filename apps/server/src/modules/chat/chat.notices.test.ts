import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { CHAT, chat, conversationPath, type ChatMessageDoc, type ChatThread } from '@campsite/shared';
import { chatMessages, fileVariants, files, jobs, notificationSends } from '../../db/schema';
import { refusalText } from '../../lib/images';
import { expect400 } from '../../testing/expect400';
import { brokenPng } from '../../testing/fixtures/images';
import { uploadPhoto } from '../../testing/fixtures/inventories';
import type { MailServer } from '../../testing/mail-server';
import type { TestApp } from '../../testing/harness';
import type { PushEndpoint } from '../../testing/push-endpoint';
import { chatCounts, listening, newKey, openStream, signedGuest, setUpChatTestbed } from '../../testing/fixtures/chat';
import { USER_SENDS } from '../notifications/notifications.service';

let now = 1_750_000_000;
let t: TestApp, smtp: MailServer, push: PushEndpoint, staff: string;
setUpChatTestbed(() => now, (bed) => ({ t, smtp, push, staff } = bed));

describe('the guest is told of an answer', () => {
  it('with push: a push to their devices in their language (17:06 in Paris, outside the quiet hours), then an e-mail if still unread 15 minutes later; the conversation shows what was sent and when it was read', async () => {
    const guest = await signedGuest(t, { langage: 'de', email: 'push.then.mail@example.de' });
    const device = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(1), lang: 'de' }, headers: { cookie: guest.cookie } });
    expect(device.statusCode, device.body).toBe(200);
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gaz ?', key: newKey() }, guest.cookie)).answer().conversation;
    const answered = now;
    // staff's screen, live: told when the push went, without another write in the conversation
    const screen = await openStream(await listening(t.app), 'webapp/conversations/stream', staff);
    await screen.until((e) => e.some((x) => x.event === 'ready'));
    const updated = () => screen.events.some((x) => x.event === 'update' && x.data.includes(c._id));
    const sent = (await t.call(chat.answer, { conversation: c._id, message: 'On arrive avec la bouteille.', key: newKey() }, staff)).answer() as ChatMessageDoc;
    expect(sent.notices).toEqual({ push: null, push_until: null, mail: null, read: null });
    await screen.until((e) => e.some((x) => x.event === 'message' && x.data.includes(sent._id)));
    expect(updated()).toBe(false);
    while ((await t.deps.jobs.runDue()) > 0) {
      /* the plan job, then its batch */
    }
    await push.waitFor(1);
    await screen.until(updated);
    screen.close();
    // a tap opens the conversation, in the guest's language ('/konto/messages/<id>'), not the home
    expect(push.received[0].payload).toMatchObject({
      lang: 'de',
      title: 'Neue Nachricht vom Campingplatz',
      body: 'On arrive avec la bouteille.',
      url: `/konto/messages/${c._id}`,
      redirect: { type: 'conversation', id: c._id },
    });
    expect(conversationPath('de', c._id)).toBe(`/konto/messages/${c._id}`);
    const sends = (await t.deps.db.select().from(notificationSends)).filter((s) => JSON.stringify(s.target).includes(guest.id));
    expect(sends).toHaveLength(1);
    const notices = async () => ((await t.call(chat.messages, { conversation: c._id }, staff)).answer() as ChatThread).messages.find((m) => m._id === sent._id)!.notices;
    expect(await notices()).toEqual({ push: answered, push_until: null, mail: null, read: null });
    // not read 15 minutes later: the e-mail too, with the same link
    expect(smtp.mails.filter((m) => m.to.includes('push.then.mail@example.de'))).toHaveLength(0);
    const before = smtp.mails.length;
    now += 16 * 60;
    await t.deps.jobs.runDue();
    await smtp.waitFor(before + 1);
    expect(smtp.mails.find((m) => m.to.includes('push.then.mail@example.de'))!.html).toContain(`/konto/messages/${c._id}"`);
    const mailed = now;
    expect(await notices()).toEqual({ push: answered, push_until: null, mail: mailed, read: null });
    now += 60;
    await t.call(chat.thread, { conversation: c._id }, guest.cookie);
    expect(await notices()).toEqual({ push: answered, push_until: null, mail: mailed, read: mailed + 60 });
    // the guest never reads how they were told
    const theirs = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages.map((m) => m.notices)).toEqual([null, null]);
  });

  it('read before the 15 minutes: the push only, no e-mail', async () => {
    const guest = await signedGuest(t, { langage: 'de', email: 'push.read@example.de' });
    await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(3), lang: 'de' }, headers: { cookie: guest.cookie } });
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gaz ?', key: newKey() }, guest.cookie)).answer().conversation;
    await t.call(chat.answer, { conversation: c._id, message: 'On arrive.', key: newKey() }, staff);
    await t.call(chat.thread, { conversation: c._id }, guest.cookie);
    now += 16 * 60;
    await t.deps.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes('push.read@example.de'))).toHaveLength(0);
    const queued = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.unread-mail'))).filter((j) => JSON.stringify(j.payload).includes(c._id));
    expect(queued.map((j) => j.status)).toEqual(['cancelled']);
  });

  it(`answers in a row push ${USER_SENDS} times in 10 minutes, then the unread e-mail stands in; every answer is kept (issue 29)`, async () => {
    const guest = await signedGuest(t, { langage: 'en', email: 'many.answers@example.com' });
    const device = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(2), lang: 'en' }, headers: { cookie: guest.cookie } });
    expect(device.statusCode, device.body).toBe(200);
    const c = (await t.call(chat.start, { subject: 'other', message: 'Hello?', key: newKey() }, guest.cookie)).answer().conversation;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => t.call(chat.answer, { conversation: c._id, message: `Réponse ${i}`, key: newKey() }, staff)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect((await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id))).length).toBe(13);
    const sends = (await t.deps.db.select().from(notificationSends)).filter((s) => JSON.stringify(s.target).includes(guest.id));
    expect(sends).toHaveLength(USER_SENDS);
    const mails = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.unread-mail'))).filter((j) => JSON.stringify(j.payload).includes(c._id));
    expect(mails.filter((j) => j.status === 'queued')).toHaveLength(1);
  });

  it("a conversation's address is the server's alone: staff templates and sends refuse it (French 400)", async () => {
    const guest = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: 'Bonjour', key: newKey() }, guest.cookie)).answer().conversation;
    const sender = (await t.signIn({ notifications: 1 })).cookie;
    const redirect = JSON.stringify({ type: 'conversation', id: c._id });
    const translations = [{ lang: 'fr', title: 'Bonjour', content: 'Un message' }];
    expect400(await t.post('dashboard/notifications/insert', { name: 'Conversation', redirect, translations }, sender), 'redirect', 'La page de destination est invalide');
    expect400(await t.post('dashboard/notifications/send', { translations, user_list: [guest.id], redirect }, sender), 'redirect', 'La page de destination est invalide');
    expect((await t.deps.db.select().from(notificationSends)).filter((s) => JSON.stringify(s.redirect).includes(c._id))).toEqual([]);
  });

  it('without push: an e-mail in their language 15 minutes later if still unread; none once read', async () => {
    const guest = await signedGuest(t, { firstname: 'Lena', langage: 'de', email: 'lena.weber@example.de' });
    const c = (await t.call(chat.start, { subject: 'other', message: 'Frage', key: newKey() }, guest.cookie)).answer().conversation;
    await t.call(chat.answer, { conversation: c._id, message: 'Réponse', key: newKey() }, staff);
    await t.deps.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes('lena.weber@example.de'))).toHaveLength(0);
    now += 16 * 60;
    await t.deps.jobs.runDue();
    await smtp.waitFor(1);
    const mail = smtp.mails.find((m) => m.to.includes('lena.weber@example.de'))!;
    expect(mail.subject).toBe('Sie haben eine neue Nachricht');
    expect(mail.html).toContain('Hallo Lena');
    // the link opens that conversation (after the sign-in if need be)
    expect(mail.html).toContain(`https://app.camping-des-pins.fr/konto/messages/${c._id}"`);

    const read = await signedGuest(t, { email: 'reads@example.de' });
    const c2 = (await t.call(chat.start, { subject: 'other', message: 'Frage', key: newKey() }, read.cookie)).answer().conversation;
    await t.call(chat.answer, { conversation: c2._id, message: 'Réponse', key: newKey() }, staff);
    await t.call(chat.thread, { conversation: c2._id }, read.cookie);
    now += 16 * 60;
    await t.deps.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes('reads@example.de'))).toHaveLength(0);
    const queued = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.unread-mail'))).filter((j) => JSON.stringify(j.payload).includes(c2._id));
    expect(queued.map((j) => j.status)).toEqual(['cancelled']);
  });
});

describe('staff attach a photo to an answer', () => {
  const photo = (colour = '#1e6fb8') => sharp({ create: { width: 1400, height: 1000, channels: 3, background: colour } }).jpeg().toBuffer();
  const counts = async () => ({ ...(await chatCounts(t)), files: (await t.deps.db.select({ id: files.id }).from(files)).length, jobs: (await t.deps.db.select({ id: jobs.id }).from(jobs)).length });

  it('only staff with the emails flag may send one (401 without a session or with a guest session, 403 without the flag)', async () => {
    const guest = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: 'Bonjour', key: newKey() }, guest.cookie)).answer().conversation;
    const jpeg = await photo();
    const without = (await t.signIn({ users: 1, notifications: 1, inventories: 1 })).cookie;
    const before = await counts();
    const send = (cookie?: string) => uploadPhoto(t, 'webapp/messages/photo', { conversation: c._id, key: newKey() }, jpeg, cookie);
    expect((await send()).statusCode).toBe(401);
    expect((await send(guest.cookie)).statusCode).toBe(401);
    expect((await send(without)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const sent = await send(staff);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ author: 'staff', name: 'Agent', message: '', conversation: c._id });
  });

  it("is stored as the guest's are (a chat file with its variants); its guest sees it in their conversation, no other guest can read it", async () => {
    const a = await signedGuest(t);
    const b = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'intervention', message: 'La prise électrique de la borne C12 ne marche pas.', key: newKey() }, a.cookie)).answer().conversation;
    const k = newKey();
    const sent = (await uploadPhoto(t, 'webapp/messages/photo', { conversation: c._id, key: k }, await photo(), staff, 'borne.jpg')).json() as ChatMessageDoc;
    const id = sent.photo!;
    const [file] = await t.deps.db.select({ kind: files.kind, type: files.type }).from(files).where(eq(files.id, id));
    expect(file).toEqual({ kind: 'chat', type: 'image/jpeg' });
    expect((await t.deps.db.select({ width: fileVariants.width }).from(fileVariants).where(eq(fileVariants.fileId, id))).map((v) => v.width).sort((x, y) => x - y)).toEqual([192, 720, 1280]);
    // sent twice with one key (a retry on a slow connection): one message, one file
    const again = (await uploadPhoto(t, 'webapp/messages/photo', { conversation: c._id, key: k }, await photo(), staff, 'borne.jpg')).json() as ChatMessageDoc;
    expect(again._id).toBe(sent._id);
    expect((await t.deps.db.select().from(files).where(eq(files.originalname, 'borne.jpg'))).length).toBe(1);

    // its guest: in the thread, readable through their own picture call (a variant too)
    expect((await t.call(chat.mine, undefined, a.cookie)).answer()[0]).toMatchObject({ _id: c._id, unread: true, last_author: 'staff' });
    const thread = (await t.call(chat.thread, { conversation: c._id }, a.cookie)).answer() as ChatThread;
    expect(thread.messages.map((m) => [m.author, m.photo])).toEqual([['guest', null], ['staff', id]]);
    const mine = await t.get(`webapp/chat/picture?id=${id}&width=720`, a.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toBe('private, max-age=86400');
    expect((await t.get(`webapp/conversations/picture?id=${id}`, staff)).statusCode).toBe(200);
    // another guest: nothing, whatever the width
    for (const q of ['', '&width=192', '&width=1920']) expect((await t.get(`webapp/chat/picture?id=${id}${q}`, b.cookie)).statusCode).toBe(404);
    expect((await t.call(chat.thread, { conversation: c._id }, b.cookie)).answer()).toBe(false);
    expect((await t.get(`webapp/chat/picture?id=${id}`)).statusCode).toBe(401);
  });

  it('tells the guest as an answer does: without push, the unread e-mail 15 minutes later, linking to the conversation', async () => {
    const guest = await signedGuest(t, { email: 'photo.only@example.de' });
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gaz ?', key: newKey() }, guest.cookie)).answer().conversation;
    expect((await uploadPhoto(t, 'webapp/messages/photo', { conversation: c._id, key: newKey() }, await photo(), staff)).statusCode).toBe(200);
    const mails = smtp.mails.length;
    now += 16 * 60;
    await t.deps.jobs.runDue();
    await smtp.waitFor(mails + 1);
    expect(smtp.mails.find((m) => m.to.includes('photo.only@example.de'))!.html).toContain(`https://app.camping-des-pins.fr/konto/messages/${c._id}"`);
  });

  it('refuses a NUL byte, a text file, a GIF or a broken JPEG with the French 400, and an unknown conversation with false: nothing written', async () => {
    const guest = await signedGuest(t);
    const c = (await t.call(chat.start, { subject: 'other', message: 'Bonjour', key: newKey() }, guest.cookie)).answer().conversation;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const before = await counts();
    const send = (data: Buffer, fields: Record<string, string> = { conversation: c._id, key: newKey() }) => uploadPhoto(t, 'webapp/messages/photo', fields, data, staff, 'photo.jpg');
    expect400(await send(Buffer.from([0])), 'file', CHAT.photoFormat);
    expect400(await send(Buffer.alloc(4096)), 'file', CHAT.photoFormat);
    expect400(await send(Buffer.from('pas une image\n')), 'file', CHAT.photoFormat);
    expect400(await send(gif), 'file', CHAT.photoFormat);
    // JPEG's first bytes, then nothing an image reader can read
    expect400(await send(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0x00]), Buffer.alloc(2000)])), 'file', refusalText('unreadable'));
    expect400(await send(await photo(), { conversation: c._id, key: 'court' }), 'key', CHAT.photoFormat);
    expect400(await send(await photo(), { key: newKey() }), 'conversation', CHAT.conversationUnknown);
    expect((await send(await photo(), { conversation: 'inconnue-0000', key: newKey() })).json()).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('a corrupt photo (issue 29)', () => {
  it("a PNG whose pixel data is not zlib data, 100 or 800 pixels wide, is a 400 in the caller's language: the guest's, French for staff; nothing written", async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const c = (await t.call(chat.start, { subject: 'other', message: 'Hallo', key: newKey() }, guest.cookie)).answer().conversation;
    const before = await chatCounts(t);
    const fileRows = (await t.deps.db.select({ id: files.id }).from(files)).length;
    for (const png of [brokenPng(), brokenPng(800, 600)]) {
      expect400(await uploadPhoto(t, 'webapp/chat/photo', { conversation: c._id, key: newKey() }, png, guest.cookie, 'foto.png'), 'file', refusalText('unreadable', 'de'));
      expect400(await uploadPhoto(t, 'webapp/messages/photo', { conversation: c._id, key: newKey() }, png, staff, 'photo.png'), 'file', refusalText('unreadable'));
    }
    expect(await chatCounts(t)).toEqual(before);
    expect((await t.deps.db.select({ id: files.id }).from(files)).length).toBe(fileRows);
    // a real photo still goes through, as the server encoded it
    const jpeg = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#556b2f' } }).jpeg().toBuffer();
    const sent = (await uploadPhoto(t, 'webapp/chat/photo', { conversation: c._id, key: newKey() }, jpeg, guest.cookie)).json() as ChatMessageDoc;
    const kept = await t.get(`webapp/chat/picture?id=${sent.photo}`, guest.cookie);
    expect((await sharp(kept.rawPayload).metadata()).width).toBe(160);
  });
});
