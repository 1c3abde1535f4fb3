import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { moveServerClock, nowMs, test } from './clock';
import { ADMIN, GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

/**
 * Reviews (issue 24) in Chromium: staff set up a questionnaire with a question of each type in French and
 * English; a guest whose stay ended answers it on a phone in English from the e-mailed invitation; staff
 * read it, see the trends and extract the CSV.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA = `.tmp/e2e-data-${PORT}`;
const OUTBOX = join(DATA, 'outbox');
/** Two days on: the stay imported below (leaving tomorrow at noon) is over, its invitation due. */
const LATER = 2 * 86_400;
const NUMBER = '8804';
const EMAIL = `oliver.${Date.now()}@example.co.uk`;
/** A Dutch guest leaving the same day, who signed up in the guest app: invited as an account, answers signed in. */
const SANNE = '8805';
const SANNE_EMAIL = `sanne.${Date.now()}@voorbeeld.nl`;

test.describe.configure({ mode: 'serial' });
test.afterAll(() => moveServerClock(0));

async function pickOption(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function answerTranslationWarning(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Traductions manquantes' });
  await expect(dialog).toContainText("Le formulaire d'avis n'est pas traduit dans les langues suivantes : DE, NL");
  await dialog.getByRole('button', { name: 'Oui' }).click();
}

/**
 * Two clients leaving tomorrow at noon, imported as staff do: Oliver, in English, without a guest account
 * (the invitation goes to the file's address), and Sanne, in Dutch, who signs up below.
 */
async function leavingTomorrow(request: APIRequestContext) {
  expect((await request.post('/api/dashboard/users/login', { data: ADMIN })).ok()).toBeTruthy();
  const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  const dates = `${day(new Date(nowMs() - 5 * 86_400_000))};${day(new Date(nowMs() + 86_400_000))};12:00`;
  const csv =
    "N° client;Civilité;Nom;Prénom;E-mail 1;Langue;Numéro de séjour;Emplacement;Date d'arrivée;Date de départ;Heure de départ\n" +
    `${NUMBER};Mr;Walker;Oliver;${EMAIL};en;S${NUMBER};C12;${dates}\n` +
    `${SANNE};Mme;de Vries;Sanne;${SANNE_EMAIL};nl;S${SANNE};C14;${dates}`;
  const started = await request.post('/api/dashboard/upload/file', { data: { file: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}` } });
  expect(started.ok()).toBeTruthy();
  const id = (await started.json())._id;
  await expect.poll(async () => (await (await request.get(`/api/dashboard/imports/find?id=${id}`)).json()).status).toBe('done');
}

/** The link of the mail sent to `to` whose address carries `param` (quoted-printable undone). */
async function linkInMail(to: string, param: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(OUTBOX)) return undefined;
        const mails = readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => readFileSync(join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        link = mails.find((m) => m.includes(to) && m.includes(`?${param}=`))?.match(new RegExp(`https?://[^"\\s<>]+\\?${param}=[\\w.~%-]+`))?.[0];
        return link;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Every review link mailed to `to` so far, oldest first (file names are in sending order). */
function reviewLinksTo(to: string): string[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(to))
    .flatMap((m) => m.match(/https?:\/\/[^"\s<>]+\?t=[\w.~%-]+/)?.[0] ?? []);
}

/** The review invitation's link in the mail sent to `to` (the clock job runs every 15 minutes of the server's clock, which just moved on). */
const invitationLink = (to: string) => linkInMail(to, 't');

/** Sanne signs up in the guest app with her file's activation code and opens the e-mailed link: her phone is signed in. */
async function sanneSignsUp(request: APIRequestContext, phone: APIRequestContext) {
  const client = await (await request.post('/api/dashboard/clients/find', { data: { client_number: SANNE } })).json();
  const signup = await phone.post(`${GUEST_URL}/api/webapp/account/signup`, {
    data: { code: client.activation_code, email: SANNE_EMAIL, password: 'vakantie-2026', firstname: 'Sanne', lastname: 'de Vries', langage: 'nl' },
  });
  expect(await signup.json()).toEqual({ ok: true });
  const token = new URL(await linkInMail(SANNE_EMAIL, 'activation')).searchParams.get('activation');
  expect((await phone.post(`${GUEST_URL}/api/webapp/account/activate`, { data: { token } })).ok()).toBeTruthy();
}

/** 'Avis E2E', sent the day of departure: a notation, a select and an optional text, in French and English. */
async function fillQuestionnaire(page: Page, form: Locator) {
  await form.getByLabel('Nom du questionnaire').fill('Avis E2E');
  await pickOption(form, page, "Délai d'envoi après le départ", 'Instantané (le jour du départ)');
  const texts = {
    FR: ['Votre séjour au camping', 'Deux minutes pour nous aider à progresser.', 'Votre avis compte', 'Dites-nous comment s’est passé votre séjour.'],
    EN: ['Your stay at the campsite', 'Two minutes to help us improve.', 'Your opinion matters', 'Tell us how your stay went.'],
  };
  const questions = {
    FR: ['Note globale', 'Reviendrez-vous ?', 'Un commentaire ?', 'Oui, Non, Peut-être'],
    EN: ['Overall rating', 'Will you come back?', 'Any comment?', 'Yes, No, Maybe'],
  };
  await form.getByRole('button', { name: 'Ajouter une question' }).click();
  await form.getByRole('button', { name: 'Ajouter une question' }).click();
  await pickOption(form, page, 'Type de la question 1', 'Notation (1 à 5)');
  await pickOption(form, page, 'Type de la question 2', 'Choix');
  await form.getByRole('checkbox', { name: 'Obligatoire' }).nth(2).uncheck();
  for (const lang of ['FR', 'EN'] as const) {
    await form.getByText(lang, { exact: true }).click();
    const [title, intro, notifTitle, notifContent] = texts[lang];
    await form.getByLabel(`Titre du questionnaire (${lang})`).fill(title);
    await form.getByLabel(`Introduction (${lang})`).fill(intro);
    await form.getByLabel(`Titre de la notification (${lang})`).fill(notifTitle);
    await form.getByLabel(`Contenu de la notification (${lang})`).fill(notifContent);
    const [q1, q2, q3, answers] = questions[lang];
    await form.getByLabel(`Question 1 (${lang})`).fill(q1);
    await form.getByLabel(`Question 2 (${lang})`).fill(q2);
    await form.getByLabel(`Réponses possibles 2 (${lang})`).fill(answers);
    await form.getByLabel(`Question 3 (${lang})`).fill(q3);
  }
}

test('staff create a questionnaire with a question of each type in French and English, sent at the end of stays', async ({ page }) => {
  moveServerClock(0);
  await signIn(page);
  await page.goto('/avis/formulaires');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des avis clients' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Paramétrer le questionnaire/ })).toHaveCount(1);
  await expectAccessible(page, 'Gestion des avis clients');
  await shotWidths(page, 'reviews-models');

  await page.getByRole('button', { name: 'Créer un questionnaire' }).click();
  const form = page.getByRole('form', { name: 'Paramétrer un questionnaire' });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeVisible();
  await expect(form.getByText('Le nom ne doit pas être vide')).toBeVisible();

  await fillQuestionnaire(page, form);
  await expectAccessible(page, 'Paramétrer un questionnaire');
  await shotWidths(page, 'reviews-model-form');

  // the demo's questionnaire is already sent at the end of stays (issue 32): a new one starts 'Désactivé',
  // 'Fin de séjour' not offered, the server's err_code 1 sentence under 'Envoi'
  await expect(form.getByRole('combobox', { name: 'Envoi', exact: true })).toHaveValue('Désactivé');
  await expect(form.getByText("Le questionnaire « Fin de séjour » est déjà envoyé en fin de séjour : désactivez-le avant d'en activer un autre")).toBeVisible();
  await form.getByRole('combobox', { name: 'Envoi', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Fin de séjour', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  // sent after a service's slots instead (issue 32): the service is asked for, the delay is after the slot
  await pickOption(form, page, 'Envoi', 'Après une prestation');
  await form.getByRole('combobox', { name: 'Prestation' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.getByRole('option').first().click();
  await expect(form.getByRole('combobox', { name: "Délai d'envoi après le créneau", exact: true })).toBeVisible();
  await expectAccessible(page, 'Paramétrer un questionnaire, après une prestation');
  await shotWidths(page, 'reviews-model-form-service');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('dialog', { name: 'Modifications non enregistrées' }).getByRole('button', { name: 'Quitter sans enregistrer' }).click();

  // the demo's switched off first, then ours saved
  await page.getByRole('button', { name: /Paramétrer le questionnaire/ }).first().click();
  await pickOption(page.getByRole('form', { name: 'Paramétrer un questionnaire' }), page, 'Envoi', 'Désactivé');
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText("Le modèle d'avis a bien été mis à jour")).toBeVisible();
  await expect(page.getByRole('button', { name: /Paramétrer le questionnaire/ })).toContainText('Désactivé');

  await page.getByRole('button', { name: 'Créer un questionnaire' }).click();
  const again = page.getByRole('form', { name: 'Paramétrer un questionnaire' });
  await fillQuestionnaire(page, again);
  await again.getByRole('button', { name: 'Enregistrer' }).click();
  await answerTranslationWarning(page);
  await expect(page.getByText("Le modèle d'avis a bien été créé")).toBeVisible();
  const card = page.getByRole('button', { name: 'Paramétrer le questionnaire Avis E2E' });
  await expect(card).toContainText('Fin de séjour');
  await expect(card).toContainText('3 questions');
  await expect(card).toContainText('Envoi : instantané (le jour du départ)');
  await expectAccessible(page, 'Gestion des avis clients, deux questionnaires');
  await shotWidths(page, 'reviews-models-created');
});

test('a guest answers on a phone in English from the invitation, once; another, signed in, from her account page', async ({ browser, request }) => {
  // the invitations wait for the server's clock job (up to a minute), then two guests answer
  test.setTimeout(150_000);
  await leavingTomorrow(request);
  const dutch = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'nl-NL' });
  await sanneSignsUp(request, dutch.request);
  // the server's clock moves past the stay's end: the clock job invites its guest by e-mail
  moveServerClock(LATER);
  const link = await invitationLink(EMAIL);
  expect(link).toContain('/reviews?t=');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay at the campsite' })).toBeVisible();
  await expect(page.getByText('Two minutes to help us improve.')).toBeVisible();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'One or more required answers are missing.' })).toBeVisible();
  await expect(page.getByText('Please answer this question.')).toHaveCount(2);
  await expectAccessible(page, 'guest questionnaire with errors');
  // the stars by keyboard: the first star has the focus, the arrows move to five
  await expect(page.getByRole('radio', { name: '1 out of 5' })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '5 out of 5' })).toBeChecked();
  await page.getByText('Yes', { exact: true }).click();
  await page.getByLabel('Any comment?').fill('Lovely pool.\nSee you next year!');
  await shot(page, 'reviews-guest-390');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your review!' })).toBeVisible();
  await expect(page.getByText('We are delighted you enjoyed your stay. Would you share your experience with future guests?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a review on Google' })).toHaveAttribute('href', 'https://g.page/r/camping-des-pins/review');
  await expectAccessible(page, 'guest thanks');
  await shot(page, 'reviews-guest-thanks-390');

  // the same link again: answered already, said kindly
  await page.goto(link);
  await expect(page.getByText('You have already answered this questionnaire. Thank you again for your review!')).toBeVisible();
  await expectAccessible(page, 'guest, answered already');
  await shot(page, 'reviews-guest-again-390');
  await context.close();

  // Sanne, signed in, was invited as an account (by e-mail: no push on her phone): her account page
  // offers the questionnaire in Dutch, which opens without a link
  await invitationLink(SANNE_EMAIL);
  const phone = await dutch.newPage();
  await phone.goto(`${GUEST_URL}/account`);
  await phone.getByRole('link', { name: 'Mijn verblijf beoordelen' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Your stay at the campsite' })).toBeVisible();
  await expect(phone).not.toHaveURL(/\?t=/);
  // the app's own words in Dutch, the establishment's questions in English
  // a tap on the fifth star (the radio itself is for screen readers)
  await phone.locator('label', { has: phone.getByRole('radio', { name: '5 van 5' }) }).tap();
  await expect(phone.getByRole('radio', { name: '5 van 5' })).toBeChecked();
  await phone.getByText('Maybe', { exact: true }).click();
  await shot(phone, 'reviews-guest-signed-in-390');
  await phone.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Bedankt voor uw beoordeling!' })).toBeVisible();
  await expectAccessible(phone, 'guest thanks, signed in');
  // answered: the account page no longer offers it
  await phone.goto(`${GUEST_URL}/account`);
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Mijn verblijf beoordelen' })).toHaveCount(0);
  await dutch.close();
});

test('staff read the answer on /avis/reponses, see the trends and extract the CSV', async ({ page }) => {
  // the staff's browser lives at the server's moment (its clock moved on), as the trends' period is read from it
  await page.clock.setSystemTime(new Date(nowMs() + LATER * 1000));
  await signIn(page);
  await page.goto('/avis/reponses');
  await expect(page.getByRole('heading', { level: 1, name: 'Lire les avis' })).toBeVisible();
  // the demo's 150 answers and our two: two pages, the first one 0
  await expect(page.getByText("Nb d'avis :")).toHaveText("Nb d'avis : 152");
  await expect(page.getByText('Nb de pages :')).toHaveText('Nb de pages : 2');
  await expect(page.getByRole('row')).toHaveCount(101);
  await shotWidths(page, 'reviews-answers-all');
  await page.getByRole('button', { name: 'Page 2' }).first().click();
  await expect(page).toHaveURL(/\?page=1$/);
  await expect(page.getByRole('row')).toHaveCount(53);
  await pickOption(page, page, 'Questionnaire', 'Avis E2E');
  await expect(page.getByText("Nb d'avis :")).toHaveText("Nb d'avis : 2");
  await expect(page.getByRole('row').filter({ hasText: 'Sanne de Vries' })).toContainText('Peut-être');
  await expect(page.getByText('Nb de pages :')).toHaveText('Nb de pages : 1');
  const row = page.getByRole('row').filter({ hasText: 'Oliver Walker' });
  await expect(row).toContainText(EMAIL);
  await expect(row).toContainText('5 / 5');
  await expect(row).toContainText('Oui');
  await expect(row).toContainText('Lovely pool.');

  const trends = page.getByRole('region', { name: 'Tendances · Avis E2E' });
  await expect(trends.getByRole('img', { name: /^Note globale : .*5 : 2 \(avant 0\)/ })).toBeVisible();
  await expect(trends.getByRole('img', { name: /^Reviendrez-vous \? : Oui : 1 \(avant 0\).*Peut-être : 1 \(avant 0\)/ })).toBeVisible();
  await expect(trends.getByText('5,0 / 5').first()).toBeVisible();
  await expectAccessible(page, 'Lire les avis');
  await shotWidths(page, 'reviews-answers');

  await row.getByRole('checkbox').check();
  await expect(page.getByText('1 avis coché')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Extraire' }).click()]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  const [header, ...rest] = text.split('\r\n').join('\n').split('\n');
  expect(header.startsWith('Date;Questionnaire;Nom;Prénom;E-mail;N° client;N° séjour;Langue;Note moyenne;Question 1;Réponse 1')).toBe(true);
  const body = rest.join('\n');
  expect(body).toContain(`;Avis E2E;Walker;Oliver;${EMAIL};${NUMBER};S${NUMBER};en;5,00;Note globale;5;Reviendrez-vous ?;Oui;Un commentaire ?;"Lovely pool.\nSee you next year!"`);
});

test("staff try the demo's questionnaire through a test link in German, then send it to Sanne, who answers it on her phone (issue 32)", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.clock.setSystemTime(new Date(nowMs() + LATER * 1000));
  await signIn(page);
  await page.goto('/avis/formulaires');
  // the demo's questionnaire, switched off above: tried and sent by hand all the same
  await page.getByRole('button', { name: 'Actions du questionnaire Fin de séjour' }).click();
  await page.getByRole('menuitem', { name: 'Essayer / envoyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Essayer ou envoyer « Fin de séjour »' });
  await pickOption(dialog, page, 'Langue', 'Allemand');
  await dialog.getByRole('button', { name: 'Créer le lien de test' }).click();
  const testLink = dialog.getByRole('link', { name: 'Ouvrir le lien de test (Allemand)' });
  await expect(testLink).toHaveAttribute('href', /\/rezensionen\?t=/);
  await expectAccessible(page, 'Essayer ou envoyer un questionnaire');
  await shotWidths(page, 'reviews-try');

  // the test link opens the guest's page in German (a new tab, as staff get it): answered, nothing recorded
  const [tab] = await Promise.all([page.context().waitForEvent('page'), testLink.click()]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Ihre Meinung zählt' })).toBeVisible();
  await expect(tab.getByRole('note')).toHaveText('Testlink: Ihre Antworten werden geprüft, aber nicht gespeichert.');
  await tab.locator('label', { has: tab.getByRole('radio', { name: '4 von 5' }).first() }).first().click();
  await tab.getByText('Ja', { exact: true }).click();
  await expectAccessible(tab, 'guest questionnaire, test link');
  await shotWidths(tab, 'reviews-try-guest');
  await tab.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bewertung!' })).toBeVisible();
  await expect(tab.getByRole('note')).toHaveText('Testlink: Ihre Antworten werden geprüft, aber nicht gespeichert.');
  await tab.close();

  // 'Envoyer à un client': Sanne, found by her address, invited now by e-mail (no push on her phone)
  const before = reviewLinksTo(SANNE_EMAIL);
  await dialog.getByRole('combobox', { name: 'Client', exact: true }).fill(SANNE_EMAIL.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(`Sanne de Vries · ${SANNE_EMAIL.replace(/[.]/g, '\\.')}`) }).click();
  await dialog.getByRole('button', { name: 'Envoyer à un client' }).click();
  await expect(page.getByText(`Le questionnaire a bien été envoyé à ${SANNE_EMAIL}`)).toBeVisible();
  await expect.poll(() => reviewLinksTo(SANNE_EMAIL).length, { timeout: 60_000 }).toBe(before.length + 1);
  const link = reviewLinksTo(SANNE_EMAIL).find((l) => !before.includes(l))!;

  const dutch = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'nl-NL' });
  const phone = await dutch.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Uw mening telt' })).toBeVisible();
  await expect(phone.getByRole('note')).toHaveCount(0);
  await phone.locator('label', { has: phone.getByRole('radio', { name: '3 van 5' }).first() }).first().tap();
  await phone.getByText('Misschien', { exact: true }).click();
  await phone.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Bedankt voor uw beoordeling!' })).toBeVisible();
  await dutch.close();

  // read with the others: the demo's 150, our two, Sanne's; the test link's answer is not there
  await page.goto('/avis/reponses');
  await expect(page.getByText("Nb d'avis :")).toHaveText("Nb d'avis : 153");
});
