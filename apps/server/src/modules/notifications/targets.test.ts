import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSends } from '../../db/schema';
import { setEntry, DEFAULT_GLOBAL } from '../../platform/settings/settings.repository';
import { testApp, type TestApp } from '../../testing/harness';
import { addGuest } from '../../testing/fixtures/people';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';

/**
 * The composer's targets (issue 32): besides everyone, one guest account picked by a name search ('Un
 * client') or a chosen list of them. Who receives it is read at the tests' push service.
 */
let t: TestApp;
let push: PushEndpoint;
let staff: { cookie: string };
const NOW = 1_750_000_000; // 15 June 2025, 17:06 in Paris: outside the quiet hours
const now = { value: NOW };
const ids: Record<'anna' | 'karl' | 'lea', string> = {} as never;
const DEVICE = { anna: [1, 2], karl: [3], lea: [4] } as const;

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ now: () => now.value, env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1', MAIL_FROM: 'Camping des Pins <contact@camping-des-pins.fr>' } });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['fr', 'de'], lang_default: 'fr' });
  staff = await t.signIn({ notifications: 1 });
  const people = { anna: ['Anna', 'Weber'], karl: ['Karl', 'Webster'], lea: ['Léa', 'Dubois'] } as const;
  for (const name of ['anna', 'karl', 'lea'] as const) {
    const [firstname, lastname] = people[name];
    ids[name] = await addGuest(t.deps, { email: `${name}@example.test`, password: 'vacances-2025', firstname, lastname, clientNumber: name === 'lea' ? '5120' : null });
    const login = await t.post('webapp/account/login', { email: `${name}@example.test`, password: 'vacances-2025' });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    for (const d of DEVICE[name]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...push.device(d), lang: 'fr' }, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  // an account without any device
  await addGuest(t.deps, { email: 'paul@example.test', firstname: 'Paul', lastname: 'Weberling' });
  // a phone nobody signed in on
  expect((await t.post('webapp/notifications/subscribe', { ...push.device(9), lang: 'fr' })).statusCode).toBe(200);
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
const text = (title: string) => [{ lang: 'fr', title, content: 'Texte' }];
const reached = (title: string) => push.received.filter((r) => r.payload?.title === title).map((r) => r.device).sort();

describe("the composer's targets (issue 32)", () => {
  it('finds guest accounts by the start of a name, an e-mail or a client number, those with a device first', async () => {
    const res = await t.get('dashboard/notifications/guests?q=web', staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found.map((g: { firstname: string; devices: number }) => [g.firstname, g.devices])).toEqual([['Anna', 2], ['Karl', 1], ['Paul', 0]]);
    expect(found[0]).toMatchObject({ _id: ids.anna, lastname: 'Weber', email: 'anna@example.test' });
    expect((await t.get('dashboard/notifications/guests?q=lea', staff.cookie)).json().map((g: { _id: string }) => g._id)).toEqual([ids.lea]);
    expect((await t.get('dashboard/notifications/guests?q=5120', staff.cookie)).json().map((g: { _id: string }) => g._id)).toEqual([ids.lea]);
    expect((await t.get('dashboard/notifications/guests?q=%25', staff.cookie)).json()).toEqual([]);
    // the notifications flag reads it; a member without it does not
    const other = await t.signIn({ homepage: 1, stats: 1 });
    expect((await t.get('dashboard/notifications/guests?q=web', other.cookie)).statusCode).toBe(403);
    expect((await t.get('dashboard/notifications/guests?q=', staff.cookie)).statusCode).toBe(400);
  });

  it("'Un client': only that guest's devices receive it; a list: each of theirs, nobody else's", async () => {
    const one = await t.post('dashboard/notifications/send', { translations: text('Pour Anna'), redirect: '{"type":"home"}', target: { kind: 'users', users: [ids.anna] } }, staff.cookie);
    expect(one.statusCode, one.body).toBe(200);
    const list = await t.post('dashboard/notifications/send', { translations: text('Pour la liste'), redirect: '{"type":"home"}', target: { kind: 'users', users: [ids.karl, ids.lea] } }, staff.cookie);
    expect(list.statusCode, list.body).toBe(200);
    await drain();
    expect(reached('Pour Anna')).toEqual([1, 2]);
    expect(reached('Pour la liste')).toEqual([3, 4]);
    const sends = (await t.get('dashboard/cron_notification/list', staff.cookie)).json();
    expect(sends.find((s: { _id: string }) => s._id === list.json()._id)).toMatchObject({ target: { kind: 'users', users: [ids.karl, ids.lea] }, targeted: 2, delivered: 2 });
  });

  it('checks the target: accounts all gone are a French 400 and nothing is planned; the throttle and the quiet hours stand', async () => {
    const before = (await t.deps.db.select().from(notificationSends)).length;
    const gone = await t.post('dashboard/notifications/send', { translations: text('Personne'), redirect: '{"type":"home"}', target: { kind: 'users', users: ['inconnu-1', 'inconnu-2'] } }, staff.cookie);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe("Le client choisi n'a plus de compte dans l'application");
    expect((await t.post('dashboard/notifications/send', { translations: text('Vide'), target: { kind: 'users', users: [] } }, staff.cookie)).statusCode).toBe(400);
    expect((await t.deps.db.select().from(notificationSends)).length).toBe(before);
    // Anna has had one: four more pass, the sixth in ten minutes is refused, for her alone or in a list
    for (let i = 0; i < 4; i++) expect((await t.post('dashboard/notifications/send', { translations: text(`Encore ${i}`), target: { kind: 'users', users: [ids.anna] } }, staff.cookie)).statusCode).toBe(200);
    const sixth = await t.post('dashboard/notifications/send', { translations: text('Trop'), target: { kind: 'users', users: [ids.lea, ids.anna] } }, staff.cookie);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Un des destinataires a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.');
    await drain();
    expect(reached('Trop')).toEqual([]);
    // 23:00 in Paris: a send to a list asks first and plans nothing
    now.value = NOW + 6 * 3600;
    const quiet = await t.post('dashboard/notifications/send', { translations: text('La nuit'), target: { kind: 'users', users: [ids.karl] } }, staff.cookie);
    expect(quiet.json()).toEqual({ quiet_hours: { start: '22:00', end: '08:00' } });
    expect(await t.deps.db.select().from(notificationSends).where(eq(notificationSends.kind, 'now'))).toHaveLength(6);
  });
});
