import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { epochToZoned, generateScheduleDates, type ScheduleForm } from '@campsite/shared';
import { testApp, type TestApp } from '../../testing/harness';
import { animationDates } from '../../db/schema';

let t: TestApp;
let cookie: string;
let aquagym: string;
let yoga: string;

beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ activities: 1 })).cookie;
  const category = (await t.post('webapp/animation-categories/insert', { color: '2a9d8f', translations: [{ lang: 'fr', name: 'Sport' }] }, cookie)).json()._id;
  const make = async (name: string) =>
    (await t.post('webapp/animations/insert', { category, cover: null, front: false, translations: [{ lang: 'fr', name, content: `<p>${name}</p>` }], service_benefit: null }, cookie)).json()._id;
  aquagym = await make('Aquagym');
  yoga = await make('Yoga');
});
afterAll(() => t.close());

const datesOf = (animation: string) => t.deps.db.select().from(animationDates).where(eq(animationDates.animation, animation));
const H = 3600;
const DAY = 86400;
const base = 1_780_000_000;

describe('webapp/animation-dates/insert', () => {
  it('needs a session (401) and the activities flag (403)', async () => {
    const dates = [{ start: base, end: base + H }];
    expect((await t.post('webapp/animation-dates/insert', { animation: aquagym, dates })).statusCode).toBe(401);
    const other = await t.signIn({ rubrics: 1 });
    expect((await t.post('webapp/animation-dates/insert', { animation: aquagym, dates }, other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/animation-dates/delete', { id: 'x' }, other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/animation-dates/delete-by-animation', { animation: aquagym }, other.cookie)).statusCode).toBe(403);
    expect(await datesOf(aquagym)).toHaveLength(0);
  });

  it('inserts every date of a submission and answers them by start', async () => {
    const dates = [2, 0, 1].map((i) => ({ start: base + i * DAY, end: base + i * DAY + H }));
    const res = await t.post('webapp/animation-dates/insert', { animation: aquagym, dates }, cookie);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.map((d: { start: number }) => d.start)).toEqual([base, base + DAY, base + 2 * DAY]);
    for (const d of answer) expect(d).toMatchObject({ animation: aquagym, end: d.start + H, _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(await datesOf(aquagym)).toHaveLength(3);
  });

  it('refuses the whole submission when one date ends before it starts, with the French message', async () => {
    const before = (await t.deps.db.select().from(animationDates)).length;
    const res = await t.post(
      'webapp/animation-dates/insert',
      { animation: yoga, dates: [{ start: base, end: base + H }, { start: base + DAY, end: base + DAY }, { start: base + 2 * DAY, end: base + 2 * DAY + H }] },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['dates.1.end']).toBe('Erreur dans les heures');
    expect((await t.deps.db.select().from(animationDates)).length).toBe(before);
  });

  it('refuses an empty submission, more than 365 dates, and answers false for an unknown animation', async () => {
    const before = (await t.deps.db.select().from(animationDates)).length;
    const empty = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: [] }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Veuillez insérer les dates');
    const many = Array.from({ length: 366 }, (_, i) => ({ start: base + i * DAY, end: base + i * DAY + H }));
    const tooMany = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: many }, cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Erreur dans la création des dates');
    const noAnimation = await t.post('webapp/animation-dates/insert', { dates: [{ start: base, end: base + H }] }, cookie);
    expect(noAnimation.json().fields.animation).toBe('Veuillez sélectionner une animation');
    const unknown = await t.post('webapp/animation-dates/insert', { animation: '000000000000000000000000', dates: [{ start: base, end: base + H }] }, cookie);
    expect(unknown.json()).toBe(false);
    expect((await t.deps.db.select().from(animationDates)).length).toBe(before);
  });

  it('accepts dates of next year (the season is planned ahead) and refuses absurd years, writing nothing', async () => {
    const year = new Date().getUTCFullYear();
    const at = (y: number) => Date.UTC(y, 6, 14, 9) / 1000;
    const next = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: [{ start: at(year + 1), end: at(year + 1) + H }] }, cookie);
    expect(next.statusCode).toBe(200);
    const before = (await datesOf(yoga)).length;
    for (const y of [1970, year - 5, year + 40, 2999]) {
      const res = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: [{ start: at(year), end: at(year) + H }, { start: at(y), end: at(y) + H }] }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['dates.1.start']).toBe(`Les dates doivent être comprises entre ${year - 1} et ${year + 3}`);
    }
    const huge = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: [{ start: at(year), end: 1e300 }] }, cookie);
    expect(huge.statusCode).toBe(400);
    expect((await datesOf(yoga)).length).toBe(before);
  });

  it('keeps 21:00 local on both sides of the October daylight-saving change (Europe/Paris)', async () => {
    const form: ScheduleForm = {
      animation: yoga, start_day: '13', start_month: '10', end_day: '02', end_month: '11',
      start_hour: '21', start_minute: '00', end_hour: '22', end_minute: '30',
      monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: true,
    };
    const generated = generateScheduleDates(form, { year: 2025, timeZone: t.deps.env.TIME_ZONE });
    if (!generated.ok) throw new Error(generated.message);
    const res = await t.post('webapp/animation-dates/insert', { animation: yoga, dates: generated.dates }, cookie);
    const saved = res.json() as { start: number; end: number }[];
    // clocks go back at 03:00 on 26 October 2025: the 19th is in summer time, the 26th already in winter time
    expect(saved.map((d) => epochToZoned(d.start, 'Europe/Paris').day)).toEqual([19, 26, 2]);
    for (const d of saved) {
      expect(epochToZoned(d.start, 'Europe/Paris')).toMatchObject({ hour: 21, minute: 0, weekday: 6 });
      expect(epochToZoned(d.end, 'Europe/Paris')).toMatchObject({ hour: 22, minute: 30 });
    }
    expect(saved[1].start - saved[0].start).toBe(7 * DAY + H);
  });
});

