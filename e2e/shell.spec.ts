import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import { expectAccessible, shotWidths, signIn } from './fixtures';

/** Opens the screen's form by its button, when it has one, so that axe reads the form too. */
async function openForm(page: Page, button?: string) {
  if (!button) return;
  await page.getByRole('button', { name: button, exact: true }).first().click();
}

const SCREENS: { path: string; heading: string; form?: string; name: string }[] = [
  { path: '/', heading: 'Tableau de bord', name: 'home' },
  { path: '/modules', heading: "Administrer la page d'accueil", form: 'Ajouter un module', name: 'modules' },
  { path: '/menu', heading: 'Administer le menu', form: 'Ajouter un sous-menu', name: 'menu' },
  { path: '/themes', heading: 'Thèmes', name: 'themes' },
  { path: '/icons', heading: 'Icônes', form: 'Ajouter une icône', name: 'icons' },
  { path: '/rubriques', heading: 'Mes rubriques', form: 'Ajouter une rubrique', name: 'rubrics' },
  { path: '/pdf', heading: 'Fichiers', name: 'files' },
  { path: '/animations', heading: 'Vos activités', form: 'Ajouter une activité', name: 'activities' },
  { path: '/animation-dates', heading: 'Planning', name: 'planning' },
  { path: '/animation-categories', heading: "Catégories d'activité", form: 'Ajouter une catégorie', name: 'activity-categories' },
  { path: '/parametres', heading: 'Mon compte', name: 'account' },
  { path: '/administration/parametres', heading: 'Paramètres généraux', name: 'general-settings' },
  { path: '/administration/features', heading: 'Paramètres administrateur', name: 'admin-settings' },
  { path: '/stats', heading: 'Statistiques', name: 'placeholder' },
];

test('every screen, its form open, passes axe (no serious or critical issue), at 1024 and 1440 wide', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  for (const s of SCREENS) {
    await page.goto(s.path);
    await expect(page.getByRole('heading', { name: s.heading, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, s.path);
    if (s.form) {
      await openForm(page, s.form);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${s.path} (formulaire)`);
    }
    await shotWidths(page, `screen-${s.name}`);
  }
});

/** Presses Tab until the focused element is the one named, as a keyboard user does (at most `max` presses). */
async function tabTo(page: Page, name: string | RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('keyboard only: skip link, a sidebar group opened by Entrée, a rubric created with its icon', async ({ page }) => {
  await signIn(page);
  await page.goto('/rubriques');
  await expect(page.getByRole('heading', { name: 'Mes rubriques' })).toBeVisible();
  // the first Tab offers the skip link, which moves the focus to the content
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
  // a collapsed sidebar group is a button that Tab reaches and Entrée opens
  await tabTo(page, 'Activités');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Planning' })).toBeVisible();

  await tabTo(page, 'Ajouter une rubrique');
  await page.keyboard.press('Enter');
  // the form takes the focus: its first field is the icon picker
  const picker = page.getByRole('button', { name: /^Icône : / });
  await expect(picker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Rechercher une icône' })).toBeFocused();
  await page.keyboard.type('Tente');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Tente', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  // after the pick the focus is back on the picker, not at the top of the page
  await expect(picker).toBeFocused();
  await expect(picker).toHaveAccessibleName('Icône : Tente');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Titre \(FR\)/ })).toBeFocused();
  await page.keyboard.type('Au clavier');
  await tabTo(page, 'Créer');
  await page.keyboard.press('Enter');
  const warning = page.getByRole('dialog', { name: 'Traductions manquantes' });
  await expect(warning.getByRole('button', { name: 'Oui' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('La rubrique a bien été créée !')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Au clavier', exact: true })).toBeVisible();
  const saved = (await (await page.request.get('/api/webapp/groups/list')).json()).find((g: { translations: { name: string }[] }) => g.translations[0].name === 'Au clavier');
  const icons = await (await page.request.get('/api/dashboard/icons/list')).json();
  expect(icons.find((i: { _id: string }) => i._id === saved.icon).name).toBe('Tente');
});

test('a half-written section is not lost: the sidebar, the breadcrumb and the back button ask first', async ({ page }) => {
  await signIn(page);
  await page.goto('/rubriques');
  await page.getByRole('link', { name: 'Bienvenue', exact: true }).click();
  // a category of type page: its page editor
  await page.getByRole('row').filter({ has: page.getByText('Page', { exact: true }) }).first().getByRole('link').first().click();
  await page.getByRole('button', { name: 'Ajouter une section', exact: true }).click();
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Horaires du bar');
  await page.getByRole('textbox', { name: /^Contenu \(FR\)/ }).click();
  await page.keyboard.type('Ouvert de 8 h à minuit.');
  const here = page.url();

  // the sidebar's 'Mes rubriques': asked; Rester keeps every word
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Mes rubriques' }).click();
  const ask = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
  await expect(ask).toContainText('Vos modifications ne sont pas enregistrées.');
  await expectAccessible(page, 'question avant de quitter');
  await ask.getByRole('button', { name: 'Rester' }).click();
  await expect(ask).toHaveCount(0);
  expect(page.url()).toBe(here);
  await expect(page.getByRole('textbox', { name: /^Titre \(FR\)/ })).toHaveValue('Horaires du bar');
  await expect(page.getByRole('textbox', { name: /^Contenu \(FR\)/ })).toHaveText('Ouvert de 8 h à minuit.');

  // the breadcrumb and the browser's back button ask too
  await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Mes rubriques' }).click();
  await ask.getByRole('button', { name: 'Rester' }).click();
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Rester' }).click();
  expect(page.url()).toBe(here);
  await expect(page.getByRole('textbox', { name: /^Titre \(FR\)/ })).toHaveValue('Horaires du bar');
  // closing the tab or reloading: the browser's own question
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
});

test('a saved form leaves without a question, and the sidebar leads to the next screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/animation-categories');
  await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
  await page.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Tournois');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page.getByRole('button', { name: 'Ajouter une catégorie' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Avis clients' }).click();
  await page.getByRole('link', { name: 'Mes questionnaires' }).click();
  await expect(page).toHaveURL(/\/avis\/formulaires$/);
  // the reviews area (issue 24) is built: its screen, no longer 'Bientôt disponible'
  await expect(page.getByRole('heading', { name: 'Gestion des avis clients', level: 1 })).toBeVisible();
});

test('at 1024 and 1280 wide, no list scrolls sideways and every row keeps its actions on one line', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/rubriques');
  await page.getByRole('link', { name: 'Bienvenue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue', level: 1 })).toBeVisible();
  const rubric = new URL(page.url()).pathname;
  const paths = ['/modules', '/menu', '/rubriques', rubric, '/animations', '/animation-categories', '/inventaires', '/inventaires/checkin'];
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        for (const table of document.querySelectorAll<HTMLElement>('main table')) {
          const frame = table.closest<HTMLElement>('.mantine-Paper-root')!.getBoundingClientRect();
          const right = table.getBoundingClientRect().right;
          if (right > frame.right + 1) found.push(`a table runs ${Math.round(right - frame.right)} px past its frame`);
        }
        for (const row of document.querySelectorAll<HTMLElement>('main tbody tr')) {
          const buttons = [...row.querySelectorAll<HTMLElement>('td:last-child button, td:last-child a')].filter((b) => b.offsetParent !== null);
          const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top + b.getBoundingClientRect().height / 2)));
          if (tops.size > 1) found.push(`the actions of '${row.textContent?.slice(0, 30)}' wrap`);
        }
        return found;
      });
      expect(problems, `${path} at ${width}`).toEqual([]);
    }
  }
});
