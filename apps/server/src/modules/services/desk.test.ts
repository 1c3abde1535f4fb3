import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../../db/rows';
import { SERVICES, guestServices, serviceReservations } from '@campsite/shared';
import { serviceReservations as bookingsT } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';

// A booking made at the desk (issue 32): the client number typed in is kept, and it reaches the guest's
// app and mail by itself; the desk finds the guest by name, pitch, stay or client number in one field.

// Wednesday 1 July 2026, 08:00 in Paris
const at = (iso: string) => Date.parse(iso) / 1000;
const NOW = at('2026-07-01T06:00:00Z');
const midnight = (day: string) => at(`${day}T00:00:00+02:00`);
let t: TestApp;
let smtp: MailServer;
let staff: string;
let family: { karl: string; anna: string };
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ plan: 'premium', mailer: smtp.mailer, now: () => NOW });
  staff = (await t.signIn({ services: 1 })).cookie;
  family = await webers();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A kayak benefit that asks nothing of the guest, with one worker. */
async function kayak() {
  const s = await makeService(t, staff);
  const b = await makeBenefit(t, staff, s._id, { client_number: false, identity: false, phone: false, age: false });
  const w = await makeWorker(t, staff, s._id, [b._id]);
  return { s, b, w };
}

/** The Weber family: client 5120 on pitch B12 from 29 June to 8 July, a past stay of 2025, and two accounts. */
async function webers() {
  await addClient(t.deps, { client_number: '5120', lastname: 'Weber', firstname: 'Karl', phone1: ' ', phone2: '+49 170 1234' });
  const old = await addStay(t.deps, { client_number: '5120', stay_number: '7701', location: 'A03', arrival: midnight('2025-07-01'), departure: midnight('2025-07-10') });
  await addStay(t.deps, { client_number: '5120', stay_number: '8812', location: 'B12', arrival: midnight('2026-06-29'), departure: midnight('2026-07-08') });
  // the father's account joined last year's stay; the mother's, made later, joined this one
  const karl = await addGuest(t.deps, { email: 'karl@example.test', firstname: 'Karl', lastname: 'Weber', clientNumber: '5120', stayNumber: old, langage: 'de' });
  const anna = await addGuest(t.deps, { email: 'anna.weber@example.test', firstname: 'Anna', lastname: 'Weber', clientNumber: '5120', stayNumber: '8812', langage: 'de', password: 'vacances-2025' });
  // an account never activated is nobody's app
  await addGuest(t.deps, { email: 'inactif@example.test', clientNumber: '5120', activate: false });
  return { karl, anna };
}

