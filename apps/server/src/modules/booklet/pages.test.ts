import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookletLists, bookletPages } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { expect400 } from '../../testing/expect400';
import { makeCategory, makeGroup, makeIcon, uploadImage } from '../../testing/fixtures/booklet';
import { addBenefitRow } from '../../testing/fixtures/services';

let t: TestApp;
let cookie: string;
let icon: string;
let group: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  cookie = (await t.signIn({ rubrics: 1 })).cookie;
  icon = (await makeIcon(t, cookie))._id;
  group = (await makeGroup(t, cookie, icon, 'Pages'))._id;
});
afterAll(() => t.close());

let n = 0;
/** A fresh page category's page. */
async function newPage() {
  const c = await makeCategory(t, cookie, group, icon, `Page ${++n}`);
  return (await t.get(`webapp/pages/find-by-category?category=${c._id}`)).json() as { _id: string };
}
const sectionBody = (title: string, extra: object = {}) => ({ icon, translations: [{ lang: 'fr', title, html: `<p>${title}</p>` }], ...extra });
const row = async (id: string) => (await t.deps.db.select().from(bookletPages).where(eq(bookletPages.id, id)))[0];
const titles = (page: { sections: { key: number; translations: { title: string }[] }[] }) => page.sections.map((s) => `${s.key}:${s.translations[0].title}`);

describe('webapp/pages: reads and permissions', () => {
  it('reads are public; every write needs a session (401) and the rubrics flag (403)', async () => {
    const page = await newPage();
    expect((await t.get(`webapp/pages/find?id=${page._id}`)).json()._id).toBe(page._id);
    expect((await t.get('webapp/pages/find?id=000000000000000000000000')).json()).toBe(false);
    expect((await t.get('webapp/pages/find-by-category?category=000000000000000000000000')).json()).toBe(false);
    const other = await t.signIn({ activities: 1 });
    const writes = ['insert', 'insert-section', 'update-section', 'update-duplicate-section', 'order-sections', 'update-cover', 'update-name', 'update-service', 'delete-service', 'delete-section', 'delete', 'delete-by-category'];
    for (const path of writes) {
      expect((await t.post(`webapp/pages/${path}`, {})).statusCode).toBe(401);
      expect((await t.post(`webapp/pages/${path}`, {}, other.cookie)).statusCode).toBe(403);
    }
  });

  it('lists pages, without covers and sections when asked', async () => {
    const page = await newPage();
    const cover = await uploadImage(t, cookie);
    await t.post('webapp/pages/update-cover', { id: page._id, cover }, cookie);
    await t.post('webapp/pages/insert-section', { id: page._id, ...sectionBody('Une') }, cookie);
    const full = (await t.get('webapp/pages/list')).json().find((p: { _id: string }) => p._id === page._id);
    expect(full).toMatchObject({ cover, sections: [{ key: 0 }] });
    const light = (await t.get('webapp/pages/list?nocover=1&nosections=1')).json().find((p: { _id: string }) => p._id === page._id);
    expect(light).toMatchObject({ cover: null, sections: [] });
  });
});

