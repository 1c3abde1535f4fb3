import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookletCategories, bookletGroups, bookletPages, notificationSends, notificationTemplates, pushSubscriptions } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';
import { sendPush } from './notifications.service';

let t: TestApp;
let push: PushEndpoint;
let admin: { cookie: string };
// 15 June 2025 17:06 in Paris; quiet hours (22:00–08:00) start at 20:00 UTC
const NOW = 1_750_000_000;
const clock = { value: NOW };
const DAY = 86400;

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ now: () => clock.value, env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1' } });
  admin = await t.signIn();
  await t.deps.db.insert(bookletPages).values({ id: 'p1', sections: [], translations: [{ lang: 'fr', name: 'Wifi', category_name: '', title: 'Wifi' }], createdTime: NOW, editedTime: NOW });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const fr = (title = 'Marché', content = 'Ce soir à 18 h') => [{ lang: 'fr' as const, title, content }];
const drain = async () => {
  while ((await t.deps.jobs.runDue()) > 0) {
    /* again */
  }
};
const count = async (table: typeof notificationTemplates | typeof notificationSends) => (await t.deps.db.select().from(table)).length;
const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
async function guestSession(email: string) {
  const id = await addGuest(t.deps, { email, password: 'vacances-2025' });
  const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
  return { id, cookie: cookieOf(login) };
}
const subscribe = (i: number, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(i), lang: 'fr' }, headers: cookie ? { cookie } : {} });

describe('permissions', () => {
  const calls: [string, 'GET' | 'POST', unknown, string[]][] = [
    ['dashboard/notifications/list', 'GET', undefined, ['notifications']],
    ['dashboard/notifications/insert', 'POST', { name: 'x', translations: fr() }, ['notifications']],
    ['dashboard/notifications/update', 'POST', { id: 'x', name: 'x', translations: fr() }, ['notifications']],
    ['dashboard/notifications/delete', 'POST', { id: 'x' }, ['notifications']],
    ['dashboard/notifications/send', 'POST', { translations: fr(), user_list: null }, ['notifications', 'homepage']],
    ['dashboard/cron_notification/insert', 'POST', { timestamp: NOW + 3600, translations: fr(), user_list: null }, ['notifications']],
    ['dashboard/cron_notification/list', 'GET', undefined, ['notifications', 'stats']],
    ['dashboard/cron_notification/cancel', 'POST', { id: 'x' }, ['notifications']],
    ['dashboard/notifications/audience', 'POST', {}, ['notifications', 'homepage', 'users']],
    ['dashboard/notifications/settings', 'GET', undefined, ['notifications']],
    ['dashboard/notifications/settings/update', 'POST', { quiet_start: '22:00', quiet_end: '08:00' }, ['notifications']],
    ['webapp/notifications/find-by-user', 'POST', { user: 'x' }, ['users', 'notifications']],
    ['webapp/notifications/send-user', 'POST', { msg: 'x', user: 'x' }, ['users', 'notifications']],
  ];
  it('401 without a session, 403 without the flag, never 403 with it', async () => {
    const others = await t.signIn({ rubrics: 1, emails: 1, params: 1 });
    for (const [path, method, body, flags] of calls) {
      const anon = method === 'GET' ? await t.get(path) : await t.post(path, body);
      expect(anon.statusCode, path).toBe(401);
      const refused = method === 'GET' ? await t.get(path, others.cookie) : await t.post(path, body, others.cookie);
      expect(refused.statusCode, path).toBe(403);
      for (const flag of flags) {
        const holder = await t.signIn({ [flag]: 1 });
        const res = method === 'GET' ? await t.get(path, holder.cookie) : await t.post(path, body, holder.cookie);
        expect([200, 400], `${path} with ${flag}: ${res.body}`).toContain(res.statusCode);
      }
    }
    expect(await count(notificationSends)).toBeGreaterThan(0);
  });
});