describe('webapp/animation-dates/list', () => {
  it('is public, sorted by start, and bounded by from (inclusive) and to (exclusive)', async () => {
    const all = await t.get('webapp/animation-dates/list');
    expect(all.statusCode).toBe(200);
    const starts = all.json().map((d: { start: number }) => d.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const window = (await t.get(`webapp/animation-dates/list?from=${base + DAY}&to=${base + 2 * DAY}`)).json();
    expect(window.map((d: { start: number }) => d.start)).toEqual([base + DAY]);
    const fromOnly = (await t.get(`webapp/animation-dates/list?from=${base + DAY}&animation=${aquagym}`)).json();
    expect(fromOnly).toHaveLength(2);
    expect((await t.get('webapp/animation-dates/list?from=demain')).statusCode).toBe(400);
  });
});

describe('webapp/animation-dates/delete and delete-by-animation', () => {
  it('deletes one date (true), false for an unknown id', async () => {
    const [first] = await datesOf(aquagym);
    expect((await t.post('webapp/animation-dates/delete', { id: first.id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(animationDates).where(eq(animationDates.id, first.id))).toHaveLength(0);
    expect((await t.post('webapp/animation-dates/delete', { id: first.id }, cookie)).json()).toBe(false);
  });

  it('deletes every date of one animation and no other; false for an unknown animation', async () => {
    expect((await datesOf(aquagym)).length).toBeGreaterThan(0);
    const yogaBefore = (await datesOf(yoga)).length;
    expect((await t.post('webapp/animation-dates/delete-by-animation', { animation: aquagym }, cookie)).json()).toBe(true);
    expect(await datesOf(aquagym)).toHaveLength(0);
    expect(await datesOf(yoga)).toHaveLength(yogaBefore);
    expect((await t.post('webapp/animation-dates/delete-by-animation', { animation: '000000000000000000000000' }, cookie)).json()).toBe(false);
  });
});
