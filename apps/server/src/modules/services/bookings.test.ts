import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVICES, guestServices, serviceProducts as serviceProducts_, serviceReservations, services } from '@campsite/shared';
import { jobs, serviceProducts, serviceReservations as bookingsT } from '../../db/schema';
import { DEFAULT_ADMIN, setEntry } from '../../platform/settings/settings.repository';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { ALL_YEAR, addStayingGuest, dailyHours, makeBenefit, makeProduct, makeService, makeWorker } from '../../testing/fixtures/services';

// Wednesday 1 July 2026, 08:00 in Paris (06:00 UTC); the slots below are worked out in UTC (Paris = UTC+2).
const at = (iso: string) => Date.parse(iso) / 1000;
const NOW = at('2026-07-01T06:00:00Z');
const clock = { value: NOW };
let t: TestApp;
let smtp: MailServer;
let staff: string;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ plan: 'premium', mailer: smtp.mailer, now: () => clock.value });
  staff = (await t.signIn({ services: 1 })).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
/** A guest on site: a stay from 29 June to 8 July (a guest books for their stay). */
async function guest(email: string, langage = 'fr', stay: { arrival?: number; departure?: number } = {}) {
  const { id } = await addStayingGuest(t.deps, { email, langage, ...stay });
  return { id, cookie: await login(email) };
}
const login = async (email: string) => cookieOf(await t.post('webapp/account/login', { email, password: 'vacances-2025' }));
/** A kayak benefit 09:00–12:00 (60 min, 2 places) with one worker 08:00–18:00. */
async function kayak(over: Parameters<typeof makeBenefit>[3] = {}) {
  const s = await makeService(t, staff);
  const b = await makeBenefit(t, staff, s._id, over);
  const w = await makeWorker(t, staff, s._id, [b._id]);
  return { s, b, w };
}
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16);

describe('free slots for the guest app', () => {
  it('answers the grid of the coming days with places, after now plus the cut-off', async () => {
    const { s, b } = await kayak();
    const slots = (await t.call(guestServices.slots, { benefit: b._id, from: NOW, days: 2 })).answer() || [];
    expect(slots.map((x) => [iso(x.start), x.places])).toEqual([
      ['2026-07-01T07:00', 2], ['2026-07-01T08:00', 2], ['2026-07-01T09:00', 2],
      ['2026-07-02T07:00', 2], ['2026-07-02T08:00', 2], ['2026-07-02T09:00', 2],
    ]);
    // a cut-off of 2 hours at 08:00: the 09:00 is closed, the 10:00 open
    await t.call(services.updateDuration, { id: s._id, open_dates: ALL_YEAR, open_hours: [dailyHours('08:00', '20:00')], duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 2, translations: [{ lang: 'fr', location: 'Ponton' }] }, staff);
    const later = (await t.call(guestServices.slots, { benefit: b._id, from: NOW, days: 1 })).answer() || [];
    expect(later.map((x) => iso(x.start))).toEqual(['2026-07-01T08:00', '2026-07-01T09:00']);
    expect((await t.call(guestServices.slots, { benefit: '000000000000000000000000', from: NOW })).answer()).toBe(false);
    // an activity reaches its benefit's service
    expect((await t.call(guestServices.find, { benefit: b._id })).answer()).toMatchObject({ service: { _id: s._id }, benefits: [{ _id: b._id, price: 12.5 }], products: [] });
  });

  it('keeps 10:00 at 10:00 on 25 October, and the slots after 13:00', async () => {
    const { b } = await kayak({ duration_hour: 2, open_hours: [dailyHours('10:00', '16:00')] });
    const slots = (await t.call(guestServices.slots, { benefit: b._id, from: at('2026-10-24T10:00:00Z'), days: 2 })).answer() || [];
    expect(slots.map((x) => iso(x.start))).toEqual(['2026-10-24T08:00', '2026-10-24T10:00', '2026-10-24T12:00', '2026-10-25T09:00', '2026-10-25T11:00', '2026-10-25T13:00']);
  });

  it('kept between writes (issue 31), yet fresh after a booking or a change on another instance, and as the clock moves', async () => {
    const { b, w } = await kayak();
    const read = async (app: { get: TestApp['get'] } = t) =>
      ((await app.get(`webapp/services/slots?benefit=${b._id}&from=${clock.value}&days=1`)).json() as { start: number; places: number }[]).map((x) => [iso(x.start), x.places]);
    expect(await read()).toEqual([['2026-07-01T07:00', 2], ['2026-07-01T08:00', 2], ['2026-07-01T09:00', 2]]);
    const twin = await t.twin();
    try {
      const g = await guest('cache@example.test');
      // booked through the other instance: this one's next read counts it
      expect((await twin.post('webapp/services/book', { benefit: b._id, start: at('2026-07-01T08:00:00Z'), identity: 'Anna' }, g.cookie)).statusCode).toBe(200);
      expect(await read()).toEqual([['2026-07-01T07:00', 2], ['2026-07-01T08:00', 1], ['2026-07-01T09:00', 2]]);
      expect(await read(twin)).toEqual([['2026-07-01T07:00', 2], ['2026-07-01T08:00', 1], ['2026-07-01T09:00', 2]]);
      // the worker's hours changed by staff through the other instance: the 09:00 is gone here
      const hours = { working_hours: [dailyHours('08:00', '11:00')] };
      expect((await twin.post('dashboard/service_workers/update', { _id: w._id, service: w.service, firstname: w.firstname, lastname: w.lastname, working_dates: w.working_dates, services: w.services, revision: w.revision, ...hours }, staff)).statusCode).toBe(200);
      expect(await read()).toEqual([['2026-07-01T07:00', 2], ['2026-07-01T08:00', 1]]);
      // a row written by a script, outside any call: seen too
      await t.deps.db.insert(bookingsT).values({ id: 'c'.repeat(24), service: b.service, worker: w._id, benefit: b._id, start: at('2026-07-01T07:00:00Z'), end: at('2026-07-01T08:00:00Z'), answers: [], source: 'dashboard', createdTime: NOW });
      expect(await read(twin)).toEqual([['2026-07-01T07:00', 1], ['2026-07-01T08:00', 1]]);
      // no write, the clock moves past the 07:00: no longer offered
      clock.value = at('2026-07-01T07:00:01Z');
      expect(await read()).toEqual([['2026-07-01T08:00', 1]]);
    } finally {
      clock.value = NOW;
      await twin.close();
    }
  });
});

