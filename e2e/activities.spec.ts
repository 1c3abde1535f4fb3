import { expect, type Page } from '@playwright/test';
import { nowMs, test } from './clock';
import sharp from 'sharp';
import { createStaff, expectAccessible, shot, signIn } from './fixtures';

const CATEGORY = "Tir à l'arc";
const ACTIVITY = "Initiation tir à l'arc";

/** Days of a month (1..12) of `year` between two dates that fall on Monday or Thursday. */
function mondaysAndThursdays(year: number, from: [number, number], to: [number, number]) {
  const days: { month: number; day: number }[] = [];
  for (let t = Date.UTC(year, from[1] - 1, from[0]); t <= Date.UTC(year, to[1] - 1, to[0]); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 1 || d.getUTCDay() === 4) days.push({ month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  }
  return days;
}

const chipsOf = (page: Page, day: number) =>
  page.locator(`[role=gridcell][data-day="${day}"]`).getByTestId('occurrence').filter({ hasText: ACTIVITY });

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function answerTranslationWarning(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Traductions manquantes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Oui' }).click();
}

test('a category, an activity with a cover, its Monday and Thursday dates on the calendar, one deleted', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);

  // category: the colour is required, typed without '#'
  await page.goto('/animation-categories');
  await expect(page.getByRole('heading', { name: "Catégories d'activité" })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill(CATEGORY);
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Veuillez indiquer la couleur')).toBeVisible();
  await expect(page.getByRole('alert').first()).toHaveText('Il y a une ou plusieurs erreur(s) dans le formulaire');
  await page.getByLabel('Couleur').fill('C1121F');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await answerTranslationWarning(page);
  await expect(page.getByRole('status')).toHaveText('La catégorie a bien été créée');
  await expect(page.getByRole('row', { name: new RegExp(CATEGORY) })).toContainText('#C1121F');

  // activity: highlighted, so the cover is required
  await page.goto('/animations');
  await expect(page.getByRole('heading', { name: 'Vos activités' })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await pickOption(page, "Catégorie d'activité", CATEGORY);
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill(ACTIVITY);
  await page.getByLabel('Contenu (FR)').click();
  await page.keyboard.type('Découverte du tir à l’arc sur le pas de tir, matériel fourni.');
  await page.getByLabel('Affichage dynamique').check();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Veuillez insérer une photo de couverture')).toBeVisible();
  await expectAccessible(page, 'activité en erreur');
  const cover = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#c1121f' } }).jpeg().toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'tir-a-l-arc.jpg', mimeType: 'image/jpeg', buffer: cover });
  await expect(page.getByRole('img', { name: 'Photo de couverture' })).toBeVisible();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await answerTranslationWarning(page);
  await expect(page.getByRole('status')).toHaveText("L'animation a bien été créée");
  const row = page.getByRole('row', { name: new RegExp(ACTIVITY) });
  await expect(row).toContainText(CATEGORY);
  await expect(row).toContainText('Oui');
  await expect(row.getByRole('img', { name: `Photo de ${ACTIVITY}` })).toBeVisible();

  // schedule: a check of 001 §5 first, then Mondays and Thursdays from 15/11 to 14/12
  await page.goto('/animation-dates');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Ajouter des dates').first()).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter les dates' }).click();
  await expect(page.getByText('Veuillez sélectionner une animation')).toBeVisible();
  await pickOption(page, 'Activité', ACTIVITY);
  // out of range is refused, not rewritten: 40/13 stays 40/13 with the spec's sentence
  await page.getByLabel('Jour de début').fill('15');
  await page.getByLabel('Mois de début').fill('11');
  await page.getByLabel('Jour de fin').fill('40');
  await page.getByLabel('Mois de fin').fill('13');
  await page.getByLabel('Heure de début').fill('18');
  await page.getByLabel('Minute de début').fill('00');
  await page.getByLabel('Heure de fin').fill('10');
  await page.getByLabel('Minute de fin').fill('00');
  await page.getByLabel('Lundi').check();
  await page.getByRole('button', { name: 'Ajouter les dates' }).click();
  await expect(page.getByText('Erreur dans les dates')).toBeVisible();
  await expect(page.getByLabel('Jour de fin')).toHaveValue('40');
  await expect(page.getByLabel('Mois de fin')).toHaveValue('13');
  await page.getByLabel('Jour de fin').fill('14');
  await page.getByLabel('Mois de fin').fill('12');
  await page.getByRole('button', { name: 'Ajouter les dates' }).click();
  await expect(page.getByText('Erreur dans les heures')).toBeVisible();
  await expectAccessible(page, 'ajout de dates en erreur');
  await expect(page.getByLabel('Heure de fin')).toHaveValue('10');
  await page.getByLabel('Lundi').uncheck();
  await page.getByLabel('Jour de début').fill('15');
  await page.getByLabel('Mois de début').fill('11');
  await page.getByLabel('Jour de fin').fill('14');
  await page.getByLabel('Mois de fin').fill('12');
  await page.getByLabel('Heure de début').fill('18');
  await page.getByLabel('Minute de début').fill('0');
  await page.getByLabel('Heure de fin').fill('19');
  await page.getByLabel('Minute de fin').fill('30');
  await page.getByLabel('Jour de fin').click(); // leaving a field pads it: '0' → '00'
  await expect(page.getByLabel('Minute de début')).toHaveValue('00');
  await page.getByLabel('Lundi').check();
  await page.getByLabel('Jeudi').check();
  await page.getByRole('button', { name: 'Ajouter les dates' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Les dates ont bien été ajoutées' })).toBeVisible();

  const year = Number(await page.evaluate(() => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date())));
  const expected = mondaysAndThursdays(year, [15, 11], [14, 12]);
  const november = expected.filter((d) => d.month === 11).map((d) => d.day);
  const december = expected.filter((d) => d.month === 12).map((d) => d.day);
  await expect(page.getByRole('heading', { name: `novembre ${year}` })).toBeVisible();
  await expect(page.getByTestId('occurrence').filter({ hasText: ACTIVITY })).toHaveCount(november.length);
  for (const day of november) await expect(chipsOf(page, day)).toHaveText(`18:00 ${ACTIVITY}`);
  await expect(chipsOf(page, 14)).toHaveCount(0);
  await shot(page, 'activities-calendar-november');

  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(page.getByRole('heading', { name: `décembre ${year}` })).toBeVisible();
  await expect(page.getByTestId('occurrence').filter({ hasText: ACTIVITY })).toHaveCount(december.length);
  for (const day of december) await expect(chipsOf(page, day)).toHaveCount(1);

  // delete one date, confirmed
  const first = december[0];
  await chipsOf(page, first).getByRole('button', { name: `Supprimer la date 18:00 ${ACTIVITY}` }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' })).toContainText('Êtes-vous sûrs de vouloir continuer ?');
  await page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('status')).toHaveText('La date à été supprimée');
  await expect(chipsOf(page, first)).toHaveCount(0);
  await expect(page.getByTestId('occurrence').filter({ hasText: ACTIVITY })).toHaveCount(december.length - 1);
  await shot(page, 'activities-calendar-december');

  // the month arrows wrap the year
  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(page.getByRole('heading', { name: `janvier ${year + 1}` })).toBeVisible();
});

