import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, visitLogs, webappUsers } from '../../db/schema';
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
