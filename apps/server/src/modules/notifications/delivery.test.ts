import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookletCategories, bookletGroups, bookletPages, notificationDeliveries, pushSubscriptions } from '../../db/schema';
import { setEntry, DEFAULT_GLOBAL } from '../../platform/settings/settings.repository';
import { testApp, type TestApp } from '../../testing/harness';
import { addGuest } from '../../testing/fixtures/people';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';

/**
 * Delivery without the internet: the push service is a local HTTPS endpoint (self-signed certificate)
 * that decrypts each body with the device's keys and checks the VAPID JWT, as a real one would.
 */
let t: TestApp;
let push: PushEndpoint;
let staff: { cookie: string };
const NOW = 1_750_000_000; // 15 June 2025, 17:06 in Paris: outside the quiet hours
const now = { value: NOW };

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ now: () => now.value, env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1', MAIL_FROM: 'Camping des Pins <contact@camping-des-pins.fr>' } });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['fr', 'de', 'en'], lang_default: 'fr' });
  const time = NOW;
  await t.deps.db.insert(bookletGroups).values({ id: 'g1', icon: 'i', translations: [{ lang: 'fr', name: 'Infos', prefix: 'infos' }, { lang: 'de', name: 'Infos', prefix: 'informationen' }], createdTime: time, editedTime: time });
  await t.deps.db.insert(bookletCategories).values({ id: 'c1', groupId: 'g1', type: 'page', icon: 'i', sortOrder: 1, translations: [{ lang: 'fr', name: 'Piscine', suffix: 'piscine', url: '' }, { lang: 'de', name: 'Schwimmbad', suffix: 'schwimmbad', url: '' }], createdTime: time, editedTime: time });
  await t.deps.db.insert(bookletPages).values({ id: 'p1', sections: [], translations: [{ lang: 'fr', name: 'Wifi', category_name: '', title: 'Wifi' }], createdTime: time, editedTime: time });
  staff = await t.signIn();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function subscribeDevice(i: number, lang: string, guestCookie?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(i), lang }, headers: guestCookie ? { cookie: guestCookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
}

const drain = async () => {
  // the plan job, then its batches
  while ((await t.deps.jobs.runDue()) > 0) {
    /* next round */
  }
};

