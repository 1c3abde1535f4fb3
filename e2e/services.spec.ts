import { expect, type Page } from '@playwright/test';
import { nowMs, test } from './clock';
import sharp from 'sharp';
import { GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

// Services and bookings (issue 22): staff build a prestation and book from the planning; a German guest
// books a slot of the demo spa on a phone, staff see it in blue, the guest cancels it.

const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7f9e' } }).jpeg().toBuffer();

async function pickIcon(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Icône : / }).click();
  await page.getByRole('button', { name: 'Information', exact: true }).click();
}

async function translationsYes(page: Page) {
  const warning = page.getByRole('dialog', { name: 'Traductions manquantes' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Oui' }).click();
}

async function addBenefit(page: Page, title: string, price: string) {
  await page.getByRole('button', { name: /^(Ajouter|Configurer) une prestation$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle prestation' });
  await pickIcon(page);
  await dialog.getByLabel('Titre (FR)').fill(title);
  await dialog.locator('.ProseMirror').click();
  await page.keyboard.type(`${title} sur la rivière, gilets fournis.`);
  await dialog.getByLabel('Lieu de rendez-vous (FR)').fill('Ponton');
  await dialog.getByLabel('Prix (€)').fill(price);
  await dialog.getByLabel('Durée : heures').click();
  await page.getByRole('option', { name: '1 h', exact: true }).click();
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await translationsYes(page);
  await expect(page.getByText('La prestation a bien été créée')).toBeVisible();
}

async function addWorker(page: Page, firstname: string, lastname: string, benefits: string[]) {
  await page.getByRole('button', { name: 'Ajouter un prestataire' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau prestataire' });
  await dialog.getByRole('textbox', { name: 'Prénom', exact: true }).fill(firstname);
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastname);
  for (const b of benefits) await dialog.getByRole('checkbox', { name: b }).check();
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByText('Le prestataire a bien été ajouté')).toBeVisible();
}

test('staff create a prestation with two benefits and two workers, and book it from the planning', async ({ page }) => {
  // a long journey: a service, two modal forms of benefits, two of workers, a booking, screenshots at two widths
  test.slow();
  await signIn(page);
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Mes services' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ouvrir le service Spa' })).toBeVisible();
  await expectAccessible(page, 'services grid');
  await shotWidths(page, 'services-grid');

  await page.getByRole('button', { name: 'Créer un service' }).click();
  const form = page.getByRole('form', { name: 'Nouveau service' });
  // the rules first: the spec's sentences on their fields
  await form.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(form.getByText('Vous devez sélectionner une photo de couverture')).toBeVisible();
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Kayak de mer');
  await form.getByLabel("Titre affiché dans l'application (FR)").fill('Kayak de mer');
  await page.locator('input[type=file]').first().setInputFiles({ name: 'kayak.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  // the image is saved once the field offers to change it
  await expect(form.getByRole('button', { name: "Changer l'image" })).toBeVisible();
  await form.getByRole('button', { name: 'Créer', exact: true }).click();
  await translationsYes(page);
  // a creation moves to the edit view of the new service
  await expect(page.getByRole('region', { name: 'Paramètres des prestations' })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).toBeTruthy();

  await addBenefit(page, 'Balade 1 h', '12,50');
  await addBenefit(page, 'Initiation', '0');
  const benefits = page.getByRole('region', { name: 'Paramètres des prestations' });
  await expect(benefits.getByRole('row', { name: /Initiation Gratuit/ })).toBeVisible();
  await expect(benefits.getByRole('row', { name: /Balade 1 h 12,50/ })).toBeVisible();
  await addWorker(page, 'Marie', 'Durand', ['Balade 1 h', 'Initiation']);
  await addWorker(page, 'Paul', 'Martin', ['Balade 1 h']);
  await expect(page.getByRole('region', { name: 'Paramètres des prestataires' }).getByRole('row')).toHaveCount(3);
  // the slots' settings, saved at the bottom of the page: their success is brought into view (issue 32)
  const slots = page.getByRole('form', { name: 'Paramètres des créneaux' });
  await slots.getByLabel('Lieu de rendez-vous (FR)').fill('Ponton');
  await slots.getByRole('button', { name: 'Enregistrer les créneaux' }).click();
  await translationsYes(page);
  await expect(page.getByText('Les créneaux ont été mis à jours')).toBeInViewport();
  await expectAccessible(page, 'service edit view');
  await shotWidths(page, 'services-edit');

  // the planning of tomorrow: a column per worker, book Marie at 10:00
  await page.goto(`/services/booking?service=${id}`);
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  const grid = page.getByRole('region', { name: 'Planning du jour' });
  await expect(grid.getByText('Marie Durand')).toBeVisible();
  await expect(grid.getByText('Paul Martin')).toBeVisible();
  await grid.getByRole('button', { name: 'Réserver avec Marie Durand à 10:00' }).click();
  const booking = page.getByRole('dialog', { name: 'Ajouter une réservation' });
  await booking.getByLabel(/^Prestation\b/).click();
  await page.getByRole('option', { name: 'Balade 1 h' }).click();
  await booking.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(booking.getByText('Veuillez saisir le nom et prénom du client')).toBeVisible();
  // issue 32: one field finds the guest (here by the stay number); the client number, the app account and the
  // identity follow, and the booking reaches the guest's app
  const now = nowMs() / 1000;
  const accounts = (await (await page.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json()).rows as { client_number: string; stay: { stay_number: string; arrival: number; departure: number } | null }[];
  const onSite = accounts.find((r) => r.stay && r.stay.arrival <= now && r.stay.departure >= now + 2 * 86400)!;
  expect(onSite, 'a demo guest on site').toBeTruthy();
  await booking.getByRole('combobox', { name: /^Rechercher le client/ }).fill(onSite.stay!.stay_number);
  await page.getByRole('option', { name: new RegExp(`séjour ${onSite.stay!.stay_number} · client ${onSite.client_number}`) }).click();
  await expect(booking.getByLabel(/^Numéro client/)).toHaveValue(onSite.client_number);
  const account = await booking.getByRole('combobox', { name: /^Compte de l'application/ }).inputValue();
  const email = /\(([^()]+)\)$/.exec(account)![1];
  const identity = await booking.getByLabel('Nom et prénom (obligatoire)').inputValue();
  expect(identity).not.toBe('');
  await expectAccessible(page, 'booking form');
  await shotWidths(page, 'services-booking-form');
  await booking.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(page.getByText('La réservation a bien été ajoutée')).toBeVisible();
  const guestApp = await page.context().browser()!.newContext();
  expect((await guestApp.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email, password: 'vacances-2025' } })).ok()).toBeTruthy();
  const theirs = (await (await guestApp.request.get(`${GUEST_URL}/api/webapp/services/bookings`)).json()) as { service: string }[];
  expect(theirs.map((b) => b.service)).toContain(id);
  await guestApp.close();
  const block = grid.getByRole('button', { name: `Balade 1 h, 10:00–11:00, ${identity}` });
  await expect(block).toHaveAttribute('data-from', 'dashboard');
  await expectAccessible(page, 'planning');
  await shotWidths(page, 'services-planning');
  await block.click();
  await expect(page.getByRole('dialog', { name: 'Balade 1 h' })).toContainText('Depuis le tableau de bord');
});

test('a German guest books a slot of the spa, staff see it in blue, the guest cancels it', async ({ browser, page: staff }) => {
  await signIn(staff);
  const spa = ((await (await staff.request.get('/api/dashboard/services/list')).json()) as { _id: string; name: string }[]).find((s) => s.name === 'Spa')!;
  // a guest books for their stay (issue 29): one on site for the coming days
  const now = nowMs() / 1000;
  const rows = (await (await staff.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json()).rows as { email: string; stay: { arrival: number; departure: number } | null }[];
  const guestRow = rows.find((r) => r.stay && r.stay.arrival <= now && r.stay.departure >= now + 3 * 86400)!;
  expect(guestRow, 'a demo guest on site').toBeTruthy();
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const login = await context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: guestRow.email, password: 'vacances-2025' } });
  expect(login.ok(), await login.text()).toBeTruthy();

  await phone.goto(`${GUEST_URL}/services/${spa._id}`);
  const massage = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: 'Entspannungsmassage 30 Min.' }) });
  await expect(massage.getByRole('heading', { name: 'Freie Termine' })).toBeVisible();
  const slot = massage.locator('.svc-slot').first();
  await slot.click();
  const time = (await slot.textContent())!.slice(0, 5);
  const telefon = massage.getByLabel('Telefon (Pflichtfeld)');
  if (!(await telefon.inputValue())) await telefon.fill('+49 170 1234567');
  await expectAccessible(phone, 'guest booking form');
  await shot(phone, 'services-guest-form-390');
  await massage.getByRole('button', { name: 'Buchung bestätigen' }).click();
  await expect(phone.getByText('Ihre Buchung ist bestätigt. Eine Bestätigung wurde Ihnen per E-Mail gesendet.')).toBeVisible();
  const mine = phone.getByRole('region', { name: 'Meine Buchungen' });
  await expect(mine).toContainText(time);
  await shot(phone, 'services-guest-booked-390');

  // staff see the booking in blue on its day
  const own = (await (await context.request.get(`${GUEST_URL}/api/webapp/services/bookings`)).json()) as { start: number; created_time: number }[];
  const made = own.sort((a, b) => b.created_time - a.created_time)[0];
  const day = new Date(made.start * 1000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  await staff.goto(`/services/booking?service=${spa._id}&day=${day}`);
  const blue = staff.getByRole('region', { name: 'Planning du jour' }).getByRole('button', { name: new RegExp(`^Massage relaxant 30 min, ${time}–`) }).and(staff.locator('[data-from=webapp]')).first();
  await expect(blue).toHaveAttribute('data-from', 'webapp');
  // 'Extraire': the day's CSV for a French spreadsheet, the guest's booking in it
  const csv = await staff.request.get((await staff.getByRole('link', { name: 'Extraire' }).getAttribute('href'))!);
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain(';');
  expect(bytes.toString('utf8')).toContain(time);

  // the guest cancels it, before the cut-off
  await mine.getByRole('button', { name: 'Buchung stornieren' }).first().click();
  await mine.getByRole('button', { name: 'Ja' }).click();
  await expect(phone.getByText('Ihre Buchung wurde storniert.')).toBeVisible();
  // the list of services, reached from the bottom menu
  await phone.getByRole('link', { name: 'Services' }).last().click();
  await expect(phone.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  await expect(phone.getByRole('link', { name: /Spa|Massagen/ })).toBeVisible();
  await expectAccessible(phone, 'guest services list');
  await shot(phone, 'services-guest-list-390');
  await context.close();
});
