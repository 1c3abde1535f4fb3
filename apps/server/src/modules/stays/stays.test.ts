import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayRow } from '@campsite/shared';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

const NOW = 1_750_000_000;
const DAY = 86400;
let t: TestApp;
let staff: string;
interface Ref {
  number: string;
  client: string;
  arrival: number;
  departure: number;
  location: string;
}
const ref: Ref[] = [];

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  staff = (await t.signIn({ users: 1 })).cookie;
  for (let c = 1; c <= 30; c++) {
    await addClient(t.deps, { client_number: String(c), lastname: `Nom${c}`, firstname: 'Client' });
    for (let s = 0; s < (c % 3) + 1; s++) {
      const number = String(1000 + c * 10 + s);
      const arrival = NOW + (((c * 7 + s * 13) % 60) - 30) * DAY;
      const r = { number, client: String(c), arrival, departure: arrival + (2 + ((c + s) % 9)) * DAY, location: `${'AB'[(c + s) % 2]}${(c * s) % 17}` };
      ref.push(r);
      await addStay(t.deps, { stay_number: number, client_number: r.client, arrival: r.arrival, departure: r.departure, location: r.location });
    }
  }
  await addGuest(t.deps, { clientNumber: '4', stayNumber: '1040', email: 'rejoint@exemple.fr', firstname: 'Rose', lastname: 'Nom4' });
});
afterAll(() => t.close());

const key = (n: string) => n.padStart(24, '0');
const numbers = (rows: StayRow[]) => rows.map((r) => r.stay_number);
const sortBy = (list: Ref[], v: (r: Ref) => string | number, dir: 1 | -1) =>
  [...list].sort((a, b) => (v(a) < v(b) ? -dir : v(a) > v(b) ? dir : key(a.number) < key(b.number) ? -dir : dir)).map((r) => r.number);

describe('dashboard/stays/list and search', () => {
  it('pages by stay number, sorts by arrival and departure either way', async () => {
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) all.push(...numbers((await t.get(`dashboard/stays/list?per_page=25&page=${page}`, staff)).json().rows));
    expect(all).toEqual(sortBy(ref, (r) => key(r.number), 1));
    for (const [sort, v] of [['arrival', (r: Ref) => r.arrival], ['departure', (r: Ref) => r.departure]] as const) {
      for (const [order, dir] of [['asc', 1], ['desc', -1]] as const) {
        const got = numbers((await t.get(`dashboard/stays/list?per_page=100&sort=${sort}&order=${order}`, staff)).json().rows);
        expect({ sort, order, got }).toEqual({ sort, order, got: sortBy(ref, v, dir) });
      }
    }
  });

  it('filters by location (start, any case), on site and date ranges', async () => {
    const onSite = (r: Ref) => r.arrival <= NOW && r.departure > NOW - DAY;
    const cases: [string, (r: Ref) => boolean][] = [
      ['location=a1', (r) => r.location.toLowerCase().startsWith('a1')],
      ['on_site=1', onSite],
      [`after_arrival=${NOW}&before_arrival=${NOW + 10 * DAY}`, (r) => r.arrival >= NOW && r.arrival < NOW + 10 * DAY],
      [`before_departure=${NOW}`, (r) => r.departure < NOW],
      ['client_number=1', (r) => r.client.startsWith('1')],
    ];
    for (const [query, keep] of cases) {
      const page = (await t.get(`dashboard/stays/list?per_page=100&${query}`, staff)).json();
      expect({ query, got: numbers(page.rows) }).toEqual({ query, got: sortBy(ref.filter(keep), (r) => key(r.number), 1) });
      expect(page.total).toBe(ref.filter(keep).length);
    }
    const search = (await t.post('dashboard/stays/search', { location: 'B', after_arrival: null, before_arrival: null }, staff)).json();
    expect(numbers(search.rows)).toEqual(sortBy(ref.filter((r) => r.location.startsWith('B')), (r) => key(r.number), 1));
  });

  it('finds a stay with its client and the app users who joined it; false when unknown', async () => {
    const found = (await t.post('dashboard/stays/find', { stay_number: '1040' }, staff)).json();
    expect(found).toMatchObject({ stay_number: '1040', client_number: '4', client: { lastname: 'Nom4' }, users: [{ email: 'rejoint@exemple.fr', firstname: 'Rose' }] });
    expect((await t.post('dashboard/stays/find', { stay_number: '9' }, staff)).json()).toBe(false);
    const byClient = (await t.post('dashboard/stays/find-by-client', { client_number: '5' }, staff)).json();
    expect(byClient.map((s: { stay_number: string }) => s.stay_number).sort()).toEqual(ref.filter((r) => r.client === '5').map((r) => r.number).sort());
  });

  it('needs the users flag; refuses bad paging with a French 400', async () => {
    const other = (await t.signIn({ stats: 1 })).cookie;
    expect((await t.get('dashboard/stays/list', other)).statusCode).toBe(403);
    expect((await t.post('dashboard/stays/find', { stay_number: '1040' }, other)).statusCode).toBe(403);
    const bad = await t.get('dashboard/stays/list?per_page=3', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Taille de page inconnue');
    expect((await t.post('dashboard/stays/find', {}, staff)).json().fields.stay_number).toBeTruthy();
  });
});

