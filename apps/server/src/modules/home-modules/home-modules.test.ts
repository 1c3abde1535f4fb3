import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../testing/harness';
import { modules } from '../../db/schema';
import { bookletFixture } from '../../testing/fixtures/booklet';

let t: TestApp;
let staff: string;
let b: Awaited<ReturnType<typeof bookletFixture>>;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1 })).cookie;
  b = await bookletFixture(t.deps.db);
});
afterAll(() => t.close());

const rows = () => t.deps.db.select().from(modules).orderBy(asc(modules.order));
const groupModule = () => ({
  name: 'Infos pratiques',
  type: 'group',
  values: { group: b.group },
  translations: [
    { lang: 'fr', title: 'Bon à savoir' },
    { lang: 'en', title: 'Good to know' },
  ],
});

describe('webapp/modules permissions', () => {
  it('lists publicly; writes need a session (401) and the rubrics flag (403), and write nothing', async () => {
    expect((await t.get('webapp/modules/list')).statusCode).toBe(200);
    const other = (await t.signIn({ params: 1, homepage: 1 })).cookie;
    for (const [path, body] of [
      ['webapp/modules/insert', groupModule()],
      ['webapp/modules/update', { id: 'x', ...groupModule() }],
      ['webapp/modules/order', { modules: [] }],
      ['webapp/modules/delete', { id: 'x' }],
    ] as const) {
      expect((await t.post(path, body)).statusCode).toBe(401);
      expect((await t.post(path, body, other)).statusCode).toBe(403);
    }
    expect(await rows()).toHaveLength(0);
  });
});

