import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import sharp from 'sharp';
import { expectAccessible, rowAction, shot, signIn } from './fixtures';

/** Oui in the open confirmation (destructive action, type change, missing translations). */
async function yes(page: Page) {
  await page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' }).getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' })).toHaveCount(0);
}

async function pickIcon(page: Page, name: string) {
  await page.getByRole('button', { name: /^Icône : / }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

async function addSection(page: Page, title: string, content: string, links: Record<string, string> = {}) {
  await page.getByRole('button', { name: 'Ajouter une section', exact: true }).click();
  await pickIcon(page, 'Information');
  await page.getByLabel('Titre (FR)').fill(title);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type(content);
  for (const [label, value] of Object.entries(links)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Ajouter la section', exact: true }).click();
  await yes(page);
  await expect(page.getByText('La section a bien été créée')).toBeVisible();
}

const png = (color: string) => sharp({ create: { width: 96, height: 96, channels: 4, background: color } }).png().toBuffer();

test('a staff member builds a rubric, a page of sections, turns it into a list and transforms a sub-category', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/Rubriques');
  await expect(page.getByRole('heading', { name: 'Mes rubriques' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bienvenue', exact: true })).toBeVisible();
  await shot(page, 'booklet-rubrics');

  // the rubric: required fields first, then saved after the missing-translation warning
  await page.getByRole('button', { name: 'Ajouter une rubrique', exact: true }).click();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeVisible();
  await expect(page.getByText('Veuillez choisir un icône')).toBeVisible();
  await expect(page.getByText('Vous devez indiquer le titre (version FR)')).toBeVisible();
  await pickIcon(page, 'Tente');
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Services du camping');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' })).toContainText("La rubrique n'est pas traduite dans les langues suivantes : EN, DE, NL");
  await yes(page);
  await expect(page.getByText('La rubrique a bien été créée !')).toBeVisible();

  // its categories: the rubric's name is a real link
  await expect(page.getByRole('link', { name: 'Services du camping', exact: true })).toHaveAttribute('href', /^\/rubriques\/[0-9a-f]{24}$/);
  await page.getByRole('link', { name: 'Services du camping', exact: true }).click();
  await expect(page.getByText('Pas de catégorie')).toBeVisible();
  // the empty state offers the action that fills it
  await page.getByRole('button', { name: 'Ajouter une catégorie', exact: true }).last().click();
  // the type is a real required choice: nothing chosen yet
  await expect(page.getByRole('radio', { name: /^Page/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: /^Liste/ })).not.toBeChecked();
  await page.getByRole('radio', { name: /^Page/ }).click();
  await pickIcon(page, 'Horloge');
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Point info');
  await expect(page.getByLabel('URL')).toHaveValue('services-du-camping/point-info');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await yes(page);
  await expect(page.getByText('La catégorie a bien été créée')).toBeVisible();
  // a second category of the same name is refused with the spec's sentence
  await page.getByRole('button', { name: 'Ajouter une catégorie', exact: true }).click();
  await page.getByRole('radio', { name: /^Page/ }).click();
  await pickIcon(page, 'Horloge');
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Point Info');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await yes(page);
  await expect(page.getByText('Une autre page du même nom existe déjà')).toBeVisible();
  await expectAccessible(page, 'formulaire de catégorie en erreur');
  // what was typed is not dropped without a question
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  await page.getByRole('button', { name: 'Quitter sans enregistrer' }).click();

  // the page editor: three sections, a wrong phone first
  await page.getByRole('link', { name: 'Point info', exact: true }).click();
  await expect(page.getByText('Pas de section', { exact: true })).toBeVisible();
  await expect(page.getByText("Vos clients ne verront que le titre de cette page tant qu'elle n'a pas de section.", { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une section', exact: true }).click();
  await expectAccessible(page, 'éditeur de page, section ouverte');
  await pickIcon(page, 'Téléphone');
  await page.getByLabel('Titre (FR)').fill('Horaires');
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('12 34');
  await page.getByRole('button', { name: 'Ajouter la section', exact: true }).click();
  await expect(page.getByText("Le format du numéro de téléphone n'est pas correct")).toBeVisible();
  await expect(page.getByText('Vous devez insérer un contenu (version FR)')).toBeVisible();
  // the preview does not offer the phone number the form refuses
  await expect(page.getByRole('figure', { name: 'Aperçu de la page' }).getByText('Appeler')).toHaveCount(0);
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  await page.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await addSection(page, 'Horaires', "Ouvert de 9h à 19h tous les jours.", { Téléphone: '04 67 12.34-56' });
  await addSection(page, 'Site du camping', 'Toutes les infos en ligne.', { 'Site web': 'pins-dores.fr' });
  await addSection(page, 'Urgences', 'Composez le 112.');

  const category = page.url().split('/').pop()!;
  const saved = await (await page.request.get(`/api/webapp/pages/find-by-category?category=${category}`)).json();
  expect(saved.sections.map((s: { phone: string; website: string }) => [s.phone, s.website])).toEqual([
    ['0467123456', ''],
    ['', 'https://pins-dores.fr'],
    ['', ''],
  ]);

  // reorder, then duplicate a section
  await page.getByRole('button', { name: 'Descendre Horaires', exact: true }).click();
  await expect(page.getByTestId('section-row')).toHaveText([/^Site du camping/, /^Horaires/, /^Urgences/]);
  await rowAction(page, 'Dupliquer', 'Urgences');
  await yes(page);
  await expect(page.getByText('La section a bien été dupliquée')).toBeVisible();
  await expect(page.getByTestId('section-row')).toHaveText([/^Site du camping/, /^Horaires/, /^Urgences/, /^Urgences/]);
  const preview = page.getByRole('figure', { name: 'Aperçu de la page' });
  await expect(preview.getByText('Site web')).toBeVisible();
  await expect(preview.getByText('Appeler')).toBeVisible();
  await shot(page, 'booklet-page-editor');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('figure', { name: 'Aperçu de la page' })).toBeVisible();
  await shot(page, 'booklet-page-editor-mobile');
  await page.setViewportSize({ width: 1280, height: 720 });

  // the category becomes a list, after confirming that its content is lost
  await page.getByRole('link', { name: 'Services du camping' }).click();
  await page.getByRole('button', { name: 'Éditer Point info', exact: true }).click();
  await page.getByRole('radio', { name: /^Liste/ }).click();
  await page.getByRole('button', { name: 'Mettre à jour', exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' })).toContainText('Changer le type de la catégorie supprime tout le contenu qui y est attaché.');
  await page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' })).toContainText("La catégorie n'est pas traduite dans les langues suivantes : EN, DE, NL");
  await yes(page);
  await expect(page.getByText('La catégorie a bien été mise à jour')).toBeVisible();
  await expect(page.getByText('Liste', { exact: true })).toBeVisible();

  // two sub-categories, one transformed into a category
  await page.getByRole('link', { name: 'Point info', exact: true }).click();
  await expect(page.getByText('Pas de sous-catégorie')).toBeVisible();
  for (const text of ['Marché bio', 'Vide-grenier']) {
    await page.getByRole('button', { name: 'Ajouter une sous-catégorie', exact: true }).click();
    await pickIcon(page, 'Marché');
    await page.getByLabel('Texte (FR)').fill(text);
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await yes(page);
    await expect(page.getByText('La sous-catégorie a bien été créée')).toBeVisible();
  }
  await expect(page.getByRole('figure', { name: 'Aperçu de la liste' }).getByText('Vide-grenier')).toBeVisible();
  await shot(page, 'booklet-list');
  await expectAccessible(page, 'liste de sous-catégories');
  await rowAction(page, 'Transformer en catégorie', 'Vide-grenier');
  await yes(page);
  await expect(page.getByText('La sous-catégorie a été transformée en catégorie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vide-grenier', exact: true })).toHaveCount(0);
  // a sub-category whose page has no section is flagged, and its page says why
  await expect(page.getByTestId('subcategory-row').filter({ hasText: 'Marché bio' })).toContainText('Page vide');
  await page.getByRole('link', { name: 'Marché bio', exact: true }).click();
  await expect(page.getByText('Pas de section', { exact: true })).toBeVisible();
  await expect(page.getByText('Vos clients ne verront que le titre de cette sous-catégorie', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Services du camping' }).click();
  await expect(page.getByRole('link', { name: 'Vide-grenier', exact: true })).toBeVisible();
  await shot(page, 'booklet-categories');
});

test('icons: create lineal and fill variants for a theme, then delete one variant', async ({ page }) => {
  await signIn(page);
  const res = await page.request.post('/api/dashboard/themes/insert', { data: { name: 'Garrigue', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'e07a5f' } });
  const theme = await res.json();
  expect(theme._id, JSON.stringify(theme)).toBeTruthy();
  await page.goto('/icons');
  await expect(page.getByRole('button', { name: "Modifier l'icône Piscine", exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une icône', exact: true }).click();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Veuillez indiquer le nom')).toBeVisible();
  await page.getByLabel('Nom').fill('Parasol');
  await page.getByLabel("Couleur d'un thème").check();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Veuillez indiquer le thème')).toBeVisible();
  await page.getByRole('combobox', { name: 'Thème', exact: true }).click();
  await page.getByRole('option', { name: 'Garrigue' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'parasol.png', mimeType: 'image/png', buffer: await png('#1d4e89') });
  await expect(page.getByRole('img', { name: "Image de l'icône (PNG, WebP ou JPEG)" })).toBeVisible();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Cet icône à été ajouté avec succès !')).toBeVisible();

  // its fill variant for the same theme
  await page.getByLabel('Style').getByText('Rempli').click();
  await page.getByRole('combobox', { name: 'Thème de couleur' }).click();
  await page.getByRole('option', { name: 'Garrigue' }).click();
  await page.getByRole('button', { name: "Modifier l'icône Parasol", exact: true }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'parasol-plein.png', mimeType: 'image/png', buffer: await png('#e07a5f') });
  await expect(page.getByRole('img', { name: "Image de l'icône (PNG, WebP ou JPEG)" })).toBeVisible();
  await page.getByRole('button', { name: 'Mettre à jour', exact: true }).click();
  await expect(page.getByText('Cet icône à été édité avec succès !')).toBeVisible();
  const icon = (await (await page.request.get('/api/dashboard/icons/list')).json()).find((i: { name: string }) => i.name === 'Parasol');
  expect(icon.lineal).toHaveLength(1);
  expect(icon.fill).toEqual([{ theme: theme._id, icon: expect.any(String) }]);
  await shot(page, 'icons-grid');

  await page.getByRole('button', { name: "Modifier l'icône Parasol", exact: true }).click();
  await page.getByRole('button', { name: 'Supprimer cette couleur', exact: true }).click();
  await yes(page);
  await expect(page.getByText('Cette couleur à été supprimée')).toBeVisible();
  const after = (await (await page.request.get('/api/dashboard/icons/list')).json()).find((i: { name: string }) => i.name === 'Parasol');
  expect(after.fill).toEqual([]);
  expect(after.lineal).toHaveLength(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Icônes' })).toBeVisible();
  await shot(page, 'icons-mobile');
});
