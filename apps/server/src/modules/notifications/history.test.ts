import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookletPages } from '../../db/schema';
import { setEntry, DEFAULT_GLOBAL } from '../../platform/settings/settings.repository';
import { testApp, type TestApp } from '../../testing/harness';
import { addGuest } from '../../testing/fixtures/people';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';

/**
 * The guest app's notification history (issue 32): what was sent to a guest's account, read by that
 * guest alone, newest first, a page at a time, in the guest's language with the push's fallback.
 */
let t: TestApp;
let push: PushEndpoint;
let staff: { cookie: string };
const NOW = 1_750_000_000; // 15 June 2025, 17:06 in Paris: outside the quiet hours
const now = { value: NOW };
const guests: Record<'anna' | 'bram', { id: string; cookie: string }> = {} as never;

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ now: () => now.value, env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1', MAIL_FROM: 'Camping des Pins <contact@camping-des-pins.fr>' } });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['fr', 'de', 'en', 'nl'], lang_default: 'fr' });
  await t.deps.db.insert(bookletPages).values({ id: 'p1', sections: [], translations: [{ lang: 'fr', name: 'Wifi', category_name: '', title: 'Wifi' }], createdTime: NOW, editedTime: NOW });
  staff = await t.signIn();
  for (const [name, device, lang] of [['anna', 1, 'de'], ['bram', 2, 'nl']] as const) {
    const id = await addGuest(t.deps, { email: `${name}@example.test`, password: 'vacances-2025' });
    const login = await t.post('webapp/account/login', { email: `${name}@example.test`, password: 'vacances-2025' });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    guests[name] = { id, cookie };
    const res = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(device), lang }, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const drain = async () => {
  while ((await t.deps.jobs.runDue()) > 0) {
    /* the plan job, then its batches */
  }
};
const history = (cookie: string | undefined, query = '') => t.get(`webapp/notifications/history${query}`, cookie);

describe('the guest app: history of the notifications received (issue 32)', () => {
  it("a guest reads only what went to their account, newest first, in their language or the push's fallback", async () => {
    // to everyone: French and English written, no German nor Dutch
    const all = [
      { lang: 'fr', title: 'Marché ce soir', content: 'Sur la place, dès 18 h' },
      { lang: 'en', title: 'Market tonight', content: 'On the square, from 6 pm' },
    ];
    expect((await t.post('dashboard/notifications/send', { translations: all, user_list: null }, staff.cookie)).statusCode).toBe(200);
    await drain();
    now.value += 60;
    // to Anna alone (the one-user form writes in the default language), with a page
    const own = await t.post('webapp/notifications/send-user', { title: 'Votre place', msg: 'Votre emplacement est prêt', user: guests.anna.id, redirect: { type: 'page', id: 'p1' } }, staff.cookie);
    expect(own.statusCode, own.body).toBe(200);
    await drain();
    now.value += 60;
    // to Bram alone
    expect((await t.post('webapp/notifications/send-user', { title: 'Colis', msg: 'Un colis vous attend à l’accueil', user: guests.bram.id }, staff.cookie)).statusCode).toBe(200);
    await drain();
    // planned for tomorrow to Anna: not gone yet, not in her history
    const later = await t.post('dashboard/cron_notification/insert', { timestamp: now.value + 86400, translations: [{ lang: 'fr', title: 'Demain', content: 'Rappel' }], redirect: { type: 'home' }, target: { kind: 'users', users: [guests.anna.id] } }, staff.cookie);
    expect(later.statusCode, later.body).toBe(200);
    expect(push.received).toHaveLength(4);

    const anna = await history(guests.anna.cookie, '?lang=de');
    expect(anna.statusCode, anna.body).toBe(200);
    expect(anna.json()).toEqual({
      more: false,
      rows: [
        { _id: own.json()._id, lang: 'fr', title: 'Votre place', content: 'Votre emplacement est prêt', url: '/seiten/p1', time: NOW + 60 },
        { _id: expect.any(String), lang: 'en', title: 'Market tonight', content: 'On the square, from 6 pm', url: '/', time: NOW },
      ],
    });
    const bram = (await history(guests.bram.cookie, '?lang=fr')).json();
    expect(bram.rows.map((r: { title: string }) => r.title)).toEqual(['Colis', 'Marché ce soir']);
    // without lang: the app's language cookie
    const bramNl = await t.app.inject({ method: 'GET', url: '/api/webapp/notifications/history', headers: { cookie: `${guests.bram.cookie}; lang=nl` } });
    expect(bramNl.json().rows[1]).toMatchObject({ title: 'Market tonight', url: '/' });
  });

  it('a page at a time (20), the next one says there is no more', async () => {
    for (let i = 1; i <= 20; i++) {
      now.value += 60;
      await t.post('dashboard/notifications/send', { translations: [{ lang: 'fr', title: `Info ${i}`, content: 'Texte' }], user_list: null }, staff.cookie);
      await drain();
    }
    const first = (await history(guests.anna.cookie, '?lang=fr')).json();
    expect(first.more).toBe(true);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].title).toBe('Info 20');
    expect(first.rows[19].title).toBe('Info 1');
    const second = (await history(guests.anna.cookie, '?lang=fr&page=2')).json();
    expect(second).toMatchObject({ more: false });
    expect(second.rows.map((r: { title: string }) => r.title)).toEqual(['Votre place', 'Marché ce soir']);
  });

  it('needs a guest session: staff and nobody are refused, a bad page is a 400', async () => {
    const asStaff = await history(staff.cookie);
    expect(asStaff.statusCode).toBe(401);
    expect((await history(undefined)).statusCode).toBe(401);
    const bad = await history(guests.anna.cookie, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[a-zé]/);
  });
});
