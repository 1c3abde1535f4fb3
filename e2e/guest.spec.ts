import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, GUEST_URL, shot } from './fixtures';

/** A mid-range phone: the guest app's reader. */
const phone = (locale: string) => ({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });

async function guest(browser: Browser, locale: string) {
  const context = await browser.newContext(phone(locale));
  return { context, page: await context.newPage() };
}

async function noAxeViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}


/**
 * From the home, through a rubric (its tile first, then the menu's rubrics), to a page of it that has a
 * phone button: the demo seed decides which rubric the home tile shows.
 */
async function homeToPageWithPhone(page: Page, call: string) {
  const menu = page.getByRole('navigation', { name: /menu/i });
  await expect(page.locator('.tiles a').first()).toBeVisible();
  await expect(menu.locator('a[href^="/rub"]').first()).toBeVisible();
  const rubrics = [
    ...(await page.locator('.tiles a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))),
    ...(await menu.locator('a[href^="/rub"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))),
  ];
  for (const href of [...new Set(rubrics)]) {
    await page.locator(`main a[href="${href}"], nav a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(GUEST_URL + href);
    const categories = page.locator('main .cards a');
    await expect(categories.first()).toBeVisible();
    const count = await categories.count();
    for (let i = 0; i < count; i++) {
      await categories.nth(i).click();
      await expect(page.locator('main h1')).toBeVisible();
      if ((await page.getByRole('link', { name: call }).count()) > 0) return;
      await page.goBack();
    }
    await menu.locator('a[href="/"]').click();
  }
  throw new Error('no page with a phone button reachable from the home');
}

test('a German phone opens the agenda at /animationen, in German where staff wrote no German', async ({ browser }) => {
  const { context, page } = await guest(browser, 'de-DE');
  await page.goto(`${GUEST_URL}/animationen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aktivitäten' })).toBeVisible();
  await expect(page).toHaveURL(`${GUEST_URL}/animationen`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
  // the demo's activities have French and English only: the default language (French) shows
  await expect(page.getByRole('link', { name: /Aquagym/ }).first()).toBeVisible();
  const firstDay = page.getByRole('heading', { level: 2 }).first();
  await expect(firstDay).toHaveText(/^(Heute|Morgen|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/);
  await noAxeViolation(page);
  await shot(page, 'guest-agenda-de');

  // the filter keeps one category, shown with its colour
  const chips = page.getByRole('group', { name: 'Nach Kategorie filtern' }).getByRole('button');
  await expect(chips.first()).toHaveText('Alle');
  await chips.nth(1).click();
  await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'false');
  await shot(page, 'guest-agenda-de-filtered');
  await context.close();
});

test('home, rubric, page with a phone button, a list, then English moves the agenda to /activities', async ({ browser, request }) => {
  const { context, page } = await guest(browser, 'fr-FR');
  await page.goto(GUEST_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
  await expect(page.getByText('Bienvenue aux Pins Dorés !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cette semaine au camping' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: /menu/i });
  await expect(menu).toHaveAccessibleName('Menu principal');
  await expect(menu.getByRole('link')).toHaveCount(5);
  await expect(menu.getByRole('link').first()).toHaveText('Accueil');
  await expect(menu.getByRole('link').nth(1)).toHaveText('Activités');
  await noAxeViolation(page);
  await shot(page, 'guest-home');

  await homeToPageWithPhone(page, 'Appeler');
  await expect(page).toHaveURL(new RegExp(`^${GUEST_URL}/rubriques/[\\w-]+/[\\w-]+$`));
  const call = page.getByRole('link', { name: 'Appeler' }).first();
  await expect(call).toHaveAttribute('href', /^tel:\+?\d+$/);
  const pageUrl = new URL(page.url()).pathname;
  await noAxeViolation(page);
  await shot(page, 'guest-page');

  // a list: its sub-categories in the theme's colours, each opening its page
  await page.goto(`${GUEST_URL}/rubriques/decouvrir-la-region/marches-locaux`);
  await expect(page.getByRole('heading', { level: 1, name: 'Marchés locaux' })).toBeVisible();
  const subs = page.locator('.sublist a');
  await expect(subs.first()).toBeVisible();
  await noAxeViolation(page);
  await shot(page, 'guest-list');
  const subName = (await subs.first().innerText()).trim();
  await subs.first().click();
  await expect(page).toHaveURL(new RegExp(`${GUEST_URL}/pages/\\w+$`));
  await expect(page.getByRole('heading', { level: 1, name: subName })).toBeVisible();

  await menu.getByRole('link', { name: 'Activités' }).click();
  await expect(page).toHaveURL(`${GUEST_URL}/animations`);
  await page.getByLabel('Langue').selectOption('en');
  await expect(page).toHaveURL(`${GUEST_URL}/activities`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expect(menu.getByRole('link').first()).toHaveText('Home');
  await expect(menu.getByRole('link').nth(1)).toHaveText('Activities');
  await shot(page, 'guest-agenda-en');

  // the choice is remembered, and the booklet page follows in English, at its English address
  await page.goto(GUEST_URL + pageUrl);
  await expect(page).toHaveURL(new RegExp(`^${GUEST_URL}/rubrics/[\\w-]+/[\\w-]+$`));
  await expect(page.getByRole('link', { name: 'Call' }).first()).toHaveAttribute('href', /^tel:/);
  // an unknown path shows the home
  await page.goto(`${GUEST_URL}/nowhere/at/all`);
  await expect(page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
  await expect(page).toHaveURL(`${GUEST_URL}/`);

  // every screen view was recorded, under this phone's anonymous visitor id, as seen in a browser tab
  const visitor = await page.evaluate(() => localStorage.getItem('visitor'));
  await request.post('/api/dashboard/users/login', { data: ADMIN });
  const visits = async () => {
    const { logs } = await (await request.get('/api/webapp/logs/list?limit=200')).json();
    return (logs as { visitor: string; component: string; app: boolean; user: string | null }[]).filter((l) => l.visitor === visitor);
  };
  await expect.poll(async () => (await visits()).length).toBeGreaterThanOrEqual(8);
  const mine = await visits();
  expect(mine.map((v) => v.component)).toEqual(expect.arrayContaining(['home', 'rubric', 'page', 'list', 'activities']));
  expect(mine.every((v) => v.app === false && v.user === null)).toBe(true);
  await context.close();
});

test('after one visit the page opens with no network, with the offline notice', async ({ browser }) => {
  const { context, page } = await guest(browser, 'fr-FR');
  await page.goto(GUEST_URL);
  await homeToPageWithPhone(page, 'Appeler');
  const title = (await page.locator('main h1').innerText()).trim();
  // the worker is installed and holds what this first visit read
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => {
    const content = await caches.open('content-v1');
    const keys = (await content.keys()).map((r) => r.url);
    return keys.some((u) => u.includes('pages/find-by-category')) && keys.some((u) => u.includes('config/public'));
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Hors connexion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appeler' }).first()).toHaveAttribute('href', /^tel:/);
  await shot(page, 'guest-page-offline');

  // the home, read on this visit, opens offline as well
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Accueil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
  await shot(page, 'guest-home-offline');
  await context.close();
});
