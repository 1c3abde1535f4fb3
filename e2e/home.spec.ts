import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import { createStaff, expectAccessible, shotWidths, signIn, signOut } from './fixtures';

const digits = (s: string) => Number(s.replace(/\D/g, ''));

/** A tile's figure as a number ('1 234 séjours' → 1234). */
async function figureOf(page: Page, label: string) {
  const figure = page.getByTestId(`today-${label}`).getByTestId('today-figure');
  await expect(figure).toHaveText(/^\d/);
  return digits(await figure.innerText());
}

test('the home page for today on the demo data: each tile opens its list, which counts the same', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  const today = page.getByRole('region', { name: "Aujourd'hui" });
  for (const label of ["Arrivées aujourd'hui", "Départs aujourd'hui", 'Arrivées demain', 'Départs demain', 'Clients sur place', "Adoption de l'application", 'Dernier import PMS', 'E-mails en échec']) {
    await expect(today.getByTestId(`today-${label}`)).toBeVisible();
  }
  // the spec's four tiles and its link to statistics stay
  await expect(page.getByText('Pages visitées')).toBeVisible();
  await expect(page.getByText("Visites depuis l'application téléchargée")).toBeVisible();
  await expect(page).toHaveTitle(/^(\(\d+\) )?Tableau de bord · .+/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/ (aujourd’hui)');
  await shotWidths(page, 'home-today');

  // clients on site: the client list filtered on site says the same in its 'Fiches clients' counter
  const onSite = await figureOf(page, 'Clients sur place');
  expect(onSite).toBeGreaterThan(0);
  await today.getByTestId('today-Clients sur place').click();
  await expect(page).toHaveURL(/\/users\/clients\?on_site=1$/);
  const counters = page.getByLabel('Compteurs');
  await expect(counters.getByText('Fiches clients')).toBeVisible();
  await expect.poll(async () => digits(await counters.getByText('Fiches clients').locator('..').innerText())).toBe(onSite);
  await expect(page).toHaveTitle(/^(\(\d+\) )?Fiches clients · /);

  // arrivals today: the stay list with the same bounds counts the same rows
  await page.goto('/');
  const arrivals = await figureOf(page, "Arrivées aujourd'hui");
  await page.getByTestId("today-Arrivées aujourd'hui").click();
  await expect(page).toHaveURL(/\/users\/sejours\?after_arrival=\d+&before_arrival=\d+$/);
  await expect(page.getByText(/^Nombre de lignes : /)).toBeVisible();
  expect(digits(await page.getByText(/^Nombre de lignes : /).innerText())).toBe(arrivals);
});

test('staff see only the tiles their flags open', async ({ page }) => {
  await signIn(page);
  const mailer = await createStaff(page, 'courrier-accueil', { homepage: 1, emails: 1 });
  await signOut(page);
  await signIn(page, mailer.login, mailer.password);
  const today = page.getByRole('region', { name: "Aujourd'hui" });
  await expect(today.getByTestId('today-E-mails en échec')).toBeVisible();
  await expect(today.getByRole('link')).toHaveCount(1);
});