describe('webapp/pages: sections', () => {
  it('saves a section with its links normalised and its content sanitized', async () => {
    const page = await newPage();
    const res = await t.post(
      'webapp/pages/insert-section',
      {
        id: page._id,
        icon,
        phone: ' +33 4.67/12-34-56 ',
        email: 'accueil@pins-dores.fr',
        website: 'pins-dores.fr',
        localisation: 'https://maps.app.goo.gl/abc123',
        facebook: 'https://www.facebook.com/pinsdores',
        instagram: 'https://www.instagram.com/pinsdores',
        translations: [{ lang: 'fr', title: ' Accueil ', html: '<p onclick="x()">Ouvert <script>alert(1)</script><strong>9h</strong></p>' }],
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const s = res.json().sections[0];
    expect(s).toMatchObject({ key: 0, order: 0, phone: '+33467123456', website: 'https://pins-dores.fr', prev: expect.any(String) });
    expect(s.translations[0]).toEqual({ lang: 'fr', title: 'Accueil', html: '<p>Ouvert <strong>9h</strong></p>' });
    expect((await row(page._id)).sections[0].translations[0].html).toBe('<p>Ouvert <strong>9h</strong></p>');
  });

  it('refuses bad sections with the sentences of 001 §5 and writes nothing', async () => {
    const page = await newPage();
    const post = (body: object) => t.post('webapp/pages/insert-section', { id: page._id, ...sectionBody('Titre'), ...body }, cookie);
    expect400(await post({ icon: '' }), 'icon', 'Vous devez choisir une icône');
    expect400(await post({ icon: '000000000000000000000000' }), 'icon', 'Vous devez choisir une icône');
    expect400(await post({ translations: [{ lang: 'fr', title: '', html: '<p>x</p>' }] }), 'title.fr', 'Vous devez indiquer le titre (version FR)');
    expect400(await post({ translations: [{ lang: 'fr', title: 'x'.repeat(61), html: '<p>x</p>' }] }), 'translations.0.title', 'Le titre ne doit pas dépasser 60 caractères (version FR)');
    expect400(await post({ translations: [{ lang: 'fr', title: 'T', html: '<p><br></p>' }] }), 'html.fr', 'Vous devez insérer un contenu (version FR)');
    // content that is only a script is empty once sanitized
    expect400(await post({ translations: [{ lang: 'fr', title: 'T', html: '<script>alert(1)</script>' }] }), 'html.fr', 'Vous devez insérer un contenu (version FR)');
    expect400(await post({ phone: '12 34' }), 'phone', "Le format du numéro de téléphone n'est pas correct");
    expect400(await post({ email: 'accueil@' }), 'email', "Le format de l'e-mail n'est pas correct");
    expect400(await post({ website: 'pas un site' }), 'website', "Le format du site web n'est pas correct");
    expect400(await post({ localisation: 'https://example.com/map' }), 'localisation', "Le format du lien Google Maps n'est pas correct");
    expect400(await post({ facebook: 'http://facebook.com/x' }), 'facebook', "Le format du lien Facebook n'est pas correct");
    expect400(await post({ instagram: 'https://instagram.com' }), 'instagram', "Le format du lien Instagram n'est pas correct");
    expect((await row(page._id)).sections).toEqual([]);
  });

  it('updates, duplicates right after, reorders and deletes sections; keys stay their index', async () => {
    const page = await newPage();
    for (const title of ['A', 'B', 'C']) await t.post('webapp/pages/insert-section', { id: page._id, ...sectionBody(title) }, cookie);
    const updated = await t.post('webapp/pages/update-section', { id: page._id, key: 1, ...sectionBody('B2') }, cookie);
    expect(titles(updated.json())).toEqual(['0:A', '1:B2', '2:C']);
    const dup = await t.post('webapp/pages/update-duplicate-section', { id: page._id, key: 0 }, cookie);
    expect(titles(dup.json())).toEqual(['0:A', '1:A', '2:B2', '3:C']);
    const ordered = await t.post('webapp/pages/order-sections', { id: page._id, sections: [{ key: 3 }, { key: 2 }, { key: 1 }, { key: 0 }] }, cookie);
    expect(titles(ordered.json())).toEqual(['0:C', '1:B2', '2:A', '3:A']);
    expect(ordered.json().sections.map((s: { order: number }) => s.order)).toEqual([0, 1, 2, 3]);
    const deleted = await t.post('webapp/pages/delete-section', { id: page._id, key: 1 }, cookie);
    expect(titles(deleted.json())).toEqual(['0:C', '1:A', '2:A']);
    expect((await row(page._id)).sections).toHaveLength(3);
  });

  it('answers false for an unknown page or key and for a reorder that is not the whole list', async () => {
    const page = await newPage();
    await t.post('webapp/pages/insert-section', { id: page._id, ...sectionBody('Seule') }, cookie);
    const unknown = '000000000000000000000000';
    expect((await t.post('webapp/pages/insert-section', { id: unknown, ...sectionBody('X') }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/pages/update-section', { id: page._id, key: 5, ...sectionBody('X') }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/pages/update-duplicate-section', { id: page._id, key: 5 }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/pages/delete-section', { id: page._id, key: 5 }, cookie)).json()).toBe(false);
    expect((await t.post('webapp/pages/order-sections', { id: page._id, sections: [{ key: 0 }, { key: 0 }] }, cookie)).json()).toBe(false);
    expect((await row(page._id)).sections).toHaveLength(1);
  });
});

describe('webapp/pages: cover, names, service button, delete', () => {
  it('sets and removes the cover; an id that is no image is refused', async () => {
    const page = await newPage();
    const cover = await uploadImage(t, cookie);
    expect((await t.post('webapp/pages/update-cover', { id: page._id, cover }, cookie)).json().cover).toBe(cover);
    expect((await t.post('webapp/pages/update-cover', { id: page._id, cover: null }, cookie)).json().cover).toBeNull();
    expect((await t.post('webapp/pages/update-cover', { id: page._id, cover: '000000000000000000000000' }, cookie)).statusCode).toBe(400);
  });

  it('renames a page and keeps its button titles', async () => {
    const page = await newPage();
    const res = await t.post('webapp/pages/update-name', { id: page._id, translations: [{ lang: 'fr', name: 'Nouveau nom' }] }, cookie);
    expect(res.json().translations).toEqual([{ lang: 'fr', name: 'Nouveau nom', category_name: expect.any(String), title: '' }]);
  });

  it('saves an external-link service button on premium, with the rules of 001 §5, and removes it', async () => {
    const page = await newPage();
    const body = { id: page._id, link: 'https://reservation.pins-dores.fr', translations: [{ lang: 'fr', title: 'Réserver' }] };
    const res = await t.post('webapp/pages/update-service', body, cookie);
    expect(res.json()).toMatchObject({ service: null, link: 'https://reservation.pins-dores.fr' });
    expect(res.json().translations[0].title).toBe('Réserver');
    expect400(await t.post('webapp/pages/update-service', { ...body, link: '' }, cookie), 'link', 'Vous devez sélectionner un service ou renseigner un lien externe');
    expect400(await t.post('webapp/pages/update-service', { ...body, service: 'abc' }, cookie), 'link', 'Vous devez choisir entre un service ou renseigner un lien externe');
    expect400(await t.post('webapp/pages/update-service', { ...body, translations: [{ lang: 'fr', title: '' }] }, cookie), 'title.fr', 'Vous devez indiquer le titre (version FR)');
    expect400(await t.post('webapp/pages/update-service', { ...body, translations: [{ lang: 'fr', title: 'x'.repeat(41) }] }, cookie), 'translations.0.title', 'Le titre ne doit pas dépasser 40 caractères (version FR)');
    expect((await row(page._id)).link).toBe('https://reservation.pins-dores.fr');
    const removed = await t.post('webapp/pages/delete-service', { id: page._id }, cookie);
    expect(removed.json()).toMatchObject({ service: null, link: null });
  });

  it('saves a service button naming an existing service, and refuses one that does not exist (issue 22)', async () => {
    const page = await newPage();
    const { service } = await addBenefitRow(t.deps);
    const body = { id: page._id, service, translations: [{ lang: 'fr', title: 'Réserver un kayak' }] };
    expect((await t.post('webapp/pages/update-service', body, cookie)).json()).toMatchObject({ service, link: null });
    expect400(await t.post('webapp/pages/update-service', { ...body, service: '000000000000000000000000' }, cookie), 'service', "Ce service n'existe plus");
    expect((await row(page._id)).service).toBe(service);
  });

  it('refuses the service button without the premium plan (403)', async () => {
    const essentiel = await testApp({ plan: 'essentiel' });
    try {
      const staff = await essentiel.signIn({ rubrics: 1 });
      const res = await essentiel.post('webapp/pages/update-service', { id: 'x', link: 'https://a.fr', translations: [] }, staff.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Cette fonctionnalité nécessite la formule premium.');
    } finally {
      await essentiel.close();
    }
  });

  it('inserts a standalone page; deleting a page removes the sub-category that opened it', async () => {
    const standalone = await t.post('webapp/pages/insert', { translations: [{ lang: 'fr', name: 'Libre' }], sections: [sectionBody('S', { website: 'camping.fr' })] }, cookie);
    expect(standalone.json()).toMatchObject({ category: null, sections: [{ website: 'https://camping.fr' }] });
    const c = await makeCategory(t, cookie, group, icon, 'Liste de pages', 'list');
    const [list] = await t.deps.db.select().from(bookletLists).where(eq(bookletLists.categoryId, c._id));
    for (const text of ['Un', 'Deux']) await t.post('webapp/lists/insert-element', { id: list.id, icon, translations: [{ lang: 'fr', text }] }, cookie);
    const [withTwo] = await t.deps.db.select().from(bookletLists).where(eq(bookletLists.id, list.id));
    expect((await t.post('webapp/pages/delete', { id: withTwo.elements[0].page }, cookie)).json()).toBe(true);
    const after = (await t.get(`webapp/lists/find-by-category?category=${c._id}`)).json();
    expect(after.elements.map((e: { key: number; translations: { text: string }[] }) => `${e.key}:${e.translations[0].text}`)).toEqual(['0:Deux']);
    expect((await t.post('webapp/pages/delete', { id: withTwo.elements[0].page }, cookie)).json()).toBe(false);
  });

  it('deletes the page of a category', async () => {
    const c = await makeCategory(t, cookie, group, icon, 'Sans page');
    expect((await t.post('webapp/pages/delete-by-category', { category: c._id }, cookie)).json()).toBe(true);
    expect((await t.get(`webapp/pages/find-by-category?category=${c._id}`)).json()).toBe(false);
    expect((await t.post('webapp/pages/delete-by-category', { category: c._id }, cookie)).json()).toBe(false);
    // the category may get a page again
    expect((await t.post('webapp/pages/insert', { category: c._id, translations: [{ lang: 'fr', name: 'Sans page' }] }, cookie)).json().category).toBe(c._id);
  });
});
