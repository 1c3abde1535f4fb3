import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT, chat, type ChatMessageDoc, type ChatThread, type ConversationDoc } from '@campsite/shared';
import { chatMessages, conversations, jobs, notificationSends, webappUsers } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { addClient, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';
import { listening, newKey, openStream, signedGuest, type StreamClient } from '../../testing/fixtures/chat';

/**
 * The inbox reception lives in (issue 33): assignment (who may, to whom, two members at once on two
 * instances), the views and their counts, and internal notes that no guest call, stream, push or mail
 * ever carries. Two instances on one database, as behind a load balancer (PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let twin: Awaited<ReturnType<TestApp['twin']>>;
let push: PushEndpoint;
let one: string;
let two: string;
let marie: { cookie: string; userId: string };
let paul: { cookie: string; userId: string };
const streams: StreamClient[] = [];
beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1' } });
  twin = await t.twin();
  one = await listening(t.app);
  two = await twin.app.listen({ port: 0, host: '127.0.0.1' });
  marie = await t.signIn({ emails: 1 });
  paul = await t.signIn({ emails: 1, users: 1 });
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await twin?.close();
  await t?.close();
  await push?.close();
});

const open = async (base: string, path: string, cookie: string) => {
  const s = await openStream(base, path, cookie);
  streams.push(s);
  await s.until((e) => e.some((x) => x.event === 'ready'));
  return s;
};
const start = async (cookie: string, message = 'Bonjour') => (await t.call(chat.start, { subject: 'other', message, key: newKey() }, cookie)).answer().conversation;
const assign = (cookie: string, conversation: string, member: string | null, from: string | null, via: Pick<TestApp, 'post'> = t) => via.post('webapp/conversations/assign', { conversation, member, from }, cookie);
const thread = async (conversation: string, cookie = marie.cookie) => (await t.call(chat.messages, { conversation }, cookie)).answer() as ChatThread;

describe('who may call what', () => {
  it('the inbox calls need a staff session (401) with the emails flag (403); a guest session is not one', async () => {
    const other = (await t.signIn({ users: 1, notifications: 1 })).cookie;
    const guest = await signedGuest(t);
    const calls: [string, 'GET' | 'POST'][] = [
      ['webapp/conversations/assign', 'POST'],
      ['webapp/messages/note', 'POST'],
      ['webapp/conversations/team', 'GET'],
      ['webapp/chat-replies/list', 'GET'],
      ['webapp/chat-replies/insert', 'POST'],
      ['webapp/chat-replies/update', 'POST'],
      ['webapp/chat-replies/delete', 'POST'],
    ];
    for (const [path, method] of calls) {
      const send = (cookie?: string) => (method === 'GET' ? t.get(path, cookie) : t.post(path, { conversation: 'x', member: null, from: null, message: 'a', key: newKey(), id: 'x' }, cookie));
      expect((await send()).statusCode, path).toBe(401);
      expect((await send(other)).statusCode, path).toBe(403);
      expect((await send(guest.cookie)).statusCode, path).toBe(401);
    }
  });
});

describe('assignment', () => {
  it('to me, to another member with the emails flag, to nobody; never to a member without the flag (French 400, nothing written)', async () => {
    const guest = await signedGuest(t);
    const c = await start(guest.cookie);
    expect(c.assignee).toBeNull();
    const team = (await t.call(chat.team, undefined, marie.cookie)).answer();
    expect(team.members.map((m) => m._id)).toEqual(expect.arrayContaining([marie.userId, paul.userId]));
    expect(team.translation).toBe('off');

    const mine = await assign(marie.cookie, c._id, marie.userId, null);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as ConversationDoc).assignee).toEqual({ _id: marie.userId, name: 'Agent Test' });
    const toPaul = await assign(marie.cookie, c._id, paul.userId, marie.userId);
    expect((toPaul.json() as ConversationDoc).assignee?._id).toBe(paul.userId);

    const noAccess = await t.signIn({ users: 1 });
    const before = (await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id))).length;
    expect400(await assign(marie.cookie, c._id, noAccess.userId, paul.userId), 'member', CHAT.assigneeNoAccess);
    expect((await t.deps.db.select({ a: conversations.assigneeId }).from(conversations).where(eq(conversations.id, c._id)))[0].a).toBe(paul.userId);
    expect((await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id))).length).toBe(before);

    const nobody = await assign(paul.cookie, c._id, null, paul.userId);
    expect((nobody.json() as ConversationDoc).assignee).toBeNull();
    // each change is a line staff read, in order; the guest reads none of them
    const lines = (await thread(c._id)).messages.filter((m) => m.event === 'assigned' || m.event === 'unassigned');
    expect(lines.map((m) => [m.event, m.message, m.internal])).toEqual([
      ['assigned', 'Agent Test', true],
      ['assigned', 'Agent Test', true],
      ['unassigned', '', true],
    ]);
    const theirs = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages.map((m) => m.message)).toEqual(['Bonjour']);
    expect(theirs.conversation.assignee).toBeNull();
    expect((await assign(marie.cookie, 'inconnue', marie.userId, null)).json()).toBe(false);
  });

  it('a change made meanwhile is a 409 that names who has it; nothing is overwritten', async () => {
    const c = await start((await signedGuest(t)).cookie);
    await assign(paul.cookie, c._id, paul.userId, null);
    const late = await assign(marie.cookie, c._id, marie.userId, null);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CHAT.assignedMeanwhile('Agent Test'));
    expect((await t.deps.db.select({ a: conversations.assigneeId }).from(conversations).where(eq(conversations.id, c._id)))[0].a).toBe(paul.userId);
  });

  it('two members taking one conversation at once on two instances: one wins, the other is told who; both streams show it live', async () => {
    const c = await start((await signedGuest(t)).cookie);
    const [s1, s2] = await Promise.all([open(one, 'webapp/conversations/stream', marie.cookie), open(two, 'webapp/conversations/stream', paul.cookie)]);
    const [a, b] = await Promise.all([assign(marie.cookie, c._id, marie.userId, null, t), assign(paul.cookie, c._id, paul.userId, null, twin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? marie.userId : paul.userId;
    expect((a.statusCode === 409 ? a : b).json().message).toBe(CHAT.assignedMeanwhile('Agent Test'));
    const [row] = await t.deps.db.select({ a: conversations.assigneeId }).from(conversations).where(eq(conversations.id, c._id));
    expect(row.a).toBe(winner);
    const assigned = (s: StreamClient) => s.messages().filter((m) => m.conversation === c._id && m.event === 'assigned');
    for (const s of [s1, s2]) {
      await s.until(() => assigned(s).length === 1);
      expect(assigned(s)[0].internal).toBe(true);
    }
    expect((await thread(c._id)).conversation.assignee?._id).toBe(winner);
  });

  it("the views: mine, unassigned, all, with the status, their counts, and a stay's conversations", async () => {
    const clientNumber = `C${Date.now().toString(36)}`;
    await addClient(t.deps, { client_number: clientNumber, firstname: 'Anna', lastname: 'Schmidt' });
    const stayNumber = `S${Date.now().toString(36)}`;
    await addStay(t.deps, { stay_number: stayNumber, client_number: clientNumber, location: 'B07' });
    const guest = await signedGuest(t);
    await t.deps.db.update(webappUsers).set({ stayNumber }).where(eq(webappUsers.id, guest.id));
    const a = await start(guest.cookie, 'un');
    const b = await start(guest.cookie, 'deux');
    const d = await start((await signedGuest(t)).cookie, 'trois');
    await assign(marie.cookie, a._id, marie.userId, null);
    await assign(marie.cookie, d._id, paul.userId, null);
    await t.call(chat.close, { conversation: b._id, closed: true }, marie.cookie);
    const list = async (q: Record<string, string>) => (await t.call(chat.list, { per_page: 50, order: 'desc', ...q } as never, marie.cookie)).answer();
    const all = await list({});
    const mine = await list({ assignee: 'me' });
    expect(mine.rows.map((r) => r._id)).toContain(a._id);
    expect(mine.rows.every((r) => r.assignee?._id === marie.userId)).toBe(true);
    expect(mine.total).toBe(all.counts.mine);
    const unassigned = await list({ assignee: 'none' });
    expect(unassigned.rows.map((r) => r._id)).toContain(b._id);
    expect(unassigned.rows.some((r) => r._id === a._id || r._id === d._id)).toBe(false);
    expect(unassigned.total).toBe(all.counts.unassigned);
    expect(all.counts.all).toBe(all.total);
    const closedMine = await list({ assignee: 'me', status: 'closed' });
    expect(closedMine.rows.map((r) => r._id)).not.toContain(a._id);
    const stay = await list({ stay: stayNumber });
    expect(stay.rows.map((r) => r._id).sort()).toEqual([a._id, b._id].sort());
    expect(stay.counts).toEqual({ mine: 1, unassigned: 1, all: 2 });
    expect((await list({ stay: stayNumber, status: 'open' })).counts).toEqual({ mine: 1, unassigned: 0, all: 1 });
  });
});

describe('internal notes', () => {
  it('staff read a note live; the guest never: not in their thread, list, stream, push or e-mail', async () => {
    const guest = await signedGuest(t);
    await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(41), lang: 'de' }, headers: { cookie: guest.cookie } });
    const c = await start(guest.cookie, 'Unsere Gasflasche ist leer');
    const guestStream = await open(one, 'webapp/chat/stream', guest.cookie);
    const staffStream = await open(two, 'webapp/conversations/stream', paul.cookie);
    const sendsBefore = (await t.deps.db.select().from(notificationSends)).length;
    const noted = await t.call(chat.note, { conversation: c._id, message: 'Client habitué, déjà venu en 2024 : livrer avant 18 h.', key: newKey() }, marie.cookie);
    const note = noted.answer() as ChatMessageDoc;
    expect(note).toMatchObject({ author: 'staff', internal: true, message: 'Client habitué, déjà venu en 2024 : livrer avant 18 h.', notices: null });
    await staffStream.until(() => staffStream.messages().some((m) => m._id === note._id));
    expect(staffStream.messages().find((m) => m._id === note._id)?.internal).toBe(true);
    // an answer after it reaches the guest's stream: the note before it never did
    await t.call(chat.answer, { conversation: c._id, message: 'Wir kommen.', key: newKey() }, marie.cookie);
    await guestStream.until(() => guestStream.messages().some((m) => m.message === 'Wir kommen.'));
    expect(guestStream.messages().filter((m) => m.conversation === c._id).map((m) => m.message)).toEqual(['Wir kommen.']);
    expect(guestStream.events.map((e) => e.data).join('\n')).not.toContain('livrer avant');

    const theirs = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages.map((m) => m.message)).toEqual(['Unsere Gasflasche ist leer', 'Wir kommen.']);
    expect(JSON.stringify(theirs)).not.toContain('livrer avant');
    const list = (await t.call(chat.mine, undefined, guest.cookie)).answer();
    expect(JSON.stringify(list)).not.toContain('livrer avant');
    // one push (the answer's), none for the note; the unread e-mail job is the answer's
    const sends = (await t.deps.db.select().from(notificationSends)).slice(sendsBefore);
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends)).not.toContain('livrer avant');
    const mails = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.unread-mail'))).filter((j) => JSON.stringify(j.payload).includes(c._id));
    expect(mails).toHaveLength(1);

    // staff read it in the thread, and the note made nothing unread nor changed the row's last message
    const staffSide = await thread(c._id);
    expect(staffSide.messages.map((m) => [m.message, m.internal])).toEqual([
      ['Unsere Gasflasche ist leer', false],
      ['Client habitué, déjà venu en 2024 : livrer avant 18 h.', true],
      ['Wir kommen.', false],
    ]);
    expect(staffSide.conversation.last_message).toBe('Wir kommen.');
  });

  it('a note on its own changes nothing the guest sees (last message, unread) and tells them nothing', async () => {
    const guest = await signedGuest(t);
    const c = await start(guest.cookie, 'Frage');
    await t.call(chat.messages, { conversation: c._id }, marie.cookie);
    const jobsBefore = (await t.deps.db.select().from(jobs)).length;
    const k = newKey();
    await t.call(chat.note, { conversation: c._id, message: 'À rappeler demain', key: k }, marie.cookie);
    // sent twice with one key: kept once
    await t.call(chat.note, { conversation: c._id, message: 'À rappeler demain', key: k }, marie.cookie);
    expect((await t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, c._id))).filter((m) => m.internal)).toHaveLength(1);
    expect((await t.deps.db.select().from(jobs)).length).toBe(jobsBefore);
    const [mine] = (await t.call(chat.mine, undefined, guest.cookie)).answer().filter((x) => x._id === c._id);
    expect(mine).toMatchObject({ last_message: 'Frage', unread: false });
    expect400(await t.post('webapp/messages/note', { conversation: c._id, message: '  ', key: newKey() }, marie.cookie), 'message', CHAT.messageRequired);
    expect((await t.call(chat.note, { conversation: 'inconnue', message: 'x', key: newKey() }, marie.cookie)).json()).toBe(false);
  });
});
