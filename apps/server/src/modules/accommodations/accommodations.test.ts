import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccommodationSetup } from '@campsite/shared';
import { accommodations, inventoryConfig } from '@campsite/shared';
import { accommodationCategories, accommodations as accTable } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { testApp, type TestApp } from '../../testing/harness';
import { makeSetup } from '../../testing/fixtures/inventories';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
});
afterAll(() => t.close());

const rows = async () => ({ acc: (await t.deps.db.select().from(accTable)).length, cats: (await t.deps.db.select().from(accommodationCategories)).length });
const fr = (name: string) => [{ lang: 'fr' as const, name }];

describe('accommodations and config/inventory: permissions and plan', () => {
  const calls: [string, 'GET' | 'POST'][] = [
    ...['list', 'find?id=x'].map((p) => [`dashboard/accommodations/${p}`, 'GET'] as [string, 'GET']),
    ...['insert', 'duplicate', 'update', 'update-deposit', 'delete', 'insert-category', 'update-category', 'delete-category', 'insert-objects'].map(
      (p) => [`dashboard/accommodations/${p}`, 'POST'] as [string, 'POST'],
    ),
    ['webapp/config/inventory/list', 'GET'],
    ['webapp/config/inventory/update', 'POST'],
  ];
  it('401 without a session, 403 without the flag, 403 without the premium plan', async () => {
    const other = await t.signIn({ rubrics: 1 });
    const essentiel = await testApp({ plan: 'essentiel' });
    const flagged = await essentiel.signIn({ inventories: 1 });
    try {
      for (const [path, method] of calls) {
        const send = (app: TestApp, c?: string) => (method === 'GET' ? app.get(path, c) : app.post(path, {}, c));
        expect((await send(t)).statusCode, path).toBe(401);
        expect((await send(t, other.cookie)).statusCode, path).toBe(403);
        const plan = await send(essentiel, flagged.cookie);
        expect(plan.statusCode, path).toBe(403);
        expect(plan.json().message).toMatch(/premium/i);
      }
    } finally {
      await essentiel.close();
    }
  });

  it('lets the deposits flag read the types and set their deposit, nothing else', async () => {
    const deposits = await t.signIn({ deposits: 1 });
    const acc = (await t.call(accommodations.insert, { name: 'Chalet caution' }, cookie)).answer();
    expect((await t.call(accommodations.list, undefined, deposits.cookie)).statusCode).toBe(200);
    const set = (await t.call(accommodations.updateDeposit, { id: acc._id, deposit: true }, deposits.cookie)).answer();
    expect(set && set.deposit).toBe(true);
    expect((await t.call(accommodations.insert, { name: 'Non' }, deposits.cookie)).statusCode).toBe(403);
  });
});

