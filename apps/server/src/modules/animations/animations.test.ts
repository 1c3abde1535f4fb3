import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { testApp, type TestApp } from '../../testing/harness';
import { animationDates, animations, files } from '../../db/schema';
import { newId } from '../../lib/ids';
import { DEFAULT_ADMIN, setEntry } from '../../platform/settings/settings.repository';
import { storeImage } from '../../platform/files/files.service';
import { addBenefitRow } from '../../testing/fixtures/services';

let t: TestApp;
let cookie: string;
let category: string;
let cover: string;

beforeAll(async () => {
  t = await testApp();
  cookie = (await t.signIn({ activities: 1 })).cookie;
  category = (await t.post('webapp/animation-categories/insert', { color: '3A86FF', translations: [{ lang: 'fr', name: 'Sport' }] }, cookie)).json()._id;
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
  cover = (await storeImage(t.deps.db, png, 'aquagym.png', t.deps.now()))._id;
});
afterAll(() => t.close());

const rows = () => t.deps.db.select().from(animations);
const body = (over: Record<string, unknown> = {}) => ({
  category,
  cover,
  front: true,
  translations: [
    { lang: 'fr', name: 'Aquagym', content: '<p>Rendez-vous à la <strong>piscine</strong>.</p>' },
    { lang: 'en', name: 'Aqua aerobics', content: '<p>Meet at the pool.</p>' },
  ],
  service_benefit: null,
  ...over,
});
const setPlan = (features: 'premium' | 'essentiel') => setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, features });