describe('no overbooking, ever', () => {
  it('50 guests pressing book on one slot with 2 places: 2 saved, 48 told it is full', async () => {
    const { b } = await kayak();
    const g = await guest('rush@example.test');
    const start = at('2026-07-01T08:00:00Z');
    const mailJobs = async () => (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'services.booking-mail'))).map((j) => (j.payload as { reservation: string }).reservation);
    const before = await mailJobs();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.post('webapp/services/book', { benefit: b._id, start, identity: 'Anna Weber' }, g.cookie)));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((x) => x._id)).toHaveLength(2);
    expect(bodies.filter((x) => x.error === 'full')).toHaveLength(48);
    const saved = await t.deps.db.select().from(bookingsT).where(eq(bookingsT.benefit, b._id));
    expect(saved).toHaveLength(2);
    // one confirmation mail queued for each booking saved; a refused booking queues none
    const queued = (await mailJobs()).filter((id) => !before.includes(id));
    expect(queued.sort()).toEqual(saved.map((r) => r.id).sort());
  });

  it('50 staff bookings of one slot through two instances: 2 saved, 48 French refusals', async () => {
    const { s, b, w } = await kayak();
    const twin = await t.twin();
    try {
      const body = { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-01T09:00:00Z'), identity: 'Client comptoir' };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? twin : t).post('webapp/service_reservations/submit', body, staff)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      const refused = answers.filter((r) => r.statusCode === 400);
      expect(refused).toHaveLength(48);
      expect(new Set(refused.map((r) => r.json().message))).toEqual(new Set([SERVICES.slotFull]));
      expect(await t.deps.db.select().from(bookingsT).where(eq(bookingsT.benefit, b._id))).toHaveLength(2);
    } finally {
      await twin.close();
    }
  });

  it('a worker is never in two benefits at once', async () => {
    const s = await makeService(t, staff);
    const kayakB = await makeBenefit(t, staff, s._id);
    const paddle = await makeBenefit(t, staff, s._id, { duration_minute: 30, duration_hour: 0, open_hours: [dailyHours('09:30', '12:00')] });
    const w = await makeWorker(t, staff, s._id, [kayakB._id, paddle._id]);
    const body = { service: s._id, service_worker: w._id, identity: 'Client' };
    expect((await t.call(serviceReservations.submit, { ...body, service_benefit: kayakB._id, start: at('2026-07-01T08:00:00Z') }, staff)).statusCode).toBe(200);
    const clash = await t.post('webapp/service_reservations/submit', { ...body, service_benefit: paddle._id, start: at('2026-07-01T08:30:00Z') }, staff);
    expect(clash.json().fields.service_worker).toBe(SERVICES.workerBusyElsewhere);
    const free = (await t.call(guestServices.slots, { benefit: paddle._id, from: NOW, days: 1 })).answer() || [];
    // 09:30 Paris, then 10:00 and 10:30 wait for the kayak to end (11:00 Paris = 09:00Z)
    expect(free.map((x) => iso(x.start))).toEqual(['2026-07-01T07:30', '2026-07-01T09:00', '2026-07-01T09:30']);
  });

  it('20 purchases at once of a product with 5 in stock: 5 sold, never below zero', async () => {
    const shop = await makeService(t, staff, { name: 'Boulangerie', type: 'vente' });
    const p = await makeProduct(t, staff, shop._id, { stock: 5 });
    const g = await guest('pain@example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.post('webapp/services/order', { product: p._id, quantity: 1 }, g.cookie)));
    expect(answers.filter((r) => r.json()._id)).toHaveLength(5);
    expect(answers.filter((r) => r.json().error === 'sold_out')).toHaveLength(15);
    expect((await t.deps.db.select().from(serviceProducts).where(eq(serviceProducts.id, p._id)))[0].stock).toBe(0);
    // staff see who ordered
    const orders = (await t.call(serviceProducts_.orders, { service: shop._id }, staff)).answer();
    expect(orders).toHaveLength(5);
    expect(orders[0]).toMatchObject({ product: p._id, quantity: 1, guest: { _id: g.id, email: 'pain@example.test' } });
  });
});

