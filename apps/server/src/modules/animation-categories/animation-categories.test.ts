import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../testing/harness';
import { animationCategories } from '../../db/schema';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ activities: 1 })).cookie;
});
afterAll(() => t.close());

const rows = () => t.deps.db.select().from(animationCategories);
const sport = { color: '#FF8800', translations: [{ lang: 'fr', name: 'Sport' }, { lang: 'en', name: 'Sports' }] };

describe('webapp/animation-categories', () => {
  it('needs a session (401) and the activities flag (403) to write; reading is public', async () => {
    expect((await t.post('webapp/animation-categories/insert', sport)).statusCode).toBe(401);
    const other = await t.signIn({ rubrics: 1, params: 1 });
    for (const path of ['insert', 'update', 'delete']) {
      expect((await t.post(`webapp/animation-categories/${path}`, { ...sport, _id: 'x', id: 'x' }, other.cookie)).statusCode).toBe(403);
    }
    expect(await rows()).toHaveLength(0);
    const list = await t.get('webapp/animation-categories/list');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it('creates a category, storing the colour without its #', async () => {
    const res = await t.post('webapp/animation-categories/insert', sport, cookie);
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made).toMatchObject({ color: 'FF8800', translations: sport.translations });
    expect(made._id).toMatch(/^[0-9a-f]{24}$/);
    const [row] = await t.deps.db.select().from(animationCategories).where(eq(animationCategories.id, made._id));
    expect(row.color).toBe('FF8800');
    expect((await t.get('webapp/animation-categories/list')).json()).toContainEqual(made);
    const plain = await t.post('webapp/animation-categories/insert', { color: '3a86ff', translations: [{ lang: 'fr', name: 'Enfants' }] }, cookie);
    expect(plain.json().color).toBe('3a86ff');
    // sorted by name in the default language, whatever the order of creation
    const names = (await t.get('webapp/animation-categories/list')).json().map((c: { translations: { name: string }[] }) => c.translations[0].name);
    expect(names).toEqual(['Enfants', 'Sport']);
  });

  it('refuses bad input with the French messages and writes nothing', async () => {
    const before = (await rows()).length;
    const cases: [unknown, string, string][] = [
      [{ translations: sport.translations }, 'color', 'Veuillez indiquer la couleur'],
      [{ ...sport, color: '' }, 'color', 'Veuillez indiquer la couleur'],
      [{ ...sport, color: '#12345' }, 'color', 'Veuillez indiquer un code couleur valide'],
      [{ ...sport, color: 'GG0000' }, 'color', 'Veuillez indiquer un code couleur valide'],
      [{ ...sport, translations: [{ lang: 'fr', name: 'x'.repeat(41) }] }, 'translations.0.name', 'Le titre ne doit pas dépasser 40 caractères (version FR)'],
      [{ ...sport, translations: [{ lang: 'en', name: 'Sports' }] }, 'translations.1.name', 'Vous devez indiquer le titre (version FR)'],
      [{ ...sport, translations: [{ lang: 'fr', name: '   ' }] }, 'translations.0.name', 'Vous devez indiquer le titre (version FR)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('webapp/animation-categories/insert', body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await rows()).toHaveLength(before);
  });

  it('updates a category and answers false for an unknown id', async () => {
    const made = (await t.post('webapp/animation-categories/insert', sport, cookie)).json();
    const res = await t.post('webapp/animation-categories/update', { _id: made._id, color: '#00AA55', translations: [{ lang: 'fr', name: 'Sport et bien-être' }] }, cookie);
    expect(res.json()).toEqual({ _id: made._id, color: '00AA55', translations: [{ lang: 'fr', name: 'Sport et bien-être' }] });
    const [row] = await t.deps.db.select().from(animationCategories).where(eq(animationCategories.id, made._id));
    expect(row.translations).toEqual([{ lang: 'fr', name: 'Sport et bien-être' }]);
    const unknown = await t.post('webapp/animation-categories/update', { ...sport, _id: '000000000000000000000000' }, cookie);
    expect(unknown.json()).toBe(false);
    const bad = await t.post('webapp/animation-categories/update', { _id: made._id, color: 'nope', translations: sport.translations }, cookie);
    expect(bad.statusCode).toBe(400);
    const [still] = await t.deps.db.select().from(animationCategories).where(eq(animationCategories.id, made._id));
    expect(still.color).toBe('00AA55');
  });

  it('deletes a category (true), false for an unknown id, and keeps one that still holds activities', async () => {
    const made = (await t.post('webapp/animation-categories/insert', sport, cookie)).json();
    expect((await t.post('webapp/animation-categories/delete', { id: made._id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(animationCategories).where(eq(animationCategories.id, made._id))).toHaveLength(0);
    expect((await t.post('webapp/animation-categories/delete', { id: made._id }, cookie)).json()).toBe(false);

    const used = (await t.post('webapp/animation-categories/insert', sport, cookie)).json();
    const activity = await t.post(
      'webapp/animations/insert',
      { category: used._id, cover: null, front: false, translations: [{ lang: 'fr', name: 'Aquagym', content: '<p>Dans la piscine</p>' }], service_benefit: null },
      cookie,
    );
    expect(activity.statusCode).toBe(200);
    const refused = await t.post('webapp/animation-categories/delete', { id: used._id }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Cette catégorie contient encore des activités : changez-leur de catégorie avant de la supprimer');
    expect(await t.deps.db.select().from(animationCategories).where(eq(animationCategories.id, used._id))).toHaveLength(1);
  });
});
