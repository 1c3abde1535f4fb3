import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import { shot, shotWidths, signIn } from './fixtures';

const TMP = '.tmp/e2e-appearance';

async function fileOnDisk(name: string, data: Buffer) {
  mkdirSync(TMP, { recursive: true });
  const path = `${TMP}/${name}`;
  writeFileSync(path, data);
  return path;
}

/** A one-page PDF, enough for the server's content check and for Chromium's viewer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function modal(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the app’s appearance', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('home modules: the form checks its fields, two modules are added and one moves up', async ({ page }) => {
    await page.goto('/modules');
    await expect(page.getByRole('heading', { name: "Administrer la page d'accueil" })).toBeVisible();
    const rows = page.getByTestId('module-row');
    await expect(rows).toHaveCount(4);

    await page.getByRole('button', { name: 'Ajouter un module' }).click();
    let dialog = await modal(page, 'Ajouter un module');
    await dialog.getByRole('button', { name: 'Créer le module' }).click();
    await expect(dialog.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeVisible();
    await expect(dialog.getByText('Le nom ne doit pas être vide')).toBeVisible();
    await expect(dialog.getByText('Veuillez indiquer le type de module')).toBeVisible();

    await dialog.getByLabel('Nom').fill('Rubrique Loisirs');
    await dialog.getByRole('combobox', { name: 'Type de module' }).click();
    await page.getByRole('option', { name: 'Rubrique' }).click();
    await dialog.getByRole('button', { name: 'Créer le module' }).click();
    await expect(dialog.getByText('Veuillez sélectionner une rubrique')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Rubrique' }).click();
    await page.getByRole('option', { name: 'Loisirs' }).click();
    await dialog.getByRole('textbox', { name: 'Titre (FR)', exact: true }).fill('Nos loisirs');
    await dialog.getByText('EN', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Titre (EN)', exact: true }).fill('Leisure');
    await dialog.getByRole('button', { name: 'Créer le module' }).click();
    // DE and NL are left untranslated: the warning lists them, Oui saves anyway
    await expect(page.getByText("Le module n'est pas traduite dans les langues suivantes : DE, NL")).toBeVisible();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Le module a bien été créé')).toBeVisible();
    await expect(rows).toHaveCount(5);

    await page.getByRole('button', { name: 'Ajouter un module' }).click();
    dialog = await modal(page, 'Ajouter un module');
    await dialog.getByLabel('Nom').fill('Page Piscine bis');
    await dialog.getByRole('combobox', { name: 'Type de module' }).click();
    await page.getByRole('option', { name: 'Page' }).click();
    await dialog.getByRole('combobox', { name: 'Page' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Titre (FR)', exact: true }).fill('À la piscine');
    await dialog.getByRole('button', { name: 'Créer le module' }).click();
    await expect(dialog.getByText('Vous devez indiquer le sous-titre (version FR)')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Sous-titre (FR)' }).fill('Ouverte de 9 h à 20 h');
    await dialog.getByRole('button', { name: 'Créer le module' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Le module a bien été créé')).toBeVisible();
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(5)).toContainText('Page Piscine bis');
    await expect(rows.nth(5).getByRole('button', { name: 'Descendre Page Piscine bis' })).toBeDisabled();

    // the rows move at once, before the order is saved: the read below waits for the save's answer
    const ordered = page.waitForResponse((r) => r.url().endsWith('/api/webapp/modules/order') && r.ok());
    await page.getByRole('button', { name: 'Monter Page Piscine bis' }).click();
    await expect(rows.nth(4)).toContainText('Page Piscine bis');
    await ordered;
    await expect(rows.nth(4).getByRole('cell').first()).toHaveText('5');
    const saved = await (await page.request.get('/api/webapp/modules/list')).json();
    expect(saved.map((m: { name: string }) => m.name).slice(4)).toEqual(['Page Piscine bis', 'Rubrique Loisirs']);
    await shot(page, 'appearance-modules');
  });

  test('bottom menu and logo: two entries replace two, and a new logo is uploaded', async ({ page }) => {
    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'Administer le menu' })).toBeVisible();
    const rows = page.getByTestId('menu-row');
    await expect(rows).toHaveCount(4);
    for (let i = 0; i < 2; i++) {
      await rows.last().getByRole('button', { name: /^Supprimer/ }).click();
      await page.getByRole('button', { name: 'Oui' }).click();
      await expect(page.getByText('Le sous-menu à bien été supprimé')).toBeVisible();
    }
    await expect(rows).toHaveCount(2);

    await page.getByRole('button', { name: 'Ajouter un sous-menu' }).click();
    let dialog = await modal(page, 'Ajouter un sous-menu');
    await dialog.getByRole('button', { name: 'Créer le sous-menu' }).click();
    await expect(dialog.getByText('Veuillez indiquer le titre')).toBeVisible();
    await expect(dialog.getByText('Veuillez indiquer le type')).toBeVisible();
    await expect(dialog.getByText('Veuillez sélectionner un icône')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Titre (FR)', exact: true }).fill('Loisirs');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Rubrique' }).click();
    await dialog.getByRole('button', { name: 'Créer le sous-menu' }).click();
    await expect(dialog.getByText('Veuillez indiquer une rubrique')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Rubrique' }).click();
    await page.getByRole('option', { name: 'Loisirs' }).click();
    await dialog.getByRole('button', { name: /^Icône/ }).click();
    await page.getByRole('button', { name: 'Vélo' }).click();
    await dialog.getByRole('button', { name: 'Créer le sous-menu' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Le sous-menu à bien été créé')).toBeVisible();

    await page.getByRole('button', { name: 'Ajouter un sous-menu' }).click();
    dialog = await modal(page, 'Ajouter un sous-menu');
    await dialog.getByRole('textbox', { name: 'Titre (FR)', exact: true }).fill('Agenda');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Activités' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Rubrique' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Icône/ }).click();
    await page.getByRole('button', { name: 'Horloge' }).click();
    await dialog.getByRole('button', { name: 'Créer le sous-menu' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Le sous-menu à bien été créé')).toBeVisible();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(2)).toContainText('Loisirs');
    await expect(rows.nth(3)).toContainText('Agenda');

    const ordered = page.waitForResponse((r) => r.url().endsWith('/api/webapp/config/menu/order') && r.ok());
    await rows.nth(3).getByRole('button', { name: 'Monter Agenda' }).click();
    await expect(rows.nth(2)).toContainText('Agenda');
    await ordered;
    const menu = await (await page.request.get('/api/webapp/config/menu')).json();
    expect(menu.values.map((e: { title: string }) => e.title).slice(2)).toEqual(['Agenda', 'Loisirs']);
    expect(menu.values[2]).toMatchObject({ type: 'animation', rubric: null });

    const before = (await (await page.request.get('/api/webapp/config/logo')).json()).logo;
    const logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#1d4e89' } }).png().toBuffer();
    await page.locator('input[type="file"]').first().setInputFiles(await fileOnDisk('nouveau-logo.png', logo));
    await expect(page.getByText('Le logo à été mis à jour')).toBeVisible();
    const after = await (await page.request.get('/api/webapp/config/logo')).json();
    expect(after.logo).not.toBe(before);
    await expect(page.getByAltText("Logo de l'application")).toHaveAttribute('src', after.url);
    await shot(page, 'appearance-menu');
  });

  test('themes: a theme is created with live swatches, then selected as the app’s theme', async ({ page }) => {
    await page.goto('/themes');
    await expect(page.getByRole('heading', { name: 'Sélectionner un thème' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Créer un thème' })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier ce thème' }).click();
    await expect(page.getByText('Veuillez sélectionner un thème')).toBeVisible();

    await page.getByRole('button', { name: 'Créer un nouveau thème' }).click();
    await expect(page.getByText('Veuillez indiquer le nom du thème')).toBeVisible();
    await page.getByLabel('Nom').fill('Lagune');
    const colours = ['0e7c86', '#59c3c3', 'f4e04d', 'fffdf7'];
    for (const [i, c] of colours.entries()) await page.getByRole('textbox', { name: `Couleur ${i + 1}` }).fill(c);
    await expect(page.getByLabel('Aperçu de la couleur 2')).toBeVisible();
    await page.getByRole('textbox', { name: 'Couleur 4' }).fill('fffd');
    await expect(page.getByLabel('Aperçu de la couleur 4')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Couleur 4' }).fill('fffdf7');
    await page.getByRole('button', { name: 'Créer un nouveau thème' }).click();
    await expect(page.getByText('Le thème a bien été créé')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paramétrer un thème' })).toBeVisible();

    await page.getByRole('button', { name: 'Appliquer à l’application' }).click();
    await expect(page.getByText('Le thème a bien été appliqué à votre application')).toBeVisible();
    const current = await (await page.request.get('/api/webapp/config/theme')).json();
    expect(current).toMatchObject({ name: 'Lagune', color1: '0e7c86', color2: '59c3c3', color3: 'f4e04d', color4: 'fffdf7' });
    await expect(page.getByText("Thème de l'application :")).toBeVisible();
    await expect(page.getByLabel('Sélectionner un thème')).toContainText('Lagune');

    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirmation' })).toHaveCount(0);
    await expect(page.getByText("Ce thème est celui de votre application : sélectionnez-en un autre avant de le supprimer.")).toBeVisible();
    await shotWidths(page, 'appearance-themes');
  });

  test('files: a PDF is uploaded on /pdf, listed with its link, and served', async ({ page }) => {
    const listed = page.waitForResponse((r) => r.url().includes('/api/dashboard/files/list?'));
    await page.goto('/pdf');
    // the screen asks the server for a page of the establishment's own files: no icon library picture
    const first = await (await listed).json();
    const icons: { lineal: { icon: string }[]; fill: { icon: string }[] }[] = await (await page.request.get('/api/dashboard/icons/list')).json();
    const pictures = new Set(icons.flatMap((i) => [...i.lineal, ...i.fill].map((v) => v.icon)));
    expect(pictures.size).toBeGreaterThan(0);
    expect(first.rows.filter((f: { _id: string }) => pictures.has(f._id))).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Fichiers' })).toBeVisible();
    const cards = page.getByTestId('file-card');
    // the seed's images are listed before anything is counted
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    await page.locator('input[type="file"][accept="application/pdf"]').setInputFiles(await fileOnDisk('Plan du camping.pdf', PDF));
    await expect(page.getByText('Le fichier a bien été ajouté')).toBeVisible();
    await expect(cards).toHaveCount(count + 1);
    const card = cards.filter({ hasText: 'Plan du camping.pdf' });
    await expect(card).toContainText('PDF');
    const href = await card.getByRole('link', { name: 'Ouvrir Plan du camping.pdf' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/dashboard\/files\/get-file\/[0-9a-f]{24}$/);
    const served = await page.request.get(href!);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await served.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.locator('label').filter({ hasText: /^PDF$/ }).click();
    await expect(cards).toHaveCount(1);
    await page.locator('label').filter({ hasText: /^Tous$/ }).click();
    // a search by name, accents and case aside, kept in the address
    await page.getByRole('textbox', { name: 'Rechercher un fichier' }).fill('PLAN DU');
    await expect(cards).toHaveCount(1);
    await expect(page).toHaveURL(/q=PLAN\+DU/);
    await expect(cards.first()).toContainText('Plan du camping.pdf');
    await page.getByRole('textbox', { name: 'Rechercher un fichier' }).fill('aucun fichier de ce nom');
    await expect(page.getByText('Aucun fichier ne correspond à cette recherche')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher un fichier' }).fill('');
    await shot(page, 'appearance-files');
  });

  test('the four screens at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading] of [
      ['/modules', "Administrer la page d'accueil"],
      ['/menu', 'Administer le menu'],
      ['/themes', 'Sélectionner un thème'],
      ['/pdf', 'Fichiers'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, `appearance-mobile${path.replace('/', '-')}`);
    }
  });
});
