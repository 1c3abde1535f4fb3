import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, type WebappUser } from '@campsite/shared';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

const NOW = 1_750_000_000;
let t: TestApp;
let staff: string;
interface Ref {
  id: string;
  client: string;
  lastname: string;
  email: string;
  activate: boolean;
  created: number;
}
const ref: Ref[] = [];
const LAST = ['Lefèvre', 'lefevre', 'Müller', 'Dupont', 'Çelik', 'Martin', 'Émond'];

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  staff = (await t.signIn({ users: 1 })).cookie;
  for (let c = 1; c <= 12; c++) await addClient(t.deps, { client_number: String(c * 3) });
  await addStay(t.deps, { client_number: '3', stay_number: '700', arrival: NOW - 86400, departure: NOW + 5 * 86400, location: 'C9' });
  for (let i = 0; i < 40; i++) {
    const r = { id: '', client: String(((i % 12) + 1) * 3), lastname: LAST[i % LAST.length], email: `invite${String(i).padStart(2, '0')}@exemple.fr`, activate: i % 4 !== 0, created: NOW - i * 60 - (i % 3) };
    r.id = await addGuest(t.deps, { clientNumber: r.client, lastname: r.lastname, email: r.email, activate: r.activate, createdTime: r.created, editedTime: r.created, stayNumber: r.client === '3' ? '700' : null, notification: i === 0 });
    ref.push(r);
  }
});
afterAll(() => t.close());

const ids = (rows: WebappUser[]) => rows.map((u) => u._id);
const sorted = (list: Ref[], v: (r: Ref) => string | number, dir: 1 | -1) => [...list].sort((a, b) => (v(a) < v(b) ? -dir : v(a) > v(b) ? dir : a.id < b.id ? -dir : dir)).map((r) => r.id);

describe('webapp/users/list and search', () => {
  it('pages the newest first, sorts by client number, name, e-mail', async () => {
    const all: string[] = [];
    for (let page = 1; page <= 2; page++) all.push(...ids((await t.get(`webapp/users/list?per_page=25&page=${page}&order=desc`, staff)).json().rows));
    expect(all).toEqual(sorted(ref, (r) => r.created, -1));
    const byName = ids((await t.get('webapp/users/list?per_page=50&sort=lastname', staff)).json().rows);
    expect(byName).toEqual(sorted(ref, (r) => fold(r.lastname), 1));
    const byClient = ids((await t.get('webapp/users/list?per_page=50&sort=client_number&order=desc', staff)).json().rows);
    expect(byClient).toEqual(sorted(ref, (r) => r.client.padStart(24, '0'), -1));
  });

  it('filters by name (accents and case ignored), client number, e-mail and activation', async () => {
    const cases: [string, (r: Ref) => boolean][] = [
      ['lastname=LEFEVRE', (r) => fold(r.lastname).startsWith('lefevre')],
      ['lastname=emo', (r) => fold(r.lastname).startsWith('emo')],
      ['client_number=3', (r) => r.client.startsWith('3')],
      ['email=invite1', (r) => r.email.startsWith('invite1')],
      ['activate=no', (r) => !r.activate],
    ];
    for (const [query, keep] of cases) {
      const page = (await t.get(`webapp/users/list?per_page=50&sort=email&${query}`, staff)).json();
      expect({ query, got: ids(page.rows) }).toEqual({ query, got: sorted(ref.filter(keep), (r) => r.email, 1) });
    }
    const search = (await t.post('webapp/users/search', { lastname: 'müll', sort: 'email' }, staff)).json();
    expect(ids(search.rows)).toEqual(sorted(ref.filter((r) => r.lastname === 'Müller'), (r) => r.email, 1));
  });

  it('finds one user with their stay and notification flag; by client, by stay, by many clients', async () => {
    const u = (await t.post('webapp/users/find', { id: ref[0].id }, staff)).json();
    expect(u).toMatchObject({ _id: ref[0].id, client_number: '3', notification: true, stay: { stay_number: '700', location: 'C9' } });
    expect((await t.post('webapp/users/find', { id: 'inconnu' }, staff)).json()).toBe(false);
    const byClient = (await t.post('webapp/users/find-by-client', { client_number: '6' }, staff)).json();
    expect(byClient.map((x: WebappUser) => x._id).sort()).toEqual(ref.filter((r) => r.client === '6').map((r) => r.id).sort());
    const byStay = (await t.post('webapp/users/find-by-stay', { stay_number: '700' }, staff)).json();
    expect(byStay).toHaveLength(ref.filter((r) => r.client === '3').length);
    const many = (await t.post('webapp/users/find-many-by-clients', { clients: ['6', '9'] }, staff)).json();
    expect(many).toHaveLength(ref.filter((r) => r.client === '6' || r.client === '9').length);
  });

  it('needs the users flag (find-many-by-clients also serves the e-mail screens)', async () => {
    const other = (await t.signIn({ emails: 1 })).cookie;
    expect((await t.get('webapp/users/list', other)).statusCode).toBe(403);
    expect((await t.post('webapp/users/find', { id: ref[0].id }, other)).statusCode).toBe(403);
    expect((await t.post('webapp/users/find-many-by-clients', { clients: ['6'] }, other)).statusCode).toBe(200);
  });
});