describe("staff's booking rules (001 §5)", () => {
  it('refuses a past day, a past hour, a closed time and missing data, in French, writing nothing', async () => {
    const { s, b, w } = await kayak({ age: true, questions: [{ type: 'number', mandatory: true, translations: [{ lang: 'fr', title: 'Poids ?' }] }] });
    const ok = { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-02T08:00:00Z'), identity: 'Client', age: '12', answers: ['40'] };
    const cases: [object, string, string][] = [
      [{ service_worker: '' }, 'service_worker', SERVICES.workerRequired],
      [{ service_benefit: '' }, 'service_benefit', SERVICES.benefitRequired],
      [{ start: at('2026-06-30T08:00:00Z') }, 'start', SERVICES.dateInPast],
      [{ start: at('2026-07-01T05:00:00Z') }, 'start', SERVICES.hourInPast],
      [{ start: at('2026-07-02T12:00:00Z') }, 'start', SERVICES.outsideOpenHours],
      [{ identity: ' ' }, 'identity', SERVICES.identityRequired],
      [{ age: 'douze' }, 'age', SERVICES.ageDigits],
      [{ answers: [''] }, 'answers.0', SERVICES.answerRequired],
      [{ answers: ['quarante'] }, 'answers.0', SERVICES.answerNumber],
    ];
    for (const [change, field, sentence] of cases) {
      const res = await t.post('webapp/service_reservations/submit', { ...ok, ...change }, staff);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(sentence);
    }
    expect(await t.deps.db.select().from(bookingsT).where(eq(bookingsT.benefit, b._id))).toHaveLength(0);
    // off the grid is allowed at the desk: 10:05
    const saved = (await t.call(serviceReservations.submit, { ...ok, start: at('2026-07-02T08:05:00Z') }, staff)).answer();
    expect(saved).toMatchObject({ from: 'dashboard', age: 12, answers: ['40'], end: at('2026-07-02T09:05:00Z') });
  });
});

describe("the guest's booking", () => {
  it('books in German, gets the mail with its .ics in UTC (copied to the office), sees it, cancels it until the cut-off', async () => {
    await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, features: 'premium', config_emails: { ...DEFAULT_ADMIN.config_emails, services: 'accueil@example.test', bcc_services: true } });
    const { s, b } = await kayak({ translations: [{ lang: 'fr', subtitle: 'Balade', description: '<p>x</p>', location: 'Ponton' }, { lang: 'de', subtitle: 'Kajaktour', description: '<p>x</p>', location: 'Steg' }] });
    await t.call(services.updateDuration, { id: s._id, open_dates: ALL_YEAR, open_hours: [dailyHours('08:00', '20:00')], duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 24, translations: [{ lang: 'fr', location: 'Ponton' }] }, staff);
    const g = await guest('anna@example.test', 'de');
    const start = at('2026-07-03T08:00:00Z');
    const booked = (await t.call(guestServices.book, { benefit: b._id, start, identity: 'Anna Weber' }, g.cookie)).answer();
    expect(booked).toMatchObject({ start, end: start + 3600, identity: 'Anna Weber', cancel_until: start - 24 * 3600 });
    // today's 09:00 is on the grid but within the 24 hours of the cut-off; 10:30 is not on the grid
    expect((await t.call(guestServices.book, { benefit: b._id, start: at('2026-07-01T07:00:00Z'), identity: 'A' }, g.cookie)).answer()).toEqual({ error: 'cutoff' });
    expect((await t.call(guestServices.book, { benefit: b._id, start: at('2026-07-03T08:30:00Z'), identity: 'A' }, g.cookie)).answer()).toEqual({ error: 'unavailable' });

    await t.deps.jobs.runDue();
    await smtp.waitFor(1);
    const mail = smtp.mails.find((m) => m.to.includes('anna@example.test'))!;
    expect(mail.subject).toBe('Ihre Reservierung ist bestätigt: Kajaktour');
    expect(mail.html).toContain('Freitag, 3. Juli 2026 um 10:00');
    expect(mail.to).toContain('accueil@example.test');
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.text!;
    expect(ics).toContain('DTSTART:20260703T080000Z\r\n');
    expect(ics).toContain('DTEND:20260703T090000Z\r\n');
    expect(ics).toContain('SUMMARY:Kajaktour');

    // the guest's own bookings, blue on the planning
    expect((await t.call(guestServices.bookings, {}, g.cookie)).answer().map((x) => x._id)).toEqual([booked && '_id' in booked ? booked._id : '']);
    const planning = (await t.call(serviceReservations.findByService, { service: s._id }, staff)).answer();
    expect(planning.map((r) => r.from)).toEqual(['webapp']);
    const id = planning[0]._id;
    const other = await guest('autre@example.test');
    expect((await t.call(guestServices.cancel, { id }, other.cookie)).answer()).toBe(false);
    clock.value = start - 23 * 3600;
    expect((await t.call(guestServices.cancel, { id }, g.cookie)).answer()).toEqual({ error: 'cutoff' });
    clock.value = NOW;
    expect((await t.call(guestServices.cancel, { id }, g.cookie)).answer()).toBe(true);
    expect((await t.call(guestServices.bookings, {}, g.cookie)).answer()).toEqual([]);
  });
});

