import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEASON, PERMISSIONS, stats } from '@campsite/shared';
import { pushSubscriptions, statsSummaryRecipients, visitLogs, webappUsers } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the home counters', () => {
  it('read 0 on an empty establishment', async () => {
    const { cookie } = await t.signIn({ homepage: 1 });
    expect((await t.get('webapp/logs/count', cookie)).json()).toEqual({ installed: 0, nb_users: 0, count: 0 });
    expect((await t.get('webapp/users/count-actives', cookie)).json()).toBe(0);
    expect((await t.get('webapp/notifications/count', cookie)).json()).toBe(0);
  });

  it('count visits, distinct visitors, installed visitors, active accounts and notifiable users', async () => {
    const now = t.deps.now();
    await t.deps.db.insert(visitLogs).values([
      { time: now, visitor: 'v1', installed: true, component: 'home', userId: null },
      { time: now, visitor: 'v1', installed: true, component: 'page', userId: null },
      { time: now, visitor: 'v2', installed: false, component: 'home', userId: null },
      { time: now, visitor: 'v3', installed: false, component: 'agenda', userId: null },
    ]);
    await t.deps.db.insert(webappUsers).values([
      { id: 'u1', email: 'a@b.fr', activate: true, createdTime: now, editedTime: now },
      { id: 'u2', email: 'c@d.fr', activate: false, createdTime: now, editedTime: now },
    ]);
    await t.deps.db.insert(pushSubscriptions).values([
      { id: 's1', userId: 'u1', endpoint: 'https://push.test/1', keys: { p256dh: 'k', auth: 'a' }, createdTime: now },
      { id: 's2', userId: 'u1', endpoint: 'https://push.test/2', keys: { p256dh: 'k', auth: 'a' }, createdTime: now },
    ]);
    const { cookie } = await t.signIn({ homepage: 1 });
    expect((await t.get('webapp/logs/count', cookie)).json()).toEqual({ installed: 1, nb_users: 3, count: 4 });
    expect((await t.get('webapp/users/count-actives', cookie)).json()).toBe(1);
    expect((await t.get('webapp/notifications/count', cookie)).json()).toBe(1);
  });

  it('need the homepage or stats flag', async () => {
    const { cookie } = await t.signIn({ params: 1 });
    expect((await t.get('webapp/logs/count', cookie)).statusCode).toBe(403);
    const stats = await t.signIn({ stats: 1 });
    expect((await t.get('webapp/logs/count', stats.cookie)).statusCode).toBe(200);
  });
});

describe('the statistics calls need a staff session with the stats flag', () => {
  const everyFlagButStats = Object.fromEntries(PERMISSIONS.filter((p) => p !== 'stats').map((p) => [p, 1]));
  const period = { from: '2026-11-02', to: '2026-11-08' };

  it('401 without a session, 403 with every other flag, 200 with stats alone', async () => {
    const others = (await t.signIn(everyFlagButStats)).cookie;
    const staff = (await t.signIn({ stats: 1 })).cookie;
    const calls = [
      (cookie?: string) => t.call(stats.overview, period, cookie),
      (cookie?: string) => t.call(stats.summaryMail, undefined, cookie),
      (cookie?: string) => t.call(stats.summaryMailUpdate, { subscribed: false }, cookie),
      (cookie?: string) => t.call(stats.season, undefined, cookie),
      (cookie?: string) => t.call(stats.seasonUpdate, DEFAULT_SEASON, cookie),
    ];
    for (const c of calls) {
      expect((await c()).statusCode).toBe(401);
      expect((await c(others)).statusCode).toBe(403);
      expect((await c(staff)).statusCode).toBe(200);
    }
    // the refused subscription wrote nothing
    const refused = await t.call(stats.summaryMailUpdate, { subscribed: true }, others);
    expect(refused.statusCode).toBe(403);
    expect(await t.deps.db.select().from(statsSummaryRecipients)).toHaveLength(0);
    expect((await t.call(stats.seasonUpdate, { start: '05-01', end: '09-30' }, others)).statusCode).toBe(403);
    expect((await t.call(stats.season, undefined, staff)).answer()).toEqual(DEFAULT_SEASON);
  });

  it("the season is the establishment's: a French 400 that changes nothing, then the same for every staff member", async () => {
    const a = await t.signIn({ stats: 1 });
    const b = await t.signIn({ stats: 1 });
    expect((await t.call(stats.season, undefined, a.cookie)).answer()).toEqual({ start: '04-01', end: '10-31' });
    expect400(await t.post('dashboard/stats/season/update', { start: '02-29', end: '10-31' }, a.cookie), 'start', 'Date de saison invalide (format MM-JJ attendu, un jour qui existe chaque année)');
    expect400(await t.post('dashboard/stats/season/update', { start: '04-01', end: '04-31' }, a.cookie), 'end', 'Date de saison invalide (format MM-JJ attendu, un jour qui existe chaque année)');
    expect400(await t.post('dashboard/stats/season/update', { start: '04-01\u0000', end: '10-31' }, a.cookie), 'start', 'Ce texte contient un caractère non autorisé');
    expect400(await t.post('dashboard/stats/season/update', { start: '05-01', end: '05-01' }, a.cookie), 'end', 'La fermeture doit être un autre jour que l’ouverture');
    expect((await t.call(stats.season, undefined, b.cookie)).answer()).toEqual(DEFAULT_SEASON);
    // a winter site: December to April
    expect((await t.call(stats.seasonUpdate, { start: '12-01', end: '04-30' }, a.cookie)).answer()).toEqual({ start: '12-01', end: '04-30' });
    expect((await t.call(stats.season, undefined, b.cookie)).answer()).toEqual({ start: '12-01', end: '04-30' });
  });

  it('a staff member subscribes to the weekly mail for themselves only; parallel clicks keep one row', async () => {
    const a = await t.signIn({ stats: 1 });
    const b = await t.signIn({ stats: 1 });
    const twin = await t.twin();
    try {
      const body = JSON.stringify({ subscribed: true });
      const sends = [t.app, twin.app, t.app, twin.app].map((app) =>
        app.inject({ method: 'POST', url: '/api/dashboard/stats/summary-mail/update', payload: body, headers: { cookie: a.cookie, 'content-type': 'application/json' } }),
      );
      expect((await Promise.all(sends)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    } finally {
      await twin.close();
    }
    expect((await t.call(stats.summaryMail, undefined, a.cookie)).answer()).toEqual({ subscribed: true });
    expect((await t.call(stats.summaryMail, undefined, b.cookie)).answer()).toEqual({ subscribed: false });
    expect(await t.deps.db.select().from(statsSummaryRecipients)).toEqual([{ userId: a.userId, createdTime: expect.any(Number) }]);
    expect((await t.call(stats.summaryMailUpdate, { subscribed: false }, a.cookie)).answer()).toEqual({ subscribed: false });
    expect(await t.deps.db.select().from(statsSummaryRecipients)).toHaveLength(0);
  });
});
