import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookletCategories, bookletLists, bookletPages } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { makeCategory, makeGroup, makeIcon, uploadImage } from '../../testing/fixtures/booklet';

let t: TestApp;
let cookie: string;
let icon: string;
let group: string;
beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ rubrics: 1 })).cookie;
  icon = (await makeIcon(t, cookie))._id;
  group = (await makeGroup(t, cookie, icon, 'Sorties'))._id;
});
afterAll(() => t.close());

let n = 0;
async function newList() {
  const c = await makeCategory(t, cookie, group, icon, `Liste ${++n}`, 'list');
  const list = (await t.get(`webapp/lists/find-by-category?category=${c._id}`)).json() as { _id: string; category: string };
  return { ...list, categoryId: c._id };
}
const el = (text: string) => ({ icon, translations: [{ lang: 'fr', text }, { lang: 'en', text: `${text} EN` }] });
const texts = (list: { elements: { key: number; translations: { text: string }[] }[] }) => list.elements.map((e) => `${e.key}:${e.translations[0].text}`);
const pageRow = async (id: string) => (await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, id)))[0];
const listRow = async (id: string) => (await t.deps.db.select().from(bookletLists).where(eq(bookletLists.id, id)))[0];

describe('webapp/lists', () => {
  it('reads are public; every write needs a session (401) and the rubrics flag (403)', async () => {
    const list = await newList();
    expect((await t.get(`webapp/lists/find-by-category?category=${list.categoryId}`)).json()._id).toBe(list._id);
    expect((await t.get('webapp/lists/find-by-category?category=000000000000000000000000')).json()).toBe(false);
    expect((await t.get('webapp/lists/list?nocover=1')).statusCode).toBe(200);
    const other = await t.signIn({ reviews: 1 });
    const writes = ['insert', 'insert-element', 'update-element', 'update-cover', 'order-elements', 'transform-subcategory', 'delete-element', 'delete-by-category'];
    for (const path of writes) {
      expect((await t.post(`webapp/lists/${path}`, {})).statusCode).toBe(401);
      expect((await t.post(`webapp/lists/${path}`, {}, other.cookie)).statusCode).toBe(403);
    }
  });

  it('creates a sub-category with its page in one call', async () => {
    const list = await newList();
    const res = await t.post('webapp/lists/insert-element', { id: list._id, ...el('Marché') }, cookie);
    const e = res.json().elements[0];
    expect(e).toMatchObject({ key: 0, order: 0, icon, prev: expect.any(String), translations: [{ lang: 'fr', text: 'Marché' }, { lang: 'en' }] });
    expect(await pageRow(e.page)).toMatchObject({ categoryId: null, sections: [], translations: [{ lang: 'fr', name: 'Marché', category_name: `Liste ${n}` }, { lang: 'en' }] });
  });

  it('refuses bad sub-categories with the sentences of 001 §5 and writes nothing', async () => {
    const list = await newList();
    const pagesBefore = (await t.deps.db.select().from(bookletPages)).length;
    expect400(await t.post('webapp/lists/insert-element', { id: list._id, ...el('X'), icon: '' }, cookie), 'icon', 'Vous devez choisir une icône');
    expect400(await t.post('webapp/lists/insert-element', { id: list._id, icon, translations: [{ lang: 'fr', text: ' ' }] }, cookie), 'text.fr', 'Vous devez indiquer le texte (version FR)');
    expect400(await t.post('webapp/lists/insert-element', { id: list._id, icon, translations: [{ lang: 'fr', text: 'x'.repeat(41) }] }, cookie), 'translations.0.text', 'Le texte ne doit pas dépasser 40 caractères (version FR)');
    expect((await listRow(list._id)).elements).toEqual([]);
    expect((await t.deps.db.select().from(bookletPages)).length).toBe(pagesBefore);
  });

  it('edits a sub-category by key and renames its page; reorders; deletes it with its page', async () => {
    const list = await newList();
    for (const text of ['Plage', 'Lac', 'Forêt']) await t.post('webapp/lists/insert-element', { id: list._id, ...el(text) }, cookie);
    const edited = await t.post('webapp/lists/update-element', { id: list._id, key: 1, ...el('Lac du Salagou') }, cookie);
    expect(texts(edited.json())).toEqual(['0:Plage', '1:Lac du Salagou', '2:Forêt']);
    expect((await pageRow(edited.json().elements[1].page)).translations[0].name).toBe('Lac du Salagou');

    const ordered = await t.post('webapp/lists/order-elements', { id: list._id, elements: [{ key: 2 }, { key: 0 }, { key: 1 }] }, cookie);
    expect(texts(ordered.json())).toEqual(['0:Forêt', '1:Plage', '2:Lac du Salagou']);
    expect((await t.post('webapp/lists/order-elements', { id: list._id, elements: [{ key: 0 }] }, cookie)).json()).toBe(false);

    const gone = ordered.json().elements[1].page;
    const deleted = await t.post('webapp/lists/delete-element', { id: list._id, key: 1 }, cookie);
    expect(texts(deleted.json())).toEqual(['0:Forêt', '1:Lac du Salagou']);
    expect(await pageRow(gone)).toBeUndefined();
    expect((await t.post('webapp/lists/delete-element', { id: list._id, key: 7 }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/lists/update-element', { id: list._id, key: 7, ...el('Z') }, cookie)).json()).toBe(false);
  });

  it('transforms a sub-category into a page category of the same rubric, keeping its page', async () => {
    const list = await newList();
    for (const text of ['Boulangerie', 'Pharmacie']) await t.post('webapp/lists/insert-element', { id: list._id, ...el(text) }, cookie);
    const page = (await listRow(list._id)).elements[0].page;
    await t.post('webapp/pages/insert-section', { id: page, icon, translations: [{ lang: 'fr', title: 'Horaires', html: '<p>7h</p>' }] }, cookie);
    const res = await t.post('webapp/lists/transform-subcategory', { id: list._id, page }, cookie);
    expect(texts(res.json().list)).toEqual(['0:Pharmacie']);
    const category = res.json().category;
    expect(category).toMatchObject({ group, type: 'page', icon, translations: [{ lang: 'fr', name: 'Boulangerie', url: 'sorties/boulangerie' }, { lang: 'en' }] });
    const promoted = await pageRow(page);
    expect(promoted).toMatchObject({ categoryId: category._id, translations: [{ name: 'Boulangerie', category_name: 'Boulangerie' }, { lang: 'en' }] });
    expect(promoted.sections).toHaveLength(1);
    const [row] = await t.deps.db.select().from(bookletCategories).where(eq(bookletCategories.id, category._id));
    expect(row.type).toBe('page');
    expect((await t.post('webapp/lists/transform-subcategory', { id: list._id, page }, cookie)).json()).toBe(false);
  });

  it('sets the cover; lists without covers when asked', async () => {
    const list = await newList();
    const cover = await uploadImage(t, cookie);
    expect((await t.post('webapp/lists/update-cover', { id: list._id, cover }, cookie)).json().cover).toBe(cover);
    const light = (await t.get('webapp/lists/list?nocover=1')).json().find((l: { _id: string }) => l._id === list._id);
    expect(light.cover).toBeNull();
    expect((await t.post('webapp/lists/update-cover', { id: '000000000000000000000000', cover }, cookie)).json()).toBe(false);
  });

  it('deletes the list of a category with its pages; a list can then be inserted again, only for a list category', async () => {
    const list = await newList();
    await t.post('webapp/lists/insert-element', { id: list._id, ...el('Cinéma') }, cookie);
    const page = (await listRow(list._id)).elements[0].page;
    expect((await t.post('webapp/lists/delete-by-category', { category: list.categoryId }, cookie)).json()).toBe(true);
    expect(await listRow(list._id)).toBeUndefined();
    expect(await pageRow(page)).toBeUndefined();
    expect((await t.post('webapp/lists/delete-by-category', { category: list.categoryId }, cookie)).json()).toBe(false);

    const standalone = (await t.post('webapp/pages/insert', { translations: [{ lang: 'fr', name: 'Théâtre' }] }, cookie)).json();
    const again = await t.post('webapp/lists/insert', { category: list.categoryId, elements: [{ page: standalone._id, ...el('Théâtre') }], translations: [] }, cookie);
    expect(again.json()).toMatchObject({ category: list.categoryId, elements: [{ key: 0, page: standalone._id }] });
    expect((await t.post('webapp/lists/insert', { category: list.categoryId, translations: [] }, cookie)).json()).toBe(false);
    const pageCat = await makeCategory(t, cookie, group, icon, 'Pas une liste');
    expect((await t.post('webapp/lists/insert', { category: pageCat._id, translations: [] }, cookie)).json()).toBe(false);
  });

  it('adds an existing standalone page as a sub-category, but not a page already used', async () => {
    const list = await newList();
    const standalone = (await t.post('webapp/pages/insert', { translations: [{ lang: 'fr', name: 'Golf' }] }, cookie)).json();
    const added = await t.post('webapp/lists/insert-element', { id: list._id, page: standalone._id, ...el('Golf') }, cookie);
    expect(added.json().elements[0].page).toBe(standalone._id);
    expect((await t.post('webapp/lists/insert-element', { id: list._id, page: standalone._id, ...el('Golf') }, cookie)).json()).toBe(false);
  });
});