describe("the day's CSV", () => {
  it('opens in a spreadsheet: BOM, semicolons, French dates, formulas neutralised', async () => {
    const { s, b, w } = await kayak();
    await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-04T07:00:00Z'), identity: '=HYPERLINK("http://x")' }, staff);
    await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-05T07:00:00Z'), identity: 'Autre jour' }, staff);
    const res = await t.get(`webapp/service_reservations/extract_service_reservations.csv?service=${s._id}&timestamp=${at('2026-07-04T12:00:00Z')}`, staff);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date;Début;Fin;Prestation;Prestataire;Nom et prénom;N° client;Âge;Téléphone;Réponses;Réservé depuis');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`04/07/2026;09:00;10:00;Balade d’une heure;Léa Moreau;"'=HYPERLINK(""http://x"")";;;;;Tableau de bord`);
  });
});

describe("a client's erasure", () => {
  it('keeps the places taken on the planning, with nothing naming the person', async () => {
    const { s, b, w } = await kayak({ client_number: true, phone: true });
    await addClient(t.deps, { client_number: '7001', lastname: 'Weber' });
    await addStay(t.deps, { client_number: '7001' });
    const id = await addGuest(t.deps, { email: 'weber@example.test', password: 'vacances-2025', clientNumber: '7001' });
    const g = { id, cookie: cookieOf(await t.post('webapp/account/login', { email: 'weber@example.test', password: 'vacances-2025' })) };
    await t.call(guestServices.book, { benefit: b._id, start: at('2026-07-06T07:00:00Z'), identity: 'Anna Weber', client_number: '7001', phone: '0601' }, g.cookie);
    await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-06T08:00:00Z'), identity: 'Mme. Weber', client_number: '7001', phone: '0601' }, staff);
    const admin = (await t.signIn({ users: 1 })).cookie;
    expect((await t.post('dashboard/clients/delete', { client_number: '7001' }, admin)).json()).toBe(true);
    const left = (await t.call(serviceReservations.findByService, { service: s._id }, staff)).answer();
    expect(left).toHaveLength(2);
    for (const r of left) expect(r).toMatchObject({ user: null, identity: null, phone: null, client_number: null, answers: [] });
  });
});

describe('what one guest may take (issue 29)', () => {
  const DAY = 86400;
  const slotsBody = (s: string, over: object = {}) => ({ id: s, open_dates: ALL_YEAR, open_hours: [dailyHours('08:00', '20:00')], duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 0, translations: [{ lang: 'fr' as const, location: 'Ponton' }], ...over });

  it('books only for a stay: not after it, not long before it, and on its departure day', async () => {
    const { s, b } = await kayak();
    const start = at('2026-07-03T07:00:00Z'); // Friday 3 July, 09:00 in Paris
    const book = (cookie: string, at_ = start) => t.call(guestServices.book, { benefit: b._id, start: at_, identity: 'Anna' }, cookie).then((r) => r.answer());
    // a stay that ended yesterday, and an account without a stay
    const gone = await guest('parti@example.test', 'en', { arrival: at('2026-06-20T00:00:00Z'), departure: at('2026-06-30T00:00:00Z') });
    expect(await book(gone.cookie)).toEqual({ error: 'not_staying' });
    await addGuest(t.deps, { email: 'sans-sejour@example.test', password: 'vacances-2025' });
    expect(await book(await login('sans-sejour@example.test'))).toEqual({ error: 'not_staying' });
    // arriving on Friday 3 July: on Wednesday, with the default of 1 day before arrival, not yet
    const soon = await guest('bientot@example.test', 'de', { arrival: at('2026-07-03T00:00:00Z'), departure: at('2026-07-05T00:00:00Z') });
    expect(await book(soon.cookie)).toEqual({ error: 'not_staying' });
    // the establishment opens bookings 2 days before arrival: now it may, but not for a day before it
    expect((await t.call(services.updateDuration, slotsBody(s._id, { days_before_arrival: 2 }), staff)).answer()).toMatchObject({ days_before_arrival: 2, guest_day_places: 6 });
    expect(await book(soon.cookie)).toMatchObject({ start });
    expect(await book(soon.cookie, at('2026-07-02T07:00:00Z'))).toEqual({ error: 'not_staying' });
    // its departure day (Sunday) is one of its days; Monday is not
    expect(await book(soon.cookie, at('2026-07-05T08:00:00Z'))).toMatchObject({ start: at('2026-07-05T08:00:00Z') });
    expect(await book(soon.cookie, at('2026-07-06T08:00:00Z'))).toEqual({ error: 'not_staying' });
    // nothing was written for the refusals
    const rows = await t.deps.db.select().from(bookingsT).where(eq(bookingsT.benefit, b._id));
    expect(rows.map((r) => [r.userId, r.start])).toEqual([[soon.id, start], [soon.id, at('2026-07-05T08:00:00Z')]]);
    // staff book anyone, any day
    const w = (await t.call(serviceReservations.findByService, { service: s._id }, staff)).answer()[0].service_worker;
    expect((await t.call(serviceReservations.submit, { service: s._id, service_worker: w, service_benefit: b._id, start: at('2026-07-06T08:00:00Z'), identity: 'Parti', user: gone.id }, staff)).statusCode).toBe(200);
  });

  it('50 bookings at once by one guest over two instances and two benefits: the day ceiling holds; the next day is open; staff are not limited', async () => {
    const s = await makeService(t, staff);
    await t.call(services.updateDuration, slotsBody(s._id, { guest_day_places: 3 }), staff);
    const b1 = await makeBenefit(t, staff, s._id, { simultaneous: 100 });
    const b2 = await makeBenefit(t, staff, s._id, { simultaneous: 100 });
    const w1 = await makeWorker(t, staff, s._id, [b1._id]);
    await makeWorker(t, staff, s._id, [b2._id], { firstname: 'Paul' });
    const g = await guest('gourmand@example.test');
    const starts = ['07:00', '08:00', '09:00'].map((h) => at(`2026-07-02T${h}:00Z`));
    const twin = await t.twin();
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? twin : t).post('webapp/services/book', { benefit: i % 4 < 2 ? b1._id : b2._id, start: starts[i % 3], identity: 'Anna' }, g.cookie)),
      );
      const bodies = answers.map((r) => r.json());
      expect(bodies.filter((x) => x._id)).toHaveLength(3);
      expect(bodies.filter((x) => x.error === 'limit')).toHaveLength(47);
    } finally {
      await twin.close();
    }
    const mine = async () => (await t.deps.db.select().from(bookingsT).where(eq(bookingsT.service, s._id))).filter((r) => r.userId === g.id);
    expect(await mine()).toHaveLength(3);
    // another guest is not held back; the next day is a new day
    const other = await guest('voisin@example.test');
    expect((await t.call(guestServices.book, { benefit: b1._id, start: starts[0], identity: 'Voisin' }, other.cookie)).answer()).toMatchObject({ start: starts[0] });
    expect((await t.call(guestServices.book, { benefit: b1._id, start: starts[0] + DAY, identity: 'Anna' }, g.cookie)).answer()).toMatchObject({ start: starts[0] + DAY });
    // staff booking for the guest at the desk: not limited, and not taken from the guest's own places
    for (let i = 0; i < 4; i++) {
      expect((await t.call(serviceReservations.submit, { service: s._id, service_worker: w1._id, service_benefit: b1._id, start: starts[1] + DAY, identity: 'Anna', user: g.id }, staff)).statusCode).toBe(200);
    }
    expect((await t.call(guestServices.book, { benefit: b1._id, start: starts[2] + DAY, identity: 'Anna' }, g.cookie)).answer()).toMatchObject({ start: starts[2] + DAY });
    expect(await mine()).toHaveLength(3 + 2 + 4);
  });

  it('one order takes at most the product’s ceiling (10 by default), which staff set; refusals write nothing', async () => {
    const shop = await makeService(t, staff, { name: 'Épicerie', type: 'vente' });
    const p = await makeProduct(t, staff, shop._id, { stock: 40 });
    expect(p.order_max).toBe(10);
    const g = await guest('stock@example.test');
    expect((await t.call(guestServices.order, { product: p._id, quantity: 40 }, g.cookie)).answer()).toEqual({ error: 'too_many' });
    expect((await t.deps.db.select().from(serviceProducts).where(eq(serviceProducts.id, p._id)))[0].stock).toBe(40);
    expect((await t.call(guestServices.order, { product: p._id, quantity: 10 }, g.cookie)).answer()).toMatchObject({ quantity: 10, stock: 30 });
    // staff lower it to 2: an older form that leaves it out keeps it
    const body = { _id: p._id, service: shop._id, icon: 'pain', price: '1,20', stock: 30, translations: [{ lang: 'fr' as const, subtitle: 'Baguette', description: '<p>Tradition</p>' }] };
    expect((await t.call(serviceProducts_.update, { ...body, order_max: 2 }, staff)).answer()).toMatchObject({ order_max: 2 });
    expect((await t.call(serviceProducts_.update, body, staff)).answer()).toMatchObject({ order_max: 2 });
    expect((await t.call(guestServices.order, { product: p._id, quantity: 3 }, g.cookie)).answer()).toEqual({ error: 'too_many' });
    expect((await t.call(guestServices.order, { product: p._id, quantity: 2 }, g.cookie)).answer()).toMatchObject({ stock: 28 });
  });

  it('staff set the ceilings within bounds, in French, nothing written otherwise', async () => {
    const { s } = await kayak();
    for (const [change, field, sentence] of [
      [{ guest_day_places: 0 }, 'guest_day_places', SERVICES.guestDayPlacesRange],
      [{ guest_day_places: 2.5 }, 'guest_day_places', SERVICES.guestDayPlacesRange],
      [{ days_before_arrival: 61 }, 'days_before_arrival', SERVICES.daysBeforeArrivalRange],
      [{ days_before_arrival: -1 }, 'days_before_arrival', SERVICES.daysBeforeArrivalRange],
    ] as const) {
      const res = await t.post('dashboard/services/update-duration', slotsBody(s._id, change), staff);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(sentence);
    }
    const shop = await makeService(t, staff, { name: 'Glaces', type: 'vente' });
    const res = await t.post('dashboard/service_products/insert', { service: shop._id, icon: 'glace', price: '2', stock: null, order_max: 101, translations: [{ lang: 'fr', subtitle: 'Cône', description: '' }] }, staff);
    expect(res.json().fields.order_max).toBe(SERVICES.orderMaxRange);
    expect((await t.call(serviceProducts_.findByService, { service: shop._id }, staff)).answer()).toEqual([]);
    expect((await t.call(services.list, undefined, staff)).answer().find((x) => x._id === s._id)).toMatchObject({ guest_day_places: 6, days_before_arrival: 1 });
  });
});
