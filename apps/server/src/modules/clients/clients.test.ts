import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, type ClientCard } from '@campsite/shared';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

const NOW = 1_750_000_000; // 15 June 2025
const DAY = 86400;
let t: TestApp;
let staff: string;

// A deterministic population: names with accents and case, stays over the season, guests.
const LAST = ['Lefèvre', 'lefevre', 'Élodie', 'Müller', 'Dupont', 'Çelik', 'Østergaard', "N'Diaye", 'Martin', 'Le Gall', 'García', 'dupond'];
const FIRST = ['Élodie', 'Jean', 'Zoé', 'Hélène', 'Luc', 'Ana'];
interface Ref {
  number: string;
  lastname: string;
  firstname: string;
  type: 'tourist' | 'resident';
  stays: { arrival: number; departure: number; location: string }[];
  users: number;
  notif: number;
  phone: string;
}
const ref: Ref[] = [];

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  staff = (await t.signIn({ users: 1 })).cookie;
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 1; i <= 137; i++) {
    const number = String(i * 7);
    const r: Ref = {
      number,
      lastname: LAST[rnd(LAST.length)],
      firstname: FIRST[rnd(FIRST.length)],
      type: rnd(5) === 0 ? 'resident' : 'tourist',
      stays: [],
      users: 0,
      notif: 0,
      phone: `+33 6 ${String(10 + rnd(89))} ${String(10 + rnd(89))} 00 ${String(i).padStart(2, '0')}`,
    };
    await addClient(t.deps, { client_number: number, lastname: r.lastname, firstname: r.firstname, client_type: r.type, phone1: r.phone, email1: `${fold(r.firstname)}.${i}@exemple.fr` });
    for (let s = 0, n = rnd(3); s < n; s++) {
      const arrival = NOW + (rnd(120) - 60) * DAY;
      const stay = { arrival, departure: arrival + (1 + rnd(14)) * DAY, location: `${'ABC'[rnd(3)]}${1 + rnd(40)}` };
      r.stays.push(stay);
      await addStay(t.deps, { client_number: number, stay_number: `${number}-${s}`, ...stay });
    }
    for (let u = 0, n = rnd(3); u < n; u++) {
      const notification = rnd(2) === 0;
      await addGuest(t.deps, { clientNumber: number, email: `g${i}-${u}@exemple.fr`, notification });
      r.users++;
      if (notification) r.notif++;
    }
    ref.push(r);
  }
});
afterAll(() => t.close());

const key = (n: string) => n.padStart(24, '0');
// the latest stay: greatest arrival, then greatest stay number (the later of the client's stays here)
const latest = (r: Ref) => r.stays.map((s, i) => ({ ...s, i })).sort((a, b) => b.arrival - a.arrival || b.i - a.i)[0];
function sortRef(list: Ref[], sort: 'client_number' | 'arrival' | 'departure' | 'location', order: 'asc' | 'desc'): string[] {
  const value = (r: Ref): string | number | null => (sort === 'client_number' ? key(r.number) : (latest(r)?.[sort] ?? null));
  const dir = order === 'asc' ? 1 : -1;
  return [...list]
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null || vb === null) return va === vb ? (key(a.number) < key(b.number) ? -dir : dir) : va === null ? 1 : -1;
      if (va !== vb) return va < vb ? -dir : dir;
      return key(a.number) < key(b.number) ? -dir : dir;
    })
    .map((r) => r.number);
}

