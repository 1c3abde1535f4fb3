import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { nowMs, test } from './clock';
import sharp from 'sharp';
import { ADMIN, GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

const OUTBOX = join(import.meta.dirname, `../.tmp/e2e-data-${Number(process.env.E2E_PORT ?? 3210)}/outbox`);
/** A PNG, as a phone's camera would hand a picture to the page (the app re-encodes it as JPEG). */
const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7d44' } }).png().toBuffer();

/** A client arriving today in a demo 'Mobil-home 6 places' category, imported as staff do; answers the activation code. */
async function arrivingGuest(request: APIRequestContext, number: string) {
  expect((await request.post('/api/dashboard/users/login', { data: ADMIN })).ok()).toBeTruthy();
  const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  const csv =
    "N° client;Civilité;Nom;Prénom;E-mail 1;Langue;Numéro de séjour;Emplacement;Hébergement;Date d'arrivée;Date de départ\n" +
    `${number};Mme;De Vries;Anna;client${number}@example.nl;nl;S${number};M40;Mobil-home Premium 6 pers.;${day(new Date(nowMs()))};${day(new Date(nowMs() + 5 * 86_400_000))}`;
  const started = await request.post('/api/dashboard/upload/file', { data: { file: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}` } });
  expect(started.ok()).toBeTruthy();
  const id = (await started.json())._id;
  await expect.poll(async () => (await (await request.get(`/api/dashboard/imports/find?id=${id}`)).json()).status).toBe('done');
  const client = await (await request.post('/api/dashboard/clients/find', { data: { client_number: number } })).json();
  return client.activation_code as string;
}

function activationLink(to: string): Promise<string> {
  let link: string | undefined;
  return expect
    .poll(() => {
      // the mail leaves by a job: the outbox may not exist yet
      if (!existsSync(OUTBOX)) return undefined;
      const mails = readdirSync(OUTBOX)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => ({ f, t: statSync(join(OUTBOX, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t)
        .map(({ f }) => readFileSync(join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      link = mails.find((m) => m.includes(to) && m.includes('activation='))?.match(/https?:\/\/[^"\s<>]+\?activation=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy()
    .then(() => link!);
}

/**
 * Inventories (issue 23) in Chromium: staff set up an accommodation type, then fill a stay's departure
 * inventory on a tablet whose network goes away in the middle, and nothing typed is lost.
 */
test.describe.configure({ mode: 'serial' });

test("staff set up 'Mobil-home 6 places' with two categories and their supplies", async ({ page }) => {
  await signIn(page);
  await page.goto('/inventaires');
  await expect(page.getByRole('heading', { name: 'Mes hébergements' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvel hébergement' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nouvel hébergement' });
  // the demo has its own 'Mobil-home 6 places': this one is the journey's
  await modal.getByLabel("Nom de l'hébergement").fill('Mobil-home 6 places E2E');
  await modal.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Nouvel hébergement créé !')).toBeVisible();
  await expectAccessible(page, 'Mes hébergements');
  await shotWidths(page, 'inventories-types');

  await page.getByRole('link', { name: 'Inventaire Mobil-home 6 places E2E' }).click();
  await expect(page.getByText('Commencez par créer une catégorie')).toBeVisible();
  for (const [name, supply, quantity, price] of [
    ['Cuisine', 'Assiettes', '6', '4,50'],
    ['Chambre', 'Oreillers', '4', '12'],
  ]) {
    await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
    const create = page.getByRole('dialog', { name: "Catégorie d'inventaire" });
    await create.getByLabel('Nom de la catégorie (FR)').fill(name);
    await create.getByRole('button', { name: 'Créer' }).click();
    // the other languages are left empty: the warning lists them, Oui saves
    await page.getByRole('dialog', { name: 'Traductions manquantes' }).getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText("Nouvelle catégorie d'inventaire ajoutée !")).toBeVisible();
    await page.getByRole('button', { name: `Inventaire ${name}` }).click();
    const editor = page.getByRole('dialog', { name: `Inventaire : ${name}` });
    await editor.getByRole('button', { name: 'Nouvelle fourniture' }).click();
    await editor.getByLabel('Désignation 1 (FR)').fill(supply);
    await editor.getByLabel(`Quantité ${supply}`).fill(quantity);
    await editor.getByLabel(`Prix unitaire (€) ${supply}`).fill(price);
    await editor.getByRole('button', { name: 'Nouvel état des lieux' }).click();
    await editor.getByLabel('État des lieux 1 (FR)').fill('Sol');
    if (name === 'Cuisine') await shotWidths(page, 'inventories-editor');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('dialog', { name: 'Traductions manquantes' }).getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText("L'inventaire a bien été mis à jour")).toBeVisible();
    await expect(page.getByText('1 fourniture · 1 état des lieux').last()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Cuisine' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chambre' })).toBeVisible();
  await expectAccessible(page, 'inventory setup');
  await shotWidths(page, 'inventories-setup');
});

test('a guest on a phone fills and confirms the arrival inventory in Dutch, with one photo', async ({ browser, request }) => {
  const code = await arrivingGuest(request, '7801');
  const email = `anna.${Date.now()}@example.nl`;
  const signup = await request.post(`${GUEST_URL}/api/webapp/account/signup`, { data: { code, email, password: 'vakantie-2026', firstname: 'Anna', lastname: 'De Vries', langage: 'nl' } });
  expect(signup.ok()).toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'nl-NL' });
  const page = await context.newPage();
  // the e-mailed link activates and signs in, then shows the account with the stay
  await page.goto(await activationLink(email));
  await page.getByRole('link', { name: 'Mijn inventaris' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn inventaris' })).toBeVisible();
  const arrival = page.getByRole('region', { name: 'Inventaris bij aankomst' });
  const counts = arrival.getByRole('spinbutton');
  await expect(counts.first()).toBeVisible();
  for (let i = 0; i < (await counts.count()); i++) {
    const expected = (await counts.nth(i).locator('xpath=..').innerText()).match(/verwacht (\d+)/)![1];
    await counts.nth(i).fill(expected);
  }
  await arrival.getByRole('radio', { name: '4 van 5' }).first().click();
  await arrival.locator('input[type=file]').setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: await photo() });
  await expect(arrival.locator('.inventory-photos img')).toHaveCount(1);
  await arrival.getByLabel('Uw opmerking').fill('Alles in orde, één stoel wiebelt.');
  await arrival.getByRole('button', { name: 'Versturen' }).click();
  await expect(arrival.getByText('Alles in orde, één stoel wiebelt.')).toBeVisible();
  await expectAccessible(page, 'guest inventory');
  await shot(page, 'inventories-guest-390');
  await arrival.getByRole('button', { name: 'Ik bevestig deze inventaris' }).click();
  // it cannot be undone: the app asks first (issue 32)
  const ask = arrival.getByRole('alertdialog');
  await expect(ask).toContainText('Na bevestiging kan deze aankomstinventaris niet meer worden gewijzigd');
  await expectAccessible(page, 'guest inventory confirmation');
  await ask.getByRole('button', { name: 'Ja, bevestigen' }).click();
  await expect(arrival.getByText('U hebt deze inventaris bevestigd.').first()).toBeVisible();
  await expect(arrival.getByRole('button', { name: 'Ik bevestig deze inventaris' })).toHaveCount(0);
  await shot(page, 'inventories-guest-confirmed-390');
  await context.close();
});

test('staff find a stay by number and fill its departure inventory with the network cut off in the middle; nothing is lost', async ({ page, context }) => {
  await signIn(page);
  // a demo stay of a covered accommodation type that has no inventory yet: its search opens a new one
  const stays = (await (await page.request.get('/api/dashboard/stays/list?per_page=200&sort=arrival&order=desc')).json()).rows as { stay_number: string }[];
  let number = '';
  for (const s of stays) {
    const found = await (await page.request.get(`/api/dashboard/inventories/find-by-stay-number?stay_number=${s.stay_number}`)).json();
    if (found && typeof found === 'object' && !Array.isArray(found)) {
      number = s.stay_number;
      break;
    }
  }
  expect(number, 'a stay without inventory whose type has a setup').not.toBe('');

  await page.goto('/inventaires/checkin');
  await expect(page.getByRole('heading', { name: 'Inventaires clients' })).toBeVisible();
  await expectAccessible(page, 'Inventaires clients');
  await shotWidths(page, 'inventories-list');
  await page.getByRole('button', { name: 'Faire un inventaire' }).click();
  const search = page.getByRole('dialog', { name: 'Inventaire' });
  await search.getByRole('textbox', { name: 'Numéro de séjour' }).fill('999999999');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(search.getByText("Nous n'avons pas trouvé le numéro de séjour indiqué.")).toBeVisible();
  await search.getByRole('textbox', { name: 'Numéro de séjour' }).fill(number);
  await search.getByRole('button', { name: 'Rechercher' }).click();

  const detail = page.getByRole('dialog', { name: `Séjour n° ${number}` });
  // a new arrival inventory from the setup, every count at 'NC': staff count it all as expected
  await expect(detail.getByRole('tab', { name: /Inventaire d'entrée/, selected: true })).toBeVisible();
  await expect(detail.getByRole('textbox', { name: /^Entrée / }).first()).toHaveValue('NC');
  await detail.getByRole('checkbox', { name: 'Tout cocher' }).check();
  await detail.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("L'inventaire a bien été mis à jour")).toBeVisible();
  await expect(detail.getByText(/Réalisé par : /)).toBeVisible();

  await detail.getByRole('tab', { name: /Inventaire de sortie/ }).click();
  // a departure not due yet opens in read mode (issue 32): staff turn edit mode on to fill it early
  const early = detail.getByRole('switch', { name: 'Mode lecture' });
  if (await early.isVisible()) await early.click();
  await expect(detail.getByText('Mode édition')).toBeVisible();
  await detail.getByRole('checkbox', { name: 'Tout cocher' }).check();
  const counts = detail.getByRole('textbox', { name: /^Sortie / });
  const n = await counts.count();
  expect(n).toBeGreaterThan(2);

  await context.setOffline(true);
  // two items missing: one counted short, one gone
  await counts.nth(0).fill('0');
  await counts.nth(1).fill('0');
  await detail.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(detail.getByText('En attente de réseau')).toBeVisible();
  await expect(detail.getByText('2 éléments remontés')).toBeVisible();
  await expect(detail.getByText(/^Total : [\d\s]+,\d\d\s€$/)).toBeVisible();
  await expectAccessible(page, 'departure inventory, offline');
  await shotWidths(page, 'inventories-offline');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("L'inventaire a bien été mis à jour")).toBeVisible();
  // saved: the server's inventory in read mode, with what was typed offline
  await expect(detail.getByText('Mode édition')).toHaveCount(0);
  await expect(detail.getByText('2 éléments remontés')).toBeVisible();
  await expect(detail.getByText(/^Total : /)).toBeVisible();
  await shotWidths(page, 'inventories-saved');

  const download = page.waitForEvent('download');
  await detail.getByRole('link', { name: 'Télécharger le PDF' }).click();
  const pdf = await download;
  const path = await pdf.path();
  const bytes = await (await import('node:fs/promises')).readFile(path!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
