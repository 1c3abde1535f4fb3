import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookletCategories, bookletLists, bookletPages, configEntries, icons, modules } from './schema';
import { testApp, type TestApp } from '../testing/harness';
import { makeCategory, makeGroup, makeIcon, uploadImage } from '../testing/fixtures/booklet';

/**
 * Parallel bursts of writes, half on each of two server instances sharing one database (two pools on
 * PostgreSQL with TEST_DATABASE_URL, as behind a load balancer): every change confirmed with a 200
 * must be in the database afterwards.
 */
let t: TestApp;
let twin: Awaited<ReturnType<TestApp['twin']>>;
let cookie: string;
let icon: string;
beforeAll(async () => {
  t = await testApp();
  twin = await t.twin();
  cookie = (await t.signIn({ rubrics: 1, homepage: 1, params: 1, super: 1 })).cookie;
  icon = (await makeIcon(t, cookie))._id;
});
afterAll(() => t.close());

/** n requests at once, alternating between the two instances; all must be answered 200. */
async function burst(n: number, call: (i: number) => [string, unknown]): Promise<LightMyRequestResponse[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const [path, body] = call(i);
      return i % 2 ? twin.post(path, body, cookie) : t.post(path, body, cookie);
    }),
  );
  expect(answers.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.body}`))).toEqual(Array(n).fill(200));
  return answers;
}

const section = (title: string) => ({ icon, translations: [{ lang: 'fr', title, html: `<p>${title}</p>` }] });
const pageRow = async (id: string) => (await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, id)))[0];
const listRow = async (id: string) => (await t.deps.db.select().from(bookletLists).where(eq(bookletLists.id, id)))[0];

describe('a page under parallel edits', () => {
  it('20 sections added at once: all 20 kept', async () => {
    const g = await makeGroup(t, cookie, icon, 'Sections');
    const cat = await makeCategory(t, cookie, g._id, icon, 'Piscine');
    const page = (await t.get(`webapp/pages/find-by-category?category=${cat._id}`)).json();
    await burst(20, (i) => ['webapp/pages/insert-section', { id: page._id, ...section(`S${i}`) }]);
    const titles = (await pageRow(page._id)).sections.map((s) => s.translations[0].title);
    expect(titles.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `S${i}`).sort());
  });

  it('10 different sections edited at once: every edit kept', async () => {
    const g = await makeGroup(t, cookie, icon, 'Éditions');
    const cat = await makeCategory(t, cookie, g._id, icon, 'Restaurant');
    const page = (await t.get(`webapp/pages/find-by-category?category=${cat._id}`)).json();
    for (let i = 0; i < 10; i++) await t.post('webapp/pages/insert-section', { id: page._id, ...section(`avant ${i}`) }, cookie);
    await burst(10, (i) => ['webapp/pages/update-section', { id: page._id, key: i, ...section(`après ${i}`) }]);
    expect((await pageRow(page._id)).sections.map((s) => s.translations[0].title)).toEqual(Array.from({ length: 10 }, (_, i) => `après ${i}`));
  });
});

describe('a list under parallel edits', () => {
  it('20 sub-categories added at once: all 20 elements and their pages kept', async () => {
    const g = await makeGroup(t, cookie, icon, 'Listes');
    const cat = await makeCategory(t, cookie, g._id, icon, 'Excursions', 'list');
    const list = (await t.get(`webapp/lists/find-by-category?category=${cat._id}`)).json();
    await burst(20, (i) => ['webapp/lists/insert-element', { id: list._id, icon, translations: [{ lang: 'fr', text: `E${i}` }] }]);
    const row = await listRow(list._id);
    expect(row.elements.map((e) => e.translations[0].text).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `E${i}`).sort());
    const pages = await Promise.all(row.elements.map((e) => pageRow(e.page)));
    expect(pages.every(Boolean)).toBe(true);
  });
});

describe('the booklet structure under parallel edits', () => {
  it('10 categories created at once in one rubric: 10 distinct orders; one name created at once: one category', async () => {
    const g = await makeGroup(t, cookie, icon, 'Ordres');
    await burst(10, (i) => ['webapp/categories/insert', { group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: `Catégorie ${i}` }] }]);
    const rows = await t.deps.db.select().from(bookletCategories).where(eq(bookletCategories.groupId, g._id));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.sortOrder)).size).toBe(10);
    const same = await burst(6, () => ['webapp/categories/insert', { group: g._id, type: 'page', icon, translations: [{ lang: 'fr', name: 'Même nom' }] }]);
    expect(same.filter((r) => r.json() === 1)).toHaveLength(5);
    const named = (await t.deps.db.select().from(bookletCategories)).filter((r) => r.translations[0]?.name === 'Même nom');
    expect(named).toHaveLength(1);
  });
});

describe('documents of the appearance under parallel edits', () => {
  it('5 menu entries added at once: all 5 kept', async () => {
    const g = await makeGroup(t, cookie, icon, 'Menu');
    await burst(5, (i) => ['webapp/config/menu/insert', { title: `Entrée ${i}`, type: 'rubric', rubric: g._id, icon, translations: [] }]);
    const [row] = await t.deps.db.select().from(configEntries).where(eq(configEntries.key, 'menu'));
    expect((row.value as { values: { title: string }[] }).values.map((e) => e.title).sort()).toEqual(['Entrée 0', 'Entrée 1', 'Entrée 2', 'Entrée 3', 'Entrée 4']);
  });

  it('10 home modules created at once: all kept, orders 1 to 10 each once', async () => {
    const g = await makeGroup(t, cookie, icon, 'Accueil');
    await burst(10, (i) => ['webapp/modules/insert', { name: `Module ${i}`, type: 'group', values: { group: g._id }, translations: [{ lang: 'fr', title: `Module ${i}` }] }]);
    const rows = await t.deps.db.select().from(modules);
    expect(rows.map((r) => r.order).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('an icon given 8 theme variants at once keeps all 8', async () => {
    const image = await uploadImage(t, cookie);
    const made = await makeIcon(t, cookie, 'Variantes');
    await burst(8, (i) => ['dashboard/icons/update', { id: made._id, name: 'Variantes', type: 'fill', theme: `theme-${i}`, icon: image }]);
    const [row] = await t.deps.db.select().from(icons).where(eq(icons.id, made._id));
    expect(row.fill.map((v) => v.theme).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `theme-${i}`));
  });
});