describe('accommodation types', () => {
  it('creates, renames, lists and deletes a type with its setup', async () => {
    const acc = (await t.call(accommodations.insert, { name: '  Tente safari ', categories: ['Tente lodge safari'] }, cookie)).answer();
    expect(acc).toMatchObject({ name: 'Tente safari', deposit: false, categories: ['Tente lodge safari'], inventory_count: 0 });
    const renamed = (await t.call(accommodations.update, { id: acc._id, name: 'Tente safari 5 places' }, cookie)).answer();
    expect(renamed && renamed.name).toBe('Tente safari 5 places');
    expect(renamed && renamed.categories).toEqual(['Tente lodge safari']);
    await t.call(accommodations.insertCategory, { accommodation: acc._id, translations: fr('Cuisine') }, cookie);
    const list = (await t.call(accommodations.list, undefined, cookie)).answer();
    expect(list.find((a) => a._id === acc._id)?.inventory_count).toBe(1);
    expect((await t.call(accommodations.delete, { id: acc._id }, cookie)).answer()).toBe(true);
    expect((await t.deps.db.select().from(accommodationCategories).where(eq(accommodationCategories.accommodationId, acc._id))).length).toBe(0);
    expect((await t.call(accommodations.delete, { id: acc._id }, cookie)).answer()).toBe(false);
    expect((await t.call(accommodations.find, { id: acc._id }, cookie)).answer()).toBe(false);
  });

  it('refuses bad input with the sentences of 002 §5 and writes nothing', async () => {
    const before = await rows();
    expect400(await t.post('dashboard/accommodations/insert', { name: '  ' }, cookie), 'name', "Saisissez le nom de l'hébergement");
    expect400(await t.post('dashboard/accommodations/insert', {}, cookie), 'name', "Saisissez le nom de l'hébergement");
    expect400(await t.post('dashboard/accommodations/insert', { name: 'x'.repeat(51) }, cookie), 'name', "Le nom de l'hébergement ne doit pas dépasser 50 caractères");
    const acc = (await t.call(accommodations.insert, { name: 'Mobil-home test', categories: ['Mobil-home Confort'] }, cookie)).answer();
    const taken = await t.post('dashboard/accommodations/insert', { name: 'Autre', categories: ['mobil-home confort'] }, cookie);
    expect400(taken, 'categories.0', "Cette catégorie de séjour est déjà liée à l'hébergement « Mobil-home test »");
    expect400(await t.post('dashboard/accommodations/insert-category', { accommodation: acc._id, translations: [{ lang: 'en', name: 'Kitchen' }] }, cookie), 'name.fr', 'Vous devez indiquer la catégorie (version FR)');
    expect400(await t.post('dashboard/accommodations/insert-category', { accommodation: acc._id, translations: fr('x'.repeat(51)) }, cookie), 'translations.0.name', 'Le nom ne doit pas dépasser 50 caractères (version FR)');
    const setup = (await t.call(accommodations.insertCategory, { accommodation: acc._id, translations: fr('Vaisselle') }, cookie)).answer() as AccommodationSetup;
    const category = setup.inventory[0]._id;
    const objects = (o: object) => t.post('dashboard/accommodations/insert-objects', { accommodation: acc._id, category, objects: [{ translations: fr('Verre'), quantity: 2, price: 1, ...o }], reviews: [] }, cookie);
    expect400(await objects({ quantity: undefined }), 'objects.0.quantity', 'La quantité est obligatoire');
    expect400(await objects({ quantity: 0 }), 'objects.0.quantity', 'La quantité doit être un entier positif');
    expect400(await objects({ quantity: 1.5 }), 'objects.0.quantity', 'La quantité doit être un entier positif');
    expect400(await objects({ price: -1 }), 'objects.0.price', 'Le prix doit être une valeur positive');
    expect400(await objects({ price: 0 }), 'objects.0.price', 'Le prix doit être une valeur positive');
    expect400(await objects({ translations: [{ lang: 'de', name: 'Glas' }] }), 'objects.0.name.fr', "Vous devez indiquer le nom de l'objet (version FR)");
    expect400(
      await t.post('dashboard/accommodations/insert-objects', { accommodation: acc._id, category, objects: [], reviews: [{ translations: fr('') }] }, cookie),
      'reviews.0.name.fr',
      "Vous devez indiquer le nom de l'objet (version FR)",
    );
    const after = (await t.call(accommodations.find, { id: acc._id }, cookie)).answer() as AccommodationSetup;
    expect(after.inventory[0].objects).toEqual([]);
    expect(await rows()).toEqual({ acc: before.acc + 1, cats: before.cats + 1 });
    // a price left empty is no price
    const saved = (await objects({ price: null })).json() as AccommodationSetup;
    expect(saved.inventory[0].objects[0]).toMatchObject({ quantity: 2, price: null });
    expect((await t.call(accommodations.insertCategory, { accommodation: 'inconnu', translations: fr('X') }, cookie)).answer()).toBe(false);
  });

  it('keeps the ids of items sent back, renames and deletes a category', async () => {
    const setup = await makeSetup(t, cookie, 'Chalet ids');
    const dishes = setup.inventory[0];
    expect(dishes.objects.map((o) => [o.translations[0].name, o.quantity, o.price])).toEqual([['Assiette plate', 6, 4.5], ['Verre', 6, 2], ['Couteau', 6, 1234.5]]);
    const resent = (
      await t.call(accommodations.insertObjects, {
        accommodation: setup._id,
        category: dishes._id,
        objects: [...dishes.objects].reverse().map((o) => ({ _id: o._id, translations: o.translations, quantity: o.quantity, price: o.price })),
        reviews: dishes.reviews,
      }, cookie)
    ).answer() as AccommodationSetup;
    expect(resent.inventory[0].objects.map((o) => o._id)).toEqual([...dishes.objects].reverse().map((o) => o._id));
    const renamed = (await t.call(accommodations.updateCategory, { accommodation: setup._id, id: dishes._id, translations: fr('Cuisine') }, cookie)).answer() as AccommodationSetup;
    expect(renamed.inventory[0].translations).toEqual(fr('Cuisine'));
    const deleted = (await t.call(accommodations.deleteCategory, { accommodation: setup._id, id: dishes._id }, cookie)).answer() as AccommodationSetup;
    expect(deleted.inventory.map((c) => c.translations[0].name)).toEqual(['Literie']);
    // a category of another type is not this one's
    const other = await makeSetup(t, cookie, 'Chalet autre');
    expect((await t.call(accommodations.deleteCategory, { accommodation: setup._id, id: other.inventory[0]._id }, cookie)).answer()).toBe(false);
  });

  it('duplicates a type with a copy of every category and item, in one transaction', async () => {
    const source = await makeSetup(t, cookie, 'Mobil-home source');
    const copy = (await t.call(accommodations.duplicate, { name: 'Mobil-home copie', duplicate: source._id }, cookie)).answer();
    expect(copy && copy.inventory_count).toBe(2);
    const setup = (await t.call(accommodations.find, { id: copy ? copy._id : '' }, cookie)).answer() as AccommodationSetup;
    const shape = (s: AccommodationSetup) => s.inventory.map((c) => ({ c: c.translations, o: c.objects.map((o) => [o.translations, o.quantity, o.price]), r: c.reviews.map((r) => r.translations) }));
    expect(shape(setup)).toEqual(shape(source));
    const ids = (s: AccommodationSetup) => s.inventory.flatMap((c) => [c._id, ...c.objects.map((o) => o._id), ...c.reviews.map((r) => r._id)]);
    expect(ids(setup).filter((id) => ids(source).includes(id))).toEqual([]);
    const before = await rows();
    expect((await t.call(accommodations.duplicate, { name: 'Rien', duplicate: 'inconnu' }, cookie)).answer()).toBe(false);
    expect400(await t.post('dashboard/accommodations/duplicate', { name: '', duplicate: source._id }, cookie), 'name', "Saisissez le nom de l'hébergement");
    expect(await rows()).toEqual(before);
  });
});