describe('templates', () => {
  it('creates, updates, lists and deletes; redirect JSON checked against existing pages', async () => {
    const res = await t.post('dashboard/notifications/insert', { name: 'Marché', redirect: '{"type":"page","id":"p1"}', translations: fr() }, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const tpl = res.json();
    expect(JSON.parse(tpl.redirect)).toEqual({ type: 'page', id: 'p1' });
    const up = await t.post('dashboard/notifications/update', { id: tpl._id, name: 'Marché du soir', redirect: '', translations: fr('Marché nocturne') }, admin.cookie);
    expect(up.json()).toMatchObject({ name: 'Marché du soir', redirect: '{"type":"home"}' });
    expect((await t.get('dashboard/notifications/list', admin.cookie)).json().map((x: { name: string }) => x.name)).toContain('Marché du soir');
    expect((await t.post('dashboard/notifications/update', { id: 'inconnu', name: 'x', translations: fr() }, admin.cookie)).json()).toBe(false);
    expect((await t.post('dashboard/notifications/delete', { id: tpl._id }, admin.cookie)).json()).toBe(true);
    expect((await t.post('dashboard/notifications/delete', { id: tpl._id }, admin.cookie)).json()).toBe(false);
  });

  it('each rule is a French 400 and writes nothing', async () => {
    const before = await count(notificationTemplates);
    const cases: [unknown, string, string][] = [
      [{ name: '', translations: fr() }, 'name', 'Veuillez indiquer un nom'],
      [{ name: 'x'.repeat(41), translations: fr() }, 'name', 'Le nom ne doit pas dépasser 40 caractères'],
      [{ name: 'a', translations: fr('x'.repeat(41)) }, 'translations.0.title', 'Le titre ne doit pas dépasser 40 caractères (version FR)'],
      [{ name: 'a', translations: fr('a', 'x'.repeat(141)) }, 'translations.0.content', 'Le contenu ne doit pas dépasser 140 caractères (version FR)'],
      [{ name: 'a', translations: [{ lang: 'en', title: 'Hi', content: 'Yo' }] }, 'translations.1.title', 'Vous devez indiquer le titre (version FR)'],
      [{ name: 'a', translations: fr('', 'x') }, 'translations.0.title', 'Vous devez indiquer le titre (version FR)'],
      [{ name: 'a', translations: fr(), redirect: '{pas du json' }, 'redirect', 'La page de destination est invalide'],
      [{ name: 'a', translations: fr(), redirect: '{"type":"ailleurs"}' }, 'redirect', 'La page de destination est invalide'],
      [{ name: 'a', translations: fr(), redirect: '{"type":"page","id":"inconnue"}' }, 'redirect', "La page de destination n'existe plus"],
      [{ name: 'a', translations: fr(), redirect: '{"type":"category","id":"inconnue"}' }, 'redirect', "La page de destination n'existe plus"],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('dashboard/notifications/insert', body, admin.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    expect(await count(notificationTemplates)).toBe(before);
  });
});

describe('sends', () => {
  it('a payload that would pass 3 KB encrypted is refused in French (the library does not check it)', async () => {
    // the text stays within the spec's lengths; the address of a category with very long words does not
    const long = 'é'.repeat(300); // 1 800 bytes once in the address
    await t.deps.db.insert(bookletGroups).values({ id: 'glong', icon: 'i', translations: [{ lang: 'fr', name: 'Long', prefix: long }], createdTime: NOW, editedTime: NOW });
    await t.deps.db.insert(bookletCategories).values({ id: 'clong', groupId: 'glong', type: 'page', icon: 'i', sortOrder: 1, translations: [{ lang: 'fr', name: 'Long', suffix: long, url: '' }], createdTime: NOW, editedTime: NOW });
    await t.deps.db.insert(bookletCategories).values({ id: 'cshort', groupId: 'glong', type: 'page', icon: 'i', sortOrder: 2, translations: [{ lang: 'fr', name: 'Court', suffix: 'court', url: '' }], createdTime: NOW, editedTime: NOW });
    const before = await count(notificationSends);
    const refused = await t.post('dashboard/notifications/send', { translations: fr(), redirect: { type: 'category', id: 'clong' }, force: true }, admin.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Cette notification est trop longue pour être envoyée : raccourcissez le titre ou le texte');
    expect(await count(notificationSends)).toBe(before);
    // 1 800 + 5 bytes of address and 40 + 140 four-byte characters: under the cap, sent
    const emoji = (n: number) => '🏕'.repeat(n / 2);
    const ok = await t.post('dashboard/notifications/send', { translations: fr(emoji(40), emoji(140)), redirect: { type: 'category', id: 'cshort' }, force: true }, admin.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('inside the quiet hours staff are asked first; with force it goes; scheduled and automatic sends wait for 08:00', async () => {
    await subscribe(1);
    clock.value = NOW + 5 * 3600; // 22:06 in Paris
    const asked = await t.post('dashboard/notifications/send', { translations: fr(), user_list: null }, admin.cookie);
    expect(asked.json()).toEqual({ quiet_hours: { start: '22:00', end: '08:00' } });
    // the form reads it with the device count, so it asks before 'Envoyer'
    const aud = await t.post('dashboard/notifications/audience', { target: { kind: 'all' } }, admin.cookie);
    expect(aud.json()).toMatchObject({ quiet_hours: { start: '22:00', end: '08:00' } });
    const before = push.received.length;
    const forced = await t.post('dashboard/notifications/send', { translations: fr('Orage'), user_list: null, force: true }, admin.cookie);
    expect(forced.json()).toMatchObject({ kind: 'now' });
    const auto = await sendPush(t.deps, { kind: 'all' }, fr('Avis'), { type: 'home' });
    await drain();
    const titles = push.received.slice(before).map((r) => r.payload!.title);
    expect(titles).toContain('Orage');
    expect(titles).not.toContain('Avis');
    const waiting = (await t.get('dashboard/cron_notification/list', admin.cookie)).json().find((s: { _id: string }) => s._id === auto);
    // 16 June 08:00 in Paris = 06:00 UTC
    expect(waiting).toMatchObject({ status: 'scheduled', waiting_until: Date.UTC(2025, 5, 16, 6, 0) / 1000 });
    clock.value = Date.UTC(2025, 5, 16, 6, 0) / 1000;
    await drain();
    expect(push.received.slice(before).map((r) => r.payload!.title)).toContain('Avis');
    clock.value = NOW;
  });

  it("a scheduled send goes out at its minute, not before; a cancelled one never goes; the past is refused", async () => {
    const past = await t.post('dashboard/cron_notification/insert', { timestamp: NOW - 3600, translations: fr(), user_list: null }, admin.cookie);
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.timestamp).toBe("La date d'envoi doit être dans le futur");
    const at = NOW + 120;
    const a = (await t.post('dashboard/cron_notification/insert', { timestamp: at, translations: fr('Dans deux minutes'), user_list: null }, admin.cookie)).json();
    const b = (await t.post('dashboard/cron_notification/insert', { timestamp: at, translations: fr('Annulée'), user_list: null }, admin.cookie)).json();
    expect((await t.post('dashboard/cron_notification/cancel', { id: b._id }, admin.cookie)).json()).toMatchObject({ status: 'cancelled' });
    const before = push.received.length;
    clock.value = at - 1;
    await drain();
    expect(push.received.length).toBe(before);
    clock.value = at;
    await drain();
    const titles = push.received.slice(before).map((r) => r.payload!.title);
    expect(titles).toContain('Dans deux minutes');
    expect(titles).not.toContain('Annulée');
    const cancelAgain = await t.post('dashboard/cron_notification/cancel', { id: a._id }, admin.cookie);
    expect(cancelAgain.json().message).toBe('Cette notification est déjà partie : elle ne peut plus être annulée.');
    clock.value = NOW;
  });

  it('stay-phase segments are counted and computed when the send goes out', async () => {
    const c1 = await addClient(t.deps, { client_number: 'S1' });
    await addStay(t.deps, { client_number: c1.clientNumber, arrival: NOW - 2 * DAY, departure: NOW + 3 * DAY });
    const c2 = await addClient(t.deps, { client_number: 'S2' });
    await addStay(t.deps, { client_number: c2.clientNumber, arrival: NOW + 2 * DAY, departure: NOW + 9 * DAY });
    const onsite = await addGuest(t.deps, { clientNumber: 'S1' });
    const arriving = await addGuest(t.deps, { clientNumber: 'S2' });
    await t.deps.db.insert(pushSubscriptions).values([
      { id: 'sub-onsite', userId: onsite, endpoint: push.device(100).endpoint, keys: push.device(100).keys, createdTime: NOW },
      { id: 'sub-arriving', userId: arriving, endpoint: push.device(101).endpoint, keys: push.device(101).keys, createdTime: NOW },
    ]);
    const aud = (target: unknown) => t.post('dashboard/notifications/audience', { target }, admin.cookie).then((r) => r.json());
    expect(await aud({ kind: 'onsite' })).toEqual({ devices: 1, users: 1 , quiet_hours: null });
    expect(await aud({ kind: 'arriving', days: 1 })).toEqual({ devices: 0, users: 0 , quiet_hours: null });
    expect(await aud({ kind: 'arriving', days: 3 })).toEqual({ devices: 1, users: 1 , quiet_hours: null });
    expect(await aud({ kind: 'clients', clients: ['S1', 'S2'] })).toEqual({ devices: 2, users: 2 , quiet_hours: null });
    const bad = await t.post('dashboard/notifications/audience', { target: { kind: 'arriving', days: 999 } }, admin.cookie);
    expect(bad.statusCode).toBe(400);
    const before = push.received.length;
    await t.post('dashboard/notifications/send', { translations: fr('Bienvenue'), target: { kind: 'onsite' }, force: true }, admin.cookie);
    await drain();
    expect(push.received.slice(before).map((r) => r.device)).toEqual([100]);
  });
});

describe("the guest app's device", () => {
  it('ties the device to the signed-in guest; another guest can neither take it off nor read it', async () => {
    const anna = await guestSession('anna@example.fr');
    const bob = await guestSession('bob@example.fr');
    expect((await subscribe(50)).statusCode).toBe(200);
    const row = async () => (await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.device(50).endpoint)))[0];
    expect((await row()).userId).toBeNull();
    // attached at sign-in: the app sends it again
    await subscribe(50, anna.cookie);
    expect((await row()).userId).toBe(anna.id);
    expect((await t.post('webapp/notifications/find-by-user', { user: anna.id }, admin.cookie)).json()).toBe(true);
    expect((await t.post('webapp/notifications/find-by-user', { user: bob.id }, admin.cookie)).json()).toBe(false);
    // Bob's unsubscribe of Anna's device does nothing, nor an anonymous one
    await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/unsubscribe', payload: { endpoint: push.device(50).endpoint }, headers: { cookie: bob.cookie } });
    await t.post('webapp/notifications/unsubscribe', { endpoint: push.device(50).endpoint });
    expect((await row()).userId).toBe(anna.id);
    await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/unsubscribe', payload: { endpoint: push.device(50).endpoint }, headers: { cookie: anna.cookie } });
    expect(await row()).toBeUndefined();
  });

  it('refuses an endpoint outside the push services (no posting to any address) and bad keys, writing nothing', async () => {
    const before = (await t.deps.db.select().from(pushSubscriptions)).length;
    for (const endpoint of ['https://evil.example.com/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://169.254.169.254/latest', 'javascript:alert(1)']) {
      const res = await t.post('webapp/notifications/subscribe', { endpoint, keys: push.device(1).keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe("Cet abonnement aux notifications n'est pas valide");
    }
    const badKeys = await t.post('webapp/notifications/subscribe', { endpoint: push.device(1).endpoint, keys: { p256dh: 'x', auth: 'y' } });
    expect(badKeys.statusCode).toBe(400);
    expect((await t.deps.db.select().from(pushSubscriptions)).length).toBe(before);
  });

  it('subscription calls are throttled per address with a French 429', async () => {
    const results = await Promise.all(Array.from({ length: 130 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(1000 + i) }, remoteAddress: '203.0.113.9' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(120);
    expect(results.find((r) => r.statusCode === 429)!.json().message).toBe('Trop de requêtes. Réessayez dans un instant.');
  });
});