describe('large lists: webapp/users/count', () => {
  it('counts a page up to 1 000 matches (more beyond); the count call gives the exact figure for the same filters', async () => {
    const big = await testApp({ now: () => NOW });
    try {
      await addClient(big.deps, { client_number: '42' });
      await addStay(big.deps, { client_number: '42', stay_number: '4200', arrival: NOW - 86400, departure: NOW + 86400, location: 'P4' });
      // 1 250 'Nombreux' (one in five not activated, the first ten on stay 4200), 200 others
      await big.deps.db.execute(sql`
        INSERT INTO webapp_users (id, client_number, firstname, lastname, email, activate, stay_number, created_time, edited_time)
        SELECT md5('n' || i)::varchar(24), '42', 'Invité', CASE WHEN i % 2 = 0 THEN 'Nombreux' ELSE 'Nombreüx' END, 'nombreux' || i || '@exemple.fr',
          i % 5 <> 0, CASE WHEN i <= 10 THEN '4200' END, ${NOW} - i, ${NOW} - i
        FROM generate_series(1, 1250) AS i`);
      await big.deps.db.execute(sql`
        INSERT INTO webapp_users (id, client_number, firstname, lastname, email, activate, created_time, edited_time)
        SELECT md5('a' || i)::varchar(24), NULL, 'Invité', 'Autre', 'autre' || i || '@exemple.fr', true, ${NOW} - 5000 - i, ${NOW}
        FROM generate_series(1, 200) AS i`);
      const cookie = (await big.signIn({ users: 1 })).cookie;
      const list = async (query: string) => (await big.get(`webapp/users/list?${query}`, cookie)).json();
      const count = async (query: string) => {
        const res = await big.get(`webapp/users/count?${query}`, cookie);
        expect(res.statusCode).toBe(200);
        return res.json();
      };

      expect(await list('')).toMatchObject({ total: 1000, more: true, page: 1, per_page: 50 });
      expect(await count('')).toEqual({ total: 1450 });
      // accents and case ignored, as the list
      const last = await list('lastname=NOMBREUX&per_page=500&page=3');
      expect(last).toMatchObject({ total: 1000, more: true });
      expect(last.rows).toHaveLength(250);
      expect(await count('lastname=NOMBREUX')).toEqual({ total: 1250 });
      expect(await count('lastname=nombreux&activate=yes')).toEqual({ total: 1000 });
      expect(await list('lastname=nombreux&activate=yes')).toMatchObject({ total: 1000, more: false });
      expect(await count('lastname=nombreux&activate=no')).toEqual({ total: 250 });
      expect(await list('activate=no')).toMatchObject({ total: 250, more: false });
      expect(await count('client_number=42&email=nombreux1')).toEqual({ total: 1 + 10 + 100 + 251 });
      expect(await count('lastname=personne')).toEqual({ total: 0 });
      // the newest first, each with its stay (or null) and notification flag
      const newest = (await list('per_page=10&order=desc')).rows as WebappUser[];
      expect(newest.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => `nombreux${i + 1}@exemple.fr`));
      expect(newest[0]).toMatchObject({ stay: { stay_number: '4200', location: 'P4', arrival: NOW - 86400, departure: NOW + 86400, arrival_time: null }, notification: false });
      expect((await list('per_page=50&page=1&sort=lastname')).rows[0]).toMatchObject({ lastname: 'Autre', stay: null, client_number: null });
      expect(newest[0]).not.toHaveProperty('password_hash');
      const searched = (await big.post('webapp/users/search', { lastname: 'nomb', per_page: 10 }, cookie)).json();
      expect(searched).toMatchObject({ total: 1000, more: true });
      expect((await big.get('webapp/users/count?activate=peut-etre', cookie)).statusCode).toBe(400);
    } finally {
      await big.close();
    }
  });

  it('the count call needs a staff session (401) with the users flag (403)', async () => {
    const other = (await t.signIn({ emails: 1, notifications: 1, stats: 1 })).cookie;
    expect((await t.get('webapp/users/count', other)).statusCode).toBe(403);
    expect((await t.get('webapp/users/count?lastname=a')).statusCode).toBe(401);
    expect((await t.get('webapp/users/count?activate=no', staff)).json()).toEqual({ total: ref.filter((r) => !r.activate).length });
  });
});
