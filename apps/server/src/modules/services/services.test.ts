import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CallDef } from '@campsite/shared';
import { SERVICES, guestServices, serviceBenefits, serviceProducts, serviceReservations, serviceWorkers, services } from '@campsite/shared';
import { animationCategories, animations, bookletPages, serviceBenefits as benefitsT, serviceProducts as productsT, serviceReservations as bookingsT, services as servicesT, serviceWorkers as workersT } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { ALL_YEAR, benefitBody, dailyHours, makeBenefit, makeProduct, makeService, makeWorker } from '../../testing/fixtures/services';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  cookie = (await t.signIn({ services: 1 })).cookie;
}, 60_000);
afterAll(() => t?.close());

const count = async (table: typeof servicesT | typeof benefitsT | typeof workersT | typeof productsT | typeof bookingsT) =>
  Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0].n);
const send = (def: CallDef, body: unknown, who?: string) => (def.method === 'GET' ? t.get(`${def.path}?service=x&timestamp=0`, who) : t.post(def.path, body ?? {}, who));

describe('permissions and plan', () => {
  const staffCalls = [services, serviceBenefits, serviceWorkers, serviceProducts, serviceReservations].flatMap((group) => Object.values(group) as CallDef[]);

  it('every staff call needs a session (401), the services flag (403) and the premium plan (403)', async () => {
    const other = (await t.signIn({ emails: 1 })).cookie;
    for (const def of staffCalls) {
      expect((await send(def, {})).statusCode, def.path).toBe(401);
      expect((await send(def, {}, other)).statusCode, def.path).toBe(403);
    }
    const basic = await testApp({ plan: 'essentiel' });
    try {
      const staff = (await basic.signIn({ services: 1 })).cookie;
      for (const def of staffCalls) {
        const res = def.method === 'GET' ? await basic.get(`${def.path}?service=x&timestamp=0`, staff) : await basic.post(def.path, {}, staff);
        expect(res.statusCode, def.path).toBe(403);
        expect(res.json().message).toBe('Cette fonctionnalité nécessite la formule premium.');
      }
      // the guest app shows no service without premium
      expect((await basic.call(guestServices.list)).answer()).toEqual([]);
    } finally {
      await basic.close();
    }
  });

  it('the pickers of the page editor and the activity form read services and benefits with their own flags', async () => {
    for (const flags of [{ rubrics: 1 as const }, { activities: 1 as const }]) {
      const c = (await t.signIn(flags)).cookie;
      expect((await t.call(services.list, undefined, c)).statusCode).toBe(200);
      expect((await t.call(serviceBenefits.list, undefined, c)).statusCode).toBe(200);
      expect((await t.call(serviceWorkers.list, undefined, c)).statusCode).toBe(403);
    }
  });

  it('the guest calls that write or read bookings need a guest session, a staff one is not enough', async () => {
    for (const def of [guestServices.book, guestServices.bookings, guestServices.cancel, guestServices.order] as CallDef[]) {
      expect((await send(def, {})).statusCode, def.path).toBe(401);
      expect((await send(def, {}, cookie)).statusCode, def.path).toBe(401);
    }
  });
});