describe('large lists: dashboard/stays/count', () => {
  it('counts a page up to 1 000 matches (more beyond); the count call gives the exact figure for the same filters', async () => {
    const big = await testApp({ now: () => NOW });
    try {
      await addClient(big.deps, { client_number: '5000', lastname: 'Grand', firstname: 'Groupe', civility: 'female' });
      await addClient(big.deps, { client_number: '5001', lastname: 'Autre' });
      // 1 203 stays of one client on 'Z…' pitches, half of them on site; 300 more elsewhere
      await big.deps.db.execute(sql`
        INSERT INTO stays (stay_number, client_number, location, arrival, departure, participants, created_time, edited_time)
        SELECT (60000 + i)::text, '5000', 'Z' || (i % 50), ${NOW} + (CASE WHEN i % 2 = 0 THEN -2 ELSE 10 END) * ${DAY}, ${NOW} + 20 * ${DAY}, '[]', ${NOW}, ${NOW}
        FROM generate_series(1, 1203) AS i`);
      await big.deps.db.execute(sql`
        INSERT INTO stays (stay_number, client_number, location, arrival, departure, participants, created_time, edited_time)
        SELECT (70000 + i)::text, '5001', 'A' || i, ${NOW} - 40 * ${DAY}, ${NOW} - 30 * ${DAY}, '[]', ${NOW}, ${NOW}
        FROM generate_series(1, 300) AS i`);
      await addGuest(big.deps, { clientNumber: '5000', stayNumber: '60002', email: 'grand@exemple.fr', firstname: 'Gaëlle', lastname: 'Grand' });
      const cookie = (await big.signIn({ users: 1 })).cookie;
      const list = async (query: string) => (await big.get(`dashboard/stays/list?${query}`, cookie)).json();
      const count = async (query: string) => {
        const res = await big.get(`dashboard/stays/count?${query}`, cookie);
        expect(res.statusCode).toBe(200);
        return res.json();
      };

      // no filter: 1 503 stays
      expect(await list('per_page=50')).toMatchObject({ total: 1000, more: true, page: 1, per_page: 50 });
      expect(await count('')).toEqual({ total: 1503 });
      // 'z': 1 203, the last page past the cap still served
      const last = await list('location=z&per_page=500&page=3');
      expect(last).toMatchObject({ total: 1000, more: true });
      expect(last.rows).toHaveLength(203);
      expect(last.rows.every((r: StayRow) => r.location!.startsWith('Z'))).toBe(true);
      expect(await count('location=z')).toEqual({ total: 1203 });
      // the rows of a large page carry their client and users as the detail does
      const first = (await list('location=z&per_page=5&sort=stay_number')).rows;
      expect(first.map((r: StayRow) => r.stay_number)).toEqual(['60001', '60002', '60003', '60004', '60005']);
      expect(first[1]).toMatchObject({ client: { lastname: 'Grand', firstname: 'Groupe', civility: 'female' }, users: [{ email: 'grand@exemple.fr', firstname: 'Gaëlle' }] });
      expect(first[0]).toMatchObject({ participants: [], users: [] });
      expect(first[1]).not.toHaveProperty('n');
      // on site: the 601 even ones arrived two days ago; under the cap the page's total is exact
      expect(await list('location=z&on_site=1')).toMatchObject({ total: 601, more: false });
      expect(await count('location=z&on_site=1')).toEqual({ total: 601 });
      // date ranges, with a search (null bounds)
      expect(await count(`after_arrival=${NOW}&before_departure=${NOW + 30 * DAY}`)).toEqual({ total: 602 });
      expect(await count(`before_arrival=${NOW}`)).toEqual({ total: 901 });
      const searched = (await big.post('dashboard/stays/search', { location: 'Z', after_arrival: null, before_arrival: null, per_page: 10 }, cookie)).json();
      expect(searched).toMatchObject({ total: 1000, more: true });
      expect(await count('stay_number=6120')).toEqual({ total: 4 });
      expect(await list('stay_number=6120')).toMatchObject({ total: 4, more: false });
      expect(await count('location=nulle-part')).toEqual({ total: 0 });
      // filters are checked as the list's are
      const bad = await big.get('dashboard/stays/count?after_arrival=hier', cookie);
      expect(bad.statusCode).toBe(400);
    } finally {
      await big.close();
    }
  });

  it('the count call needs a staff session (401) with the users flag (403)', async () => {
    const other = (await t.signIn({ stats: 1, emails: 1, notifications: 1 })).cookie;
    expect((await t.get('dashboard/stays/count', other)).statusCode).toBe(403);
    expect((await t.get('dashboard/stays/count?location=a')).statusCode).toBe(401);
    expect((await t.get('dashboard/stays/count', staff)).json()).toEqual({ total: ref.length });
  });
});
