import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '@campsite/shared';
import { statsSalts, visitLogs } from '../../db/schema';
import { createSession } from '../../http/session';
import { testApp, type TestApp } from '../../testing/harness';
import { rollUp } from '../stats/rollup.run';
import { NEW_VISITORS_BURST, NEW_VISITOR_SECONDS, VISITS_PER_MINUTE } from './logs.service';

let t: TestApp;
let clock = 1_750_000_000;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t.close());

const visit = (body: object, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/webapp/logs/insert', payload: body, headers, remoteAddress });

describe('webapp/logs/insert', () => {
  it('records a visit without a session, feeding the dashboard counters', async () => {
    await t.deps.db.delete(visitLogs);
    const a = await visit({ component: 'home', visitor: 'visitor-aaaa', app: false });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toBe(true);
    await visit({ component: 'page', visitor: 'visitor-aaaa', app: true, target: 'page-42' });
    await visit({ component: 'home', visitor: 'visitor-bbbb', app: false });
    const rows = await t.deps.db.select().from(visitLogs).orderBy(visitLogs.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ time: clock, userId: null, installed: false, component: 'home', target: null });
    expect(rows[1]).toMatchObject({ component: 'page', target: 'page-42', installed: true });
    const { cookie } = await t.signIn({ homepage: 1 });
    expect((await t.get('webapp/logs/count', cookie)).json()).toEqual({ count: 3, nb_users: 2, installed: 1 });
  });

  it('stores the device id hashed with a salt of the day: the same all day, another the next day, the salt gone after', async () => {
    await t.deps.db.delete(visitLogs);
    await visit({ component: 'home', visitor: 'visitor-hhhh', app: false });
    await visit({ component: 'rubric', visitor: 'visitor-hhhh', app: false, target: 'g1' });
    await visit({ component: 'home', visitor: 'visitor-iiii', app: false });
    clock += 86_400;
    await visit({ component: 'home', visitor: 'visitor-hhhh', app: false });
    const rows = await t.deps.db.select().from(visitLogs).orderBy(visitLogs.id);
    expect(rows.map((r) => r.visitor).some((v) => v.includes('hhhh') || v.includes('iiii'))).toBe(false);
    expect(rows[0].visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rows[1].visitor).toBe(rows[0].visitor);
    expect(rows[2].visitor).not.toBe(rows[0].visitor);
    expect(rows[3].visitor).not.toBe(rows[0].visitor);
    // the rollup deletes the salts of the days that are over: yesterday's hashes can no longer be rebuilt
    expect((await t.deps.db.select().from(statsSalts)).length).toBeGreaterThanOrEqual(2);
    await rollUp(t.deps);
    expect((await t.deps.db.select().from(statsSalts)).map((s) => s.day)).toEqual([dayOf(clock, t.deps.env.TIME_ZONE)]);
  });

  it('hashes alike on two instances of one database (the salt of the day is one row)', async () => {
    clock += 86_400;
    await t.deps.db.delete(visitLogs);
    const twin = await t.twin();
    try {
      const body = { component: 'home', visitor: 'visitor-jjjj', app: false };
      const [a, b] = await Promise.all([visit(body), twin.app.inject({ method: 'POST', url: '/api/webapp/logs/insert', payload: body, remoteAddress: '10.0.0.2' })]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const rows = await t.deps.db.select().from(visitLogs);
      expect(rows).toHaveLength(2);
      expect(rows[0].visitor).toBe(rows[1].visitor);
    } finally {
      await twin.close();
    }
  });

  it('never records the guest account, even when a guest is signed in on the device', async () => {
    await t.deps.db.delete(visitLogs);
    const token = await createSession(t.deps, 'webapp', 'guest-42');
    await visit({ component: 'activities', visitor: 'visitor-cccc', app: false, user: 'someone-else' }, { cookie: `session-webapp=${token}` });
    await visit({ component: 'activities', visitor: 'visitor-cccc', app: false, user: 'someone-else' });
    const rows = await t.deps.db.select().from(visitLogs).orderBy(visitLogs.id);
    expect(rows.map((r) => r.userId)).toEqual([null, null]);
  });

  it('refuses a malformed visit with a 400 and writes nothing', async () => {
    await t.deps.db.delete(visitLogs);
    for (const body of [
      {},
      { component: 'home', visitor: 'x', app: false },
      { component: '<script>', visitor: 'visitor-dddd', app: false },
      { component: 'home', visitor: 'visitor-dddd', app: 'yes' },
      { component: 'page', visitor: 'visitor-dddd', app: false, target: 'a b' },
      { component: 'page', visitor: 'visitor-dddd', app: false, target: 'x'.repeat(65) },
      { component: 'page', visitor: 'visitor-dddd', app: false, target: 'abc\u0000' },
    ]) {
      expect((await visit(body)).statusCode).toBe(400);
    }
    expect(await t.deps.db.select().from(visitLogs)).toHaveLength(0);
  });

  it('limits the visits of one address per minute, not those of another', async () => {
    clock += 3600;
    await t.deps.db.delete(visitLogs);
    for (let i = 0; i < VISITS_PER_MINUTE; i++) {
      expect((await visit({ component: 'home', visitor: 'visitor-eeee', app: false }, {}, '10.9.9.9')).statusCode).toBe(200);
    }
    const over = await visit({ component: 'home', visitor: 'visitor-eeee', app: false }, {}, '10.9.9.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Trop de requêtes. Réessayez dans un instant.');
    expect((await visit({ component: 'home', visitor: 'visitor-ffff', app: false }, {}, '10.9.9.10')).statusCode).toBe(200);
    clock += 60;
    expect((await visit({ component: 'home', visitor: 'visitor-eeee', app: false }, {}, '10.9.9.9')).statusCode).toBe(200);
    expect(await t.deps.db.select().from(visitLogs)).toHaveLength(VISITS_PER_MINUTE + 2);
  });
});

describe('one phone cannot inflate the visitors (issue 29)', () => {
  it('a burst of 60 beacons from one address, each with another device id, user agent and cookie, brings a few visitors; its views count; another address is not held back', async () => {
    clock += 86_400;
    await t.deps.db.delete(visitLogs);
    const { cookie } = await t.signIn({ homepage: 1 });
    const before = (await t.get('webapp/logs/count', cookie)).json();
    for (let i = 0; i < VISITS_PER_MINUTE; i++) {
      const res = await visit({ component: 'home', visitor: `script-${i}-${'x'.repeat(8)}`, app: i % 2 === 0 }, { 'user-agent': `Bot/${i}`, cookie: `c=${i}` }, '203.0.113.7');
      expect(res.statusCode).toBe(200);
    }
    // a real guest on another address, twice
    await visit({ component: 'home', visitor: 'guest-phone-1', app: false }, {}, '198.51.100.2');
    await visit({ component: 'page', visitor: 'guest-phone-1', app: false, target: 'p1' }, {}, '198.51.100.2');
    const after = (await t.get('webapp/logs/count', cookie)).json();
    expect(after.count - before.count).toBe(VISITS_PER_MINUTE + 2);
    expect(after.nb_users - before.nb_users).toBe(NEW_VISITORS_BURST + 1);
    // a device the address brought keeps counting as itself; a minute later the address brings one more
    await visit({ component: 'page', visitor: `script-0-${'x'.repeat(8)}`, app: false, target: 'p2' }, {}, '203.0.113.7');
    clock += NEW_VISITOR_SECONDS;
    await visit({ component: 'home', visitor: 'new-one-a-minute-later', app: false }, {}, '203.0.113.7');
    await visit({ component: 'home', visitor: 'and-one-more', app: false }, {}, '203.0.113.7');
    expect((await t.get('webapp/logs/count', cookie)).json().nb_users - before.nb_users).toBe(NEW_VISITORS_BURST + 2);
    // the visit log (which the daily rollup counts) holds as many distinct visitors
    const rows = await t.deps.db.select().from(visitLogs);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(NEW_VISITORS_BURST + 2);
  });
});

describe('webapp/logs/list', () => {
  it('needs a dashboard session with the stats flag', async () => {
    expect((await t.get('webapp/logs/list')).statusCode).toBe(401);
    const { cookie } = await t.signIn({ homepage: 1, users: 1 });
    expect((await t.get('webapp/logs/list', cookie)).statusCode).toBe(403);
  });

  it('pages the visits, newest first', async () => {
    await t.deps.db.delete(visitLogs);
    for (let i = 0; i < 5; i++) {
      clock += 10;
      await visit({ component: `screen-${i}`, visitor: 'visitor-gggg', app: i % 2 === 0 }, {}, '10.1.1.1');
    }
    const { cookie } = await t.signIn({ stats: 1 });
    const first = (await t.get('webapp/logs/list?page=1&limit=2', cookie)).json();
    expect(first.total).toBe(5);
    expect(first.page).toBe(1);
    expect(first.limit).toBe(2);
    expect(first.logs.map((l: { component: string }) => l.component)).toEqual(['screen-4', 'screen-3']);
    expect(first.logs[0]).toEqual({ _id: expect.any(String), time: clock, user: null, visitor: expect.stringMatching(/^[\w-]{22}$/), app: true, component: 'screen-4', target: null });
    const last = (await t.get('webapp/logs/list?page=3&limit=2', cookie)).json();
    expect(last.logs.map((l: { component: string }) => l.component)).toEqual(['screen-0']);
    const all = (await t.get('webapp/logs/list', cookie)).json();
    expect(all).toMatchObject({ page: 1, limit: 50, total: 5 });
    expect((await t.get('webapp/logs/list?limit=1000', cookie)).statusCode).toBe(400);
  });
});
