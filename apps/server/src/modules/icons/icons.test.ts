import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { icons } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { makeIcon, uploadImage } from '../../testing/fixtures/booklet';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ rubrics: 1 })).cookie;
});
afterAll(() => t.close());

describe('dashboard/icons', () => {
  it('needs a session (401) and the rubrics flag (403) to write; the list is public', async () => {
    expect((await t.get('dashboard/icons/list')).statusCode).toBe(200);
    expect((await t.post('dashboard/icons/insert', { name: 'x', type: 'lineal', theme: 'blank', icon: 'x' })).statusCode).toBe(401);
    const other = await t.signIn({ activities: 1 });
    for (const path of ['insert', 'update', 'delete', 'delete-color']) {
      expect((await t.post(`dashboard/icons/${path}`, { id: 'x', name: 'x', type: 'lineal', theme: 'blank', icon: 'x' }, other.cookie)).statusCode).toBe(403);
    }
  });

  it('creates an icon with one lineal blank variant, its preview being that image', async () => {
    const file = await uploadImage(t, cookie);
    const res = await t.post('dashboard/icons/insert', { name: '  Piscine ', type: 'lineal', theme: 'blank', icon: file }, cookie);
    expect(res.json()).toMatchObject({ name: 'Piscine', lineal: [{ theme: 'blank', icon: file }], fill: [], prev: file });
    const [row] = await t.deps.db.select().from(icons).where(eq(icons.id, res.json()._id));
    expect(row.lineal).toEqual([{ theme: 'blank', icon: file }]);
  });

  it('refuses bad input with the sentences of 000 §5 and writes nothing', async () => {
    const before = (await t.deps.db.select().from(icons)).length;
    expect400(await t.post('dashboard/icons/insert', { name: '', type: 'lineal', theme: 'blank', icon: 'x' }, cookie), 'name', 'Veuillez indiquer le nom');
    expect400(await t.post('dashboard/icons/insert', { name: 'a', theme: 'blank', icon: 'x' }, cookie), 'type', 'Veuillez indiquer le type');
    expect400(await t.post('dashboard/icons/insert', { name: 'a', type: 'fill', theme: '', icon: 'x' }, cookie), 'theme', 'Veuillez indiquer le thème');
    expect400(await t.post('dashboard/icons/insert', { name: 'a', type: 'fill', theme: 'blank' }, cookie), 'icon', 'Veuillez sélectionner un icône');
    // an id that is no uploaded image
    expect400(await t.post('dashboard/icons/insert', { name: 'a', type: 'fill', theme: 'blank', icon: '000000000000000000000000' }, cookie), 'icon', 'Veuillez sélectionner un icône');
    expect((await t.deps.db.select().from(icons)).length).toBe(before);
  });

  it('adds and replaces colour variants, deletes one colour, then the icon', async () => {
    const icon = await makeIcon(t, cookie, 'Restaurant');
    const red = await uploadImage(t, cookie);
    const added = await t.post('dashboard/icons/update', { id: icon._id, name: 'Restaurant', type: 'fill', theme: 'theme-rouge', icon: red }, cookie);
    expect(added.json().fill).toEqual([{ theme: 'theme-rouge', icon: red }]);
    const other = await uploadImage(t, cookie);
    const replaced = await t.post('dashboard/icons/update', { id: icon._id, name: 'Resto', type: 'fill', theme: 'theme-rouge', icon: other }, cookie);
    expect(replaced.json()).toMatchObject({ name: 'Resto', fill: [{ theme: 'theme-rouge', icon: other }] });
    expect(replaced.json().lineal).toHaveLength(1);
    const renamed = await t.post('dashboard/icons/update', { id: icon._id, name: 'Restaurant', type: 'lineal', theme: 'blank' }, cookie);
    expect(renamed.json()).toMatchObject({ name: 'Restaurant', lineal: [{ theme: 'blank', icon: icon.prev }] });

    const noColor = await t.post('dashboard/icons/delete-color', { id: icon._id, type: 'fill', theme: 'theme-rouge' }, cookie);
    expect(noColor.json().fill).toEqual([]);
    expect((await t.post('dashboard/icons/delete-color', { id: icon._id, type: 'fill', theme: 'theme-rouge' }, cookie)).json()).toBe(false);
    expect((await t.post('dashboard/icons/delete', { id: icon._id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(icons).where(eq(icons.id, icon._id))).toHaveLength(0);
  });

  it('answers false for an unknown id', async () => {
    const unknown = '000000000000000000000000';
    expect((await t.post('dashboard/icons/update', { id: unknown, name: 'a', type: 'lineal', theme: 'blank' }, cookie)).json()).toBe(false);
    expect((await t.post('dashboard/icons/delete', { id: unknown }, cookie)).json()).toBe(false);
    expect((await t.post('dashboard/icons/delete-color', { id: unknown, type: 'lineal', theme: 'blank' }, cookie)).json()).toBe(false);
  });

  it('lists icons by name', async () => {
    await makeIcon(t, cookie, 'Zèbre');
    await makeIcon(t, cookie, 'Abeille');
    const names = (await t.get('dashboard/icons/list')).json().map((i: { name: string }) => i.name);
    expect(names[0]).toBe('Abeille');
    expect(names.at(-1)).toBe('Zèbre');
  });
});
