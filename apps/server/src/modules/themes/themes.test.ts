import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../testing/harness';
import { configEntries, themes } from '../../db/schema';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1 })).cookie;
});
afterAll(() => t.close());

const ocean = { name: 'Océan', color1: '1D4E89', color2: '3e7cb1', color3: 'f4a259', color4: 'ffffff' };
const rows = () => t.deps.db.select().from(themes);

describe('dashboard/themes', () => {
  it('needs a session (401) and the rubrics flag (403) to write; reading the list needs a session', async () => {
    const other = (await t.signIn({ params: 1 })).cookie;
    expect((await t.get('dashboard/themes/list')).statusCode).toBe(401);
    expect((await t.get('dashboard/themes/list', other)).statusCode).toBe(200);
    for (const [path, body] of [
      ['dashboard/themes/insert', ocean],
      ['dashboard/themes/update', { id: 'x', ...ocean }],
      ['dashboard/themes/delete', { id: 'x' }],
      ['webapp/config/update-theme', { id: 'x' }],
    ] as const) {
      expect((await t.post(path, body)).statusCode).toBe(401);
      expect((await t.post(path, body, other)).statusCode).toBe(403);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('creates a theme, stores its colours in lower case and lists themes by name', async () => {
    const res = await t.post('dashboard/themes/insert', ocean, staff);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Océan', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'ffffff' });
    const [row] = await t.deps.db.select().from(themes).where(eq(themes.id, created._id));
    expect(row.color1).toBe('1d4e89');
    await t.post('dashboard/themes/insert', { ...ocean, name: 'Automne' }, staff);
    await t.post('dashboard/themes/insert', { ...ocean, name: 'pinède' }, staff);
    const list = (await t.get('dashboard/themes/list', staff)).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Automne', 'Océan', 'pinède']);
  });

  it('refuses bad input with the French message per field and writes nothing', async () => {
    const before = (await rows()).length;
    const noName = await t.post('dashboard/themes/insert', { ...ocean, name: '  ' }, staff);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe('Veuillez indiquer le nom du thème');
    const short = await t.post('dashboard/themes/insert', { ...ocean, name: 'Court', color1: 'fff' }, staff);
    expect(short.json().fields.color1).toBe('La couleur 1 doit compter 6 caractères hexadécimaux, sans # (ex : 1D4E89)');
    const hash = await t.post('dashboard/themes/insert', { ...ocean, name: 'Dièse', color3: '#f4a25' }, staff);
    expect(hash.json().fields.color3).toMatch(/^La couleur 3 doit compter 6/);
    const missing = await t.post('dashboard/themes/insert', { name: 'Sans couleur', color1: '000000', color2: '000000', color3: '000000' }, staff);
    expect(missing.json().fields.color4).toBe('Veuillez indiquer la couleur 4');
    const taken = await t.post('dashboard/themes/insert', { ...ocean, name: 'OCÉAN' }, staff);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Un thème porte déjà ce nom');
    expect(await rows()).toHaveLength(before);
  });

  it('updates a theme, keeps its own name free, and answers false for an unknown id', async () => {
    const created = (await t.post('dashboard/themes/insert', { ...ocean, name: 'Lagune' }, staff)).json();
    const res = await t.post('dashboard/themes/update', { id: created._id, ...ocean, name: 'Lagune', color2: 'ABCDEF' }, staff);
    expect(res.json()).toMatchObject({ _id: created._id, name: 'Lagune', color2: 'abcdef' });
    const clash = await t.post('dashboard/themes/update', { id: created._id, ...ocean }, staff);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields.name).toBe('Un thème porte déjà ce nom');
    const [row] = await t.deps.db.select().from(themes).where(eq(themes.id, created._id));
    expect(row.name).toBe('Lagune');
    expect((await t.post('dashboard/themes/update', { id: 'inconnu', ...ocean, name: 'Autre' }, staff)).json()).toBe(false);
  });
});

describe('webapp/config/theme and update-theme', () => {
  it('answers false (publicly) while no theme is selected, then the selected theme', async () => {
    expect((await t.get('webapp/config/theme')).json()).toBe(false);
    const created = (await t.post('dashboard/themes/insert', { ...ocean, name: 'Forêt', color1: '24452a' }, staff)).json();
    const selected = await t.post('webapp/config/update-theme', { id: created._id }, staff);
    expect(selected.json()).toEqual(created);
    const [entry] = await t.deps.db.select().from(configEntries).where(eq(configEntries.key, 'theme'));
    expect(entry.value).toEqual({ id: created._id });
    expect((await t.get('webapp/config/theme')).json()).toEqual(created);
    expect((await t.post('webapp/config/update-theme', { id: 'inconnu' }, staff)).json()).toBe(false);
    expect((await t.get('webapp/config/theme')).json()).toEqual(created);
  });

  it('refuses to delete the selected theme, deletes another, and answers false for an unknown id', async () => {
    const current = (await t.get('webapp/config/theme')).json();
    const refused = await t.post('dashboard/themes/delete', { id: current._id }, staff);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Ce thème est celui de votre application : sélectionnez-en un autre avant de le supprimer.");
    expect(await t.deps.db.select().from(themes).where(eq(themes.id, current._id))).toHaveLength(1);
    const spare = (await t.post('dashboard/themes/insert', { ...ocean, name: 'Jetable' }, staff)).json();
    expect((await t.post('dashboard/themes/delete', { id: spare._id }, staff)).json()).toBe(true);
    expect(await t.deps.db.select().from(themes).where(eq(themes.id, spare._id))).toHaveLength(0);
    expect((await t.post('dashboard/themes/delete', { id: spare._id }, staff)).json()).toBe(false);
  });
});
