import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup, CallDef, ReviewModel, Service } from '@campsite/shared';
import { CORE, accommodations, deposits, reviews, serviceBenefits, serviceProducts, serviceWorkers, services } from '@campsite/shared';
import { ALL_YEAR, benefitBody, dailyHours, makeBenefit, makeProduct, makeService, makeWorker } from '../testing/fixtures/services';
import { makeSetup } from '../testing/fixtures/inventories';
import { modelBody } from '../testing/fixtures/reviews';
import { allFlags, testApp, type TestApp } from '../testing/harness';

// Two staff members saving the same record at once (issue 29): before, both were answered 200 and the first
// change was silently lost. Each update of a whole record now takes back the revision its form was read
// with; the second save, from a stale read, is a 409 with the sentence the dashboard shows before reloading
// the form (http/revision.ts). Two instances, PGlite and PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
let twin: Awaited<ReturnType<TestApp['twin']>>;
let staff: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  twin = await t.twin();
  staff = (await t.signIn(allFlags())).cookie;
}, 60_000);
afterAll(async () => {
  await twin?.close();
  await t?.close();
});

type Body = Record<string, unknown>;
/**
 * Two saves of one record from the same read (revision `rev`), one per instance, at once: one 200, one 409
 * with the sentence; the record holds the winner's change; the loser's save sent again from its stale read
 * is refused again, and a body without a revision (an older client) is saved as before.
 */
async function race(call: CallDef, bodyOf: (change: 'A' | 'B') => Body, rev: number, stored: () => Promise<unknown>, valueOf: (change: 'A' | 'B') => unknown) {
  const [a, b] = await Promise.all([t.post(call.path, { ...bodyOf('A'), revision: rev }, staff), twin.post(call.path, { ...bodyOf('B'), revision: rev }, staff)]);
  expect([a.statusCode, b.statusCode].sort(), `${a.body} / ${b.body}`).toEqual([200, 409]);
  const [won, lost] = a.statusCode === 200 ? (['A', b] as const) : (['B', a] as const);
  expect(lost.json().message).toBe(CORE.editConflict);
  expect(CORE.editConflict).toBe("Cette fiche a été modifiée par quelqu'un d'autre pendant que vous l'éditiez. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.");
  expect(await stored()).toEqual(valueOf(won));
  const loser = won === 'A' ? 'B' : 'A';
  const stale = await t.post(call.path, { ...bodyOf(loser), revision: rev }, staff);
  expect(stale.statusCode).toBe(409);
  expect(await stored()).toEqual(valueOf(won));
  // an older client sends no revision: saved as before
  expect((await t.post(call.path, bodyOf(loser), staff)).statusCode).toBe(200);
  expect(await stored()).toEqual(valueOf(loser));
}

