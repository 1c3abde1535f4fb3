import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookletCategories, bookletGroups, bookletLists, bookletPages } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { makeCategory, makeGroup, makeIcon } from '../../testing/fixtures/booklet';

let t: TestApp;
let cookie: string;
let icon: { _id: string; prev: string };
beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ rubrics: 1 })).cookie;
  icon = await makeIcon(t, cookie);
});
afterAll(() => t.close());

const rubric = (name: string, extra: object = {}) => ({ icon: icon._id, translations: [{ lang: 'fr', name }], ...extra });

describe('webapp/groups', () => {
  it('needs a session (401) and the rubrics flag (403) to write; the list is public', async () => {
    expect((await t.get('webapp/groups/list')).statusCode).toBe(200);
    expect((await t.post('webapp/groups/insert', rubric('A'))).statusCode).toBe(401);
    const other = await t.signIn({ activities: 1, users: 1 });
    expect((await t.post('webapp/groups/insert', rubric('A'), other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/groups/update', { _id: 'x', ...rubric('A') }, other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/groups/delete', { id: 'x' }, other.cookie)).statusCode).toBe(403);
  });

  it('creates a rubric whose prefix is the slug of its name, with the preview of its icon', async () => {
    const res = await t.post('webapp/groups/insert', rubric('  Infos pratiques ', { translations: [{ lang: 'fr', name: 'Infos pratiques' }, { lang: 'en', name: 'Good to know' }] }), cookie);
    expect(res.json()).toMatchObject({
      icon: icon._id,
      prev: icon.prev,
      translations: [
        { lang: 'fr', name: 'Infos pratiques', prefix: 'infos-pratiques' },
        { lang: 'en', name: 'Good to know', prefix: 'good-to-know' },
      ],
    });
    const [row] = await t.deps.db.select().from(bookletGroups).where(eq(bookletGroups.id, res.json()._id));
    expect(row.translations[0].prefix).toBe('infos-pratiques');
  });

  it('refuses bad input with the sentences of 001 §5 and writes nothing', async () => {
    const before = (await t.deps.db.select().from(bookletGroups)).length;
    expect400(await t.post('webapp/groups/insert', { translations: [{ lang: 'fr', name: 'A' }] }, cookie), 'icon', 'Veuillez choisir un icône');
    expect400(await t.post('webapp/groups/insert', rubric(''), cookie), 'name.fr', 'Vous devez indiquer le titre (version FR)');
    const long = { icon: icon._id, translations: [{ lang: 'fr', name: 'Court' }, { lang: 'en', name: 'x'.repeat(41) }] };
    expect400(await t.post('webapp/groups/insert', long, cookie), 'translations.1.name', 'Le titre ne doit pas dépasser 40 caractères (version EN)');
    expect((await t.deps.db.select().from(bookletGroups)).length).toBe(before);
  });

  it('lists rubrics alphabetically by default-language name, accents aside', async () => {
    for (const name of ['Zoo', 'Accueil', 'École']) await t.post('webapp/groups/insert', rubric(name), cookie);
    const names = (await t.get('webapp/groups/list')).json().map((g: { translations: { name: string }[] }) => g.translations[0].name);
    expect(names.indexOf('Accueil')).toBeLessThan(names.indexOf('École'));
    expect(names.indexOf('École')).toBeLessThan(names.indexOf('Zoo'));
  });

  it('renames a rubric: its prefix and its categories\' urls follow', async () => {
    const g = await makeGroup(t, cookie, icon._id, 'Loisirs');
    await makeCategory(t, cookie, g._id, icon._id, 'Piscine');
    const res = await t.post('webapp/groups/update', { _id: g._id, icon: icon._id, translations: [{ lang: 'fr', name: 'Détente' }] }, cookie);
    expect(res.json().translations[0].prefix).toBe('detente');
    const [cat] = (await t.get(`webapp/categories/find-by-group?group=${g._id}`)).json();
    expect(cat.translations[0].url).toBe('detente/piscine');
    expect((await t.post('webapp/groups/update', { _id: '000000000000000000000000', ...rubric('X') }, cookie)).json()).toBe(false);
  });

  it('deletes a rubric with its categories, pages, lists and sub-category pages', async () => {
    const g = await makeGroup(t, cookie, icon._id, 'À supprimer');
    const page = await makeCategory(t, cookie, g._id, icon._id, 'Horaires');
    const list = await makeCategory(t, cookie, g._id, icon._id, 'Sorties', 'list');
    const [listRow] = await t.deps.db.select().from(bookletLists).where(eq(bookletLists.categoryId, list._id));
    const sub = await t.post('webapp/lists/insert-element', { id: listRow.id, icon: icon._id, translations: [{ lang: 'fr', text: 'Marché' }] }, cookie);
    const subPage = sub.json().elements[0].page;

    expect((await t.post('webapp/groups/delete', { id: g._id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(bookletGroups).where(eq(bookletGroups.id, g._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(bookletCategories).where(eq(bookletCategories.groupId, g._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.categoryId, page._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(bookletLists).where(eq(bookletLists.id, listRow.id))).toHaveLength(0);
    expect(await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, subPage))).toHaveLength(0);
    expect((await t.post('webapp/groups/delete', { id: g._id }, cookie)).json()).toBe(false);
  });
});
