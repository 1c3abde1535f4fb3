import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import { GUEST_URL, expectAccessible, shotWidths, signIn } from './fixtures';

const tile = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
/** The pointer off the sidebar link it clicked (a hovered link is drawn lighter), before axe reads colours. */
const rest = (page: Page) => page.mouse.move(700, 20);
const figure = async (page: Page, label: string) => Number((await tile(page, label).innerText()).replace(/\D/g, ''));

test('statistics: the demo season in charts, period switch, custom period, the weekly mail, a guest visit counted', async ({ page, browser }) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Statistiques' }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cette semaine' })).toBeChecked();

  // this week, Monday to Sunday, against the week before
  const days = page.getByRole('region', { name: 'Pages vues par jour' });
  await expect(days.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(days.getByRole('img')).toHaveAttribute('aria-label', /^Pages vues par jour : lun\. /);
  // (on a Monday the week so far is that day, compared with the Monday before)
  await expect(page.getByTestId('period-text')).toContainText(/ · comparé (à la période du \d+ \S+ \d{4} au|au) \d+ \S+ \d{4} \(/);
  // the demo spa's bookings of this week
  await expect(page.getByRole('region', { name: 'Réservations par service' }).getByRole('img')).toHaveAttribute('aria-label', /Spa/);
  await rest(page);
  await shotWidths(page, 'stats-week');
  await expectAccessible(page, 'statistiques, semaine');

  // the season: a summer of visits, the most read things by name, per week
  await page.getByText('La saison', { exact: true }).click();
  await expect(page).toHaveURL(/periode=saison/);
  await expect.poll(() => figure(page, 'Pages vues')).toBeGreaterThan(5_000);
  await expect(page.getByTestId('period-text')).toContainText('1 avril');
  const pages = page.getByRole('region', { name: 'Pages les plus lues' });
  await expect(pages.getByRole('row')).toHaveCount(11);
  await expect(pages.getByRole('row').nth(1).getByRole('cell').first()).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Animations les plus vues' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pages vues par semaine (du lundi au dimanche)' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Avis' })).toBeVisible();
  // the choice is in the address: a reload shows the same period
  const season = await figure(page, 'Pages vues');
  await page.reload();
  await expect.poll(() => figure(page, 'Pages vues')).toBe(season);
  await shotWidths(page, 'stats-season');
  await expectAccessible(page, 'statistiques, saison');

  // a winter site sets its own season, December to April; then back to April–October
  const setSeason = async (days: [string, string], months: [string, string]) => {
    await page.getByRole('button', { name: 'Modifier la saison' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dates de la saison' });
    for (const [label, option] of [['Jour d’ouverture', days[0]], ['Mois d’ouverture', months[0]], ['Jour de fermeture', days[1]], ['Mois de fermeture', months[1]]]) {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    return dialog;
  };
  const winter = await setSeason(['1er', '30'], ['décembre', 'avril']);
  await shotWidths(page, 'stats-season-form');
  await expectAccessible(page, 'statistiques, dates de la saison');
  await winter.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La saison a bien été mise à jour' })).toBeVisible();
  await expect(page.getByText('Saison du 1er décembre au 30 avril')).toBeVisible();
  await expect(page.getByTestId('period-text')).toContainText('1 décembre');
  await (await setSeason(['1er', '31'], ['avril', 'octobre'])).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Saison du 1er avril au 31 octobre')).toBeVisible();
  await expect.poll(() => figure(page, 'Pages vues')).toBe(season);

  // a custom period: an end before the start is refused in French, then shown from its dates
  await page.getByText('Personnalisée', { exact: true }).click();
  await page.getByLabel('Du', { exact: true }).fill('14/07/2026');
  await page.getByLabel('Au', { exact: true }).fill('01/07/2026');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page.getByText('La date de fin doit être postérieure ou égale à la date de début')).toBeVisible();
  await page.getByLabel('Au', { exact: true }).fill('15/08/2026');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page).toHaveURL(/periode=perso&du=2026-07-14&au=2026-08-15/);
  await expect(page.getByTestId('period-text')).toHaveText('Du 14 juillet 2026 au 15 août 2026 · comparé à la période du 11 juin 2026 au 13 juillet 2026 (33 jours chacune)');
  await expectAccessible(page, 'statistiques, période personnalisée');

  // the weekly summary, for the signed-in staff member
  const mail = page.getByRole('switch', { name: 'Recevoir chaque lundi le résumé de la semaine par e-mail' });
  // a retry finds the switch on from the failed try: switched off first, so that the retry checks the same
  await expect(mail).toBeVisible();
  if (await mail.isChecked()) {
    await mail.click();
    await expect(page.getByRole('status').filter({ hasText: 'Vous ne recevrez plus le résumé hebdomadaire' })).toBeVisible();
  }
  await expect(mail).not.toBeChecked();
  await mail.click();
  await expect(page.getByRole('status').filter({ hasText: 'Vous recevrez le résumé chaque lundi matin' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Recevoir chaque lundi le résumé de la semaine par e-mail' })).toBeChecked();

  // a guest opens the app: this week's page views count it, without a cookie of ours on the phone
  await page.goto('/stats');
  await expect.poll(() => figure(page, 'Pages vues')).toBeGreaterThan(0);
  const before = await figure(page, 'Pages vues');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const guest = await phone.newPage();
  // the visit leaves as a beacon once the home is drawn: the phone stays open until the server has it
  const recorded = guest.waitForEvent('requestfinished', (r) => r.url().includes('/api/webapp/logs/insert'));
  await guest.goto(GUEST_URL);
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await recorded;
  expect((await phone.cookies()).filter((c) => !c.name.startsWith('session-'))).toEqual([]);
  await phone.close();
  await expect
    .poll(async () => {
      await page.reload();
      return figure(page, 'Pages vues');
    })
    .toBeGreaterThan(before);
});
