import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../testing/harness';
import { configEntries, icons } from '../../db/schema';
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

const stored = async () => ((await t.deps.db.select().from(configEntries).where(eq(configEntries.key, 'menu')))[0]?.value as { values: { title: string }[] } | undefined)?.values ?? [];
const titles = async () => (await stored()).map((e) => e.title);
const rubricEntry = () => ({ title: 'Infos', type: 'rubric', rubric: b.group, icon: b.lineal, translations: [{ lang: 'en', title: 'Info' }] });

describe('webapp/config/menu permissions', () => {
  it('reads publicly (an empty menu at first); writes need a session (401) and the rubrics flag (403)', async () => {
    expect((await t.get('webapp/config/menu')).json()).toEqual({ values: [] });
    const other = (await t.signIn({ activities: 1 })).cookie;
    for (const [path, body] of [
      ['webapp/config/menu/insert', rubricEntry()],
      ['webapp/config/menu/update', { nb: 0, ...rubricEntry() }],
      ['webapp/config/menu/order', { menu: [] }],
      ['webapp/config/menu/delete', { nb: 0 }],
    ] as const) {
      expect((await t.post(path, body)).statusCode).toBe(401);
      expect((await t.post(path, body, other)).statusCode).toBe(403);
    }
    expect(await stored()).toEqual([]);
  });
});

