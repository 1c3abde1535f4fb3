import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS, VALIDATION, addDays, mondayOf, stats, type StatsOverview } from '@campsite/shared';
import { animationCategories, animations, notificationDeliveries, notificationSends, pushSubscriptions, reviewDays, reviewModels, serviceReservations, statsDays } from '../../db/schema';
import { newId } from '../../lib/ids';
import { expect400 } from '../../testing/expect400';
import { bookletFixture } from '../../testing/fixtures/booklet';
import { makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';
import { generateVisits, insertVisits, type GeneratedVisit } from '../../testing/fixtures/stats';
import { testApp, type TestApp } from '../../testing/harness';
import { rollUp } from './rollup.run';

// Thursday 5 November 2026, 14:00 in Paris; the visits start on 20 August and cross the October DST change
const clock = Date.UTC(2026, 10, 5, 13, 0) / 1000;
const START = Date.UTC(2026, 7, 19, 22, 0) / 1000;
let t: TestApp;
let cookie: string;
let visits: GeneratedVisit[];
let fx: Awaited<ReturnType<typeof bookletFixture>>;
const ACTIVITY = newId();
const GONE = newId();

beforeAll(async () => {
  t = await testApp({ now: () => clock, plan: 'premium' });
  cookie = (await t.signIn({ stats: 1, services: 1 })).cookie;
  fx = await bookletFixture(t.deps.db);
  const cat = newId();
  await t.deps.db.insert(animationCategories).values({ id: cat, color: '336699', translations: [{ lang: 'fr', name: 'Sport' }], createdTime: clock, editedTime: clock });
  await t.deps.db.insert(animations).values({ id: ACTIVITY, category: cat, translations: [{ lang: 'en', name: 'Aquagym', content: '' }], createdTime: clock, editedTime: clock });
  const screens = [
    { component: 'home', target: null },
    { component: 'page', target: fx.page },
    { component: 'rubric', target: fx.group },
    { component: 'activity', target: ACTIVITY },
    { component: 'page', target: fx.pageCategory },
    { component: 'list', target: fx.listCategory },
    { component: 'activities', target: null },
    { component: 'activity', target: GONE },
    { component: 'page', target: fx.subPage },
    { component: 'account', target: null },
  ];
  visits = generateVisits(START, clock, { perDay: 90, visitors: 40, screens, seed: 7 });
  await insertVisits(t.deps.db, visits);
});
afterAll(() => t.close());

const tz = () => t.deps.env.TIME_ZONE;
let format: Intl.DateTimeFormat | undefined;
const dayOfVisit = (time: number) => (format ??= new Intl.DateTimeFormat('en-CA', { timeZone: tz(), year: 'numeric', month: '2-digit', day: '2-digit' })).format(time * 1000);
const daysBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** What a manager should read, counted here on the generated visits: a visitor once a day. */
function expected(from: string, to: string, cFrom: string, cTo: string) {
  const count = (a: string, b: string) => {
    const days = new Map<string, { visits: number; visitors: Set<string>; app_visits: number; app_visitors: Set<string> }>();
    const screens = new Map<string, { component: string; target: string; visits: number; visitors: Set<string> }>();
    for (const v of visits) {
      const day = dayOfVisit(v.time);
      if (day < a || day > b) continue;
      const d = days.get(day) ?? { visits: 0, visitors: new Set(), app_visits: 0, app_visitors: new Set() };
      d.visits++;
      d.visitors.add(v.visitor);
      if (v.installed) {
        d.app_visits++;
        d.app_visitors.add(v.visitor);
      }
      days.set(day, d);
      const k = `${v.component}/${v.target ?? ''}/${day}`;
      const s = screens.get(k) ?? { component: v.component, target: v.target ?? '', visits: 0, visitors: new Set() };
      s.visits++;
      s.visitors.add(v.visitor);
      screens.set(k, s);
    }
    const perDay = (day: string) => {
      const d = days.get(day);
      return { visits: d?.visits ?? 0, visitors: d?.visitors.size ?? 0, app_visits: d?.app_visits ?? 0, app_visitors: d?.app_visitors.size ?? 0 };
    };
    const list = daysBetween(a, b).map(perDay);
    const sum = (k: 'visits' | 'visitors' | 'app_visits' | 'app_visitors') => list.reduce((x, d) => x + d[k], 0);
    const things = new Map<string, { component: string; target: string; visits: number; visitors: number }>();
    for (const s of screens.values()) {
      const k = `${s.component}/${s.target}`;
      const had = things.get(k) ?? { component: s.component, target: s.target, visits: 0, visitors: 0 };
      things.set(k, { ...had, visits: had.visits + s.visits, visitors: had.visitors + s.visitors.size });
    }
    return { perDay, total: { visits: sum('visits'), visitors: sum('visitors'), app_visits: sum('app_visits'), app_visitors: sum('app_visitors') }, things: [...things.values()] };
  };
  const cur = count(from, to);
  const prev = count(cFrom, cTo);
  const names: Record<string, string | null> = { [fx.page]: 'Piscine', [fx.pageCategory]: 'Piscine', [fx.listCategory]: 'Restaurants', [fx.subPage]: 'La Pizzeria', [fx.group]: 'Infos pratiques', [ACTIVITY]: 'Aquagym', [GONE]: null };
  const top = (components: string[]) =>
    cur.things
      .filter((s) => s.target && components.includes(s.component))
      .sort((a, b) => b.visits - a.visits || b.visitors - a.visitors || a.target.localeCompare(b.target))
      .slice(0, 10)
      .map((s) => ({ _id: s.target, component: s.component, name: names[s.target], visits: s.visits, visitors: s.visitors }));
  const days = daysBetween(from, to).map((day, i) => {
    const d = cur.perDay(day);
    return { day, visits: d.visits, visitors: d.visitors, app_visits: d.app_visits, previous_visits: prev.perDay(addDays(cFrom, i)).visits };
  });
  const weeks: { week: string; visits: number; visitors: number }[] = [];
  for (const d of days) {
    const w = weeks.find((x) => x.week === mondayOf(d.day)) ?? weeks[weeks.push({ week: mondayOf(d.day), visits: 0, visitors: 0 }) - 1];
    w.visits += d.visits;
    w.visitors += d.visitors;
  }
  const byComponent = (things: typeof cur.things) => things.reduce((m, s) => m.set(s.component, (m.get(s.component) ?? 0) + s.visits), new Map<string, number>());
  const c = byComponent(cur.things);
  const p = byComponent(prev.things);
  const screens = [...new Set([...c.keys(), ...p.keys()])]
    .map((component) => ({ component, visits: c.get(component) ?? 0, previous_visits: p.get(component) ?? 0 }))
    .sort((a, b) => b.visits - a.visits || b.previous_visits - a.previous_visits);
  return { current: cur.total, previous: prev.total, days, weeks, screens, pages: top(['page', 'list']), rubrics: top(['rubric']), activities: top(['activity']) };
}

const read = async (q: { from: string; to: string; compare_from?: string; compare_to?: string }) => (await t.call(stats.overview, q, cookie)).answer();
const audience = (o: StatsOverview) => ({ current: o.current, previous: o.previous, days: o.days, weeks: o.weeks, screens: o.screens, pages: o.pages, rubrics: o.rubrics, activities: o.activities });

describe('dashboard/stats/overview', () => {
  it('counts each day, week, screen and most read thing as counted here on the visit log, against the days just before', async () => {
    const o = await read({ from: '2026-10-01', to: '2026-10-31' });
    expect(o).toMatchObject({ from: '2026-10-01', to: '2026-10-31', compare_from: '2026-08-31', compare_to: '2026-09-30', compare_counted_to: '2026-09-30' });
    expect(audience(o)).toEqual(expected('2026-10-01', '2026-10-31', '2026-08-31', '2026-09-30'));
    expect(o.days).toHaveLength(31);
    expect(o.weeks[0].week).toBe('2026-09-28');
    expect(o.current.visits).toBeGreaterThan(2000);
    // the 25-hour day of the clock change holds its visits, no more, no less
    expect(o.days.find((d) => d.day === '2026-10-25')!.visits).toBe(visits.filter((v) => dayOfVisit(v.time) === '2026-10-25').length);
  });

  it('answers the same once the days are rolled up, part way and all the way, and a second rollup changes nothing', async () => {
    const q = { from: '2026-09-14', to: '2026-11-08', compare_from: '2026-08-01', compare_to: '2026-09-13' };
    const live = await read(q);
    expect(audience(live)).toEqual(expected(q.from, q.to, q.compare_from, q.compare_to));
    expect(await rollUp(t.deps)).toEqual({ again: clock });
    // part way: at most 35 days a run (fewer when a step is slow), the reads count the rest live
    const part = (await t.deps.db.select().from(statsDays)).length;
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThanOrEqual(35);
    expect(await read(q)).toEqual(live);
    while (await rollUp(t.deps));
    // every day from the first visit to yesterday (20 August to 4 November)
    expect(await t.deps.db.select().from(statsDays)).toHaveLength(77);
    expect(await read(q)).toEqual(live);
    const twin = await t.twin();
    try {
      await Promise.all([rollUp(t.deps), rollUp(twin.deps)]);
    } finally {
      await twin.close();
    }
    expect(await t.deps.db.select().from(statsDays)).toHaveLength(77);
    expect(await read(q)).toEqual(live);
    // the home counters add up the same figures
    const all = expected('2026-08-20', '2026-11-05', '2026-08-01', '2026-08-01').current;
    expect((await t.get('webapp/logs/count', cookie)).json()).toEqual({ count: all.visits, nb_users: all.visitors, installed: all.app_visitors });
  });

  it('a week in progress counts today live and the days to come as 0; visits of today arrive in it at once', async () => {
    const before = await read({ from: '2026-11-02', to: '2026-11-08' });
    expect(before.days.map((d) => d.day)).toEqual(daysBetween('2026-11-02', '2026-11-08'));
    expect(before.days.slice(4).every((d) => d.visits === 0)).toBe(true);
    // compared like for like: Monday to Thursday of the week before, whose whole days the chart still shows
    expect(before.compare_counted_to).toBe('2026-10-29');
    const whole = expected('2026-11-02', '2026-11-08', '2026-10-26', '2026-11-01');
    const sameDays = expected('2026-11-02', '2026-11-08', '2026-10-26', '2026-10-29');
    expect(audience(before)).toEqual({ ...sameDays, days: whole.days });
    expect(before.previous.visits).toBeLessThan(whole.previous.visits);
    // a row for today, as a rollup writes it while the server's clock is ahead and then set back: today stays live
    await t.deps.db.insert(statsDays).values({ day: '2026-11-05', visits: 0, visitors: 0, appVisits: 0, appVisitors: 0 });
    expect(await read({ from: '2026-11-02', to: '2026-11-08' })).toEqual(before);
    await t.post('webapp/logs/insert', { component: 'rubric', visitor: 'visitor-today', app: true, target: fx.group });
    const after = await read({ from: '2026-11-02', to: '2026-11-08' });
    await t.deps.db.delete(statsDays).where(eq(statsDays.day, '2026-11-05'));
    expect(after.days[3].visits).toBe(before.days[3].visits + 1);
    expect(after.days[3].app_visits).toBe(before.days[3].app_visits + 1);
    expect(after.current.visitors).toBe(before.current.visitors + 1);
    visits.push({ time: clock, visitor: 'hashed', installed: true, component: 'rubric', target: fx.group });
  });

  it('counts the subscribed devices, and the sends, deliveries and openings of each period', async () => {
    const at = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 10) / 1000;
    await t.deps.db.insert(pushSubscriptions).values([
      { id: 'p1', userId: 'g1', endpoint: 'https://push.test/a', keys: { p256dh: 'k', auth: 'a' }, createdTime: at('2026-10-03') },
      { id: 'p2', userId: 'g1', endpoint: 'https://push.test/b', keys: { p256dh: 'k', auth: 'a' }, createdTime: at('2026-10-20') },
      { id: 'p3', userId: null, endpoint: 'https://push.test/c', keys: { p256dh: 'k', auth: 'a' }, createdTime: at('2026-09-20') },
    ]);
    const send = (id: string, day: string, status: 'sent' | 'cancelled') => ({
      id, kind: 'now' as const, status, translations: [], redirect: { type: 'home' as const }, target: { kind: 'all' as const }, quiet: false,
      sendTime: at(day), sentTime: status === 'sent' ? at(day) : null, createdTime: at(day), updatedTime: at(day),
    });
    await t.deps.db.insert(notificationSends).values([send('n1', '2026-10-05', 'sent'), send('n2', '2026-10-12', 'sent'), send('n3', '2026-10-13', 'cancelled'), send('n4', '2026-09-10', 'sent')]);
    const delivery = (sendId: string, position: number, delivered: boolean, opened: boolean) => ({
      sendId, position, subscriptionId: `p${position}`, endpoint: `https://push.test/${position}`, keys: { p256dh: 'k', auth: 'a' },
      status: delivered ? ('delivered' as const) : ('failed' as const), deliveredTime: delivered ? clock : null, openedTime: opened ? clock : null,
    });
    await t.deps.db.insert(notificationDeliveries).values([
      delivery('n1', 1, true, true), delivery('n1', 2, true, false), delivery('n1', 3, false, false),
      delivery('n2', 1, true, true), delivery('n4', 1, true, false),
    ]);
    const o = await read({ from: '2026-10-01', to: '2026-10-31' });
    expect(o.notifications).toEqual({ subscribers: 1, devices: 3, new_subscriptions: 2, sends: 2, delivered: 3, opened: 2, previous: { new_subscriptions: 1, sends: 1, delivered: 1, opened: 0 } });
  });

  it('counts the bookings of each service taking place in the period, those made in the guest app apart', async () => {
    const s = await makeService(t, cookie, { name: 'Spa' });
    const b = await makeBenefit(t, cookie, s._id);
    const w = await makeWorker(t, cookie, s._id, [b._id]);
    const k = await makeService(t, cookie, { name: 'Kayak' });
    const kb = await makeBenefit(t, cookie, k._id);
    const kw = await makeWorker(t, cookie, k._id, [kb._id]);
    const booking = (service: string, worker: string, benefit: string, start: number, source: 'webapp' | 'dashboard') => ({
      id: newId(), service, worker, benefit, start, end: start + 3600, answers: [], source, createdTime: clock,
    });
    const oct = Date.UTC(2026, 9, 10, 9) / 1000;
    const sep = Date.UTC(2026, 8, 10, 9) / 1000;
    await t.deps.db.insert(serviceReservations).values([
      booking(s._id, w._id, b._id, oct, 'webapp'), booking(s._id, w._id, b._id, oct + 3600, 'webapp'), booking(s._id, w._id, b._id, oct + 7200, 'dashboard'),
      booking(s._id, w._id, b._id, sep, 'webapp'), booking(k._id, kw._id, kb._id, sep, 'dashboard'),
      // the night of 31 October in Paris is still October; 1 November at 00:30 is not
      booking(s._id, w._id, b._id, Date.UTC(2026, 9, 31, 22, 30) / 1000, 'webapp'), booking(s._id, w._id, b._id, Date.UTC(2026, 9, 31, 23, 30) / 1000, 'webapp'),
    ]);
    const o = await read({ from: '2026-10-01', to: '2026-10-31' });
    expect(o.bookings).toEqual([
      { _id: s._id, name: 'Spa', bookings: 4, webapp: 3, previous: 1 },
      { _id: k._id, name: 'Kayak', bookings: 0, webapp: 0, previous: 1 },
    ]);
  });

  it('counts the reviews of each questionnaire and their average score, from the daily figures each review keeps', async () => {
    await t.deps.db.insert(reviewModels).values([
      { id: 'm1', name: 'Fin de séjour', type: 'global', notificationTime: 0, questions: [], translations: [], createdTime: clock, editedTime: clock },
      { id: 'm2', name: 'Piscine', type: '', notificationTime: 0, questions: [], translations: [], createdTime: clock, editedTime: clock },
    ]);
    // local midnights, as the reviews area writes them
    const midnight = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 1000 - 7200;
    const cell = (modelId: string, day: string, questionId: string, count: number, scoreSum = 0) => ({ modelId, day: midnight(day), questionId, value: -1, count, scoreSum });
    await t.deps.db.insert(reviewDays).values([
      cell('m1', '2026-10-02', '', 3), cell('m1', '2026-10-02', '#score', 2, 9),
      cell('m1', '2026-10-20', '', 1), cell('m1', '2026-10-20', '#score', 1, 3),
      cell('m1', '2026-09-15', '', 2), cell('m1', '2026-09-15', '#score', 2, 7),
      cell('m2', '2026-09-16', '', 1), cell('m2', '2026-09-16', '#score', 1, 5),
      { ...cell('m1', '2026-10-02', 'q1', 3), value: 4 },
    ]);
    const o = await read({ from: '2026-10-01', to: '2026-10-31' });
    expect(o.reviews).toEqual([
      { _id: 'm1', name: 'Fin de séjour', count: 4, score: 4, previous_count: 2, previous_score: 3.5 },
      { _id: 'm2', name: 'Piscine', count: 0, score: null, previous_count: 1, previous_score: 5 },
    ]);
  });

  it('refuses a period that is not one with a French 400', async () => {
    expect400(await t.get('dashboard/stats/overview?from=2026-02-30&to=2026-03-01', cookie), 'from', STATISTICS.badDay);
    expect400(await t.get('dashboard/stats/overview?from=2026-03-10&to=2026-03-01', cookie), 'to', STATISTICS.toBeforeFrom);
    expect400(await t.get('dashboard/stats/overview?from=2025-01-01&to=2026-03-01', cookie), 'to', STATISTICS.tooLong);
    expect400(await t.get('dashboard/stats/overview?from=2026-03-01&to=2026-03-02&compare_from=2026-02-01', cookie), 'compare_to', STATISTICS.badDay);
    expect400(await t.get('dashboard/stats/overview?from=2026-03-01%00&to=2026-03-02', cookie), 'from', VALIDATION.badCharacter);
    expect((await t.get('dashboard/stats/overview?from=2026-03-01', cookie)).statusCode).toBe(400);
  });
});
