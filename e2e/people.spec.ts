import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { createStaff, shot, signIn, SHOTS } from './fixtures';

/** People (issue 12): imports, the client list, the hub, guest users, stays, dashboard users. */

const FILES = '.tmp/e2e-people-files';

async function axe(page: Page, name: string) {
  // the screen, not its loader
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** Screenshots at 1024 and 1440 wide; long lists are shot as the screen shows them. */
async function both(page: Page, name: string, { full = true } = {}) {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (full) await shot(page, `people-${name}-${width}`);
    else await page.screenshot({ path: `${SHOTS}/people-${name}-${width}.png` });
  }
}

/** Chooses a file in a file field, as a user does: the field opens the file chooser. */
async function pick(page: Page, label: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label).click();
  await (await chooser).setFiles(path);
}

/** A reservations export as a French office writes it: Windows-1252, ';', dd/mm/yyyy. */
function writeExports() {
  mkdirSync(FILES, { recursive: true });
  const clients = ['N° client;Civilité;Nom;Prénom;E-mail;Téléphone;Langue'];
  const stays = ['N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ'];
  clients.push('90001;Mme;Lefèvre-Étiennette;Éloïse;eloise@exemple.fr;06 11 22 33 44;fr');
  stays.push('95001;90001;A7;Mobil-home Confort;01/07/2025;14/07/2025');
  for (let i = 2; i <= 60; i++) {
    clients.push(`${90000 + i};M.;Import${String(i).padStart(2, '0')};Test;import${i}@exemple.fr;0600000${String(i).padStart(3, '0')};en`);
    stays.push(`${95000 + i};${90000 + i};B${i};Emplacement nu;${1 + (i % 27)}/08/2025;${2 + (i % 27)}/08/2025`);
  }
  writeFileSync(join(FILES, 'clients.csv'), iconv.encode(clients.join('\r\n'), 'win1252'));
  writeFileSync(join(FILES, 'sejours.csv'), iconv.encode(stays.join('\r\n'), 'win1252'));
}

