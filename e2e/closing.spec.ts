import { expect, type Browser, type Page } from '@playwright/test';
import { nowMs, test } from './clock';
import { GUEST_URL, expectAccessible, shot, signIn } from './fixtures';

// Issue 32's closing walk: the demo's reception ('accueil', its README password) at 1024 px through each area
// it opens, reading rather than re-testing (each area's journey does that), axe on every screen; then a
// German guest at 390 px from the home to a booking and 'Meine Buchungen'.

const RECEPTION = { login: 'accueil', password: 'equipe-2025' };
const DIRECTION = { login: 'direction', password: 'equipe-2025' };

/** An area's screen: its heading, axe with no serious node, a 1024 px shot to look at. */
async function reads(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status', { name: /Chargement/ })).toHaveCount(0);
  await expectAccessible(page, name);
  await shot(page, `closing-${name}-1024`);
}

/** Reception signed in at 1024 px. */
async function reception(page: Page) {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, RECEPTION.login, RECEPTION.password);
  return page.getByRole('navigation', { name: 'Menu principal' });
}

test('reception at 1024 px books a guest at the desk', async ({ page }) => {
  test.slow();
  const menu = await reception(page);
  for (const entry of ['Services', 'Cautions Swikly', 'Inventaires', 'Avis clients', 'Notifications']) await expect(menu.getByText(entry, { exact: true })).toBeVisible();
  // the statistics are the management's: no entry leads to a screen reception cannot open
  await expect(menu.getByText('Statistiques', { exact: true })).toHaveCount(0);

  // a booking at the desk, from 'Nouvelle réservation', the day after tomorrow at 17:40 (the spa's afternoon;
  // a retry, on the same server, books the day after: the first try may have taken that place)
  await page.goto('/services/booking');
  for (let d = 0; d < 2 + test.info().retry; d++) await page.getByRole('button', { name: 'Jour suivant' }).click();
  await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const booking = page.getByRole('dialog', { name: 'Ajouter une réservation' });
  await booking.getByLabel(/^Prestation\b/).click();
  await page.getByRole('option', { name: 'Massage relaxant 30 min' }).click();
  // French whatever the browser: jj/mm/aaaa and 24 hours
  await expect(booking.getByRole('textbox', { name: /^Date/ })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await booking.getByLabel('Heures').fill('17');
  await booking.getByLabel('Minutes').fill('40');
  // the guest found by their stay's number (reception reads the people: the users flag)
  const now = nowMs() / 1000;
  const accounts = (await (await page.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json()).rows as { stay: { stay_number: string; arrival: number; departure: number } | null }[];
  const stay = accounts.find((r) => r.stay && r.stay.arrival <= now && r.stay.departure >= now + 3 * 86400)!.stay!.stay_number;
  await booking.getByRole('combobox', { name: /^Rechercher le client/ }).fill(stay);
  await page.getByRole('option', { name: new RegExp(`séjour ${stay} `) }).click();
  await expect(booking.getByLabel(/^Nom et prénom/)).not.toHaveValue('');
  await expect(booking.getByLabel(/^Nom et prénom/)).not.toHaveValue(/Mr\./);
  await expectAccessible(page, 'desk booking');
  await shot(page, 'closing-desk-booking-1024');
  await booking.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(page.getByText('La réservation a bien été ajoutée')).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Planning du jour' }).getByRole('button', { name: /^Massage relaxant 30 min, 17:40–18:10/ })).toBeVisible();
  await expectAccessible(page, 'planning');
  await shot(page, 'closing-planning-1024');
});

test('reception at 1024 px reads the deposits, inventories, messages, notifications and reviews', async ({ page }) => {
  test.slow();
  const menu = await reception(page);
  // the deposits, and the stays no request went to
  await reads(page, '/deposit/users-deposit', 'Gérer mes cautions', 'deposits');
  await page.getByText(/^Non demandées/).click();
  await expect(page).toHaveURL(/vue=non-demandees/);
  await expect(page.getByText(/laissés de côté par « À partir de maintenant seulement »/)).toBeVisible();
  await expectAccessible(page, 'deposits not asked');
  await shot(page, 'closing-deposits-unasked-1024');

  // inventories: the sidebar's words are the screens' titles
  await reads(page, '/inventaires/checkin', 'Inventaires clients', 'client-inventories');
  await expect(menu.getByRole('link', { name: 'Inventaires clients' })).toBeVisible();
  await reads(page, '/messages/chat', 'Messages clients', 'messages');
  await reads(page, '/administration/notifications', 'Notifications', 'notifications');
  await reads(page, '/avis/reponses', 'Lire les avis', 'reviews');
});

test('the management reads the statistics at 1024 px', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, DIRECTION.login, DIRECTION.password);
  await reads(page, '/stats', 'Statistiques', 'statistics');
});

