import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSend } from '@campsite/shared';
import { notifications } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { notificationSends } from '../../db/schema';
import { addClient, addGuest } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';
import { USER_SENDS, sendPush } from './notifications.service';

// What a staff member of another flag reads in the sends' list (docs/notifications.md).

// 15 June 2025 17:06 in Paris: outside the quiet hours
const NOW = 1_750_000_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t.close());

const texts = (list: NotificationSend[], id: string) => list.find((s) => s._id === id)!.translations.map((x) => [x.title, x.content]);

describe('cron_notification/list: a personal send tells its texts only to whom they belong', () => {
  it("the stats flag reads the figures, never a message to one guest; the notifications flag never a chat answer's words", async () => {
    const guest = await addGuest(t.deps, { email: 'sophie@example.fr', notification: true });
    const users = await t.signIn({ users: 1 });
    const notif = await t.signIn({ notifications: 1 });
    const stats = await t.signIn({ stats: 1 });
    // a staff message to one guest from their detail, and a broadcast
    const personal = (await t.call(notifications.sendUser, { user: guest, title: 'Mme Martin', msg: 'Votre colis est à la réception' }, users.cookie)).answer();
    const broadcast = (await t.call(notifications.send, { translations: [{ lang: 'fr', title: 'Marché', content: 'Ce soir à 18 h' }], user_list: null }, notif.cookie)).answer();
    // what the chat does for a staff answer: a push to the guest's devices with the answer's first words
    const chat = await sendPush(t.deps, { kind: 'users', users: [guest] }, [{ lang: 'fr', title: 'Nouveau message', content: 'Le code du portail est 4821' }]);
    if (!personal || 'quiet_hours' in broadcast) throw new Error('not sent');

    const seenByStats = (await t.call(notifications.sends, undefined, stats.cookie)).answer();
    expect(seenByStats.map((s) => s._id)).toEqual(expect.arrayContaining([personal._id, broadcast._id, chat]));
    expect(texts(seenByStats, personal._id)).toEqual([['', '']]);
    expect(texts(seenByStats, chat)).toEqual([['', '']]);
    expect(texts(seenByStats, broadcast._id)).toEqual([['Marché', 'Ce soir à 18 h']]);
    expect(seenByStats.find((s) => s._id === personal._id)).toMatchObject({ kind: 'user' });

    const seenByNotifications = (await t.call(notifications.sends, undefined, notif.cookie)).answer();
    expect(texts(seenByNotifications, personal._id)).toEqual([['Mme Martin', 'Votre colis est à la réception']]);
    expect(texts(seenByNotifications, chat)).toEqual([['Nouveau message', '']]);
    expect(JSON.stringify(seenByNotifications)).not.toContain('portail');
    // cancelling the chat's push (waiting for its job) does not give its words either
    const cancelled = await t.call(notifications.cancel, { id: chat }, notif.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).not.toContain('portail');
  });
});

describe('send-user: a burst at one guest', () => {
  it('50 sends at once through two instances to one guest plan 5; the others a French 429 with Retry-After, planning nothing', async () => {
    const guest = await addGuest(t.deps, { email: 'cible@example.fr', notification: true });
    const staff = await t.signIn({ users: 1 });
    const twin = await t.twin();
    try {
      const body = { user: guest, title: 'Bonjour', msg: 'Message' };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? twin : t).post('webapp/notifications/send-user', body, staff.cookie)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(USER_SENDS);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(50 - USER_SENDS);
      expect(refused[0].json().message).toBe('Cet utilisateur a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.');
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      const planned = await t.deps.db.select().from(notificationSends).where(eq(notificationSends.kind, 'user'));
      expect(planned.filter((s) => s.target.kind === 'users' && s.target.users.includes(guest))).toHaveLength(USER_SENDS);
      // another guest is not held by it
      const other = await addGuest(t.deps, { email: 'autre@example.fr', notification: true });
      expect((await t.post('webapp/notifications/send-user', { ...body, user: other }, staff.cookie)).statusCode).toBe(200);
    } finally {
      await twin.close();
    }
  });
});

describe('one guest, a few pushes, whichever call plans them', () => {
  it('50 notifications/send at one guest through two instances (homepage flag only) plan 5; send-user, a client-file target and a schedule to that guest are then refused; a send to everyone is not', async () => {
    const client = await addClient(t.deps, { client_number: 'P29' });
    const guest = await addGuest(t.deps, { email: 'visee@example.fr', clientNumber: client.clientNumber, notification: true });
    const homepage = await t.signIn({ homepage: 1 });
    const notif = await t.signIn({ notifications: 1, users: 1 });
    const twin = await t.twin();
    const ofGuest = async () =>
      (await t.deps.db.select().from(notificationSends)).filter((s) => (s.target.kind === 'users' && s.target.users.includes(guest)) || (s.target.kind === 'clients' && s.target.clients.includes('P29')));
    try {
      const body = { translations: [{ lang: 'fr', title: 'Bonjour', content: 'Message' }], user_list: [guest], force: true };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? twin : t).post('dashboard/notifications/send', body, homepage.cookie)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(USER_SENDS);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(50 - USER_SENDS);
      expect(refused[0].json().message).toBe('Cet utilisateur a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.');
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(await ofGuest()).toHaveLength(USER_SENDS);

      // the same ceiling, whatever call plans the push
      expect((await t.post('webapp/notifications/send-user', { user: guest, title: 'Encore', msg: 'Message' }, notif.cookie)).statusCode).toBe(429);
      const other = await addGuest(t.deps, { email: 'voisin@example.fr', clientNumber: client.clientNumber, notification: true });
      const byFile = await t.post('dashboard/notifications/send', { translations: body.translations, target: { kind: 'clients', clients: ['P29'] }, force: true }, notif.cookie);
      expect(byFile.statusCode).toBe(429);
      expect(byFile.json().message).toBe('Un des destinataires a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.');
      const later = await t.post('dashboard/cron_notification/insert', { timestamp: NOW + 3600, translations: body.translations, user_list: [guest, other] }, notif.cookie);
      expect(later.statusCode).toBe(429);
      expect(await ofGuest()).toHaveLength(USER_SENDS);
      // nothing was counted for the guest beside them in a refused send: their own 5 are intact
      expect((await t.post('webapp/notifications/send-user', { user: other, title: 'Pour vous', msg: 'Message' }, notif.cookie)).statusCode).toBe(200);

      // a send to everyone is one push per device: not held by it
      const all = await t.post('dashboard/notifications/send', { translations: body.translations, user_list: null, force: true }, homepage.cookie);
      expect(all.statusCode, all.body).toBe(200);
    } finally {
      await twin.close();
    }
  });
});