describe('push delivery through a local push service', () => {
  it('delivers each device its language, with a signed VAPID JWT, TTL and the localized path', async () => {
    await subscribeDevice(1, 'fr');
    await subscribeDevice(2, 'de');
    await subscribeDevice(3, 'nl'); // no Dutch text: gets the default language
    const translations = [
      { lang: 'fr', title: 'Piscine ouverte', content: "L'eau est à 28 °C" },
      { lang: 'de', title: 'Schwimmbad offen', content: 'Das Wasser hat 28 °C' },
    ];
    const res = await t.post('dashboard/notifications/send', { translations, user_list: null, redirect: JSON.stringify({ type: 'category', id: 'c1' }) }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const send = res.json();
    expect(send).toMatchObject({ status: 'scheduled', kind: 'now' });
    await drain();
    expect(push.received).toHaveLength(3);
    const by = new Map(push.received.map((r) => [r.device, r]));
    expect(by.get(1)!.payload).toMatchObject({ id: send._id, lang: 'fr', title: 'Piscine ouverte', body: "L'eau est à 28 °C", url: '/rubriques/infos/piscine' });
    expect(by.get(2)!.payload).toMatchObject({ lang: 'de', title: 'Schwimmbad offen', url: '/rubriken/informationen/schwimmbad' });
    expect(by.get(3)!.payload).toMatchObject({ lang: 'fr', title: 'Piscine ouverte' });
    const keys = (await t.get('webapp/notifications/key')).json().key;
    for (const r of push.received) {
      expect(r.signed).toBe(true);
      expect(r.vapidKey).toBe(keys);
      expect(r.jwt!.aud).toBe(push.url);
      expect(r.jwt!.sub).toBe('mailto:contact@camping-des-pins.fr');
      // web-push signs with the machine's clock: at most 24 h ahead (RFC 8292)
      const nowReal = Math.floor(Date.now() / 1000);
      expect(r.jwt!.exp).toBeGreaterThan(nowReal);
      expect(r.jwt!.exp).toBeLessThanOrEqual(nowReal + 86400);
      expect(r.ttl).toBe(86400);
      expect(r.topic).toBe(send._id);
    }
    const list = (await t.get('dashboard/cron_notification/list', staff.cookie)).json();
    expect(list[0]).toMatchObject({ _id: send._id, status: 'sent', targeted: 3, delivered: 3, failed: 0, opened: 0 });
    // a tap on device 2 is counted once
    for (let k = 0; k < 2; k++) expect((await t.post('webapp/notifications/opened', { id: send._id, endpoint: push.device(2).endpoint })).json()).toBe(true);
    expect((await t.get('dashboard/cron_notification/list', staff.cookie)).json()[0].opened).toBe(1);
  });

  it("a page's path in German; a one-user send reaches only that guest's devices", async () => {
    push.received.length = 0;
    const guest = await addGuest(t.deps, { email: 'anna@example.de', password: 'vacances-2025' });
    const login = await t.post('webapp/account/login', { email: 'anna@example.de', password: 'vacances-2025' });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    await subscribeDevice(10, 'de', cookie);
    await subscribeDevice(11, 'de', cookie);
    const res = await t.post('webapp/notifications/send-user', { title: 'Hallo', msg: 'Ihr Platz ist bereit', user: guest, redirect: { type: 'page', id: 'p1' } }, staff.cookie);
    expect(res.json()).toMatchObject({ kind: 'user', target: { kind: 'users', users: [guest] } });
    await drain();
    expect(push.received.map((r) => r.device).sort()).toEqual([10, 11]);
    // the one-user form writes in the default language
    expect(push.received[0].payload).toMatchObject({ title: 'Hallo', body: 'Ihr Platz ist bereit', url: '/seiten/p1', lang: 'fr' });
  });

  it('a 410 removes the subscription; a 5xx is retried later and then delivered', async () => {
    push.received.length = 0;
    await subscribeDevice(20, 'fr');
    await subscribeDevice(21, 'fr');
    push.answer = (device, count) => (device === 20 ? 410 : device === 21 && count === 1 ? 503 : 201);
    const res = await t.post('dashboard/notifications/send', { translations: [{ lang: 'fr', title: 'Marché', content: 'Ce soir' }], user_list: null }, staff.cookie);
    const id = res.json()._id;
    await drain();
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.device(20).endpoint))).toHaveLength(0);
    const pending = await t.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.sendId, id));
    expect(pending.find((d) => d.endpoint === push.device(21).endpoint)!.status).toBe('pending');
    // 30 s later the batch is tried again: only device 21
    now.value += 31;
    const before = push.received.length;
    await drain();
    expect(push.received.slice(before).map((r) => [r.device, r.status])).toEqual([[21, 201]]);
    const sends = (await t.get('dashboard/cron_notification/list', staff.cookie)).json();
    expect(sends.find((s: { _id: string }) => s._id === id)).toMatchObject({ status: 'sent', failed: 1 });
    push.answer = () => 201;
  });

  it('a device in a language without a text gets English when it is written, as a mail would (issue 32)', async () => {
    push.received.length = 0;
    const translations = [
      { lang: 'fr', title: 'Marché ce soir', content: 'Sur la place, dès 18 h' },
      { lang: 'de', title: 'Markt heute Abend', content: 'Auf dem Platz, ab 18 Uhr' },
      { lang: 'en', title: 'Market tonight', content: 'On the square, from 6 pm' },
    ];
    expect((await t.post('dashboard/notifications/send', { translations, user_list: null }, staff.cookie)).statusCode).toBe(200);
    await drain();
    const by = new Map(push.received.map((r) => [r.device, r.payload]));
    // device 3 is Dutch: it got the French text when only French and German were written (above)
    expect(by.get(3)).toMatchObject({ lang: 'en', title: 'Market tonight', body: 'On the square, from 6 pm' });
    expect(by.get(2)).toMatchObject({ lang: 'de', title: 'Markt heute Abend' });
    expect(by.get(1)).toMatchObject({ lang: 'fr', title: 'Marché ce soir' });
  });
});