describe('webapp/config/menu/insert', () => {
  it('adds entries at the end and answers the new menu with positions, translations and the outline image', async () => {
    const res = await t.post('webapp/config/menu/insert', rubricEntry(), staff);
    expect(res.json()).toEqual({
      values: [{ nb: 0, title: 'Infos', type: 'rubric', rubric: b.group, icon: b.lineal, translations: [{ lang: 'fr', title: 'Infos' }, { lang: 'en', title: 'Info' }], image: 'file-maison' }],
    });
    const second = await t.post('webapp/config/menu/insert', { title: 'Activités', type: 'animation', rubric: b.group, icon: b.lineal }, staff);
    expect(second.json().values[1]).toMatchObject({ nb: 1, title: 'Activités', type: 'animation', rubric: null, translations: [{ lang: 'fr', title: 'Activités' }] });
    expect(await titles()).toEqual(['Infos', 'Activités']);
    expect((await t.get('webapp/config/menu')).json()).toEqual(second.json());
  });

  it('refuses bad input with the sentences of 000 §5 and writes nothing', async () => {
    const before = await stored();
    const cases: [object, string, string][] = [
      [{ ...rubricEntry(), title: '' }, 'title', 'Veuillez indiquer le titre'],
      [{ ...rubricEntry(), title: undefined }, 'title', 'Veuillez indiquer le titre'],
      [{ ...rubricEntry(), type: 'page' }, 'type', 'Veuillez indiquer le type'],
      [{ ...rubricEntry(), rubric: null }, 'rubric', 'Veuillez indiquer une rubrique'],
      [{ ...rubricEntry(), rubric: 'inconnue' }, 'rubric', 'Veuillez indiquer une rubrique'],
      [{ ...rubricEntry(), icon: '' }, 'icon', 'Veuillez sélectionner un icône'],
      [{ ...rubricEntry(), icon: 'inconnu' }, 'icon', 'Veuillez sélectionner un icône'],
      [{ ...rubricEntry(), icon: b.fillOnly }, 'icon', 'Veuillez sélectionner un icône'],
      [{ ...rubricEntry(), title: 'x'.repeat(21) }, 'title', 'Le titre ne doit pas dépasser 20 caractères'],
      [{ ...rubricEntry(), translations: [{ lang: 'de', title: 'y'.repeat(21) }] }, 'translations.0.title', 'Le titre ne doit pas dépasser 20 caractères (version DE)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('webapp/config/menu/insert', body, staff);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('holds five entries at most', async () => {
    for (const title of ['Trois', 'Quatre', 'Cinq']) await t.post('webapp/config/menu/insert', { ...rubricEntry(), title }, staff);
    const res = await t.post('webapp/config/menu/insert', { ...rubricEntry(), title: 'Six' }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Le menu ne peut pas contenir plus de 5 sous-menus');
    expect(await titles()).toEqual(['Infos', 'Activités', 'Trois', 'Quatre', 'Cinq']);
  });
});

describe('webapp/config/menu/update, order, delete', () => {
  it('replaces the entry at its position and answers false for an unknown position', async () => {
    const res = await t.post('webapp/config/menu/update', { nb: 2, title: 'Piscine', type: 'animation', rubric: b.group, icon: b.lineal, translations: [{ lang: 'en', title: 'Pool' }] }, staff);
    expect(res.json().values[2]).toMatchObject({ nb: 2, title: 'Piscine', type: 'animation', rubric: null, translations: [{ lang: 'fr', title: 'Piscine' }, { lang: 'en', title: 'Pool' }] });
    expect(await titles()).toEqual(['Infos', 'Activités', 'Piscine', 'Quatre', 'Cinq']);
    expect((await t.post('webapp/config/menu/update', { nb: 5, ...rubricEntry() }, staff)).json()).toBe(false);
    const bad = await t.post('webapp/config/menu/update', { nb: 0, ...rubricEntry(), type: 'rubric', rubric: '' }, staff);
    expect(bad.json().fields.rubric).toBe('Veuillez indiquer une rubrique');
    expect(await titles()).toEqual(['Infos', 'Activités', 'Piscine', 'Quatre', 'Cinq']);
  });

  it('saves the reordered menu in one call and refuses a list that is not every entry once', async () => {
    const menu = (await t.get('webapp/config/menu')).json().values;
    const swapped = [menu[1], menu[0], ...menu.slice(2)];
    const res = await t.post('webapp/config/menu/order', { menu: swapped }, staff);
    expect(res.json().values.map((e: { nb: number; title: string }) => [e.nb, e.title])).toEqual([[0, 'Activités'], [1, 'Infos'], [2, 'Piscine'], [3, 'Quatre'], [4, 'Cinq']]);
    for (const bad of [[{ nb: 0 }], [{ nb: 0 }, { nb: 0 }, { nb: 1 }, { nb: 2 }, { nb: 3 }], [{ nb: 0 }, { nb: 1 }, { nb: 2 }, { nb: 3 }, { nb: 9 }]]) {
      expect((await t.post('webapp/config/menu/order', { menu: bad }, staff)).json()).toBe(false);
    }
    expect(await titles()).toEqual(['Activités', 'Infos', 'Piscine', 'Quatre', 'Cinq']);
  });

  it('deletes by position and answers false for an unknown one', async () => {
    const res = await t.post('webapp/config/menu/delete', { nb: 3 }, staff);
    expect(res.json().values.map((e: { title: string }) => e.title)).toEqual(['Activités', 'Infos', 'Piscine', 'Cinq']);
    expect((await t.post('webapp/config/menu/delete', { nb: 4 }, staff)).json()).toBe(false);
    expect(await titles()).toEqual(['Activités', 'Infos', 'Piscine', 'Cinq']);
  });

  it("shows each icon in the app's theme when it has that variant", async () => {
    const theme = (await t.post('dashboard/themes/insert', { name: 'Océan', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'ffffff' }, staff)).json();
    await t.deps.db.update(icons).set({ lineal: [{ theme: 'blank', icon: 'file-maison' }, { theme: theme._id, icon: 'file-maison-ocean' }] }).where(eq(icons.id, b.lineal));
    expect((await t.get('webapp/config/menu')).json().values[0].image).toBe('file-maison');
    await t.post('webapp/config/update-theme', { id: theme._id }, staff);
    expect((await t.get('webapp/config/menu')).json().values[0].image).toBe('file-maison-ocean');
  });
});