describe('the desk books for a guest (issue 32)', () => {
  it('keeps the client number typed in and reaches the account of the stay: app and mail', async () => {
    const { s, b, w } = await kayak();
    const { anna } = family;
    const saved = (await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-02T07:00:00Z'), client_number: ' 5120 ', user: null }, staff)).answer();
    expect(saved).toMatchObject({ client_number: '5120', user: anna, from: 'dashboard' });
    // the guest sees it in the app
    const cookie = String([(await t.post('webapp/account/login', { email: 'anna.weber@example.test', password: 'vacances-2025' })).headers['set-cookie']].flat()[0]).split(';')[0];
    const mine = (await t.call(guestServices.bookings, {}, cookie)).answer();
    expect(mine.map((x) => x._id)).toEqual([saved && saved._id]);
    // and receives the confirmation, in German
    await t.deps.jobs.runDue();
    await smtp.waitFor(1);
    expect(smtp.mails.find((m) => m.to.includes('anna.weber@example.test'))).toBeDefined();
  });

  it('a chosen account fills the client number; a number without account links nobody', async () => {
    const { s, b, w } = await kayak();
    const { karl } = family;
    const base = { service: s._id, service_worker: w._id, service_benefit: b._id };
    const chosen = (await t.call(serviceReservations.submit, { ...base, start: at('2026-07-02T08:00:00Z'), user: karl }, staff)).answer();
    expect(chosen).toMatchObject({ user: karl, client_number: '5120' });
    await addClient(t.deps, { client_number: '6001', lastname: 'Sans compte' });
    const alone = (await t.call(serviceReservations.submit, { ...base, start: at('2026-07-02T09:00:00Z'), client_number: '6001' }, staff)).answer();
    expect(alone).toMatchObject({ user: null, client_number: '6001' });
  });

  it('refuses a client number that is not a number, in French, and writes nothing', async () => {
    const { s, b, w } = await kayak();
    const before = (await t.deps.db.select().from(bookingsT)).length;
    const res = await t.post('webapp/service_reservations/submit', { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-03T07:00:00Z'), client_number: 'B12' }, staff);
    expect400(res, 'client_number', SERVICES.clientNumberDigits);
    expect((await t.deps.db.select().from(bookingsT)).length).toBe(before);
  });
});

describe("the desk's one search field (issue 32)", () => {
  it('finds the stay by name, pitch, stay or client number, on site first, with the account a booking reaches', async () => {
    await addClient(t.deps, { client_number: '5300', lastname: 'Wéber-Lang', firstname: 'Élodie' });
    await addStay(t.deps, { client_number: '5300', stay_number: '9001', location: 'C01', arrival: midnight('2026-07-20'), departure: midnight('2026-07-27') });
    const find = async (q: string) => (await t.call(serviceReservations.guests, { q }, staff)).answer();
    const byName = await find('weber');
    // on site now, then coming, then gone
    expect(byName.map((x) => x.stay_number)).toEqual(['8812', '9001', '7701']);
    const [here] = byName;
    expect(here).toMatchObject({ client_number: '5120', location: 'B12', firstname: 'Karl', lastname: 'Weber', phone: '+49 170 1234' });
    expect(here.users.map((u) => u.email).sort()).toEqual(['anna.weber@example.test', 'karl@example.test']);
    expect(here.users.find((u) => u._id === here.user)?.email).toBe('anna.weber@example.test');
    // last year's stay reaches the account that joined it
    expect(byName[2].users.find((u) => u._id === byName[2].user)?.email).toBe('karl@example.test');
    expect((await find('b12')).map((x) => x.stay_number)).toEqual(['8812']);
    expect((await find('8812')).map((x) => x.stay_number)).toEqual(['8812']);
    expect((await find('5300')).map((x) => x.stay_number)).toEqual(['9001']);
    expect((await find('elod')).map((x) => x.stay_number)).toEqual(['9001']);
    // an account's first name finds its family's stays
    expect((await find('anna')).map((x) => x.stay_number)).toEqual(['8812', '7701']);
    expect(await find('personne')).toEqual([]);
  });

  it('finds the eight nearest stays of a name thousands of clients share, as for a rare name', async () => {
    const today = midnight('2026-07-01');
    await t.deps.db.execute(sql`INSERT INTO clients (client_number, activation_code, lastname, firstname, created_time, edited_time)
      SELECT (60000 + i)::text, 'NMBX' || lpad(i::text, 6, '0'), 'Nombreux', 'Jean', ${NOW}, ${NOW} FROM generate_series(1, 2100) AS i`);
    await t.deps.db.execute(sql`INSERT INTO stays (stay_number, client_number, location, arrival, departure, created_time, edited_time)
      SELECT (70000 + i)::text, (60000 + i)::text, 'N' || i, ${today} + ((i * 37) % 120 - 60) * 86400, ${today} + ((i * 37) % 120 - 58 + i % 9) * 86400, ${NOW}, ${NOW}
      FROM generate_series(1, 2100) AS i`);
    const all = await readRows<{ stay_number: string; arrival: number; departure: number }>(
      t.deps.db,
      sql`SELECT stay_number, arrival, departure FROM stays WHERE client_number::int BETWEEN 60001 AND 62100`,
    );
    const branch = (x: { arrival: number; departure: number }) => (x.arrival <= today && x.departure >= today ? 0 : x.arrival > today ? 1 : 2);
    const expected = all
      .sort((a, b) => branch(a) - branch(b) || Math.abs(a.arrival - today) - Math.abs(b.arrival - today) || (a.stay_number < b.stay_number ? -1 : 1))
      .slice(0, 8)
      .map((x) => x.stay_number);
    const found = (await t.call(serviceReservations.guests, { q: 'nombr' }, staff)).answer();
    expect(found.map((x) => x.stay_number)).toEqual(expected);
    expect(found[0]).toMatchObject({ lastname: 'Nombreux', firstname: 'Jean', arrival: expect.any(Number) });
  });

  it('is for staff with the services flag', async () => {
    const other = (await t.signIn({ users: 1 })).cookie;
    expect((await t.call(serviceReservations.guests, { q: 'weber' }, other)).statusCode).toBe(403);
    expect((await t.get('dashboard/service_reservations/guests?q=weber')).statusCode).toBe(401);
  });
});
