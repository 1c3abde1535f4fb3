import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
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

/**
 * Signs out through the account menu and waits for the login screen: the sign-out is a request, and a
 * navigation sent before it ends could still find the session (a journey signing in as someone else
 * next found the admin's dashboard instead of the login screen).
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByLabel('Identifiant')).toBeVisible();
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

/**
 * The screen as it ends up: every animation and transition that ends has ended (an endless one, a
 * loader, is not waited for), then two frames so that a layout the resize asked for is drawn.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** The same screen at the two widths staff use (1024 and 1440), shot after the layout settles. */
export async function shotWidths(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await shot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}

/**
 * axe-core's violations on the screen as it is, every rule. In the page itself (legacy mode) and with only
 * the violations gathered: its default opens a second page to merge the frames' results and builds a
 * selector for every node that passes, which made an analysis 2.3–2.7 s against 0.75 s, a sixth of the
 * journeys' CPU (docs/performance.md, 'Test and CI time, round eleven'). The screens have no frame but the
 * e-mail preview (emails.spec.ts: `iframes: false`).
 */
export async function axeViolations(page: Page, options: { iframes?: boolean } = {}) {
  const { violations } = await new AxeBuilder({ page }).options({ ...options, resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return violations;
}

/**
 * axe-core on the screen as it is (forms open included): no serious or critical violation. The
 * message lists each rule with its first nodes, so that a failure says what to fix.
 */
export async function expectAccessible(page: Page, screen: string) {
  // animations finished, so that colours are read as they end up
  await settled(page);
  const violations = await axeViolations(page);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 4).map((n) => `  ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n')}`);
  expect(report, `axe on ${screen}`).toEqual([]);
}

/** A row's action ('Dupliquer', 'Supprimer'…): its button in a wide list, else through the row's menu 'Plus d'actions'. */
export async function rowAction(page: Page, action: string, item: string) {
  const inline = page.getByRole('button', { name: `${action} ${item}`, exact: true });
  if (await inline.isVisible()) return inline.click();
  await page.getByRole('button', { name: `Plus d'actions pour ${item}`, exact: true }).click();
  await page.getByRole('menuitem', { name: `${action} ${item}`, exact: true }).click();
}

/**
 * The guest app's service worker controls the page: it stores the whole shell before it takes over. Bounded
 * below the test's own timeout, so that a worker that never takes over fails here, by name, instead of
 * holding the journey until its timeout.
 */
export async function workerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
}