describe('webapp/modules/insert', () => {
  it('creates modules of each type, each at the next free order, keeping only the values of its type', async () => {
    const group = (await t.post('webapp/modules/insert', groupModule(), staff)).json();
    expect(group).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Infos pratiques', type: 'group', order: 1, values: { group: b.group }, translations: groupModule().translations });

    const byCategory = await t.post(
      'webapp/modules/insert',
      { name: 'Piscine', type: 'page', values: { category: b.pageCategory, group: b.group }, translations: [{ lang: 'fr', title: 'La piscine', subtitle: 'Ouverte de 9 h à 20 h' }] },
      staff,
    );
    expect(byCategory.json()).toMatchObject({ order: 2, values: { page: b.page, category: b.pageCategory } });
    const subPage = (await t.post('webapp/modules/insert', { name: 'Pizzeria', type: 'page', values: { page: b.subPage }, translations: [{ lang: 'fr', title: 'La Pizzeria', subtitle: 'Sur place ou à emporter' }] }, staff)).json();
    expect(subPage.values).toEqual({ page: b.subPage, category: null });
    const list = (await t.post('webapp/modules/insert', { name: 'Restaurants', type: 'list', values: { list: b.list }, translations: [{ lang: 'fr', title: 'Se restaurer' }] }, staff)).json();
    expect(list).toMatchObject({ order: 4, values: { list: b.list, category: b.listCategory }, translations: [{ lang: 'fr', title: 'Se restaurer', subtitle: '' }] });
    // an order already taken is not honoured: the module goes last
    const animation = (await t.post('webapp/modules/insert', { name: 'Animations', type: 'animation', order: 1, values: { group: b.group }, translations: [{ lang: 'fr', title: 'Nos activités', subtitle: 'ignoré' }] }, staff)).json();
    expect(animation).toMatchObject({ order: 5, values: {}, translations: [{ lang: 'fr', title: 'Nos activités' }] });
    expect(animation.translations[0]).not.toHaveProperty('subtitle');

    const saved = await rows();
    expect(saved.map((r) => [r.name, r.order])).toEqual([['Infos pratiques', 1], ['Piscine', 2], ['Pizzeria', 3], ['Restaurants', 4], ['Animations', 5]]);
    expect(saved[0].values).toEqual({ group: b.group });
    const listed = (await t.get('webapp/modules/list')).json();
    expect(listed.map((m: { name: string }) => m.name)).toEqual(['Infos pratiques', 'Piscine', 'Pizzeria', 'Restaurants', 'Animations']);
  });

  it('refuses bad input with the sentences of 000 §5 and writes nothing', async () => {
    const before = (await rows()).length;
    const cases: [object, string, string][] = [
      [{ ...groupModule(), name: ' ' }, 'name', 'Le nom ne doit pas être vide'],
      [{ ...groupModule(), name: 'x'.repeat(51) }, 'name', 'Le nom ne doit pas dépasser 50 caractères'],
      [{ ...groupModule(), type: undefined }, 'type', 'Veuillez indiquer le type de module'],
      [{ ...groupModule(), values: {} }, 'values.group', 'Veuillez sélectionner une rubrique'],
      [{ ...groupModule(), values: { group: 'inconnue' } }, 'values.group', 'Veuillez sélectionner une rubrique'],
      [{ ...groupModule(), type: 'page', values: {} }, 'values.page', 'Veuillez sélectionner une page'],
      [{ ...groupModule(), type: 'page', values: { page: b.list }, translations: [{ lang: 'fr', title: 'T', subtitle: 'S' }] }, 'values.page', 'Veuillez sélectionner une page'],
      [{ ...groupModule(), type: 'list', values: { list: b.page } }, 'values.list', 'Veuillez sélectionner une liste'],
      [{ ...groupModule(), translations: [{ lang: 'en', title: 'Only English' }] }, 'title.fr', 'Vous devez indiquer le titre (version FR)'],
      [{ ...groupModule(), translations: [{ lang: 'fr', title: 'Titre' }, { lang: 'en', title: 'y'.repeat(41) }] }, 'translations.1.title', 'Le titre ne doit pas dépasser 40 caractères (version EN)'],
      [{ ...groupModule(), type: 'page', values: { page: b.page } }, 'subtitle.fr', 'Vous devez indiquer le sous-titre (version FR)'],
      [{ ...groupModule(), type: 'list', values: { list: b.list }, translations: [{ lang: 'fr', title: 'T', subtitle: 'z'.repeat(41) }] }, 'translations.0.subtitle', 'Le sous-titre ne doit pas dépasser 40 caractères (version FR)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('webapp/modules/insert', body, staff);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    expect(await rows()).toHaveLength(before);
  });
});

describe('webapp/modules/update, order, delete', () => {
  it('changes the type: the old values go, the titles stay; false for an unknown id', async () => {
    const [first] = await rows();
    const res = await t.post('webapp/modules/update', { id: first.id, name: 'Ma liste', type: 'list', values: { group: b.group, list: b.list }, translations: first.translations }, staff);
    expect(res.json()).toMatchObject({ _id: first.id, name: 'Ma liste', type: 'list', order: 1, values: { list: b.list, category: b.listCategory } });
    const [row] = await t.deps.db.select().from(modules).where(eq(modules.id, first.id));
    expect(row.values).toEqual({ list: b.list, category: b.listCategory });
    expect(row.translations.map((x) => x.title)).toEqual(['Bon à savoir', 'Good to know']);
    expect((await t.post('webapp/modules/update', { id: 'inconnu', ...groupModule() }, staff)).json()).toBe(false);
    const bad = await t.post('webapp/modules/update', { id: first.id, ...groupModule(), name: '' }, staff);
    expect(bad.json().fields.name).toBe('Le nom ne doit pas être vide');
    expect((await t.deps.db.select().from(modules).where(eq(modules.id, first.id)))[0].name).toBe('Ma liste');
  });

  it('saves a new order for the whole list, renumbered by position, and answers the list', async () => {
    const before = await rows();
    const reversed = [...before].reverse().map((r) => ({ _id: r.id, name: r.name, order: r.order }));
    const res = await t.post('webapp/modules/order', { modules: reversed }, staff);
    expect(res.json().map((m: { _id: string; order: number }) => [m._id, m.order])).toEqual(reversed.map((m, i) => [m._id, i + 1]));
    expect((await rows()).map((r) => r.id)).toEqual(reversed.map((m) => m._id));
  });

  it('answers false for a list that misses a module, repeats one or names an unknown one, and changes nothing', async () => {
    const before = (await rows()).map((r) => [r.id, r.order]);
    const ids = before.map(([id]) => ({ _id: id as string }));
    for (const list of [ids.slice(1), [...ids.slice(1), ids[1]], [...ids.slice(1), { _id: 'inconnu' }]]) {
      expect((await t.post('webapp/modules/order', { modules: list }, staff)).json()).toBe(false);
    }
    expect((await rows()).map((r) => [r.id, r.order])).toEqual(before);
  });

  it('deletes a module, closes the gap in the orders, and answers false for an unknown id', async () => {
    const before = await rows();
    expect((await t.post('webapp/modules/delete', { id: before[1].id }, staff)).json()).toBe(true);
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual(before.filter((_, i) => i !== 1).map((r) => r.id));
    expect(after.map((r) => r.order)).toEqual(after.map((_, i) => i + 1));
    expect((await t.post('webapp/modules/delete', { id: before[1].id }, staff)).json()).toBe(false);
    const added = (await t.post('webapp/modules/insert', groupModule(), staff)).json();
    expect(added.order).toBe(after.length + 1);
  });
});