describe('the rules of 001 §5, a French 400 and nothing written', () => {
  it('service', async () => {
    const before = await count(servicesT);
    const ok = { name: 'Kayak', cover: 'x', type: 'prestation', translations: [{ lang: 'fr', title: 'Kayak' }] };
    expect400(await t.post('dashboard/services/insert', { ...ok, name: '' }, cookie), 'name', SERVICES.nameRequired);
    expect400(await t.post('dashboard/services/insert', { ...ok, name: 'x'.repeat(51) }, cookie), 'name', SERVICES.nameMax);
    expect400(await t.post('dashboard/services/insert', { ...ok, cover: undefined }, cookie), 'cover', SERVICES.coverRequired);
    expect400(await t.post('dashboard/services/insert', { ...ok, type: 'location-vélo' }, cookie), 'type', SERVICES.typeInvalid);
    expect400(await t.post('dashboard/services/insert', { ...ok, payment_link: 'pas un lien' }, cookie), 'payment_link', SERVICES.paymentLinkInvalid);
    expect400(await t.post('dashboard/services/insert', ok, cookie), 'cover', SERVICES.coverRequired);
    const cover = (await makeService(t, cookie)).cover;
    expect400(await t.post('dashboard/services/insert', { ...ok, cover, translations: [{ lang: 'en', title: 'Kayak' }] }, cookie), 'title.fr', 'Vous devez indiquer le titre (version FR)');
    expect400(await t.post('dashboard/services/insert', { ...ok, cover, translations: [{ lang: 'fr', title: 'x'.repeat(51) }] }, cookie), 'translations.0.title', 'Le titre ne doit pas dépasser 50 caractères (version FR)');
    expect(await count(servicesT)).toBe(before + 1);
  });

  it('slot settings', async () => {
    const s = await makeService(t, cookie);
    const ok = { id: s._id, open_dates: ALL_YEAR, open_hours: [dailyHours('09:00', '18:00')], duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 15, limit_end: 2, translations: [{ lang: 'fr' as const, location: 'Ponton' }] };
    const refused: [object, string, string][] = [
      [{ open_dates: [] }, 'open_dates', SERVICES.oneOpenPeriod],
      [{ open_hours: [] }, 'open_hours', SERVICES.oneOpenHours],
      [{ open_dates: [{ start_day: 1, start_month: 7 }] }, 'open_dates.0', SERVICES.periodIncomplete],
      [{ open_dates: [{ start_day: 10, start_month: 7, end_day: 9, end_month: 7 }] }, 'open_dates.0.end_day', SERVICES.periodOrder],
      [{ open_dates: [{ start_day: 31, start_month: 4, end_day: 9, end_month: 7 }] }, 'open_dates.0.start_day', SERVICES.periodInvalid],
      [{ open_hours: [{ ...dailyHours('12:00', '09:00') }] }, 'open_hours.0.end_hour', SERVICES.hoursOrder],
      [{ open_hours: [{ start_hour: 9, start_minute: 0, end_hour: 12, end_minute: 0 }] }, 'open_hours.0.monday', SERVICES.weekdayRequired],
      [{ duration_minute: 7 }, 'duration_minute', SERVICES.durationSteps],
      [{ interval_hour: 13 }, 'interval_hour', SERVICES.durationSteps],
      [{ limit_end: 301 }, 'limit_end', SERVICES.limitEndRange],
      [{ translations: [{ lang: 'fr', location: '' }] }, 'location.fr', SERVICES.locationRequired('fr')],
      [{ translations: [{ lang: 'fr', location: 'x'.repeat(31) }] }, 'translations.0.location', SERVICES.locationMax('fr')],
    ];
    for (const [change, field, sentence] of refused) expect400(await t.post('dashboard/services/update-duration', { ...ok, ...change }, cookie), field, sentence);
    expect((await t.deps.db.select().from(servicesT).where(eq(servicesT.id, s._id)))[0].openDates).toEqual([]);
    const saved = (await t.call(services.updateDuration, ok, cookie)).answer();
    // the title stays, the location is the slots form's
    expect(saved).toMatchObject({ limit_end: 2, interval_minute: 15, translations: [{ lang: 'fr', title: 'Kayak sur la rivière', location: 'Ponton' }] });
  });

  it('benefit', async () => {
    const s = await makeService(t, cookie);
    const before = await count(benefitsT);
    const ok = benefitBody(s._id);
    const question = (title: string) => ({ type: 'text', mandatory: true, translations: [{ lang: 'fr', title }] });
    const refused: [object, string, string][] = [
      [{ icon: '' }, 'icon', SERVICES.iconRequired],
      [{ price: '' }, 'price', SERVICES.priceRequired],
      [{ price: '-3' }, 'price', SERVICES.priceInvalid],
      [{ price: '12,555' }, 'price', SERVICES.priceInvalid],
      [{ price: '1000000,01' }, 'price', SERVICES.priceInvalid],
      [{ duration_hour: 0, duration_minute: 0 }, 'duration_minute', SERVICES.durationPositive],
      [{ simultaneous: 0 }, 'simultaneous', SERVICES.simultaneousPositive],
      [{ questions: Array.from({ length: 6 }, () => question('Taille ?')) }, 'questions', SERVICES.tooManyQuestions],
      [{ questions: [question('')] }, 'questions.0.title.fr', SERVICES.questionTitleRequired('fr')],
      [{ translations: [{ lang: 'fr', subtitle: '', description: '<p>x</p>', location: 'Ponton' }] }, 'subtitle.fr', SERVICES.subtitleRequired('fr')],
      [{ translations: [{ lang: 'fr', subtitle: 'Balade', description: '<p></p>', location: 'Ponton' }] }, 'description.fr', SERVICES.descriptionRequired('fr')],
      [{ translations: [{ lang: 'fr', subtitle: 'Balade', description: '<p>x</p>', location: '' }] }, 'location.fr', SERVICES.locationRequired('fr')],
    ];
    for (const [change, field, sentence] of refused) expect400(await t.post('dashboard/service_benefits/insert', { ...ok, ...change }, cookie), field, sentence);
    expect(await count(benefitsT)).toBe(before);
    // prices with a comma or a dot, kept to the cent; rich text made safe
    const b = await makeBenefit(t, cookie, s._id, { price: '12.5', translations: [{ lang: 'fr', subtitle: 'Balade', description: '<p onclick="x()">Gilets<script>alert(1)</script></p>', location: 'Ponton' }] });
    expect(b.price).toBe(12.5);
    expect(b.translations[0].description).toBe('<p>Gilets</p>');
    expect((await t.post('dashboard/service_benefits/insert', { ...ok, service: '000000000000000000000000' }, cookie)).json()).toBe(false);
  });

  it('worker and product', async () => {
    const s = await makeService(t, cookie);
    const b = await makeBenefit(t, cookie, s._id);
    const elsewhere = await makeBenefit(t, cookie, (await makeService(t, cookie))._id);
    const before = await count(workersT);
    const ok = { service: s._id, firstname: 'Léa', lastname: 'Moreau', working_dates: ALL_YEAR, working_hours: [dailyHours('08:00', '18:00')], services: [b._id] };
    const refused: [object, string, string][] = [
      [{ firstname: '' }, 'firstname', SERVICES.firstnameRequired],
      [{ lastname: 'x'.repeat(51) }, 'lastname', SERVICES.lastnameMax],
      [{ services: [] }, 'services', SERVICES.oneBenefit],
      [{ services: [''] }, 'services.0', SERVICES.serviceRequired],
      [{ services: [elsewhere._id] }, 'services.0', SERVICES.benefitOfOtherService],
      [{ services: [b._id, b._id] }, 'services', SERVICES.tooManyBenefits],
      [{ working_dates: [] }, 'working_dates', SERVICES.onePeriod],
      [{ working_hours: [] }, 'working_hours', SERVICES.oneWorkSlot],
    ];
    for (const [change, field, sentence] of refused) expect400(await t.post('dashboard/service_workers/insert', { ...ok, ...change }, cookie), field, sentence);
    expect(await count(workersT)).toBe(before);

    const shop = await makeService(t, cookie, { name: 'Boulangerie', type: 'vente' });
    const p = { service: shop._id, icon: 'pain', price: '1,20', stock: 5, translations: [{ lang: 'fr', subtitle: 'Baguette', description: '<p>x</p>' }] };
    expect400(await t.post('dashboard/service_products/insert', { ...p, icon: '' }, cookie), 'icon', SERVICES.iconRequired);
    expect400(await t.post('dashboard/service_products/insert', { ...p, price: 'dix' }, cookie), 'price', SERVICES.priceInvalid);
    expect400(await t.post('dashboard/service_products/insert', { ...p, stock: -1 }, cookie), 'stock', SERVICES.stockInvalid);
    expect400(await t.post('dashboard/service_products/insert', { ...p, translations: [{ lang: 'fr', subtitle: '', description: '<p>x</p>' }] }, cookie), 'subtitle.fr', SERVICES.subtitleRequired('fr'));
    expect400(await t.post('dashboard/service_products/insert', { ...p, service: s._id }, cookie), 'service', SERVICES.notVente);
    expect(await count(productsT)).toBe(0);
    expect((await makeProduct(t, cookie, shop._id)).price).toBe(1.2);
  });
});