describe('config/inventory', () => {
  it('reads the defaults, saves the settings, refuses a delay under 1 and a long intro', async () => {
    const initial = (await t.call(inventoryConfig.list, undefined, cookie)).answer();
    expect(initial).toMatchObject({ arrival: true, departure: true, delay: 48, arrival_access: { staff: true, user: false } });
    const body = { arrival: true, departure: false, arrival_staff: true, arrival_user: true, departure_staff: true, departure_user: false, delay: 24, translations: [{ lang: 'fr' as const, comment: 'Bienvenue' }] };
    const saved = (await t.call(inventoryConfig.update, body, cookie)).answer();
    expect(saved).toMatchObject({ delay: 24, arrival_access: { staff: true, user: true }, departure: false });
    expect400(await t.post('webapp/config/inventory/update', { ...body, delay: 0 }, cookie), 'delay', 'Indiquez un délai supérieur à zéro');
    expect400(await t.post('webapp/config/inventory/update', { ...body, translations: [{ lang: 'de', comment: 'x'.repeat(1201) }] }, cookie), 'translations.0.comment', 'Le texte ne doit pas dépasser 1200 caractères (version DE)');
    expect((await t.call(inventoryConfig.list, undefined, cookie)).answer()).toMatchObject({ delay: 24, translations: [{ lang: 'fr', comment: 'Bienvenue' }] });
  });
});
