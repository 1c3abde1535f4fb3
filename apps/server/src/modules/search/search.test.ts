import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE, VALIDATION, search } from '@campsite/shared';
import { readRows } from '../../db/rows';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { phoneKey } from './search.repository';

// The top bar's global search (issue 33, docs/search.md): one field finds a stay by its client's name (without
// accents or case), its stay or client number, its pitch, the client's e-mail or phone; stays on site first.

// Wednesday 1 July 2026, 08:00 in Paris
const at = (iso: string) => Date.parse(iso) / 1000;
const NOW = at('2026-07-01T06:00:00Z');
const midnight = (day: string) => at(`${day}T00:00:00+02:00`);
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  staff = (await t.signIn({ users: 1 })).cookie;
  // Hélène Lefèvre: on pitch B12 now, on A03 last year; her daughter's account has its own address
  await addClient(t.deps, { client_number: '5120', lastname: 'Lefèvre', firstname: 'Hélène', email1: 'helene.lefevre@example.test', phone1: '+33 6 12 34 56 78' });
  await addStay(t.deps, { client_number: '5120', stay_number: '7701', location: 'A03', arrival: midnight('2025-07-01'), departure: midnight('2025-07-10') });
  await addStay(t.deps, { client_number: '5120', stay_number: '8812', location: 'B12', arrival: midnight('2026-06-29'), departure: midnight('2026-07-08') });
  await addGuest(t.deps, { email: 'zoe.l@example.test', firstname: 'Zoé', lastname: 'Lefèvre', clientNumber: '5120' });
  // Jean Dupont comes on the 10th
  await addClient(t.deps, { client_number: '5121', lastname: 'Dupont', firstname: 'Jean', email1: 'jd@example.test', phone2: '06.98.76.54.32' });
  await addStay(t.deps, { client_number: '5121', stay_number: '8813', location: 'C7', arrival: midnight('2026-07-10'), departure: midnight('2026-07-17') });
  // Élodie Garçon has no stay
  await addClient(t.deps, { client_number: '6001', lastname: 'Garçon', firstname: 'Élodie', email1: 'elodie@example.test' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const find = async (q: string) => (await t.call(search.find, { q }, staff)).answer();
const stayNumbers = async (q: string) => (await find(q)).stays.map((s) => s.stay_number);

describe('the global search (issue 33)', () => {
  it('finds a name without accents or case, whole or in two words in either order: on site first, then gone', async () => {
    const found = await find('helene');
    expect(found.stays).toEqual([
      { stay_number: '8812', client_number: '5120', firstname: 'Hélène', lastname: 'Lefèvre', location: 'B12', arrival: midnight('2026-06-29'), departure: midnight('2026-07-08'), when: 'current' },
      { stay_number: '7701', client_number: '5120', firstname: 'Hélène', lastname: 'Lefèvre', location: 'A03', arrival: midnight('2025-07-01'), departure: midnight('2025-07-10'), when: 'gone' },
    ]);
    expect(found.clients).toEqual([]);
    for (const q of ['LEFEVRE', 'lefè', 'Lefèvre Hél', 'hélène lef', '  HELENE   LEFEVRE ']) expect(await stayNumbers(q), q).toEqual(['8812', '7701']);
    // the first name of one and the last name of another is nobody
    expect(await stayNumbers('jean lefevre')).toEqual([]);
    // an account's name reaches its client's stays (each stay once)
    expect(await stayNumbers('zoe')).toEqual(['8812', '7701']);
    // one letter is no name: too many would match
    expect(await find('h')).toEqual({ stays: [], clients: [] });
  });

  it('finds a stay number, a client number and a pitch (whole, any case)', async () => {
    expect(await stayNumbers('7701')).toEqual(['7701']);
    expect(await stayNumbers('5121')).toEqual(['8813']);
    expect(await stayNumbers('b12')).toEqual(['8812']);
    expect(await stayNumbers('c7')).toEqual(['8813']);
    expect((await find('8813')).stays[0]).toMatchObject({ firstname: 'Jean', lastname: 'Dupont', when: 'coming' });
  });

  it("finds the start of the client's or an account's e-mail, and of a phone however it is written", async () => {
    expect(await stayNumbers('Helene.Lef')).toEqual(['8812', '7701']);
    expect(await stayNumbers('zoe.l@')).toEqual(['8812', '7701']);
    expect(await stayNumbers('jd@example')).toEqual(['8813']);
    for (const q of ['06 12 34', '0612', '+33 6 12 34 56 78', '0033612']) expect(await stayNumbers(q), q).toEqual(['8812', '7701']);
    expect(await stayNumbers('06 98 76')).toEqual(['8813']);
    // three digits are too few to be a phone
    expect(await stayNumbers('061')).toEqual([]);
  });

  it('lists a client without a stay after the stays, with its e-mail', async () => {
    expect(await find('elodie garcon')).toEqual({ stays: [], clients: [{ client_number: '6001', firstname: 'Élodie', lastname: 'Garçon', email: 'elodie@example.test' }] });
    expect((await find('6001')).clients.map((c) => c.client_number)).toEqual(['6001']);
  });

  it('answers 8 results at most, the stays on site first', async () => {
    for (let i = 0; i < 6; i++) {
      const client_number = String(7000 + i);
      await addClient(t.deps, { client_number, lastname: 'Capdevielle', firstname: `Enfant ${i}` });
      // one stay on site, the other of last year
      await addStay(t.deps, { client_number, stay_number: `90${i}0`, arrival: midnight('2025-08-01'), departure: midnight('2025-08-05') });
      await addStay(t.deps, { client_number, stay_number: `90${i}1`, arrival: midnight('2026-06-30'), departure: midnight('2026-07-02') });
    }
    await addClient(t.deps, { client_number: '7100', lastname: 'Capdevielle', firstname: 'Sans séjour' });
    const found = await find('capdev');
    expect(found.stays).toHaveLength(8);
    expect(found.stays.slice(0, 6).every((s) => s.when === 'current')).toBe(true);
    expect(found.stays.slice(6).every((s) => s.when === 'gone')).toBe(true);
    expect(found.clients).toEqual([]);
  });

  it('is refused without a session or without the users flag', async () => {
    expect((await t.call(search.find, { q: 'helene' })).statusCode).toBe(401);
    const other = (await t.signIn({ services: 1, emails: 1 })).cookie;
    const res = await t.call(search.find, { q: 'helene' }, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CORE.forbidden);
  });

  it('refuses what no keyboard types or an overlong text in French, and finds nothing with LIKE wildcards', async () => {
    expect400(await t.get(`dashboard/search?q=${encodeURIComponent('hel\0ene')}`, staff), 'q', VALIDATION.badCharacter);
    expect400(await t.get(`dashboard/search?q=${'a'.repeat(10_000)}`, staff), 'q', VALIDATION.textTooLong(80));
    expect400(await t.get('dashboard/search?q=%20%20', staff), 'q', VALIDATION.required);
    expect400(await t.get('dashboard/search', staff), 'q', VALIDATION.required);
    // '%' and '_' are letters here, not 'anything'
    for (const q of ['%', '_', '%%', 'h_l', 'l%', '\\']) expect(await find(q), q).toEqual({ stays: [], clients: [] });
  });

  it('folds a typed phone as the database folds a stored one', async () => {
    const samples = ['+33 6 12 34 56 78', '0033 6 12', '06.12.34', '(0)6 12', '+49 170 1234', '0049 170', '612', 'abc', '', '+33'];
    const rows = await readRows<{ k: string | null }>(t.deps.db, sql`SELECT people_phone_key(x) AS k FROM unnest(${sql.param(samples)}::text[]) WITH ORDINALITY AS u(x, i) ORDER BY i`);
    expect(rows.map((r) => r.k ?? '')).toEqual(samples.map(phoneKey));
  });
});
