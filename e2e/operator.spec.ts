import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { CLOCK_BASE, test } from './clock';
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from '../apps/server/src/testing/postgres-cluster';
import { expectAccessible, shot } from './fixtures';

// Many campsites, one installation (issue 35): a multi-site server of its own (the built one, SITES=on) on a
// new control database of TEST_DATABASE_URL's PostgreSQL (else a cluster of its own), its console on console.localhost (Chromium sends every
// *.localhost to this machine). The operator creates two campsites; the first one's manager publishes a
// page on her host name, her guests read it, the second campsite's guests see nothing of it.
let SERVER = process.env.TEST_DATABASE_URL ?? '';
let cluster: PostgresCluster | undefined;
const PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
const GUEST_PORT = PORT + 1;
const PREFIX = `e2e_sites_${randomBytes(4).toString('hex')}_`;
const on = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
const CONSOLE = `http://console.localhost:${PORT}`;
const dashboard = (name: string) => `http://admin.${name}.localhost:${PORT}`;
const guestApp = (name: string) => `http://${name}.localhost:${GUEST_PORT}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: SERVER });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The console's answer status once the server listens (fetch may not name a Host of its own: node:http does). */
const consoleStatus = () =>
  new Promise<number>((resolve) => {
    const req = request({ host: '127.0.0.1', port: PORT, path: '/api/operator/session', headers: { host: 'console.localhost' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });

let server: ChildProcess | undefined;
let operatorPassword = '';

test.beforeAll(async () => {
  if (!SERVER) {
    cluster = await startPostgresCluster();
    SERVER = cluster.url();
  }
  for (const name of ['control', 'pins', 'dunes']) await admin(`CREATE DATABASE ${PREFIX}${name}`);
  const env = { ...process.env, SITES: 'on', CONTROL_DATABASE_URL: on(`${PREFIX}control`), OPERATOR_HOST: 'console.localhost', SITES_SCHEME: 'http' };
  // the operator's account, as its runbook makes it: one line, its password shown once
  const line = execFileSync('npx', ['tsx', 'apps/server/src/sites/cli.ts', 'operator', 'add', 'ariane'], { env, encoding: 'utf8' }).trim();
  operatorPassword = line.match(/^login: ariane password: (\S+)$/)![1];
  // the run's pinned clock, as the journeys' own server has it (e2e/clock.ts)
  mkdirSync(`.tmp/${PREFIX}data`, { recursive: true });
  writeFileSync(`.tmp/${PREFIX}data/clock-offset`, String(CLOCK_BASE));
  server = spawn('node', ['apps/server/dist/main.js'], {
    env: { ...env, PORT: String(PORT), GUEST_PORT: String(GUEST_PORT), HOST: '127.0.0.1', DATA_DIR: `.tmp/${PREFIX}data`, BACKUP_DIR: `.tmp/${PREFIX}data/backups`, CLOCK_OFFSET_FILE: `.tmp/${PREFIX}data/clock-offset`, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect.poll(() => consoleStatus(), { timeout: 50_000 }).toBe(200);
});

test.afterAll(async () => {
  // its connections closed before the databases are dropped
  if (server && server.exitCode === null && server.signalCode === null) {
    const ended = once(server, 'exit');
    server.kill();
    await ended;
  }
  for (const name of ['control', 'pins', 'dunes']) await admin(`DROP DATABASE IF EXISTS ${PREFIX}${name} WITH (FORCE)`);
  rmSync(`.tmp/${PREFIX}data`, { recursive: true, force: true });
  await cluster?.destroy();
});

/** The operator's form: a campsite on its two host names, its database given, with the demo's booklet. */
async function createCampsite(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Nouveau camping' }).click();
  await page.getByLabel('Adresse du tableau de bord').fill(`admin.${name}.localhost`);
  await page.getByLabel("Adresse de l'application client").fill(`${name}.localhost`);
  await page.getByLabel('Base de données (facultatif)').fill(on(`${PREFIX}${name}`));
  await page.getByLabel('Avec le contenu de démonstration').check();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  const created = page.getByRole('status').filter({ hasText: `admin.${name}.localhost — identifiant admin` });
  await expect(created).toBeVisible({ timeout: 60_000 });
  return (await created.locator('code').nth(1).innerText()).trim();
}

async function pickIcon(page: Page, name: string) {
  await page.getByRole('button', { name: /^Icône : / }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

async function yes(page: Page) {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûrs de vouloir continuer ?' });
  await dialog.getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('the operator creates a campsite, its manager publishes a page its guests read, a second campsite sees nothing', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.goto(CONSOLE);
  await page.getByLabel('Identifiant').fill('ariane');
  await page.getByLabel('Mot de passe').fill(operatorPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Aucun camping pour le moment')).toBeVisible();
  const pinsPassword = await createCampsite(page, 'pins');
  await createCampsite(page, 'dunes');
  await expect(page.getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'console : campings');

  // the manager of 'pins', on her own host name, with the password the operator was shown
  const manager = await browser.newPage();
  await manager.goto(dashboard('pins'));
  await manager.getByLabel('Identifiant').fill('admin');
  await manager.getByLabel('Mot de passe').fill(pinsPassword);
  await manager.getByRole('button', { name: 'Se connecter' }).click();
  await expect(manager.getByLabel('Mot de passe')).toHaveCount(0);
  await manager.goto(`${dashboard('pins')}/Rubriques`);
  await manager.getByRole('button', { name: 'Ajouter une rubrique', exact: true }).click();
  await pickIcon(manager, 'Tente');
  await manager.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Services du camping');
  await manager.getByRole('button', { name: 'Créer', exact: true }).click();
  await yes(manager);
  await expect(manager.getByText('La rubrique a bien été créée !')).toBeVisible();
  await manager.getByRole('link', { name: 'Services du camping', exact: true }).click();
  await manager.getByRole('button', { name: 'Ajouter une catégorie', exact: true }).last().click();
  await manager.getByRole('radio', { name: /^Page/ }).click();
  await pickIcon(manager, 'Horloge');
  await manager.getByRole('textbox', { name: /^Titre \(FR\)/ }).fill('Point info');
  await manager.getByRole('button', { name: 'Créer', exact: true }).click();
  await yes(manager);
  await expect(manager.getByText('La catégorie a bien été créée')).toBeVisible();

  // her guests read it on her guest host name
  const guest = await browser.newPage();
  await guest.goto(`${guestApp('pins')}/rubriques/services-du-camping/point-info`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Point info' })).toBeVisible();
  // the other campsite's guests see nothing of it: not the rubric, not its page
  await guest.goto(guestApp('dunes'));
  await expect(guest.getByRole('link', { name: /Bienvenue|Accueil/ }).first()).toBeVisible();
  await expect(guest.getByText('Services du camping')).toHaveCount(0);
  await guest.goto(`${guestApp('dunes')}/rubriques/services-du-camping/point-info`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Point info' })).toHaveCount(0);
  await expect(guest.getByText('Point info')).toHaveCount(0);

  // the operator backs 'pins' up from its row: the file appears in the site's list, to download or restore
  await page.bringToFront();
  await shot(page, 'operator-sites');
  await page.getByRole('button', { name: 'Sauvegardes de admin.pins.localhost' }).click();
  const backups = page.getByRole('dialog', { name: 'Sauvegardes de admin.pins.localhost' });
  await expect(backups.getByText('Aucune sauvegarde de ce site pour le moment.')).toBeVisible();
  await backups.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
  await expect(backups.getByTestId('site-task')).toContainText(/^Sauvegarde terminée .* : Fichier campsite-.*\.sql\.gz écrit \(.*\)\.$/, { timeout: 30_000 });
  await expect(backups.getByRole('link', { name: /^Télécharger campsite-.*\.sql\.gz$/ })).toHaveCount(1);
  await backups.getByRole('button', { name: /^Restaurer depuis campsite-/ }).click();
  await expect(backups.getByRole('alertdialog')).toContainText(/Restaurer admin\.pins\.localhost depuis campsite-.*\.sql\.gz \?/);
  await expectAccessible(page, 'console : sauvegardes d’un camping');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `operator-backups-${width}`);
  }
  // the question has the focus: the keyboard answers it
  await expect(backups.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(backups.getByRole('alertdialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(backups).toHaveCount(0);

  // the rolling migration of both campsites, with its progress
  await page.getByRole('tab', { name: 'Mise à jour des bases' }).click();
  await expect(page.getByText('Aucune mise à jour lancée depuis la console.')).toBeVisible();
  await page.getByRole('button', { name: 'Mettre à jour toutes les bases' }).click();
  await expect(page.getByText('Terminée : toutes les bases sont à jour.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/ : 2 sur 2 sites$/)).toBeVisible();
  await expectAccessible(page, 'console : mise à jour des bases');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `operator-migrations-${width}`);
  }
});