/** A German phone at 390 px, signed in as a demo guest on site for the coming days. */
async function germanGuest(browser: Browser, staff: Page) {
  await signIn(staff);
  const now = nowMs() / 1000;
  const rows = (await (await staff.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json()).rows as { email: string; stay: { arrival: number; departure: number } | null }[];
  // a guest on site for the coming days, not the one the services journey books with
  const onSite = rows.filter((r) => r.stay && r.stay.arrival <= now && r.stay.departure >= now + 3 * 86400);
  const guest = onSite[1] ?? onSite[0];
  expect(guest, 'a demo guest on site').toBeTruthy();
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  expect((await context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: guest!.email, password: 'vacances-2025' } })).ok()).toBeTruthy();
  return { context, phone };
}

test('a German guest at 390 px reads the home, a page and the agenda', async ({ browser, page: staff }) => {
  test.slow();
  const { context, phone } = await germanGuest(browser, staff);
  await phone.goto(GUEST_URL);
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(phone, 'guest home');
  await shot(phone, 'closing-guest-home-390');
  await phone.goto(`${GUEST_URL}/rubriques/decouvrir-la-region/marches-locaux`);
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(phone, 'guest page');
  await phone.goto(`${GUEST_URL}/animationen`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Aktivitäten' })).toBeVisible();
  await expectAccessible(phone, 'guest agenda');
  await shot(phone, 'closing-guest-agenda-390');
  await context.close();
});

test('a German guest at 390 px books the spa and finds it in Meine Buchungen from the account', async ({ browser, page: staff }) => {
  test.slow();
  const { context, phone } = await germanGuest(browser, staff);

  // the spa: colons as German writes them, a slot tapped brings its form into view
  const spa = ((await (await staff.request.get('/api/dashboard/services/list')).json()) as { _id: string; name: string }[]).find((s) => s.name === 'Spa')!;
  await phone.goto(`${GUEST_URL}/services/${spa._id}`);
  const massage = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: 'Entspannungsmassage 30 Min.' }) });
  await expect(massage.getByText('Dauer: 30 min')).toBeVisible();
  const slot = massage.locator('.svc-slot').last();
  await slot.click();
  const confirm = massage.getByRole('button', { name: 'Buchung bestätigen' });
  await expect(confirm).toBeInViewport();
  const telefon = massage.getByLabel('Telefon (Pflichtfeld)');
  if (await telefon.count()) if (!(await telefon.inputValue())) await telefon.fill('+49 170 1234567');
  await expectAccessible(phone, 'guest booking form');
  await shot(phone, 'closing-guest-booking-390');
  await confirm.click();
  await expect(phone.getByText('Ihre Buchung ist bestätigt. Eine Bestätigung wurde Ihnen per E-Mail gesendet.')).toBeVisible();

  // 'Meine Buchungen' from the account
  await phone.goto(`${GUEST_URL}/konto`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expectAccessible(phone, 'guest account');
  await shot(phone, 'closing-guest-account-390');
  await phone.getByRole('link', { name: 'Meine Buchungen' }).click();
  await expect(phone).toHaveURL(`${GUEST_URL}/konto/buchungen`);
  const coming = phone.getByRole('region', { name: 'Bevorstehend' });
  await expect(coming.getByText('Entspannungsmassage 30 Min.').first()).toBeVisible();
  await expect(coming.getByRole('button', { name: 'Buchung stornieren' }).first()).toBeVisible();
  await expect(phone).toHaveTitle(/^Meine Buchungen · /);
  await expectAccessible(phone, 'guest bookings');
  await shot(phone, 'closing-guest-bookings-390');
  await context.close();
});