test('deleting an activity removes its dates from the calendar', async ({ page }) => {
  await signIn(page);
  const categories = await (await page.request.get('/api/webapp/animation-categories/list')).json();
  const made = await page.request.post('/api/webapp/animations/insert', {
    data: { category: categories[0]._id, cover: null, front: false, translations: [{ lang: 'fr', name: 'Atelier éphémère', content: '<p>Une fois.</p>' }], service_benefit: null },
  });
  const activity = await made.json();
  const now = Math.floor(nowMs() / 1000);
  await page.request.post('/api/webapp/animation-dates/insert', { data: { animation: activity._id, dates: [{ start: now + 60, end: now + 3660 }] } });
  await page.goto('/animation-dates');
  await expect(page.getByTestId('occurrence').filter({ hasText: 'Atelier éphémère' })).toHaveCount(1);
  await page.goto('/animations');
  await page.getByRole('button', { name: 'Supprimer Atelier éphémère' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('status')).toHaveText("L'animation a bien été supprimée");
  await page.goto('/animation-dates');
  await expect(page.getByTestId('occurrence').first()).toBeVisible();
  await expect(page.getByTestId('occurrence').filter({ hasText: 'Atelier éphémère' })).toHaveCount(0);
});

test('the activities screens send a user without the activities flag home', async ({ page }) => {
  await signIn(page);
  const staff = await createStaff(page, 'sans.activites', { params: 1 });
  await page.context().clearCookies();
  await signIn(page, staff.login, staff.password);
  for (const path of ['/animations', '/animation-dates', '/animation-categories']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/administration\/parametres$/);
  }
});

test('the calendar on a phone lists the days that have dates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/animation-dates');
  await expect(page.getByTestId('occurrence').first()).toBeVisible();
  await shot(page, 'activities-calendar-phone');
  await page.goto('/animations');
  await expect(page.getByRole('heading', { name: 'Vos activités' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Éditer Aquagym' })).toBeInViewport();
  await shot(page, 'activities-list-phone');
});

test('next season is planned in November, and the month at 1024 px shows each name whole', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page);
  const year = Number(await page.evaluate(() => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date())));
  await page.goto('/animation-dates');
  await page.getByRole('button', { name: 'Ajouter des dates' }).click();
  await pickOption(page, 'Activité', 'Yoga au lever du soleil');
  // the season ahead is offered beside this one
  await pickOption(page, 'Année', String(year + 1));
  await page.getByLabel('Jour de début').fill('01');
  await page.getByLabel('Mois de début').fill('07');
  await page.getByLabel('Jour de fin').fill('07');
  await page.getByLabel('Mois de fin').fill('07');
  await page.getByLabel('Heure de début').fill('07');
  await page.getByLabel('Minute de début').fill('15');
  await page.getByLabel('Heure de fin').fill('08');
  await page.getByLabel('Minute de fin').fill('00');
  for (const day of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']) await page.getByLabel(day).check();
  await page.getByRole('button', { name: 'Ajouter les dates' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Les dates ont bien été ajoutées' })).toBeVisible();
  // the calendar opens on the first new date: July of next year, one date a day
  await expect(page.getByRole('heading', { name: `juillet ${year + 1}` })).toBeVisible();
  const chips = page.getByTestId('occurrence').filter({ hasText: '07:15' });
  await expect(chips).toHaveCount(7);
  for (let day = 1; day <= 7; day++) await expect(page.locator(`[role=gridcell][data-day="${day}"]`).getByTestId('occurrence').filter({ hasText: '07:15' })).toHaveText('07:15 Yoga au lever du soleil');
  // no name is clipped in its cell, and hovering a date gives its hours and name
  const clipped = await page.getByTestId('occurrence').locator('p').evaluateAll((ps) => ps.filter((p) => p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent));
  expect(clipped).toEqual([]);
  await chips.first().hover();
  await expect(page.getByRole('tooltip')).toHaveText('07:15 – 08:00 · Yoga au lever du soleil');
  await shot(page, 'activities-calendar-next-season-1024');
});