async function list(query: string): Promise<{ rows: ClientCard[]; total: number; page: number; per_page: number }> {
  const res = await t.get(`dashboard/clients/list?${query}`, staff);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('dashboard/clients/list', () => {
  it('pages by client number (numeric order) by default, 50 a page', async () => {
    const expected = sortRef(ref, 'client_number', 'asc');
    const p1 = await list('');
    expect(p1.total).toBe(137);
    expect(p1.per_page).toBe(50);
    expect(p1.rows.map((r) => r.client_number)).toEqual(expected.slice(0, 50));
    const p3 = await list('page=3');
    expect(p3.rows.map((r) => r.client_number)).toEqual(expected.slice(100, 137));
  });

  it('sorts by arrival, departure and location of the latest stay, either way, files without stays last', async () => {
    for (const sort of ['arrival', 'departure', 'location'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = sortRef(ref, sort, order);
        const all: string[] = [];
        for (let page = 1; page <= 6; page++) all.push(...(await list(`sort=${sort}&order=${order}&per_page=25&page=${page}`)).rows.map((r) => r.client_number));
        expect({ sort, order, all }).toEqual({ sort, order, all: expected });
      }
    }
  });

  it('finds a last name whatever its accents and case, from its start', async () => {
    for (const typed of ['lefevre', 'LEFÈVRE', 'élo', 'muller', 'celik', 'oster', 'dupon']) {
      const expected = ref.filter((r) => fold(r.lastname).startsWith(fold(typed))).map((r) => r.number);
      const page = await list(`lastname=${encodeURIComponent(typed)}&per_page=500`);
      expect({ typed, got: page.rows.map((r) => r.client_number).sort() }).toEqual({ typed, got: expected.sort() });
      expect(page.total).toBe(expected.length);
    }
  });

  it('combines filters: type, stays, users, on site, arrival range, phone digits', async () => {
    const onSite = (r: Ref) => r.stays.some((s) => s.arrival <= NOW && s.departure > NOW - DAY);
    const cases: [string, (r: Ref) => boolean][] = [
      ['client_type=resident', (r) => r.type === 'resident'],
      ['stays=without', (r) => r.stays.length === 0],
      ['stays=with&users=without', (r) => r.stays.length > 0 && r.users === 0],
      ['on_site=1', onSite],
      ['on_site=1&client_type=tourist', (r) => onSite(r) && r.type === 'tourist'],
      // one same stay on site and at that location
      ['on_site=1&location=b', (r) => r.stays.some((s) => s.arrival <= NOW && s.departure > NOW - DAY && s.location.toLowerCase().startsWith('b'))],
      [`after_arrival=${NOW}&before_arrival=${NOW + 20 * DAY}`, (r) => r.stays.some((s) => s.arrival >= NOW && s.arrival < NOW + 20 * DAY)],
      ['location=a1', (r) => r.stays.some((s) => s.location.toLowerCase().startsWith('a1'))],
      ['phone=00 05', (r) => r.phone.replace(/\D/g, '').includes('005')],
      ['phone=06 1', (r) => r.phone.replace(/\D/g, '').includes('61')],
    ];
    for (const [query, keep] of cases) {
      const expected = sortRef(ref.filter(keep), 'client_number', 'asc');
      const page = await list(`${query}&per_page=500`);
      expect({ query, got: page.rows.map((r) => r.client_number) }).toEqual({ query, got: expected });
      expect(page.total).toBe(expected.length);
    }
  });

  it('carries each card with its stays (latest first) and users with their notification flag', async () => {
    const r = ref.find((x) => x.stays.length === 2 && x.users > 0)!;
    const card = (await list(`client_number=${r.number}&per_page=5`)).rows.find((c) => c.client_number === r.number)!;
    expect(card.stays.map((s) => s.arrival)).toEqual(r.stays.map((s) => s.arrival).sort((a, b) => b - a));
    expect(card.users).toHaveLength(r.users);
    expect(card.users.filter((u) => u.notification)).toHaveLength(r.notif);
    expect(card.activation_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses an unknown page size or sort with a French 400', async () => {
    const res = await t.get('dashboard/clients/list?per_page=7', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Taille de page inconnue');
    expect((await t.get('dashboard/clients/list?sort=password', staff)).statusCode).toBe(400);
  });
});

describe('counters, numbers, find, search', () => {
  it('counts files, stays, users and notifications for the filters', async () => {
    const tourists = ref.filter((r) => r.type === 'tourist');
    const res = await t.get('dashboard/clients/counts?client_type=tourist', staff);
    expect(res.json()).toEqual({
      clients: tourists.length,
      stays: tourists.reduce((n, r) => n + r.stays.length, 0),
      users: tourists.reduce((n, r) => n + r.users, 0),
      notifications: tourists.reduce((n, r) => n + r.notif, 0),
    });
  });

  it('gives every matching number for a selection across pages', async () => {
    const res = await t.get('dashboard/clients/numbers?stays=with', staff);
    expect(res.json()).toEqual(sortRef(ref.filter((r) => r.stays.length > 0), 'client_number', 'asc'));
  });

  it('finds one client by number, false when unknown; find-many keeps number order', async () => {
    const r = ref[10];
    const found = (await t.post('dashboard/clients/find', { client_number: r.number }, staff)).json();
    expect(found).toMatchObject({ client_number: r.number, lastname: r.lastname, firstname: r.firstname });
    expect(found.stays).toHaveLength(r.stays.length);
    expect((await t.post('dashboard/clients/find', { client_number: 'nope' }, staff)).json()).toBe(false);
    const many = (await t.post('dashboard/clients/find-many', { clients: [ref[3].number, ref[1].number, 'nope'] }, staff)).json();
    expect(many.map((c: { client_number: string }) => c.client_number)).toEqual([ref[1].number, ref[3].number]);
  });

  it('searches with the spec body (client_ids, lastname, after/before on arrival)', async () => {
    const ids = ref.slice(0, 20).map((r) => r.number);
    const res = (await t.post('dashboard/clients/search', { client_ids: ids, lastname: 'DUPON', after: null, before: null }, staff)).json();
    const expected = ref.slice(0, 20).filter((r) => fold(r.lastname).startsWith('dupon')).map((r) => r.number);
    expect(res.rows.map((c: ClientCard) => c.client_number).sort()).toEqual(expected.sort());
  });
});

describe('access', () => {
  it('needs the users flag (403) and a staff session (401); a guest session is no staff session', async () => {
    const other = (await t.signIn({ emails: 1 })).cookie;
    for (const [method, path] of [
      ['GET', 'dashboard/clients/list'],
      ['GET', 'dashboard/clients/counts'],
      ['GET', 'dashboard/clients/numbers'],
      ['POST', 'dashboard/clients/find'],
      ['POST', 'dashboard/clients/search'],
      ['GET', 'dashboard/stays/list'],
      ['GET', 'webapp/users/list'],
    ] as const) {
      const res = method === 'GET' ? await t.get(path, other) : await t.post(path, { client_number: '7' }, other);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 403 });
    }
    // find-many serves the e-mail screen too
    expect((await t.post('dashboard/clients/find-many', { clients: ['7'] }, other)).statusCode).toBe(200);
  });
});

describe('search keys', () => {
  it('fold() in JavaScript and people_fold() in PostgreSQL agree on every letter they change', async () => {
    const letters = "ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈČçćĉčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĥÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšȘșŢŤţťȚțÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżžŒœÆæß' -";
    const res = await t.deps.db.execute(sql`SELECT people_fold(${letters}) AS f`);
    expect((res as unknown as { rows: { f: string }[] }).rows[0].f).toBe(fold(letters));
  });
});

describe('large lists', () => {
  it('counts a page up to 1 000 matches (more beyond), the counters giving the exact figure', async () => {
    const big = await testApp({ now: () => NOW });
    try {
      const { upsertClients } = await import('../imports/imports.repository');
      await upsertClients(big.deps.db, Array.from({ length: 1203 }, (_, i) => ({ client_number: String(70000 + i), lastname: 'Nombreux' })), 'test', NOW);
      const cookie = (await big.signIn({ users: 1 })).cookie;
      const page = (await big.get('dashboard/clients/list?per_page=500&page=3', cookie)).json();
      expect(page).toMatchObject({ total: 1000, more: true });
      expect(page.rows).toHaveLength(203);
      expect((await big.get('dashboard/clients/counts', cookie)).json().clients).toBe(1203);
      expect((await big.get('dashboard/clients/list?client_number=7000', cookie)).json()).toMatchObject({ total: 10, more: false });
    } finally {
      await big.close();
    }
  });
});

describe('on site as stays change', () => {
  it('follows a stay moved by an import, a second stay added and the last day of a stay', async () => {
    const onSite = async () => (await list('on_site=1&per_page=500')).rows.map((r) => r.client_number);
    await addClient(t.deps, { client_number: '990001', lastname: 'Mobile' });
    await addStay(t.deps, { client_number: '990001', stay_number: '990001-a', arrival: NOW - 3 * DAY, departure: NOW + 2 * DAY });
    expect(await onSite()).toContain('990001');
    // the PMS moves the stay to next month: not on site any more
    await addStay(t.deps, { client_number: '990001', stay_number: '990001-a', arrival: NOW + 30 * DAY, departure: NOW + 35 * DAY });
    expect(await onSite()).not.toContain('990001');
    // a second stay, ending today (its departure day is not over): on site again, while the latest stay is next month's
    await addStay(t.deps, { client_number: '990001', stay_number: '990001-b', arrival: NOW - 6 * DAY, departure: NOW - (NOW % DAY) });
    expect(await onSite()).toContain('990001');
    const [card] = (await list('client_number=990001')).rows;
    expect(card.stays.map((x) => x.stay_number)).toEqual(['990001-a', '990001-b']);
  });
});
