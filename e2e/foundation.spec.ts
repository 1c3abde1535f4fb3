import { expect } from '@playwright/test';
import { test } from './clock';
import { ADMIN, createStaff, shot, signIn, signOut } from './fixtures';

test('a wrong password shows the French message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Identifiant').fill('admin');
  await page.getByLabel('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');
  await shot(page, 'login-wrong-password');
});

test('the server out of reach shows the network message', async ({ page }) => {
  await page.goto('/');
  await page.route('**/api/dashboard/users/login', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Identifiant').fill('admin');
  await page.getByLabel('Mot de passe').fill('x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText("Une erreur s'est produite.");
});

test('sign in, see the home tiles, sign out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByText('Pages visitées')).toBeVisible();
  await expect(page.getByText("Visites depuis l'application téléchargée")).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  for (const label of ['Dashboard', "Livret d'accueil", 'Activités', 'Services', 'Utilisateurs', 'Avis clients', 'Statistiques', 'Email', 'Inventaires', 'Notifications', 'Paramètres']) {
    await expect(nav.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await shot(page, 'home');
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  // the session ended on the server: reloading stays on the login screen
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('a user with only the params flag sees only Paramètres and lands on the general settings', async ({ page }) => {
  await signIn(page);
  const staff = await createStaff(page, 'params.only', { params: 1 });
  await signOut(page);
  await signIn(page, staff.login, staff.password);
  await expect(page).toHaveURL(/\/administration\/parametres$/);
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Paramètres' })).toBeVisible();
  // no link to the administrator settings without super, and its path sends back home → settings
  await expect(page.getByText('Paramètres administrateur')).toHaveCount(0);
  await page.goto('/administration/features');
  await expect(page).toHaveURL(/\/administration\/parametres$/);
  await shot(page, 'params-only');
});

test('no redirect loop for any single flag or none', async ({ page }) => {
  await signIn(page);
  const flags = ['users', 'rubrics', 'activities', 'services', 'reviews', 'stats', 'emails', 'inventories', 'deposits', 'notifications', 'params', 'super'];
  const accounts = [];
  for (const f of [...flags, 'none']) accounts.push({ flag: f, ...(await createStaff(page, `flag.${f}`, f === 'none' ? {} : { [f]: 1 })) });
  for (const a of accounts) {
    await page.context().clearCookies();
    await signIn(page, a.login, a.password);
    await page.goto('/une/adresse/inconnue');
    // the page settles on one address and shows a screen, not an endless navigation
    await page.waitForLoadState('networkidle');
    const url = page.url();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
});

test('an unknown path lands on the home', async ({ page }) => {
  await signIn(page);
  await page.goto('/nimporte/quoi');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
});

test('general settings are saved and shown again after a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/administration/parametres');
  const name = page.getByLabel("Nom de l'établissement");
  await name.fill('Camping du Lac Bleu');
  await page.getByLabel("Jours d'envoi avant l'arrivée").fill('10, 3, 1');
  await page.getByRole('checkbox', { name: 'Italien' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les paramètres ont bien été mis à jour')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Nom de l'établissement")).toHaveValue('Camping du Lac Bleu');
  await expect(page.getByLabel("Jours d'envoi avant l'arrivée")).toHaveValue('10, 3, 1');
  await expect(page.getByRole('checkbox', { name: 'Italien' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Français' })).toBeDisabled();
  await shot(page, 'general-settings');
  // bad input: a clear French message, nothing saved
  await page.getByLabel("Jours d'envoi avant l'arrivée").fill('10, beaucoup');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Veuillez indiquer une liste de nombres séparés par des virgules (de 0 à 60)')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Jours d'envoi avant l'arrivée")).toHaveValue('10, 3, 1');
  expect(ADMIN.login).toBe('admin');
  // the journeys share one demo campsite: put back what the guest app's journeys read
  await page.getByLabel("Nom de l'établissement").fill('Camping Les Pins Dorés');
  await page.getByRole('checkbox', { name: 'Italien' }).uncheck();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les paramètres ont bien été mis à jour')).toBeVisible();
});
