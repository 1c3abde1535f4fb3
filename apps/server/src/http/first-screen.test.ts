import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaWindow, FIRST_SCREEN_ID, type FirstScreen } from '@campsite/shared/client/first-screen';
import { buildApp } from '../app';
import { testApp, type TestApp } from '../testing/harness';
import { makeCategory, makeGroup, makeIcon, uploadImage } from '../testing/fixtures/booklet';
import { addStayingGuest, makeService } from '../testing/fixtures/services';
import { acceptedLanguages } from './first-screen';

// a build of the guest app as Vite writes it: the mark in the head, the stylesheet linked after it
const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta name="theme-color" content="#1d4e89" />
    <title>Camping</title>
    <!--first-screen-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const CSS = ':root{--c1:#1d4e89}.topbar{background:var(--c1)}';

let t: TestApp;
let guest: FastifyInstance;
let staff: string;
let dist: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  dist = mkdtempSync(join(tmpdir(), 'guest-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/index-abc.css'), CSS);
  writeFileSync(join(dist, 'assets/index-abc.js'), 'console.log(1)');
  guest = await buildApp({ database: t.deps.database, env: t.deps.env, distDir: dist }, t.deps);
  await guest.ready();
  staff = (await t.signIn()).cookie;
  const settings = {
    sendmail: false,
    establishment: 'Camping des Dunes',
    nbdays: '7',
    langs: ['fr', 'en', 'de'],
    lang_default: 'fr',
    background: null,
    welcome: [
      { lang: 'fr', welcome: 'Bienvenue aux Dunes !' },
      { lang: 'en', welcome: 'Welcome to the Dunes!' },
      { lang: 'de', welcome: 'Willkommen in den Dünen!' },
    ],
  };
  expect((await t.post('dashboard/config/global/update', settings, staff)).statusCode).toBe(200);
});
afterAll(async () => {
  await guest.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => guest.inject({ method: 'GET', url, headers });
const dataOf = (html: string): FirstScreen => {
  const m = html.match(new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">(.*?)</script>`, 's'));
  expect(m, 'the data block').not.toBeNull();
  return JSON.parse(m![1]) as FirstScreen;
};
async function selectTheme(name: string, colours: { color1: string; color2: string; color3: string; color4: string }) {
  const theme = (await t.post('dashboard/themes/insert', { name, ...colours }, staff)).json();
  expect((await t.post('webapp/config/update-theme', { id: theme._id }, staff)).json()).toEqual(theme);
  return theme;
}

describe("the guest app's page carries its first screen", () => {
  it("writes the selected theme's colours into the head, above the stylesheet's defaults, and the browser bar's", async () => {
    await selectTheme('Pinède', { color1: '24452a', color2: '5b7f3a', color3: 'e07a5f', color4: 'f2cc8f' });
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<style id="theme">html:root{--c1:#24452a;--on1:#ffffff;--ink1:#24452a;--c2:#5b7f3a;');
    expect(res.body).toContain('<meta name="theme-color" content="#24452a"');
    expect(res.body).toContain('<title>Camping des Dunes</title>');
    // the stylesheet is in the page itself: the first paint waits for no other file
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('href="/assets/index-abc.css"');
  });

  it('holds exactly what each read answers now, the home reads on the home, and follows a change of theme at once', async () => {
    const first = dataOf((await page('/')).body);
    const window = agendaWindow(Math.floor(first.at / 1000));
    const urls = [
      '/api/webapp/config/public',
      '/api/webapp/config/theme',
      '/api/webapp/config/logo',
      '/api/webapp/config/menu',
      '/api/webapp/groups/list',
      '/api/webapp/modules/list',
      '/api/webapp/categories/list',
      `/api/webapp/animation-dates/list?from=${window.from}&to=${window.to}`,
      '/api/webapp/animations/list',
      '/api/webapp/animation-categories/list',
    ];
    expect(Object.keys(first.reads).sort()).toEqual([...urls].sort());
    for (const url of urls) expect(first.reads[url], url).toEqual((await t.get(url)).json());
    expect(Math.abs(first.at - Date.now())).toBeLessThan(10_000);

    // staff select another theme: the very next page has it, nothing kept from before
    const ocean = await selectTheme('Océan', { color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'fdf6ec' });
    const next = await page('/');
    expect(dataOf(next.body).reads['/api/webapp/config/theme']).toEqual(ocean);
    expect(next.body).toContain('html:root{--c1:#1d4e89;');
    expect(next.body).not.toContain('#24452a');

    // an address that leads nowhere (the app goes home): what every screen shows, not the home's reads nor its first lines
    const other = await page('/nulle-part');
    expect(Object.keys(dataOf(other.body).reads).sort()).toEqual(urls.slice(0, 5).sort());
    expect(other.body).toContain('<div id="root"></div>');
    const shell = await page('/index.html');
    expect(shell.statusCode).toBe(200);
    expect(Object.keys(dataOf(shell.body).reads)).toHaveLength(5);
  });

  it("paints the home's first lines in the guest's language: the device's choice, else the browser's", async () => {
    const de = (await page('/', { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' })).body;
    expect(de).toContain('<html lang="de"');
    expect(de).toContain('<h1 class="hero-title">Camping des Dunes</h1><p class="hero-welcome">Willkommen in den Dünen!</p>');
    // a language the establishment does not offer: the default
    expect((await page('/', { 'accept-language': 'ja' })).body).toContain('<p class="hero-welcome">Bienvenue aux Dunes !</p>');
    const chosen = (await page('/', { 'accept-language': 'de', cookie: 'lang=en' })).body;
    expect(chosen).toContain('<html lang="en"');
    expect(chosen).toContain('Welcome to the Dunes!');
    // a chosen language no longer offered is ignored
    expect((await page('/', { 'accept-language': 'de', cookie: 'lang=it' })).body).toContain('<html lang="de"');
  });

  it("keeps the establishment's texts as text: nothing closes the data block or the title", async () => {
    const sneaky = 'Camping </script><script>alert(1)</script>';
    const res = await t.post(
      'dashboard/config/global/update',
      { sendmail: false, establishment: sneaky.slice(0, 40), nbdays: '7', langs: ['fr'], lang_default: 'fr', background: null, welcome: [{ lang: 'fr', welcome: '<!-- </title> -->' }] },
      staff,
    );
    expect(res.statusCode).toBe(200);
    const body = (await page('/')).body;
    expect(body).not.toContain('</script><script>alert');
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(dataOf(body).reads['/api/webapp/config/public']).toMatchObject({ establishment: sneaky.slice(0, 40) });
    expect(body).toContain('<title>Camping &lt;/script&gt;&lt;script&gt;alert(1)&lt;/scrip</title>');
    expect(body).toContain('<p class="hero-welcome">&lt;!-- &lt;/title&gt; --&gt;</p>');
  });

  it('is compressed for browsers that accept it, kept by no shared cache, and missing files are 404s', async () => {
    const res = await page('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(FIRST_SCREEN_ID);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await page('/assets/index-old.js')).statusCode).toBe(404);
    expect((await page('/api/webapp/nothing-here')).statusCode).toBe(404);
    expect((await page('/assets/index-abc.js')).body).toBe('console.log(1)');
    // a dot in the query is no file: the page (a review invitation's signed token)
    expect((await page('/reviews?t=e1125ecaca2d.xky5_Zs6hYI')).body).toContain(FIRST_SCREEN_ID);
  });

  it("gives a closed app (application_ouverte off) only what its sign-in needs, and a signed-in guest the home", async () => {
    const admin = (await t.get('dashboard/config/admin/list', staff)).json();
    expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: false }, staff)).statusCode).toBe(200);
    try {
      const closed = await page('/');
      expect(Object.keys(dataOf(closed.body).reads).sort()).toEqual(['/api/webapp/config/logo', '/api/webapp/config/public', '/api/webapp/config/theme']);
      expect(closed.body).toContain('<div id="root"></div>');
      // staff are signed in: the reads answer, so the page carries them
      const open = await page('/', { cookie: staff });
      expect(Object.keys(dataOf(open.body).reads)).toHaveLength(10);
      expect(open.body).toContain('<h1 class="hero-title">');
    } finally {
      await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: true }, staff);
    }
  });

  it('reads Accept-Language by preference', () => {
    expect(acceptedLanguages('en;q=0.5, nl-BE, de;q=0.8')).toEqual(['nl-BE', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('fr;q=0, it')).toEqual(['it']);
  });
});

describe("a deep link's page carries its screen (issue 31)", () => {
  let group: Awaited<ReturnType<typeof makeGroup>>;
  let category: Awaited<ReturnType<typeof makeCategory>>;
  let pageId: string;
  beforeAll(async () => {
    // the settings as the first tests set them (one of them renamed the establishment)
    const settings = { sendmail: false, establishment: 'Camping des Dunes', nbdays: '7', langs: ['fr', 'en', 'de'], lang_default: 'fr', background: null, welcome: [{ lang: 'fr', welcome: 'Bienvenue' }] };
    expect((await t.post('dashboard/config/global/update', settings, staff)).statusCode).toBe(200);
    const icon = (await makeIcon(t, staff))._id;
    group = await makeGroup(t, staff, icon, 'Infos pratiques');
    category = await makeCategory(t, staff, group._id, icon, 'Piscine');
    pageId = (await t.get(`webapp/pages/find-by-category?category=${category._id}`)).json()._id;
    const section = (title: string, html: string, extra = {}) => ({ id: pageId, icon, ...extra, translations: [{ lang: 'fr', title, html }, { lang: 'en', title: `${title} EN`, html: '<p>Open at 9</p>' }] });
    expect((await t.post('webapp/pages/insert-section', section('Horaires </h2><b>', '<p onclick="x()">Ouvert <script>alert(1)</script><strong>9h</strong></p>', { phone: '04 67 12 34 56' }), staff)).statusCode).toBe(200);
    expect((await t.post('webapp/pages/insert-section', section('Tarifs', '<p>Gratuit</p>'), staff)).statusCode).toBe(200);
  });
  const fr = (g: { translations: { lang: string; prefix?: string; suffix?: string }[] }, field: 'prefix' | 'suffix', lang = 'fr') =>
    encodeURIComponent(g.translations.find((x) => x.lang === lang)![field]!);

  it("a booklet page by its rubric's and category's words: the categories and the page read, its header, title and first section drawn", async () => {
    const res = await page(`/rubriques/${fr(group, 'prefix')}/${fr(category, 'suffix')}`);
    const data = dataOf(res.body);
    const own = ['/api/webapp/categories/list', `/api/webapp/pages/find-by-category?category=${category._id}`];
    for (const url of own) expect(data.reads[url], url).toEqual((await t.get(url)).json());
    expect(Object.keys(data.reads)).toHaveLength(7);
    expect(res.body).toContain('<header class="topbar"><span class="topbar-back" aria-hidden="true">');
    expect(res.body).toContain('<span class="topbar-name">Camping des Dunes</span>');
    expect(res.body).toContain('<main id="main" class="main"><article class="screen"><h1 class="screen-title pad">Piscine</h1><section class="section">');
    // the title as text, the text as the server sanitized it on write; the sections after the first with
    // contact buttons (whose words only the app has) are left to the app
    expect(res.body).toContain('<span>Horaires &lt;/h2&gt;&lt;b&gt;</span></h2><div class="rich"><p>Ouvert <strong>9h</strong></p></div></section></article></main>');
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).not.toContain('Gratuit</p></div>');

    // the same page in English words, for an English browser
    const en = (await page(`/rubrics/${fr(group, 'prefix', 'en')}/${fr(category, 'suffix', 'en')}`, { 'accept-language': 'en' })).body;
    expect(en).toContain('<h1 class="screen-title pad">Piscine EN</h1>');
    expect(en).toContain('<span>Horaires &lt;/h2&gt;&lt;b&gt; EN</span></h2><div class="rich"><p>Open at 9</p></div>');
  });

  it("a rubric: its icon, its name and a card a category, each to the category's address in the guest's words", async () => {
    const res = await page(`/rubriques/${fr(group, 'prefix')}`);
    expect(dataOf(res.body).reads['/api/webapp/categories/list']).toEqual((await t.get('webapp/categories/list')).json());
    const drawn = res.body.split('<div id="root">')[1]!;
    expect(drawn).toContain('<main id="main" class="main"><article class="screen"><header class="screen-head"><span class="icon screen-icon icon-mask" style="mask-image: url(&quot;/api/dashboard/files/get?id=');
    expect(drawn).toContain('<h1 class="screen-title">Infos pratiques</h1></header><ul class="cards">');
    expect(drawn).toContain(`<li><a href="/rubriques/${fr(group, 'prefix')}/${fr(category, 'suffix')}" class="card"><span class="icon card-icon icon-mask"`);
    expect(drawn).toContain('<span class="card-text"><span class="card-title">Piscine</span></span><svg class="chevron"');

    const en = (await page(`/rubrics/${fr(group, 'prefix', 'en')}`, { 'accept-language': 'en' })).body.split('<div id="root">')[1]!;
    expect(en).toContain(`<li><a href="/rubrics/${fr(group, 'prefix', 'en')}/${fr(category, 'suffix', 'en')}" class="card">`);
    // a rubric the address does not name: the header bar only, the app says it is not there
    expect((await page('/rubriques/nulle-part')).body.split('<div id="root">')[1]).not.toContain('<main');
  });

  it('a page by id, and the agenda: their reads and their header', async () => {
    const byId = await page(`/pages/${pageId}`);
    const url = `/api/webapp/pages/find?id=${pageId}`;
    expect(dataOf(byId.body).reads[url]).toEqual((await t.get(url)).json());
    expect(byId.body).toContain('<h1 class="screen-title pad">Piscine</h1>');
    // without contact buttons, every section
    const icon = (await makeIcon(t, staff))._id;
    const plage = (await t.get(`webapp/pages/find-by-category?category=${(await makeCategory(t, staff, group._id, icon, 'Plage'))._id}`)).json()._id;
    for (const title of ['Accès', 'Surveillance']) {
      expect((await t.post('webapp/pages/insert-section', { id: plage, icon, translations: [{ lang: 'fr', title, html: `<p>${title} !</p>` }] }, staff)).statusCode).toBe(200);
    }
    const both = (await page(`/pages/${plage}`)).body;
    expect(both).toContain('<span>Accès</span></h2><div class="rich"><p>Accès !</p></div></section><section class="section">');
    expect(both).toContain('<span>Surveillance</span></h2><div class="rich"><p>Surveillance !</p></div></section></article></main>');
    // a text stored by another way than the page's write (its sanitizer): sanitized again as it goes into
    // the document, whose parser would run a script where the app's innerHTML does not
    await t.deps.db.execute(
      sql`UPDATE booklet_pages SET sections = jsonb_set(sections, '{0,translations,0,html}', to_jsonb(${'<p>Accès<script src="/api/x.js"></script><img src="x" onerror="alert(2)"></p>'}::text)) WHERE id = ${plage}`,
    );
    t.deps.cache.changed();
    // (the data block carries the read as the API answers it, JSON whose '<' are escaped: data, not markup)
    const drawn = (await page(`/pages/${plage}`)).body.split('<div id="root">')[1];
    expect(drawn).toContain('<span>Accès</span></h2><div class="rich"><p>Accès</p></div></section>');
    expect(drawn).not.toContain('/api/x.js');
    expect(drawn).not.toContain('alert(2)');

    const agenda = await page('/animations');
    const data = dataOf(agenda.body);
    const window = agendaWindow(Math.floor(data.at / 1000));
    const reads = [`/api/webapp/animation-dates/list?from=${window.from}&to=${window.to}`, '/api/webapp/animations/list', '/api/webapp/animation-categories/list'];
    for (const r of reads) expect(data.reads[r], r).toEqual((await t.get(r)).json());
    expect(Object.keys(data.reads)).toHaveLength(8);
    expect(agenda.body).toContain('<div id="root"><header class="topbar"><span class="topbar-back" aria-hidden="true">');
    expect(agenda.body).not.toContain('<main');

    // a category the booklet does not have: the categories, no page, the header alone
    const none = await page(`/rubriques/${fr(group, 'prefix')}/nulle-part`);
    expect(Object.keys(dataOf(none.body).reads)).toHaveLength(6);
    expect(none.body).not.toContain('<main');
  });

  it("an activity: its read, and its cover (preloaded) and name drawn", async () => {
    const category = (await t.post('webapp/animation-categories/insert', { color: '3A86FF', translations: [{ lang: 'fr', name: 'Sport' }] }, staff)).json()._id;
    const cover = await uploadImage(t, staff);
    const translations = [{ lang: 'fr', name: 'Aquagym <3', content: '<p>À la piscine.</p>' }];
    const made = await t.post('webapp/animations/insert', { category, cover, front: true, translations, service_benefit: null }, staff);
    expect(made.statusCode).toBe(200);
    const id = made.json()._id;
    const res = await page(`/animations/${id}`);
    expect(dataOf(res.body).reads[`/api/webapp/animations/find?id=${id}`]).toEqual((await t.get(`webapp/animations/find?id=${id}`)).json());
    expect(res.body).toContain(`<link rel="preload" as="image" href="/api/dashboard/files/get?id=${cover}&amp;width=720" fetchpriority="high">`);
    expect(res.body).toContain(`<main id="main" class="main"><article class="screen"><img src="/api/dashboard/files/get?id=${cover}&amp;width=720" alt="" class="cover"`);
    expect(res.body).toContain('<h1 class="screen-title pad">Aquagym &lt;3</h1></article></main>');
    // one that does not exist: the header alone
    expect((await page('/animations/000000000000000000000000')).body).not.toContain('<main');
  });

  it("the services: their read, and their cards drawn (the first row's pictures asked for first), in the guest's language", async () => {
    const cover = await uploadImage(t, staff);
    const kayak = await makeService(t, staff, { cover, translations: [{ lang: 'fr', title: 'Kayak <sur> la rivière', location: 'Ponton' }, { lang: 'en', title: 'River kayak', location: 'Pier' }] });
    const bread = await makeService(t, staff, { name: 'Pain', translations: [{ lang: 'fr', title: 'Pain frais', location: 'Accueil' }] });
    const others = await makeService(t, staff, { name: 'Vélos', translations: [{ lang: 'fr', title: 'Location de vélos', location: 'Accueil' }] });
    const res = await page('/services');
    const list = (await t.get('webapp/services/list')).json() as { _id: string; cover: string }[];
    expect(dataOf(res.body).reads['/api/webapp/services/list']).toEqual(list);
    expect(list.map((s) => s._id)).toEqual(expect.arrayContaining([kayak!._id, bread!._id, others!._id]));
    const drawn = res.body.split('<div id="root">')[1]!;
    expect(drawn).toContain('<main id="main" class="main"><article class="screen"><h1 class="screen-title pad">Services</h1><ul class="svc-grid">');
    expect(drawn).toContain(`<a class="svc-card" href="/services/${kayak!._id}"><img src="/api/dashboard/files/get?id=${cover}&amp;width=480" alt="" class="svc-cover"`);
    expect(drawn).toContain('<span class="svc-card-title">Kayak &lt;sur&gt; la rivière</span>');
    expect(drawn).toContain('<span class="svc-card-title">Pain frais</span>');
    const pictures = [...drawn.matchAll(/<img [^>]*class="svc-cover" ([^>]*)>/g)].map((m) => m[1]);
    expect(pictures.slice(0, 2).every((p) => p!.includes('fetchpriority="high"'))).toBe(true);
    expect(pictures.slice(2).every((p) => p!.includes('loading="lazy"'))).toBe(true);

    // in English, the English title and address
    const en = (await page('/services', { 'accept-language': 'en' })).body.split('<div id="root">')[1]!;
    expect(en).toContain('<span class="svc-card-title">River kayak</span>');
    // without an English title, the default language's, as the app shows it
    expect(en).toContain('<span class="svc-card-title">Pain frais</span>');
  });

  it("a guest's messages: the sign-in's address at once without a session, `next` leading back; the page for a signed-in guest", async () => {
    const out = await page('/membres/messages/c42');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/membres?next=%2Fmembres%2Fmessages%2Fc42');
    expect(out.headers['cache-control']).toBe('private, no-cache');
    expect((await page('/konto/messages')).headers.location).toBe('/konto?next=%2Fkonto%2Fmessages');
    // a cookie that names no session is no guest
    expect((await page('/membres/messages', { cookie: 'session-webapp=forged' })).headers.location).toBe('/membres?next=%2Fmembres%2Fmessages');

    await addStayingGuest(t.deps, { email: 'messages@example.test' });
    const login = await t.post('webapp/account/login', { email: 'messages@example.test', password: 'vacances-2025' });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const signedIn = await page('/membres/messages', { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<header class="topbar">');
    // every other screen is the page, signed in or not
    expect((await page('/membres')).statusCode).toBe(200);

    // the account: signed out, the sign-in's title and first line drawn (the app adds the form below them)
    const signIn = (await page('/membres?next=%2Fmembres%2Fmessages')).body;
    expect(dataOf(signIn).reads['/api/webapp/account/me']).toBe(false);
    expect(signIn).toContain('<main id="main" class="main"><article class="screen account"><h1 class="screen-title pad">Connexion</h1><p class="pad muted">Connectez-vous pour retrouver votre séjour.</p></article></main>');
    expect((await page('/account', { 'accept-language': 'de' })).body).toContain('<h1 class="screen-title pad">Anmeldung</h1>');
    // another of the account's screens (a forgotten password) is the app's to draw
    expect((await page('/membres?forgot')).body).not.toContain('<main');
    // signed in: who they are, for the app's account screen, and no sign-in
    const account = (await page('/membres', { cookie })).body;
    expect(dataOf(account).reads['/api/webapp/account/me']).toMatchObject({ email: 'messages@example.test' });
    expect(account).not.toContain('Connexion');
  });

  it('a closed app (application_ouverte off): neither the page nor its lines without a session; its reads for a signed-in one', async () => {
    const admin = (await t.get('dashboard/config/admin/list', staff)).json();
    expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: false }, staff)).statusCode).toBe(200);
    try {
      const address = `/rubriques/${fr(group, 'prefix')}/${fr(category, 'suffix')}`;
      const closed = await page(address);
      expect(Object.keys(dataOf(closed.body).reads).sort()).toEqual(['/api/webapp/config/logo', '/api/webapp/config/public', '/api/webapp/config/theme']);
      expect(closed.body).toContain('<div id="root"></div>');
      expect(closed.body).not.toContain('Ouvert');
      expect(Object.keys(dataOf((await page(`/pages/${pageId}`)).body).reads)).toHaveLength(3);
      expect(Object.keys(dataOf((await page('/animations')).body).reads)).toHaveLength(3);
      // signed in, the reads answer, so the page carries them; the app draws the screen once it knows the guest
      const open = await page(address, { cookie: staff });
      expect(dataOf(open.body).reads).toHaveProperty([`/api/webapp/pages/find-by-category?category=${category._id}`]);
      expect(open.body).toContain('<div id="root"></div>');
    } finally {
      await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: true }, staff);
    }
  });
});
