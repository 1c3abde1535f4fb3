import { expect, test } from '@playwright/test';
import { createStaff, shot, signIn } from './fixtures';

test('a staff member edits their own account with the current password', async ({ page }) => {
  await signIn(page);
  const me = await createStaff(page, 'sophie.l', { params: 1 });
  await page.context().clearCookies();
  await signIn(page, me.login, me.password);
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Mon compte' }).click();
  await expect(page).toHaveURL(/\/parametres$/);
  await page.getByLabel(/^Nom/).fill('Lambert');
  await page.getByLabel('Prénom').fill('Sophie');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mot de passe invalide').first()).toBeVisible();
  await page.getByLabel('Mot de passe actuel').fill(me.password);
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret');
  await page.getByLabel('Confirmation').fill('pas-pareil');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirmation').fill('nouveau-secret');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Votre compte a bien été mis à jour')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu du compte' })).toContainText('Sophie Lambert');
  await shot(page, 'personal-settings');
  await page.context().clearCookies();
  await signIn(page, me.login, 'nouveau-secret');
});

test('a super user sets the plan and a PMS, whose period is preset', async ({ page }) => {
  await signIn(page);
  await page.goto('/administration/parametres');
  await page.getByRole('link', { name: 'Paramètres administrateur' }).click();
  await expect(page).toHaveURL(/\/administration\/features$/);
  await page.getByRole('combobox', { name: 'Logiciel de réservation (PMS)' }).click();
  await page.getByRole('option', { name: 'hippocamp' }).click();
  await expect(page.getByLabel("Période d'import (hhmm)")).toHaveValue('0500');
  await page.getByRole('combobox', { name: 'Logiciel de réservation (PMS)' }).click();
  await page.getByRole('option', { name: 'inaxel' }).click();
  await expect(page.getByLabel("Période d'import (hhmm)")).toHaveValue('1030');
  await expect(page.getByLabel('Séparateur')).toHaveValue(';');
  await page.getByLabel('Serveur FTP').fill('ftp.inaxel.test');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les paramètres ont bien été mis à jour')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Serveur FTP')).toHaveValue('ftp.inaxel.test');
  await shot(page, 'admin-settings');
});
