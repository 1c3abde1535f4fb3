// Generated data for the benchmark targets of each area; an area adds its targets here.
import sharp from 'sharp';
import type { TestApp } from '../apps/server/src/testing/harness';

export interface GeneratedTarget {
  name: string;
  path: string;
  prepare?: (t: TestApp) => Promise<void>;
  withSession?: boolean;
}

const prepared = new WeakSet<TestApp>();

/** A booklet of 50 rubrics, 1 000 categories and 1 000 pages (two sections each), made through the API. */
async function booklet(t: TestApp) {
  if (prepared.has(t)) return;
  prepared.add(t);
  const { cookie } = await t.signIn();
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1d4e89' } }).png().toBuffer();
  const file = (await t.post('dashboard/files/insert', { name: 'i.png', type: 'image/png', data: png.toString('base64') }, cookie)).json();
  const icon = (await t.post('dashboard/icons/insert', { name: 'Info', type: 'lineal', theme: 'blank', icon: file }, cookie)).json();
  const started = Date.now();
  for (let g = 0; g < 50; g++) {
    const group = (
      await t.post('webapp/groups/insert', { icon: icon._id, translations: [{ lang: 'fr', name: `Rubrique ${g}` }, { lang: 'en', name: `Rubric ${g}` }] }, cookie)
    ).json();
    for (let c = 0; c < 20; c++) {
      const category = (
        await t.post(
          'webapp/categories/insert',
          { group: group._id, type: 'page', icon: icon._id, translations: [{ lang: 'fr', name: `Catégorie ${g}-${c}` }, { lang: 'en', name: `Category ${g}-${c}` }] },
          cookie,
        )
      ).json();
      const page = (await t.get(`webapp/pages/find-by-category?category=${category._id}`)).json();
      for (let s = 0; s < 2; s++) {
        await t.post(
          'webapp/pages/insert-section',
          {
            id: page._id,
            icon: icon._id,
            phone: '04 67 00 00 00',
            translations: [
              { lang: 'fr', title: `Section ${s}`, html: '<p>Ouvert tous les jours de <strong>8 h à 20 h</strong>, en juillet et août.</p>' },
              { lang: 'en', title: `Section ${s}`, html: '<p>Open every day from <strong>8 am to 8 pm</strong> in July and August.</p>' },
            ],
          },
          cookie,
        );
      }
    }
  }
  console.log(`  (booklet of 50 rubrics, 1 000 categories, 1 000 pages generated in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

export const generators: GeneratedTarget[] = [
  { name: 'pages/list (1 000)', path: '/api/webapp/pages/list', prepare: booklet },
  { name: 'pages/list nocover', path: '/api/webapp/pages/list?nocover=1&nosections=1', prepare: booklet },
  { name: 'categories/list (1 000)', path: '/api/webapp/categories/list', prepare: booklet },
];
