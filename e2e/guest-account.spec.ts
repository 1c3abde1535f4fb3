import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { nowMs, test } from './clock';
import { ADMIN, axeViolations, GUEST_URL, shot } from './fixtures';

/** The e2e server's data directory (playwright.config.ts): its outbox holds the mails it sent. */
const OUTBOX = join(import.meta.dirname, `../.tmp/e2e-data-${Number(process.env.E2E_PORT ?? 3210)}/outbox`);

const phone = (locale: string) => ({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });

async function guest(browser: Browser, locale = 'fr-FR') {
  const context = await browser.newContext(phone(locale));
  return { context, page: await context.newPage() };
}

async function noAxeViolation(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The link of the newest mail sent to `to` whose address carries `param` (quoted-printable undone). */
async function linkFromOutbox(to: string, param: 'activation' | 'reset'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      // the outbox is made by the first mail the server writes: a journey run alone may ask before it exists
      const mails = (existsSync(OUTBOX) ? readdirSync(OUTBOX) : [])
        .filter((f) => f.endsWith('.eml'))
        .map((f) => ({ f, t: statSync(join(OUTBOX, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t)
        .map(({ f }) => readFileSync(join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      const mail = mails.find((m) => m.includes(to) && m.includes(`${param}=`));
      link = mail?.match(new RegExp(`https?://[^"\\s<>]+\\?${param}=[\\w-]+`))?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function asStaff(request: APIRequestContext) {
  expect((await request.post('/api/dashboard/users/login', { data: ADMIN })).ok()).toBeTruthy();
}

/** A client file with a stay, imported as the hub's extraction file; answers its activation code. */
async function clientWithStay(request: APIRequestContext, number: string) {
  await asStaff(request);
  const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  const arrival = new Date(nowMs() + 3 * 86_400_000);
  const departure = new Date(nowMs() + 10 * 86_400_000);
  const csv =
    "N° client;Civilité;Nom;Prénom;E-mail 1;Langue;Numéro de séjour;Emplacement;Date d'arrivée;Date de départ;Heure d'arrivée;Heure de départ\n" +
    `${number};Mme;Lefèvre;Élodie;client${number}@exemple.fr;fr;S${number};B07;${day(arrival)};${day(departure)};15:00;10:00`;
  const started = await request.post('/api/dashboard/upload/file', { data: { file: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}` } });
  expect(started.ok()).toBeTruthy();
  const id = (await started.json())._id;
  await expect.poll(async () => (await (await request.get(`/api/dashboard/imports/find?id=${id}`)).json()).status).toBe('done');
  const client = await (await request.post('/api/dashboard/clients/find', { data: { client_number: number } })).json();
  expect(client.activation_code).toMatch(/^[A-Z0-9]{6,}$/);
  return { code: client.activation_code as string, arrival };
}

async function setAdmin(request: APIRequestContext, change: Record<string, boolean>) {
  await asStaff(request);
  const admin = await (await request.get('/api/dashboard/config/admin/list')).json();
  expect((await request.post('/api/dashboard/config/admin/update', { data: { ...admin, ...change } })).ok()).toBeTruthy();
}

test('a guest signs up on a phone with the activation code, activates by the e-mailed link, signs out and in again, and sees the stay', async ({ browser, request }) => {
  const { code, arrival } = await clientWithStay(request, '7701');
  const email = `elodie.${Date.now()}@exemple.fr`;
  const { context, page } = await guest(browser);
  await page.goto(GUEST_URL);
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await noAxeViolation(page);
  await shot(page, 'guest-account-sign-in');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();

  // the form says what is missing, in French, and keeps what was typed
  await page.getByLabel('Prénom').fill('Élodie');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByLabel("Code d'activation")).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  await expect(page.getByLabel('Prénom')).toHaveValue('Élodie');
  await page.getByLabel("Code d'activation").fill('NIMPORTE');
  await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('court');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeVisible();
  await page.getByLabel('Mot de passe').fill('vacances-2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText("Ce code d'activation n'est pas reconnu. Vérifiez-le ou demandez-le à l'accueil.");
  await page.getByLabel("Code d'activation").fill(code);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte est créé' })).toContainText(email);
  await noAxeViolation(page);
  await shot(page, 'guest-account-created');

  // not activated yet: no sign-in
  await page.goto(`${GUEST_URL}/membres`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('vacances-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText("Votre compte n'est pas encore activé : ouvrez le lien reçu par e-mail.");

  // the link of the e-mail: activated and signed in, the stay shows, the link leaves the address
  await page.goto(await linkFromOutbox(email, 'activation'));
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte est activé. Bienvenue !' })).toBeVisible();
  await expect(page).toHaveURL(`${GUEST_URL}/membres`);
  const stay = page.getByRole('region', { name: 'Votre séjour' });
  await expect(stay).toContainText('S7701');
  await expect(stay).toContainText('B07');
  await expect(stay).toContainText(`${arrival.getDate()}`);
  await expect(stay).toContainText('15:00');
  await noAxeViolation(page);
  await shot(page, 'guest-account-stay');

  // signed out, then in again with the password
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${GUEST_URL}/`);
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('mauvais-mot');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe').fill('vacances-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('region', { name: 'Votre séjour' })).toContainText('S7701');
  // the session holds across a reload (cookie session-webapp)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await context.close();
});

test('a forgotten password is reset by the e-mailed link, in English', async ({ browser, request }) => {
  const { code } = await clientWithStay(request, '7702');
  const email = `paul.${Date.now()}@example.com`;
  const { context, page } = await guest(browser, 'en-GB');
  await page.goto(`${GUEST_URL}/account?code=${code}`);
  await expect(page.getByLabel('Activation code')).toHaveValue(code);
  await page.getByLabel('First name').fill('Paul');
  await page.getByLabel('Last name').fill('Roux');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('first-password');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been created.' })).toBeVisible();
  await page.goto(await linkFromOutbox(email, 'activation'));
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto(`${GUEST_URL}/account`);
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account uses this address, an email is on its way: open the link it contains.');
  await shot(page, 'guest-account-forgot-en');
  await page.goto(await linkFromOutbox(email, 'reset'));
  await expect(page.getByRole('heading', { level: 1, name: 'New password' })).toBeVisible();
  await noAxeViolation(page);
  await page.getByLabel('New password').fill('second-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your new password is saved.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your stay' })).toContainText('S7702');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(`${GUEST_URL}/account`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('region', { name: 'Your stay' })).toContainText('S7702');
  await context.close();
});

test('a closed app shows only its sign-in until a guest signs in; without accounts, no sign-in is offered', async ({ browser, request }) => {
  const { code } = await clientWithStay(request, '7703');
  const email = `lea.${Date.now()}@exemple.fr`;
  // an account, activated, before the app closes
  const { context, page } = await guest(browser);
  await page.goto(`${GUEST_URL}/membres?code=${code}`);
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('mot-de-passe-lea');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte est créé' })).toBeVisible();
  const activation = await linkFromOutbox(email, 'activation');
  await context.close();

  try {
    await setAdmin(request, { application_ouverte: false });
    const visitor = await guest(browser);
    await visitor.page.goto(`${GUEST_URL}/rubriques/bienvenue`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(visitor.page.getByText("Connectez-vous pour accéder à l'application de votre séjour.")).toBeVisible();
    await expect(visitor.page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
    await expect(visitor.page.getByText('Accueil', { exact: true })).toHaveCount(0);
    // the content is closed on the server too, not only hidden
    expect((await visitor.page.request.get(`${GUEST_URL}/api/webapp/groups/list`)).status()).toBe(401);
    await noAxeViolation(visitor.page);
    await shot(visitor.page, 'guest-closed-sign-in');
    // the e-mailed link still opens, and signs in: the app opens
    await visitor.page.goto(activation);
    await expect(visitor.page.getByRole('status').filter({ hasText: 'Votre compte est activé' })).toBeVisible();
    await visitor.page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Accueil' }).click();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
    await expect(visitor.page.locator('.tiles a, .cards a').first()).toBeVisible();
    await visitor.context.close();

    // another phone signs in from the closed app's screen and lands on the home
    const other = await guest(browser);
    await other.page.goto(GUEST_URL);
    await other.page.getByLabel('Adresse e-mail').fill(email);
    await other.page.getByLabel('Mot de passe').fill('mot-de-passe-lea');
    await other.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(other.page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(other.page.getByRole('heading', { name: 'Cette semaine au camping' })).toBeVisible();
    await other.context.close();

    await setAdmin(request, { application_ouverte: true, active_connexion: false });
    const noAccounts = await guest(browser);
    await noAccounts.page.goto(GUEST_URL);
    await expect(noAccounts.page.getByRole('heading', { level: 1, name: 'Camping Les Pins Dorés' })).toBeVisible();
    await expect(noAccounts.page.getByRole('link', { name: 'Mon compte' })).toHaveCount(0);
    await noAccounts.page.goto(`${GUEST_URL}/membres`);
    await expect(noAccounts.page.getByRole('alert')).toHaveText("Cet établissement ne propose pas de compte dans l'application.");
    await expect(noAccounts.page.getByLabel('Mot de passe')).toHaveCount(0);
    await noAccounts.context.close();
  } finally {
    await setAdmin(request, { application_ouverte: true, active_connexion: true });
  }
});