test.describe('people', () => {
  test('import a reservations file, find a client by accented last name, sort by arrival, page through, select across pages', async ({ page }) => {
    writeExports();
    await signIn(page);
    // axe on 5 cards: the same blocks as 50, in a time a busy machine allows
    await page.goto('/users/clients?size=5');
    await expect(page.getByRole('heading', { name: 'Liste de toutes les fiches clients' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
    await axe(page, 'clients');
    await both(page, 'clients', { full: false });

    await pick(page, 'Fichier des clients', join(FILES, 'clients.csv'));
    await pick(page, 'Fichier des séjours', join(FILES, 'sejours.csv'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('Les réservations ont bien été importées !').first()).toBeVisible();

    // accented last name typed without accents nor capitals
    await page.getByLabel('Nom', { exact: true }).fill('lefevre-etienne');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('heading', { name: 'Résultats de votre recherche' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Fiche client 90001' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Éloïse LEFÈVRE-ÉTIENNETTE')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await both(page, 'clients-search');

    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page.getByRole('heading', { name: 'Liste de toutes les fiches clients' })).toBeVisible();
    // sort by arrival, 10 a page: the earliest arrival first
    await page.getByRole('combobox', { name: 'Trier par' }).click();
    await page.getByRole('listbox').getByRole('option', { name: "Date d'arrivée" }).click();
    await page.getByRole('combobox', { name: 'Fiches par page' }).click();
    await page.getByRole('listbox').getByRole('option', { name: '10', exact: true }).click();
    await expect(page).toHaveURL(/sort=arrival/);
    await expect(page.getByRole('article')).toHaveCount(10);
    const arrivals = async () => {
      const cells = await page.locator('article table[aria-label^="Séjours"] tbody tr:first-child td:nth-child(2)').allTextContents();
      return cells.map((d) => d.split('/').reverse().join(''));
    };
    const first = await arrivals();
    expect(first).toEqual([...first].sort());
    const firstCard = await page.getByRole('article').first().getAttribute('aria-label');
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    // the previous page stays on screen until the next one has come
    await expect(page.getByRole('article').first()).not.toHaveAttribute('aria-label', firstCard!);
    await expect(page.getByRole('article')).toHaveCount(10);
    const second = await arrivals();
    expect(second).toEqual([...second].sort());
    expect(second[0] >= first.at(-1)!).toBe(true);

    // select the page, then every result across pages
    await page.getByLabel('Toute la page').check();
    await expect(page.getByText('10 fiches sélectionnées')).toBeVisible();
    const total = await page.getByText(/^Sélectionner les \d+ fiches$/).textContent();
    await page.getByText(/^Sélectionner les \d+ fiches$/).click();
    const n = Number(/(\d+)/.exec(total!)![1]);
    await expect(page.getByText(`${n} fiches sélectionnées`)).toBeVisible();
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect(page.getByLabel('Toute la page')).toBeChecked();
    await both(page, 'clients-selection', { full: false });
  });

  test('the hub: one result opens the detail, several open the list; details of guest users, stays and staff', async ({ page }) => {
    await signIn(page);
    await page.goto('/utilisateurs');
    await axe(page, 'hub');
    await both(page, 'hub');
    const clientSearch = page.getByRole('form', { name: 'Rechercher une fiche client' });
    // nothing happens with every field empty
    await clientSearch.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/utilisateurs$/);
    await clientSearch.getByLabel('N° client').fill('24001');
    await clientSearch.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/users\/clients\/24001$/);
    await axe(page, 'client-detail');
    await both(page, 'client-detail');

    await page.goto('/users/webapp');
    await expect(page.getByText(/^Nombre de lignes : \d+$/)).toBeVisible();
    await axe(page, 'webapp');
    await both(page, 'webapp');
    await page.getByRole('button', { name: /^Détails de / }).first().click();
    await expect(page.getByRole('heading', { name: 'Détails' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fiche client' })).toBeVisible();
    await axe(page, 'webapp-detail');
    await both(page, 'webapp-detail');

    await page.goto('/users/sejours');
    await axe(page, 'stays');
    await both(page, 'stays');
    await page.getByRole('link', { name: '52001' }).click();
    await expect(page.getByRole('heading', { name: 'Séjour 52001' })).toBeVisible();
    await axe(page, 'stay-detail');
    await both(page, 'stay-detail');

    await page.goto('/users/dashboard');
    await axe(page, 'staff');
    await both(page, 'staff');
  });

  test("a super user removes a staff member's rubrics flag: that member's next rubrics write is refused", async ({ page, browser }) => {
    await signIn(page);
    const editor = await createStaff(page, 'redactrice', { rubrics: 1, homepage: 1 });
    const other = await browser.newContext({ baseURL: page.url().replace(/\/[^/]*$/, '') });
    const editorPage = await other.newPage();
    await signIn(editorPage, editor.login, editor.password);
    const write = () => editorPage.request.post('/api/webapp/groups/insert', { data: { icon: 'x', translations: [{ lang: 'fr', name: 'Rubrique test' }] } });
    expect((await write()).status()).not.toBe(403);

    await page.goto('/users/dashboard?q=redactrice');
    await page.getByRole('link', { name: /Voir la fiche de Test Agent/ }).click();
    await expect(page.getByRole('form', { name: 'Permissions' })).toBeVisible();
    await axe(page, 'staff-detail');
    await both(page, 'staff-detail');
    await page.getByRole('switch', { name: "Livret d'accueil" }).click();
    await page.getByRole('button', { name: 'Enregistrer les permissions' }).click();
    await expect(page.getByText('Les permissions ont bien été mises à jour')).toBeVisible();

    const refused = await write();
    expect(refused.status()).toBe(403);
    await other.close();
  });
});
