import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayRow } from '@campsite/shared';
import { addClient, addGuest, addStay } from '../../testing/people';
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