describe('webapp/animations/insert', () => {
  it('needs a session (401) and the activities flag (403)', async () => {
    expect((await t.post('webapp/animations/insert', body())).statusCode).toBe(401);
    const other = await t.signIn({ rubrics: 1, services: 1 });
    expect((await t.post('webapp/animations/insert', body(), other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/animations/update', { ...body(), _id: 'x' }, other.cookie)).statusCode).toBe(403);
    expect((await t.post('webapp/animations/delete', { id: 'x' }, other.cookie)).statusCode).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it('creates an activity, sanitizes its content and records who saved it', async () => {
    const me = await t.signIn({ activities: 1 });
    const res = await t.post(
      'webapp/animations/insert',
      body({ translations: [{ lang: 'fr', name: ' Pétanque ', content: '<p onclick="x()">Boulodrome<script>alert(1)</script></p>' }] }),
      me.cookie,
    );
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made).toMatchObject({ category, cover, front: true, service_benefit: null, user: me.userId });
    expect(made.translations).toEqual([{ lang: 'fr', name: 'Pétanque', content: '<p>Boulodrome</p>' }]);
    const [row] = await t.deps.db.select().from(animations).where(eq(animations.id, made._id));
    expect(row.translations[0].content).toBe('<p>Boulodrome</p>');
    expect((await t.get(`webapp/animations/find?id=${made._id}`)).json()).toEqual(made);
  });

  it('refuses bad input with the French messages and writes nothing', async () => {
    const before = (await rows()).length;
    const cases: [unknown, string, string][] = [
      [body({ category: '' }), 'category', 'Veuillez sélectionner une catégorie'],
      [body({ category: undefined }), 'category', 'Veuillez sélectionner une catégorie'],
      [body({ category: '000000000000000000000000' }), 'category', 'Veuillez sélectionner une catégorie'],
      [body({ cover: null }), 'cover', 'Veuillez insérer une photo de couverture'],
      [body({ cover: '000000000000000000000000' }), 'cover', 'Veuillez insérer une photo de couverture'],
      [body({ translations: [{ lang: 'fr', name: 'Yoga', content: '<p></p>' }] }), 'translations.0.content', 'Veuillez insérer un contenu (version FR)'],
      [body({ translations: [{ lang: 'en', name: 'Yoga', content: '<p>Mat</p>' }] }), 'translations.1.content', 'Veuillez insérer un contenu (version FR)'],
      [body({ translations: [{ lang: 'fr', name: '', content: '<p>Tapis</p>' }] }), 'translations.0.name', 'Vous devez indiquer le titre (version FR)'],
      [body({ translations: [{ lang: 'fr', name: 'Yoga', content: '<p>x</p>' }, { lang: 'en', name: 'y'.repeat(41), content: '' }] }), 'translations.1.name', 'Le titre ne doit pas dépasser 40 caractères (version EN)'],
    ];
    for (const [b, field, message] of cases) {
      const res = await t.post('webapp/animations/insert', b, cookie);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    // without the highlight, no cover is needed
    const noCover = await t.post('webapp/animations/insert', body({ front: false, cover: null }), cookie);
    expect(noCover.statusCode).toBe(200);
    expect(await rows()).toHaveLength(before + 1);
  });

  it('refuses a cover over 5 MB with a 413 and the message asking to reduce the image', async () => {
    const big = newId();
    const data = randomBytes(5 * 1024 * 1024 + 1);
    await t.deps.db.insert(files).values({ id: big, name: `${big}.jpg`, base: big, originalname: 'enorme.jpg', type: 'image/jpeg', data, width: 8000, height: 6000, size: data.length, kind: 'image', createdTime: 0 });
    const before = (await rows()).length;
    const res = await t.post('webapp/animations/insert', body({ cover: big }), cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^L'image est trop lourde \(5 Mo maximum\)\. Veuillez réduire sa taille.*tinypng/);
    expect(await rows()).toHaveLength(before);
  });

  it('links a service benefit only with the premium plan (403 otherwise, nothing written)', async () => {
    await setPlan('essentiel');
    const before = (await rows()).length;
    const refused = await t.post('webapp/animations/insert', body({ service_benefit: newId() }), cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Cette fonctionnalité nécessite la formule premium.');
    expect(await rows()).toHaveLength(before);
    // null is not a link: allowed on any plan
    expect((await t.post('webapp/animations/insert', body(), cookie)).statusCode).toBe(200);
    await setPlan('premium');
    // the benefit must exist (issue 22)
    const unknown = await t.post('webapp/animations/insert', body({ service_benefit: newId() }), cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.service_benefit).toBe("Cette prestation n'existe plus");
    expect(await rows()).toHaveLength(before + 1);
    const { benefit } = await addBenefitRow(t.deps);
    const ok = await t.post('webapp/animations/insert', body({ service_benefit: benefit }), cookie);
    expect(ok.json().service_benefit).toBe(benefit);
    await setPlan('essentiel');
    const update = await t.post('webapp/animations/update', { ...body({ service_benefit: benefit }), _id: ok.json()._id }, cookie);
    expect(update.statusCode).toBe(403);
  });
});

describe('webapp/animations/list and find', () => {
  it('are public, sorted by the default-language name; nocover leaves the cover out', async () => {
    await t.post('webapp/animations/insert', body({ translations: [{ lang: 'fr', name: 'zumba', content: '<p>z</p>' }] }), cookie);
    await t.post('webapp/animations/insert', body({ translations: [{ lang: 'fr', name: 'Éveil musical', content: '<p>e</p>' }] }), cookie);
    const list = await t.get('webapp/animations/list');
    expect(list.statusCode).toBe(200);
    const names = list.json().map((a: { translations: { name: string }[] }) => a.translations[0].name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect(names.indexOf('Éveil musical')).toBeLessThan(names.indexOf('zumba'));
    expect(list.json()[0]).toHaveProperty('cover');
    const light = (await t.get('webapp/animations/list?nocover=true')).json();
    expect(light).toHaveLength(list.json().length);
    for (const a of light) expect(a).not.toHaveProperty('cover');
    expect((await t.get('webapp/animations/find?id=000000000000000000000000')).json()).toBe(false);
  });
});

describe('webapp/animations/update and delete', () => {
  it('updates an activity and answers false for an unknown id', async () => {
    const made = (await t.post('webapp/animations/insert', body(), cookie)).json();
    const res = await t.post('webapp/animations/update', { ...body({ front: false, cover: null }), _id: made._id }, cookie);
    expect(res.json()).toMatchObject({ _id: made._id, front: false, cover: null });
    const [row] = await t.deps.db.select().from(animations).where(eq(animations.id, made._id));
    expect(row.front).toBe(false);
    expect((await t.post('webapp/animations/update', { ...body(), _id: '000000000000000000000000' }, cookie)).json()).toBe(false);
    const bad = await t.post('webapp/animations/update', { ...body({ category: '' }), _id: made._id }, cookie);
    expect(bad.statusCode).toBe(400);
    const [same] = await t.deps.db.select().from(animations).where(eq(animations.id, made._id));
    expect(same.category).toBe(category);
  });

  it('deletes an activity with its dates and only them; false for an unknown id', async () => {
    const a = (await t.post('webapp/animations/insert', body(), cookie)).json();
    const b = (await t.post('webapp/animations/insert', body(), cookie)).json();
    for (const id of [a._id, b._id]) {
      const res = await t.post('webapp/animation-dates/insert', { animation: id, dates: [{ start: 1_800_000_000, end: 1_800_003_600 }, { start: 1_800_086_400, end: 1_800_090_000 }] }, cookie);
      expect(res.json()).toHaveLength(2);
    }
    expect((await t.post('webapp/animations/delete', { id: a._id }, cookie)).json()).toBe(true);
    expect(await t.deps.db.select().from(animations).where(eq(animations.id, a._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(animationDates).where(eq(animationDates.animation, a._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(animationDates).where(eq(animationDates.animation, b._id))).toHaveLength(2);
    expect((await t.post('webapp/animations/delete', { id: a._id }, cookie)).json()).toBe(false);
  });
});
