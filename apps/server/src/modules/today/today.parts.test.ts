import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chat, clients, CORE, today, zonedTimeToEpoch } from '@campsite/shared';
import { emailRecipients, notificationDeliveries, notificationSends, serviceReservations, serviceWorkers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { makeSetup } from '../../testing/fixtures/inventories';
import { addBenefitRow } from '../../testing/fixtures/services';
import { addFamily } from '../../testing/fixtures/today';
import { allFlags, testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { dayBounds } from './today.service';

// Issue 33: the to-do list's other parts: the messages waiting for an answer, today's bookings per service,
// the failed e-mails and pushes of the week (and 'Marquer comme vu'), each for its flag.

const HOUR = 3600;
const CHALET = 'Chalet Bois';
let clock = zonedTimeToEpoch(2026, 8, 3, 10, 0, 'Europe/Paris');
let t: TestApp, smtp: MailServer, admin: string;
beforeAll(async () => {
  smtp = await startMailServer({ refuse: (address) => (address.startsWith('inconnu@') ? 'Mailbox unknown' : null) });
  t = await testApp({ plan: 'premium', now: () => clock, mailer: smtp.mailer });
  admin = (await t.signIn(allFlags())).cookie;
  // a type with a setup: a family's arrival inventory is left to do, so its row stays on the list
  await makeSetup(t, admin, 'Chalet 5 places', [CHALET]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const day = () => dayBounds(clock, t.deps.env.TIME_ZONE)[0];
const login = async (email: string) => {
  const res = await t.post('webapp/account/login', { email, password: 'motdepasse-invite' });
  return String([res.headers['set-cookie']].flat()[0]).split(';')[0];
};

describe('messages waiting for an answer', () => {
  it("lists the open conversations whose guest wrote last, the longest waiting first; the family's row counts them; an answer takes one off", async () => {
    const f = await addFamily(t.deps, { arrival: day(), account: 'active', lastname: 'Keller', category: CHALET });
    const guest = await login(f.accountEmail);
    const first = (await t.call(chat.start, { subject: 'gas', message: 'Bouteille vide', key: `k-${newId()}` }, guest)).answer().conversation;
    clock += 60;
    const second = (await t.call(chat.start, { subject: 'other', message: 'Le wifi ?', key: `k-${newId()}` }, guest)).answer().conversation;

    let list = (await t.call(today.messages, undefined, admin)).answer();
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => [r._id, r.subject, r.excerpt, r.lastname, r.stay_number])).toEqual([
      [first._id, 'gas', 'Bouteille vide', 'Keller', f.stay],
      [second._id, 'other', 'Le wifi ?', 'Keller', f.stay],
    ]);
    expect((await t.call(today.arrivals, undefined, admin)).answer().rows.find((r) => r.stay_number === f.stay)?.messages).toBe(2);

    (await t.call(chat.answer, { conversation: first._id, message: 'On arrive', key: `k-${newId()}` }, admin)).answer();
    (await t.call(chat.close, { conversation: second._id, closed: true }, admin)).answer();
    list = (await t.call(today.messages, undefined, admin)).answer();
    expect(list).toEqual({ total: 0, rows: [] });
    expect((await t.call(today.arrivals, undefined, admin)).answer().rows.find((r) => r.stay_number === f.stay)?.messages).toBe(0);
  });

  it('needs the emails flag; without it a row says nothing of messages', async () => {
    expect((await t.call(today.messages)).statusCode).toBe(401);
    expect((await t.call(today.messages, undefined, (await t.signIn({ users: 1, homepage: 1 })).cookie)).statusCode).toBe(403);
    const f = await addFamily(t.deps, { arrival: day(), lastname: 'Lambert' });
    const users = (await t.signIn({ users: 1 })).cookie;
    expect((await t.call(today.arrivals, undefined, users)).answer().rows.find((r) => r.stay_number === f.stay)?.messages).toBeNull();
  });
});

describe("today's bookings", () => {
  it('counts the bookings starting today per service, with the next one to come; the family counts its own', async () => {
    const { service, benefit } = await addBenefitRow(t.deps);
    const worker = newId();
    await t.deps.db.insert(serviceWorkers).values({ id: worker, service, firstname: 'Max', lastname: 'Moniteur', workingDates: [], workingHours: [], benefits: [benefit], createdTime: clock, editedTime: clock });
    const f = await addFamily(t.deps, { arrival: day(), lastname: 'Moreau', category: CHALET });
    const book = (start: number, client: string | null = null) =>
      t.deps.db.insert(serviceReservations).values({ id: newId(), service, worker, benefit, start, end: start + HOUR, answers: [], clientNumber: client, source: 'dashboard', createdTime: clock });
    await book(day() + 9 * HOUR, f.client); // this morning, gone
    await book(day() + 14 * HOUR, f.client);
    await book(day() + 16 * HOUR);
    await book(day() - 10 * HOUR); // yesterday
    await book(day() + 30 * HOUR); // tomorrow

    const list = (await t.call(today.bookings, undefined, admin)).answer();
    expect(list.day).toBe('2026-08-03');
    expect(list.services).toEqual([{ _id: service, name: 'Kayak', count: 3, next: day() + 14 * HOUR }]);
    expect(list.total).toBe(3);
    expect((await t.call(today.arrivals, undefined, admin)).answer().rows.find((r) => r.stay_number === f.stay)?.bookings).toBe(2);
  });

  it('needs the services flag and the premium plan', async () => {
    expect((await t.call(today.bookings, undefined, (await t.signIn({ users: 1 })).cookie)).statusCode).toBe(403);
    const { DEFAULT_ADMIN, getAdminConfig, setEntry } = await import('../../platform/settings/settings.repository');
    const kept = await getAdminConfig(t.deps.db);
    await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, ...kept, features: 'essentiel' });
    try {
      const refused = await t.call(today.bookings, undefined, admin);
      expect([refused.statusCode, refused.json().message]).toEqual([403, CORE.premiumOnly]);
    } finally {
      await setEntry(t.deps.db, 'admin', kept);
    }
  });
});

describe('failures to look at', () => {
  it("a code mail the mail server refused is listed until marked as seen, and again when more fail", async () => {
    const f = await addFamily(t.deps, { arrival: day(), lastname: 'Nicolas', email: 'inconnu@example.org' });
    (await t.call(clients.sendCode, { client_number: f.client }, admin)).answer();
    await t.deps.jobs.runDue();
    let mails = (await t.call(today.failures, undefined, admin)).answer().mails!;
    expect(mails).toHaveLength(1);
    const [failed] = mails;
    expect(failed).toMatchObject({ kind: 'mail', source: 'prestay', failed: 1, total: 1, time: clock });
    expect(failed.title).not.toBe('');

    expect((await t.call(today.dismissMail, { id: failed._id }, admin)).answer()).toBe(true);
    expect((await t.call(today.failures, undefined, admin)).answer().mails).toEqual([]);
    // seen twice, or an id of nothing shown: false
    expect((await t.call(today.dismissMail, { id: failed._id }, admin)).answer()).toBe(false);
    expect((await t.call(today.dismissMail, { id: 'inconnu' }, admin)).answer()).toBe(false);
    // one more address of that campaign fails after: it is back, with both
    await t.deps.db.insert(emailRecipients).values({ campaignId: failed._id, position: 1, email: 'autre@example.org', firstname: '', lastname: '', status: 'failed', error: '550' });
    mails = (await t.call(today.failures, undefined, admin)).answer().mails!;
    expect(mails.map((m) => [m._id, m.failed])).toEqual([[failed._id, 2]]);
  });

  it('a push refused by the push service is listed (a device gone is not); each half needs its flag', async () => {
    const send = newId();
    await t.deps.db.insert(notificationSends).values({
      id: send, kind: 'now', status: 'sent', translations: [{ lang: 'en', title: 'Pool', content: '' }, { lang: 'fr', title: 'Piscine fermée', content: 'Orage' }],
      redirect: { type: 'home' }, target: { kind: 'all' }, quiet: false, sendTime: clock, sentTime: clock, targeted: 3, createdTime: clock, updatedTime: clock,
    });
    const delivery = (position: number, status: 'failed' | 'gone' | 'delivered') => ({ sendId: send, position, subscriptionId: newId(), endpoint: `https://push.example/${position}`, keys: { p256dh: 'x', auth: 'y' }, status });
    await t.deps.db.insert(notificationDeliveries).values([delivery(0, 'failed'), delivery(1, 'gone'), delivery(2, 'delivered')]);
    const pushes = (await t.call(today.failures, undefined, admin)).answer().pushes!;
    expect(pushes).toEqual([{ _id: send, kind: 'push', title: 'Piscine fermée', source: 'now', time: clock, failed: 1, total: 3 }]);

    const notifier = (await t.signIn({ notifications: 1 })).cookie;
    expect((await t.call(today.failures, undefined, notifier)).answer()).toMatchObject({ mails: null, pushes: [{ _id: send }] });
    expect((await t.call(today.failures, undefined, (await t.signIn({ users: 1 })).cookie)).statusCode).toBe(403);
    expect((await t.call(today.dismissMail, { id: send }, notifier)).statusCode).toBe(403);
    expect((await t.call(today.dismissPush, { id: send }, notifier)).answer()).toBe(true);
    expect((await t.call(today.failures, undefined, admin)).answer().pushes).toEqual([]);
    const seen = await t.deps.db.query.todayDismissed.findMany();
    expect(seen.find((r) => r.ref === send)).toMatchObject({ kind: 'push', failed: 1 });
  });

  it('a failure older than a week is not listed', async () => {
    const old = newId();
    await t.deps.db.insert(notificationSends).values({
      id: old, kind: 'now', status: 'sent', translations: [{ lang: 'fr', title: 'Ancienne', content: '' }], redirect: { type: 'home' }, target: { kind: 'all' },
      quiet: false, sendTime: clock - 8 * 86400, sentTime: clock - 8 * 86400, targeted: 1, createdTime: clock, updatedTime: clock,
    });
    await t.deps.db.insert(notificationDeliveries).values({ sendId: old, position: 0, subscriptionId: newId(), endpoint: 'https://push.example/old', keys: { p256dh: 'x', auth: 'y' }, status: 'failed' });
    const pushes = (await t.call(today.failures, undefined, admin)).answer().pushes!;
    expect(pushes.map((p) => p._id)).not.toContain(old);
    expect(await t.deps.db.select().from(notificationSends).where(eq(notificationSends.id, old))).toHaveLength(1);
  });
});
