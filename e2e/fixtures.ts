import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { login: 'admin', password: 'e2e-admin-pass' };
export const GUEST_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
export const SHOTS = '.tmp/screenshots';

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, login = ADMIN.login, password = ADMIN.password) {
  await page.goto('/');
  await page.getByLabel('Identifiant').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Menu du compte' })).toBeVisible();
}

/** A staff member created by the admin through the API, with exactly these flags. */
export async function createStaff(page: Page, username: string, permissions: Record<string, 0 | 1>, password = 'mot-de-passe-1') {
  const res = await page.request.post('/api/dashboard/users/insert', {
    data: { lastname: 'Agent', firstname: 'Test', email: `${username}@camping.test`, username, password, permissions },
  });
  expect(res.ok()).toBeTruthy();
  return { login: username, password };
}

/** A screenshot to look at, kept under .tmp/screenshots. */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
