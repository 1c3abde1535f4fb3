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
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(5);
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

    // a new password from the member's file: the old one no longer signs in, the new one does
    const reset = page.getByRole('form', { name: 'Réinitialiser le mot de passe' });
    await reset.getByLabel('Nouveau mot de passe').fill('nouvelle-saison-1');
    await reset.getByLabel('Confirmation').fill('nouvelle-saison-1');
    await reset.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Le mot de passe a bien été modifié')).toBeVisible();
    // in the member's own browser (a sign-in here would replace the super user's session)
    const login = (password: string) => editorPage.request.post('/api/dashboard/users/login', { data: { login: editor.login, password } });
    expect(await (await login(editor.password)).json()).toBe(false);
    expect(await (await login('nouvelle-saison-1')).json()).toMatchObject({ username: editor.login });

    // deleted, after the question: back on the list with the sentence, and the member's session is over
    await page.getByRole('button', { name: "Supprimer l'utilisateur" }).click();
    await page.getByRole('dialog').filter({ hasText: 'Cette action est irréversible' }).getByRole('button', { name: 'Oui', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/dashboard$/);
    await expect(page.getByText("L'utilisateur Test Agent a bien été supprimé")).toBeVisible();
    // the member's row is gone (staff made by earlier journeys bear the same name: Test Agent)
    await expect(page.getByRole('cell', { name: editor.login, exact: true })).toHaveCount(0);
    expect((await write()).status()).toBe(401);
    await other.close();
  });

  test('hub: no result, several results, staff creation with a taken identifier, extraction file', async ({ page }) => {
    await signIn(page);
    await page.goto('/utilisateurs');
    const guests = page.getByRole('form', { name: "Rechercher un utilisateur de l'application" });
    // no result: said on the hub, which stays
    await guests.getByLabel('Nom', { exact: true }).fill('Zzzyx');
    await guests.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText('Aucun résultat ne correspond à votre recherche.')).toBeVisible();
    await expect(page).toHaveURL(/\/utilisateurs$/);
    // several: the list titled as a search result, the search in its address
    await guests.getByLabel('Nom', { exact: true }).fill('');
    await guests.getByLabel('E-mail').fill('E');
    await guests.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/users\/webapp\?.*email=E/);
    await expect(page.getByText('Résultats de votre recherche')).toBeVisible();
    await expect(page.getByText(/^Nombre de lignes : \d+$/)).toBeVisible();
    await both(page, 'webapp-search', { full: false });

    // a dashboard user, created from the hub; the same identifier again is refused with the spec's sentence
    await page.goto('/utilisateurs');
    await page.getByRole('button', { name: 'Créer un utilisateur' }).click();
    const create = async (username: string) => {
      const form = page.getByRole('form', { name: 'Créer un utilisateur du dashboard' });
      await form.getByRole('textbox', { name: /^Nom/ }).fill('Garnier');
      await form.getByRole('textbox', { name: /^Prénom/ }).fill('Inès');
      await form.getByLabel('E-mail').fill(`${username}@pins-dores.fr`);
      await form.getByLabel('Identifiant').fill(username);
      await form.getByLabel(/^Mot de passe/).fill('saison-2026');
      await form.getByLabel('Confirmation du mot de passe').fill('saison-2026');
      await axe(page, 'hub-create');
      await form.getByRole('button', { name: "Créer l'utilisateur" }).click();
    };
    await create('ines.garnier');
    await expect(page).toHaveURL(/\/users\/dashboard\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inès Garnier' })).toBeVisible();
    await page.goto('/utilisateurs#nouvel-utilisateur');
    await create('ines.garnier');
    // said in the banner and on the identifier's field (issue 20)
    await expect(page.getByText('Un autre utilisateur avec le même identifiant existe déjà').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Créer un utilisateur du dashboard' }).getByLabel('Identifiant')).toHaveAttribute('aria-invalid', 'true');
    await both(page, 'hub-duplicate');

    // a client extraction file: a file is required, then its clients are created
    await page.goto('/utilisateurs');
    const extraction = page.getByRole('form', { name: "Importer un fichier d'extraction clients" });
    await extraction.getByRole('button', { name: 'Importer' }).click();
    await expect(extraction.getByText('Veuillez sélectionner un fichier')).toBeVisible();
    mkdirSync(FILES, { recursive: true });
    writeFileSync(join(FILES, 'extraction.csv'), '\uFEFFN° client;Civilité;Nom;Prénom;E-mail 1;Langue\n91001;Mme;Aubépine;Maëlys;maelys@exemple.fr;fr\n91002;M.;Aubépine;Noé;noe@exemple.fr;fr\n');
    const chooser = page.waitForEvent('filechooser');
    await extraction.getByLabel('Fichier CSV').click();
    await (await chooser).setFiles(join(FILES, 'extraction.csv'));
    await extraction.getByRole('button', { name: 'Importer' }).click();
    await expect(extraction.getByText('2 créations')).toBeVisible();
    const clientsSearch = page.getByRole('form', { name: 'Rechercher une fiche client' });
    await clientsSearch.getByLabel('Nom', { exact: true }).fill('aubepine');
    await clientsSearch.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/users\/clients\?.*lastname=aubepine/);
    await expect(page.getByRole('heading', { name: 'Résultats de votre recherche' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Fiche client / })).toHaveCount(2);
  });

  test('client list: checkbox coupling, page sizes, pages with ellipses; an import keeps its progress when one leaves the page', async ({ page }) => {
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
    const big = ['N° client;Nom;Prénom'];
    for (let i = 0; i < 60000; i++) big.push(`${800000 + i};Volume;N${i}`);
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
      await axe(page, 'roomlist-form');
      await both(page, 'roomlist-form', { full: false });
      await form.getByRole('button', { name: 'Importer' }).click();
      await expect(page.getByText('La roomlist a bien été importée !').first()).toBeVisible();

      await page.getByRole('button', { name: 'Voir la roomlist' }).click();
      const modal = page.getByRole('dialog', { name: 'Roomlist' });
      await expect(modal.getByText('Total : 3 participants')).toBeVisible();
      const names = () => modal.locator('tbody tr td:first-child').allTextContents();
      expect(await names()).toEqual(['Abadie', 'Morel', 'Zéphyr']);
      await modal.getByRole('button', { name: 'Nom', exact: true }).click();
      await expect.poll(names).toEqual(['Zéphyr', 'Morel', 'Abadie']);
      await axe(page, 'roomlist-modal');
      await both(page, 'roomlist-modal', { full: false });
    } finally {
      expect((await set(admin.config_pms?.name ?? '')).ok()).toBeTruthy();
    }
  });
});