describe('the cascades of 001 §4, in one transaction', () => {
  async function kayakWithEverything() {
    const s = await makeService(t, cookie);
    const b1 = await makeBenefit(t, cookie, s._id);
    const b2 = await makeBenefit(t, cookie, s._id, { translations: [{ lang: 'fr', subtitle: 'Demi-journée', description: '<p>x</p>', location: 'Ponton' }] });
    const w1 = await makeWorker(t, cookie, s._id, [b1._id, b2._id]);
    await makeWorker(t, cookie, s._id, [b2._id], { firstname: 'Hugo' });
    await t.deps.db.insert(bookingsT).values({ id: `r${s._id}`, service: s._id, worker: w1._id, benefit: b1._id, start: 4_000_000_000, end: 4_000_003_600, answers: [], source: 'dashboard', createdTime: 0 });
    await t.deps.db.insert(animationCategories).values({ id: `c${s._id}`, color: 'ff0000', translations: [], createdTime: 0, editedTime: 0 });
    await t.deps.db.insert(animations).values({ id: `a${s._id}`, category: `c${s._id}`, translations: [], serviceBenefit: b1._id, createdTime: 0, editedTime: 0 });
    await t.deps.db.insert(bookletPages).values({ id: `p${s._id}`, sections: [], translations: [], service: s._id, createdTime: 0, editedTime: 0 });
    return s;
  }
  const partsOf = async (service: string) => ({
    benefits: (await t.deps.db.select().from(benefitsT).where(eq(benefitsT.service, service))).length,
    workers: (await t.deps.db.select().from(workersT).where(eq(workersT.service, service))).length,
    bookings: (await t.deps.db.select().from(bookingsT).where(eq(bookingsT.service, service))).length,
  });

  it('a prestation becoming a vente loses benefits, workers and bookings; a failure midway leaves all of it', async () => {
    const s = await kayakWithEverything();
    const body = { id: s._id, name: s.name, cover: s.cover!, type: 'vente' as const, translations: s.translations };
    // the service's own update fails after the deletes: nothing of them stays done
    await t.deps.db.execute(sql.raw(`CREATE FUNCTION fail_update() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'test failure'; END $$ LANGUAGE plpgsql`));
    await t.deps.db.execute(sql.raw('CREATE TRIGGER fail_update BEFORE UPDATE ON services FOR EACH ROW EXECUTE FUNCTION fail_update()'));
    expect((await t.post('dashboard/services/update', body, cookie)).statusCode).toBe(500);
    await t.deps.db.execute(sql.raw('DROP TRIGGER fail_update ON services'));
    expect(await partsOf(s._id)).toEqual({ benefits: 2, workers: 2, bookings: 1 });

    expect((await t.call(services.update, body, cookie)).answer()).toMatchObject({ type: 'vente' });
    expect(await partsOf(s._id)).toEqual({ benefits: 0, workers: 0, bookings: 0 });
    expect((await t.deps.db.select().from(animations).where(eq(animations.id, `a${s._id}`)))[0].serviceBenefit).toBeNull();
  });

  it('deleting a benefit takes it out of its workers; deleting a service takes everything and unlinks its page', async () => {
    const s = await kayakWithEverything();
    const b1 = (await t.call(serviceBenefits.findByService, { service: s._id }, cookie)).answer().find((b) => b.translations[0].subtitle === 'Balade d’une heure')!;
    expect((await t.call(serviceBenefits.delete, { id: b1._id }, cookie)).answer()).toBe(true);
    const workers = (await t.call(serviceWorkers.findByService, { service: s._id }, cookie)).answer();
    expect(workers.map((w) => w.services.length).sort()).toEqual([1, 1]);
    expect((await partsOf(s._id)).bookings).toBe(0);

    expect((await t.call(services.delete, { id: s._id }, cookie)).answer()).toBe(true);
    expect(await partsOf(s._id)).toEqual({ benefits: 0, workers: 0, bookings: 0 });
    expect((await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, `p${s._id}`)))[0].service).toBeNull();
    expect((await t.call(services.delete, { id: s._id }, cookie)).answer()).toBe(false);
  });
});
