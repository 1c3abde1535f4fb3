import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test } from './clock';
import { themeVars, type Colours } from '../packages/shared/src/domain/theme-colours';
import { ADMIN, axeViolations, GUEST_URL, shot, workerControls } from './fixtures';

/** A mid-range phone: the guest app's reader. */
const phone = (locale: string) => ({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });

async function guest(browser: Browser, locale: string) {
  const context = await browser.newContext(phone(locale));
  return { context, page: await context.newPage() };
}

async function noAxeViolation(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A theme colour as the browser computes it. */
const rgb = (hex: string) => {
  const n = parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/**
 * Records how the header bar looks the moment it enters the page, before anything is painted: the
 * page's own header (the home's first lines) or the app's first render.
 */
async function recordFirstPaint(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __first?: string };
    const look = () => {
      const bar = document.querySelector('.topbar');
      if (bar && !w.__first) w.__first = getComputedStyle(bar).backgroundColor;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}
/** The header's colour when it first entered the page (polled: the app may draw it after the load event). */
const firstPaint = (page: Page) => page.evaluate(() => (window as unknown as { __first?: string }).__first);

async function currentTheme(request: APIRequestContext): Promise<Colours & { _id: string; name: string }> {
  return (await request.get(`${GUEST_URL}/api/webapp/config/theme`)).json();
}

/** Signs staff in through the API and selects a theme for the guest app, as the themes screen does. */
async function selectTheme(request: APIRequestContext, id: string) {
  expect((await request.post('/api/dashboard/users/login', { data: ADMIN })).ok()).toBeTruthy();
  expect((await request.post('/api/webapp/config/update-theme', { data: { id } })).ok()).toBeTruthy();
}

/** The header, buttons and active menu entry in the theme's colours, and every menu label whole. */
async function inThemeColours(page: Page, theme: Colours) {
  const vars = themeVars(theme);
  const bar = page.locator('header.topbar');
  await expect(bar).toHaveCSS('background-color', rgb(vars['--c1']));
  await expect(bar).toHaveCSS('color', rgb(vars['--on1']));
  // the journeys before may have set two entries on one screen: each active one
  for (const active of await page.locator('.bottombar-item[aria-current="page"]').all()) await expect(active).toHaveCSS('color', rgb(vars['--ink1']));
  for (const button of await page.locator('main .button').all()) await expect(button).toHaveCSS('background-color', rgb(vars['--c1']));
  const cut = await page.locator('.bottombar li').evaluateAll((items) =>
    items.flatMap((li) => {
      const label = li.querySelector<HTMLElement>('.bottombar-label')!;
      const box = label.getBoundingClientRect();
      const slot = li.getBoundingClientRect();
      const lines = Math.round(label.scrollHeight / parseFloat(getComputedStyle(label).lineHeight));
      const whole = label.scrollWidth <= label.clientWidth + 1 && box.left >= slot.left - 1 && box.right <= slot.right + 1 && box.bottom <= slot.bottom + 1;
      return whole && lines <= 2 ? [] : [`${label.textContent} (${lines} lines)`];
    }),
  );
  expect(cut).toEqual([]);
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

test('a German phone opens the agenda at /animationen, in German', async ({ browser }) => {
  const { context, page } = await guest(browser, 'de-DE');
  await page.goto(`${GUEST_URL}/animationen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aktivitäten' })).toBeVisible();
  await expect(page).toHaveURL(`${GUEST_URL}/animationen`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
  // the demo is written in German too: its activities, categories and menu
  await expect(page.getByRole('link', { name: /Aquafitness/ }).first()).toBeVisible();
  // times on the 24-hour clock
  await expect(page.locator('.activity-time').first()).toHaveText(/^\d{2}:\d{2}/);
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
  // the visit log before this phone's visits (below)
  await request.post('/api/dashboard/users/login', { data: ADMIN });
  const logIds = async () => ((await (await request.get('/api/webapp/logs/list?limit=200')).json()).logs as { _id: string }[]).map((l) => l._id);
  const before = new Set(await logIds());
  const { context, page } = await guest(browser, 'fr-FR');
  await page.goto(GUEST_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
  await expect(page.getByText('Bienvenue aux Pins Dorés !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cette semaine au camping' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: /menu/i });
  await expect(menu).toHaveAccessibleName('Menu principal');
  // the home, the demo's four staff entries, and the bookable services (premium demo: issue 22 adds them when the menu has room)
  await expect(menu.getByRole('link')).toHaveCount(6);
  await expect(menu.getByRole('link').last()).toHaveText('Services');
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

  // every screen view was recorded, as seen in a browser tab, with no account (docs/statistics.md). This
  // phone's are the logs written since the test began: not a visitor's, since past a few new visitors an
  // address's next ones count under its last (the journeys' phones all come from 127.0.0.1: logs.service.ts)
  expect(await page.evaluate(() => localStorage.getItem('visitor'))).toBeNull();
  const visits = async () => {
    const { logs } = await (await request.get('/api/webapp/logs/list?limit=200')).json();
    return (logs as { _id: string; component: string; target: string | null; app: boolean; user: string | null }[]).filter((l) => !before.has(l._id));
  };
  await expect.poll(async () => (await visits()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
  const mine = await visits();
  expect(mine.map((v) => v.component)).toEqual(expect.arrayContaining(['home', 'rubric', 'page', 'list', 'activities']));
  expect(mine.filter((v) => v.component === 'rubric').every((v) => v.target)).toBe(true);
  expect(mine.every((v) => v.app === false && v.user === null)).toBe(true);
  await context.close();
});

test('after one visit the page opens with no network, with the offline notice', async ({ browser }) => {
  const { context, page } = await guest(browser, 'fr-FR');
  await page.goto(GUEST_URL);
  await homeToPageWithPhone(page, 'Appeler');
  const title = (await page.locator('main h1').innerText()).trim();
  // the worker is installed and holds what this first visit read
  await workerControls(page);
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

test.describe("the theme's first paint", () => {
  // the page's clock and its service worker's (the machine's) must agree for the worker's cached first screen
  test.use({ pinPageClock: false });

  test("a fresh phone paints the establishment's colours from the first paint, after a reload, and after staff select another theme", async ({ browser, request }) => {
    const before = await currentTheme(request);
    expect((await request.post('/api/dashboard/users/login', { data: ADMIN })).ok()).toBeTruthy();
    const themes = (await (await request.get('/api/dashboard/themes/list')).json()) as (Colours & { _id: string })[];
    // the demo has two themes: the other one, with another first colour
    const next = themes.find((t) => t._id !== before._id && t.color1 !== before.color1)!;
    expect(next).toBeDefined();
    try {
      for (const [locale, agenda] of [['fr-FR', '/animations'], ['en-GB', '/activities']] as const) {
        const { context, page } = await guest(browser, locale);
        await recordFirstPaint(context);
        for (const path of ['/', agenda]) {
          await page.goto(GUEST_URL + path);
          await expect.poll(() => firstPaint(page), { message: `${locale} ${path}` }).toBe(rgb(before.color1));
          await shot(page, `guest-first-paint-${locale}${path.replace(/\W+/g, '-')}`);
          await page.reload();
          await expect.poll(() => firstPaint(page), { message: `${locale} ${path} reloaded` }).toBe(rgb(before.color1));
        }
        await workerControls(page);

        // staff select another theme: the phone that came before and a new one both paint it at once
        await selectTheme(request, next._id);
        await page.reload();
        await expect.poll(() => firstPaint(page), { message: `${locale} after the change` }).toBe(rgb(next.color1));
        await inThemeColours(page, next);
        const fresh = await guest(browser, locale);
        await recordFirstPaint(fresh.context);
        await fresh.page.goto(GUEST_URL);
        await expect.poll(() => firstPaint(fresh.page)).toBe(rgb(next.color1));
        await fresh.context.close();
        await selectTheme(request, before._id);
        await context.close();
      }
    } finally {
      await selectTheme(request, before._id);
    }
  });
});

test('every screen in the theme colours, whole menu labels, 24-hour times and the same day words, axe-clean, in French and English', async ({ browser, request }) => {
  // twelve screens, each checked by axe and photographed whole: a minute on a busy machine
  test.setTimeout(120_000);
  const theme = await currentTheme(request);
  const activity = ((await (await request.get(`${GUEST_URL}/api/webapp/animations/list`)).json()) as { _id: string }[])[0]._id;
  const screens = {
    'fr-FR': ['/', '/rubriques/bienvenue', '/rubriques/bienvenue/accueil', '/rubriques/decouvrir-la-region/marches-locaux', '/animations', `/animations/${activity}`],
    'en-GB': ['/', '/rubrics/welcome', '/rubrics/welcome/reception', '/rubrics/explore-the-area/local-markets', '/activities', `/activities/${activity}`],
  };
  for (const [locale, paths] of Object.entries(screens)) {
    const { context, page } = await guest(browser, locale);
    const words = locale === 'fr-FR' ? { tomorrow: 'Demain', today: "Aujourd'hui" } : { tomorrow: 'Tomorrow', today: 'Today' };
    for (const path of paths) {
      await page.goto(GUEST_URL + path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main .loader')).toHaveCount(0);
      await inThemeColours(page, theme);
      await noAxeViolation(page);
      await shot(page, `guest-${locale}${path.replace(/\/[0-9a-f]{24}$/, '/activity').replace(/\W+/g, '-')}`);
      // times on the 24-hour clock in every language, never AM or PM
      const times = await page.locator('.activity-time').evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(el.querySelector('.activity-day')?.textContent ?? '', '')));
      for (const time of times) expect(time).toMatch(/^\d{2}:\d{2} – \d{2}:\d{2}$/);
      await expect(page.locator('main')).not.toContainText(/\d\s?(AM|PM|am|pm)\b/);
    }
    // the same words for the same day: the home's next activities and the agenda both say tomorrow
    await page.goto(GUEST_URL);
    await expect(page.locator('.activity-day').first()).toHaveText(words.tomorrow);
    await page.goto(GUEST_URL + paths[4]);
    await expect(page.getByRole('heading', { level: 2, name: words.tomorrow })).toBeVisible();
    await context.close();
  }
});
