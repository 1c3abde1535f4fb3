import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './clock';
import iconv from 'iconv-lite';
import { signIn } from './fixtures';
import { both, checkScreen, FILES, pick, writeExports } from './people-fixtures';

/** People (issue 12), the client list: imports, searching, sorting, paging and selecting clients, the room list. The hub and the details: people-hub.spec.ts. */

test.describe('people: the client list and imports', () => {
  test('import a reservations file, find a client by accented last name, sort by arrival, page through, select across pages', async ({ page }) => {
    writeExports();
    await signIn(page);
    // axe on 5 cards: the same blocks as 50, in a time a busy machine allows
    await page.goto('/users/clients?size=5');
    await expect(page.getByRole('heading', { name: 'Liste de toutes les fiches clients' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(5);
    await checkScreen(page, 'clients', { full: false });

    await pick(page, 'Fichier des clients', join(FILES, 'clients.csv'));
    await pick(page, 'Fichier des séjours', join(FILES, 'sejours.csv'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('Les réservations ont bien été importées !').first()).toBeVisible();

    // accented last name typed without accents nor capitals
    await page.getByLabel('Nom', { exact: true }).fill('lefevre-etienne');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('heading', { name: 'Résultats de votre recherche' })).toBeVisible();
    const card = page.getByRole('row', { name: /^Fiche client 90001/ });
    await expect(card).toBeVisible();
    await expect(card.getByText('Éloïse LEFÈVRE-ÉTIENNETTE')).toBeVisible();
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(1);
    await both(page, 'clients-search');

    // after a search its form is folded (issue 20)
    await page.getByRole('button', { name: 'Modifier la recherche' }).click();
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page.getByRole('heading', { name: 'Liste de toutes les fiches clients' })).toBeVisible();
    // sort by arrival, 10 a page: the earliest arrival first
    await page.getByRole('combobox', { name: 'Trier par' }).click();
    await page.getByRole('listbox').getByRole('option', { name: "Date d'arrivée" }).click();
    await page.getByRole('combobox', { name: 'Fiches par page' }).click();
    await page.getByRole('listbox').getByRole('option', { name: '10', exact: true }).click();
    await expect(page).toHaveURL(/sort=arrival/);
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(10);
    const arrivals = async () => {
      // the latest stay's days, 'dd/mm/yyyy → dd/mm/yyyy', in the compact list (issue 20)
      const cells = await page.locator('tr[aria-label^="Fiche client"] td:nth-child(6)').allTextContents();
      return cells.map((d) => d.split(' →')[0].split('/').reverse().join(''));
    };
    const first = await arrivals();
    expect(first).toEqual([...first].sort());
    const firstCard = await page.getByRole('row', { name: /^Fiche client / }).first().getAttribute('aria-label');
    await page.getByRole('button', { name: 'Page 2', exact: true }).first().click();
    await expect(page).toHaveURL(/page=2/);
    // the previous page stays on screen until the next one has come
    await expect(page.getByRole('row', { name: /^Fiche client / }).first()).not.toHaveAttribute('aria-label', firstCard!);
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(10);
    const second = await arrivals();
    expect(second).toEqual([...second].sort());
    expect(second[0] >= first.at(-1)!).toBe(true);

    // select the page, then every result across pages
    await page.getByLabel('Toute la page').check();
    await expect(page.getByText('10 fiches sélectionnées')).toBeVisible();
    // the figure is written as French writes it ('1 250', with a narrow no-break space)
    const total = await page.getByText(/^Sélectionner les [\d\s]+ fiches$/).textContent();
    await page.getByText(/^Sélectionner les [\d\s]+ fiches$/).click();
    const n = Number(total!.replace(/\D/g, ''));
    await expect(page.getByText(`${n} fiches sélectionnées`)).toBeVisible();
    await page.getByRole('button', { name: 'Page 3', exact: true }).last().click();
    await expect(page.getByLabel('Toute la page')).toBeChecked();
    await both(page, 'clients-selection', { full: false });
  });

  test('client list: checkbox coupling, page sizes, pages with ellipses; an import keeps its progress when one leaves the page', async ({ page }, testInfo) => {
    // 60 000 rows on a shared machine (enough to outlast the 2 s the call waits, on an idle one)
    test.setTimeout(180_000);
    await signIn(page);
    await page.goto('/users/clients');
    const filters = page.getByRole('group', { name: 'Filtres' });
    const withStays = filters.getByLabel('Avec séjours');
    const withoutStays = filters.getByLabel('Sans séjours');
    // turning one of a pair off keeps the other on; turning that one off too turns the first back on
    await withStays.click();
    await expect(page).toHaveURL(/stays=without/);
    await expect(withStays).not.toBeChecked();
    await expect(withoutStays).toBeChecked();
    await withoutStays.click();
    await expect(withStays).toBeChecked();
    await expect(withoutStays).not.toBeChecked();
    await expect(page).toHaveURL(/stays=with(&|$)/);
    // on site only, then off: 'with users' is on again
    await filters.getByLabel('Avec utilisateurs').click();
    await expect(filters.getByLabel('Avec utilisateurs')).not.toBeChecked();
    await filters.getByLabel('Séjours sur place uniquement').click();
    await expect(page).toHaveURL(/on_site=1/);
    await filters.getByLabel('Séjours sur place uniquement').click();
    await expect(page).not.toHaveURL(/on_site=1/);
    await expect(filters.getByLabel('Avec utilisateurs')).toBeChecked();
    await page.goto('/users/clients');

    await page.getByRole('combobox', { name: 'Fiches par page' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['5', '10', '25', '50', '100', '200', '500']);
    await page.getByRole('listbox').getByRole('option', { name: '5', exact: true }).click();
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(5);
    // dozens of pages: the first, the last, the ones around, ellipses between
    await expect(page.getByRole('button', { name: 'Page 5', exact: true }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 8', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Page 5', exact: true }).last().click();
    await page.getByRole('button', { name: 'Page 6', exact: true }).last().click();
    await page.getByRole('button', { name: 'Page 7', exact: true }).last().click();
    await page.getByRole('button', { name: 'Page 8', exact: true }).last().click();
    await page.getByRole('button', { name: 'Page 9', exact: true }).last().click();
    await page.getByRole('button', { name: 'Page 10', exact: true }).last().click();
    await expect(page).toHaveURL(/page=10/);
    await expect(page.getByRole('button', { name: 'Page 1', exact: true }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 5', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Page 9', exact: true }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 11', exact: true }).last()).toBeVisible();
    await expect(page.locator('[aria-label="Compteurs"]').getByText(/^10 \/ \d+$/)).toBeVisible();

    // thousands of rows: the progress bar, still there after leaving the page, then the result
    // new client numbers on a retry: the failed attempt's import may have created its own (on the same server)
    const first = 800000 + testInfo.retry * 60000;
    const big = ['N° client;Nom;Prénom'];
    for (let i = 0; i < 60000; i++) big.push(`${first + i};Volume;N${i}`);
    mkdirSync(FILES, { recursive: true });
    writeFileSync(join(FILES, 'big.csv'), big.join('\n'));
    await page.goto('/users/clients');
    await pick(page, 'Fichier des clients', join(FILES, 'big.csv'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: "Avancement de l'import" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Utilisateurs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/utilisateurs$/);
    await page.goto('/users/clients');
    await expect(page.getByRole('progressbar', { name: "Avancement de l'import" }).or(page.getByText('60000 lignes lues'))).toBeVisible();
    await both(page, 'clients-progress', { full: false });
    await expect(page.getByText('60000 lignes lues · 60000 créations · 0 mise à jour')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Les réservations ont bien été importées !').first()).toBeVisible();
  });

  test('koban: room-list insert with the spec sentence, the room-list modal sorted with its total', async ({ page }) => {
    await signIn(page);
    const admin = await (await page.request.get('/api/dashboard/config/admin/list')).json();
    const set = (name: string) => page.request.post('/api/dashboard/config/admin/update', { data: { ...admin, config_pms: { ...admin.config_pms, name } }, timeout: 20_000 });
    expect((await set('koban')).ok()).toBeTruthy();
    try {
      mkdirSync(FILES, { recursive: true });
      writeFileSync(join(FILES, 'roomlist.csv'), iconv.encode('Nom;Prénom;E-mail\nZéphyr;Anaïs;anais@exemple.fr\nAbadie;Bruno;\nMorel;Célia;celia@exemple.fr\n', 'win1252'));
      await page.goto('/users/clients');
      await expect(page.getByRole('heading', { name: 'Import de roomlist (koban)' })).toBeVisible();
      await page.getByRole('radio', { name: 'Nouvelle roomlist' }).check();
      const form = page.getByRole('form', { name: 'Nouvelle roomlist' });
      // the spec's checks, said on the fields
      await form.getByRole('button', { name: 'Importer' }).click();
      await expect(form.getByText('Veuillez renseigner un nom')).toBeVisible();
      await expect(form.getByText('Veuillez importer un fichier CSV')).toBeVisible();
      await form.getByRole('textbox', { name: /^Nom/ }).fill('Collège Jean Moulin');
      await form.getByRole('textbox', { name: /^Prénom/ }).fill('Sylvie');
      await form.getByLabel('E-mail').fill('sylvie@college.fr');
      await form.getByLabel('Téléphone').fill('04 66 12 34 56');
      await form.getByLabel("Date d'arrivée").fill('3/7/2026');
      await form.getByLabel('Date de départ').fill('10/07/2026');
      const chooser = page.waitForEvent('filechooser');
      await form.getByLabel('Fichier CSV des participants').click();
      await (await chooser).setFiles(join(FILES, 'roomlist.csv'));
      await checkScreen(page, 'roomlist-form', { full: false });
      await form.getByRole('button', { name: 'Importer' }).click();
      await expect(page.getByText('La roomlist a bien été importée !').first()).toBeVisible();

      await page.getByRole('button', { name: 'Voir la roomlist' }).click();
      const modal = page.getByRole('dialog', { name: 'Roomlist' });
      await expect(modal.getByText('Total : 3 participants')).toBeVisible();
      const names = () => modal.locator('tbody tr td:first-child').allTextContents();
      expect(await names()).toEqual(['Abadie', 'Morel', 'Zéphyr']);
      await modal.getByRole('button', { name: 'Nom', exact: true }).click();
      await expect.poll(names).toEqual(['Zéphyr', 'Morel', 'Abadie']);
      await checkScreen(page, 'roomlist-modal', { full: false });
    } finally {
      expect((await set(admin.config_pms?.name ?? '')).ok()).toBeTruthy();
    }
  });
});