describe('two staff members saving the same record at once, on two instances: the second is told, nothing is lost silently', () => {
  it('a service, and its slot settings (their own revision: the two forms of one page keep both changes)', async () => {
    const s = (await makeService(t, staff)) as Service;
    expect(s.revision).toBe(1);
    const body = (c: 'A' | 'B') => ({ id: s._id, name: `Kayak ${c}`, cover: s.cover, type: 'prestation', translations: [{ lang: 'fr', title: 'Kayak', location: 'Ponton' }] });
    const read = async () => ((await t.call(services.list, undefined, staff)).answer() as Service[]).find((x) => x._id === s._id)!;
    await race(services.update, body, s.revision!, async () => (await read()).name, (c) => `Kayak ${c}`);

    const fresh = await read();
    const slots = (c: 'A' | 'B') => ({
      id: s._id, open_dates: ALL_YEAR, open_hours: [dailyHours('09:00', '12:00')], duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0,
      limit_end: c === 'A' ? 2 : 5, translations: [{ lang: 'fr', location: `Ponton ${c}` }],
    });
    // the service's form saved meanwhile does not stop the slots' form: other fields
    await race(services.updateDuration, slots, fresh.slots_revision!, async () => (await read()).limit_end, (c) => (c === 'A' ? 2 : 5));
    expect((await read()).name).toBe(fresh.name);
  });

  it('a benefit, a worker, a product', async () => {
    const s = (await makeService(t, staff, { name: 'Atelier' })) as Service;
    const benefit = await makeBenefit(t, staff, s._id);
    await race(serviceBenefits.update, (c) => ({ _id: benefit._id, ...benefitBody(s._id, { price: c === 'A' ? '10' : '20' }) }), benefit.revision!, async () => {
      const list = (await t.call(serviceBenefits.findByService, { service: s._id }, staff)).answer() as { _id: string; price: number }[];
      return list.find((b) => b._id === benefit._id)!.price;
    }, (c) => (c === 'A' ? 10 : 20));

    const worker = await makeWorker(t, staff, s._id, [benefit._id]);
    const workerBody = (c: 'A' | 'B') => ({ _id: worker._id, service: s._id, firstname: `Léa ${c}`, lastname: 'Moreau', working_dates: ALL_YEAR, working_hours: [dailyHours('08:00', '18:00')], services: [benefit._id] });
    await race(serviceWorkers.update, workerBody, worker.revision!, async () => {
      const list = (await t.call(serviceWorkers.findByService, { service: s._id }, staff)).answer() as { _id: string; firstname: string }[];
      return list.find((w) => w._id === worker._id)!.firstname;
    }, (c) => `Léa ${c}`);

    const shop = (await makeService(t, staff, { name: 'Boulangerie', type: 'vente' })) as Service;
    const product = await makeProduct(t, staff, shop._id);
    const productBody = (c: 'A' | 'B') => ({ _id: product._id, service: shop._id, icon: 'pain', price: '1,20', stock: c === 'A' ? 5 : 9, translations: [{ lang: 'fr', subtitle: `Baguette ${c}`, description: '<p>Tradition</p>' }] });
    await race(serviceProducts.update, productBody, product.revision!, async () => {
      const list = (await t.call(serviceProducts.findByService, { service: shop._id }, staff)).answer() as { _id: string; stock: number | null }[];
      return list.find((p) => p._id === product._id)!.stock;
    }, (c) => (c === 'A' ? 5 : 9));
  });

  it('a questionnaire', async () => {
    const model = (await t.call(reviews.insertModel, modelBody({ type: '', name: 'Sortie' }), staff)).answer() as ReviewModel;
    await race(reviews.updateModel, (c) => ({ id: model._id, ...modelBody({ type: '', name: `Sortie ${c}` }) }), model.revision!, async () => {
      const list = (await t.call(reviews.listModels, undefined, staff)).answer();
      return list.find((m) => m._id === model._id)!.name;
    }, (c) => `Sortie ${c}`);
  });

  it("an accommodation type's name, and each category of its setup (names, items)", async () => {
    const setup = await makeSetup(t, staff, 'Chalet 4 places');
    const find = async () => (await t.call(accommodations.find, { id: setup._id }, staff)).answer() as AccommodationSetup;
    await race(accommodations.update, (c) => ({ id: setup._id, name: `Chalet ${c}`, categories: [] }), setup.revision!, async () => (await find()).name, (c) => `Chalet ${c}`);

    const [dishes, bed] = (await find()).inventory;
    await race(accommodations.updateCategory, (c) => ({ accommodation: setup._id, id: dishes._id, translations: [{ lang: 'fr', name: `Vaisselle ${c}` }] }), dishes.revision!, async () => (await find()).inventory[0].translations[0].name, (c) => `Vaisselle ${c}`);

    const items = (c: 'A' | 'B') => ({ accommodation: setup._id, category: bed._id, objects: [{ translations: [{ lang: 'fr', name: 'Couette' }], quantity: c === 'A' ? 2 : 4, price: 60 }], reviews: [] });
    // another category saved meanwhile does not stop this one: its own record
    await race(accommodations.insertObjects, items, bed.revision!, async () => (await find()).inventory[1].objects[0].quantity, (c) => (c === 'A' ? 2 : 4));
  });

  it('the deposit settings', async () => {
    const config = (await t.call(deposits.config, undefined, staff)).answer();
    const body = (c: 'A' | 'B') => ({ activate: false, amount: c === 'A' ? 100 : 200, userId: '', secret: '', days: 7 });
    await race(deposits.updateConfig, body, config.revision!, async () => (await t.call(deposits.config, undefined, staff)).answer().amount, (c) => (c === 'A' ? 100 : 200));
  });
});
