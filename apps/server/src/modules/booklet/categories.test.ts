import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { categories } from '@campsite/shared';
import { bookletCategories, bookletLists, bookletPages } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { makeCategory, makeGroup, makeIcon } from '../../testing/fixtures/booklet';

let t: TestApp;
let cookie: string;
let icon: string;
beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ rubrics: 1 })).cookie;
  icon = (await makeIcon(t, cookie))._id;
});
afterAll(() => t.close());

const pageOf = async (category: string) => (await t.deps.db.select().from(bookletPages).where(eq(bookletPages.categoryId, category)))[0];
const listOf = async (category: string) => (await t.deps.db.select().from(bookletLists).where(eq(bookletLists.categoryId, category)))[0];
const catRow = async (id: string) => (await t.deps.db.select().from(bookletCategories).where(eq(bookletCategories.id, id)))[0];
const section = () => ({ icon, translations: [{ lang: 'fr', title: 'Horaires', html: '<p>9h - 19h</p>' }] });

describe('webapp/categories: permissions and input', () => {
  it('needs a session (401) and the rubrics flag (403) for every write; reads are public', async () => {
    const g = await makeGroup(t, cookie, icon, 'Publique');
    expect((await t.call(categories.list)).statusCode).toBe(200);
    expect((await t.get(`webapp/categories/find-by-group?group=${g._id}`)).statusCode).toBe(200);
    const other = await t.signIn({ services: 1 });
    for (const path of ['insert', 'update', 'duplicate', 'order', 'delete']) {
      expect((await t.post(`webapp/categories/${path}`, {})).statusCode).toBe(401);
      expect((await t.post(`webapp/categories/${path}`, {}, other.cookie)).statusCode).toBe(403);
    }
  });

  it('refuses bad input with the sentences of 001 §5 and writes nothing', async () => {
    const g = await makeGroup(t, cookie, icon, 'Saisie');
    const before = (await t.deps.db.select().from(bookletCategories)).length;
    const ok = { group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Nom' }] };
    expect400(await t.post('webapp/categories/insert', { ...ok, group: undefined }, cookie), 'group', 'Veuillez sélectionner une rubrique');
    expect400(await t.post('webapp/categories/insert', { ...ok, type: undefined }, cookie), 'type', 'Veuillez sélectionner le type de catégorie');
    expect400(await t.post('webapp/categories/insert', { ...ok, icon: '' }, cookie), 'icon', 'Vous devez choisir une icône');
    expect400(await t.post('webapp/categories/insert', { ...ok, translations: [{ lang: 'en', name: 'Name' }] }, cookie), 'name.fr', 'Vous devez indiquer le titre (version FR)');
    expect400(await t.post('webapp/categories/insert', { ...ok, translations: [{ lang: 'fr', name: 'x'.repeat(41) }] }, cookie), 'translations.0.name', 'Le titre ne doit pas dépasser 40 caractères (version FR)');
    expect((await t.deps.db.select().from(bookletCategories)).length).toBe(before);
    expect((await t.post('webapp/categories/insert', { ...ok, group: '000000000000000000000000' }, cookie)).json()).toBe(false);
  });
});

describe('webapp/categories: one action, one transaction', () => {
  it('creates a page category with its empty page and a list category with its empty list; url = prefix/suffix', async () => {
    const g = await makeGroup(t, cookie, icon, 'Infos pratiques');
    const page = await makeCategory(t, cookie, g._id, icon, 'Heures d’ouverture');
    expect(page.translations[0]).toEqual({ lang: 'fr', name: 'Heures d’ouverture', suffix: 'heures-d-ouverture', url: 'infos-pratiques/heures-d-ouverture' });
    // every language carries the default-language url
    expect(page.translations[1].url).toBe('infos-pratiques/heures-d-ouverture');
    expect(page.order).toBe(0);
    expect(await pageOf(page._id)).toMatchObject({ sections: [], translations: [{ lang: 'fr', name: 'Heures d’ouverture' }, { lang: 'en' }] });
    expect(await listOf(page._id)).toBeUndefined();

    const list = await makeCategory(t, cookie, g._id, icon, 'Activités', 'list');
    expect(list.order).toBe(1);
    expect(await listOf(list._id)).toMatchObject({ elements: [] });
    expect(await pageOf(list._id)).toBeUndefined();
  });

  it('answers 1 when another page of the same name exists, and writes nothing', async () => {
    const g = await makeGroup(t, cookie, icon, 'Doublons');
    const first = await makeCategory(t, cookie, g._id, icon, 'Piscine');
    const before = (await t.deps.db.select().from(bookletCategories)).length;
    const again = await t.call(categories.insert, { group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'piscine !' }] }, cookie);
    expect(again.json()).toBe(1);
    expect((await t.deps.db.select().from(bookletCategories)).length).toBe(before);
    const other = await makeCategory(t, cookie, g._id, icon, 'Tennis');
    const clash = await t.call(categories.update, { _id: other._id, group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Piscine' }] }, cookie);
    expect(clash.json()).toBe(1);
    expect((await catRow(other._id)).translations[0].name).toBe('Tennis');
    // its own name is no clash
    const same = await t.call(categories.update, { _id: first._id, group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Piscine' }] }, cookie);
    expect(same.json()._id).toBe(first._id);
  });

  it('renames the page of a renamed category', async () => {
    const g = await makeGroup(t, cookie, icon, 'Noms');
    const c = await makeCategory(t, cookie, g._id, icon, 'Laverie');
    await t.call(categories.update, { _id: c._id, group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Laverie et séchage' }] }, cookie);
    expect((await pageOf(c._id)).translations[0]).toMatchObject({ name: 'Laverie et séchage', category_name: 'Laverie et séchage' });
  });

  it('changing the type swaps page and list, losing the content', async () => {
    const g = await makeGroup(t, cookie, icon, 'Types');
    const c = await makeCategory(t, cookie, g._id, icon, 'Restaurant');
    const page = await pageOf(c._id);
    await t.post('webapp/pages/insert-section', { id: page.id, ...section() }, cookie);
    const body = { _id: c._id, group: g._id, icon, translations: [{ lang: 'fr' as const, name: 'Restaurant' }] };

    const toList = await t.call(categories.update, { ...body, type: 'list' }, cookie);
    expect(toList.json().type).toBe('list');
    expect(await pageOf(c._id)).toBeUndefined();
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, page.id))).toHaveLength(0);
    const list = await listOf(c._id);
    const el = await t.post('webapp/lists/insert-element', { id: list.id, icon, translations: [{ lang: 'fr', text: 'Carte' }] }, cookie);
    const subPage = el.json().elements[0].page;

    const toPage = await t.call(categories.update, { ...body, type: 'page' }, cookie);
    expect(toPage.json().type).toBe('page');
    expect(await listOf(c._id)).toBeUndefined();
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, subPage))).toHaveLength(0);
    expect((await pageOf(c._id)).sections).toEqual([]);
  });

  it('a failure in the middle of a type change leaves the category, its page and its sections as they were', async () => {
    const g = await makeGroup(t, cookie, icon, 'Rollback');
    const c = await makeCategory(t, cookie, g._id, icon, 'Wi-Fi');
    const page = await pageOf(c._id);
    await t.post('webapp/pages/insert-section', { id: page.id, ...section() }, cookie);
    // any new list is refused: the swap fails after the page was deleted and the type changed
    await t.deps.db.execute(sql`ALTER TABLE booklet_lists ADD CONSTRAINT test_no_new_list CHECK (id = 'never') NOT VALID`);
    try {
      const res = await t.call(categories.update, { _id: c._id, group: g._id, type: 'list', icon, translations: [{ lang: 'fr', name: 'Wi-Fi gratuit' }] }, cookie);
      // a broken rule of the database is refused whole (400 since the refusal is the input's), never half done
      expect(res.statusCode).toBe(400);
    } finally {
      await t.deps.db.execute(sql`ALTER TABLE booklet_lists DROP CONSTRAINT test_no_new_list`);
    }
    expect(await catRow(c._id)).toMatchObject({ type: 'page', translations: [{ name: 'Wi-Fi' }, { name: 'Wi-Fi EN' }] });
    const after = await pageOf(c._id);
    expect(after.id).toBe(page.id);
    expect(after.sections).toHaveLength(1);
    expect(await listOf(c._id)).toBeUndefined();
  });

  it('the database refuses a page under a list category and a second page for a category', async () => {
    const g = await makeGroup(t, cookie, icon, 'Contraintes');
    const list = await makeCategory(t, cookie, g._id, icon, 'Excursions', 'list');
    const page = await makeCategory(t, cookie, g._id, icon, 'Plage');
    expect((await t.post('webapp/pages/insert', { category: list._id, translations: [] }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/pages/insert', { category: page._id, translations: [] }, cookie)).json()).toBe(false);
    const row = { id: 'p1', categoryId: list._id, sections: [], translations: [], createdTime: 0, editedTime: 0 };
    await expect(t.deps.db.insert(bookletPages).values(row)).rejects.toThrow();
  });

  it('duplicates a page category right after it, with a copy of its sections', async () => {
    const g = await makeGroup(t, cookie, icon, 'Copies');
    const a = await makeCategory(t, cookie, g._id, icon, 'Accueil');
    const b = await makeCategory(t, cookie, g._id, icon, 'Bar');
    await t.post('webapp/pages/insert-section', { id: (await pageOf(a._id)).id, ...section() }, cookie);
    const res = await t.call(categories.duplicate, { id: a._id }, cookie);
    const copy = res.json();
    expect(copy.translations[0].name).toBe('Accueil (copie)');
    expect(copy.order).toBe(1);
    expect((await catRow(b._id)).sortOrder).toBe(2);
    const copied = await pageOf(copy._id);
    expect(copied.sections).toHaveLength(1);
    expect(copied.id).not.toBe((await pageOf(a._id)).id);
    const again = (await t.call(categories.duplicate, { id: a._id }, cookie)).json();
    expect(again.translations[0].name).toBe('Accueil (copie 2)');
    expect((await t.call(categories.duplicate, { id: '000000000000000000000000' }, cookie)).json()).toBe(false);
  });

  it('duplicates a list category with its own copies of the sub-category pages', async () => {
    const g = await makeGroup(t, cookie, icon, 'Copies de listes');
    const c = await makeCategory(t, cookie, g._id, icon, 'Randonnées', 'list');
    const list = await listOf(c._id);
    const el = await t.post('webapp/lists/insert-element', { id: list.id, icon, translations: [{ lang: 'fr', text: 'Le lac' }] }, cookie);
    const copy = (await t.call(categories.duplicate, { id: c._id }, cookie)).json();
    const copiedList = await listOf(copy._id);
    expect(copiedList.elements).toHaveLength(1);
    expect(copiedList.elements[0].page).not.toBe(el.json().elements[0].page);
    const [subCopy] = await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, copiedList.elements[0].page));
    expect(subCopy.translations[0]).toMatchObject({ name: 'Le lac', category_name: 'Randonnées (copie)' });
  });

  it('reorders the whole list of a rubric in one call; a partial list is refused', async () => {
    const g = await makeGroup(t, cookie, icon, 'Ordre');
    const [a, b, c] = [await makeCategory(t, cookie, g._id, icon, 'Un'), await makeCategory(t, cookie, g._id, icon, 'Deux'), await makeCategory(t, cookie, g._id, icon, 'Trois')];
    const res = await t.call(categories.order, { categories: [b, a, c].map((x) => ({ _id: x._id, order: 99 })) }, cookie);
    expect(res.json().map((x: { _id: string; order: number }) => [x._id, x.order])).toEqual([[b._id, 0], [a._id, 1], [c._id, 2]]);
    expect((await t.call(categories.order, { categories: [{ _id: a._id }, { _id: b._id }] }, cookie)).json()).toBe(false);
    expect((await catRow(a._id)).sortOrder).toBe(1);
  });

  it('deletes a category with its page or its list and sub-category pages; the others are renumbered', async () => {
    const g = await makeGroup(t, cookie, icon, 'Suppressions');
    const a = await makeCategory(t, cookie, g._id, icon, 'Alpha');
    const b = await makeCategory(t, cookie, g._id, icon, 'Bravo', 'list');
    const c = await makeCategory(t, cookie, g._id, icon, 'Charlie');
    const list = await listOf(b._id);
    const el = (await t.post('webapp/lists/insert-element', { id: list.id, icon, translations: [{ lang: 'fr', text: 'Sous' }] }, cookie)).json();
    const pageA = await pageOf(a._id);

    expect((await t.call(categories.delete, { id: b._id }, cookie)).json()).toBe(true);
    expect(await listOf(b._id)).toBeUndefined();
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, el.elements[0].page))).toHaveLength(0);
    expect((await catRow(c._id)).sortOrder).toBe(1);
    expect((await t.call(categories.delete, { id: a._id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, pageA.id))).toHaveLength(0);
    expect((await t.call(categories.delete, { id: a._id }, cookie)).json()).toBe(false);
  });

  it('moves a category to another rubric: last there, the old rubric renumbered, url from the new prefix', async () => {
    const g1 = await makeGroup(t, cookie, icon, 'Départ');
    const g2 = await makeGroup(t, cookie, icon, 'Arrivée');
    const a = await makeCategory(t, cookie, g1._id, icon, 'Mobile');
    const b = await makeCategory(t, cookie, g1._id, icon, 'Reste');
    await makeCategory(t, cookie, g2._id, icon, 'Déjà là');
    const moved = (await t.call(categories.update, { _id: a._id, group: g2._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Mobile' }] }, cookie)).json();
    expect(moved).toMatchObject({ group: g2._id, order: 1, translations: [{ url: 'arrivee/mobile' }] });
    expect((await catRow(b._id)).sortOrder).toBe(0);
  });
});
