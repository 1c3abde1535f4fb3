import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { moveServerClock, nowMs, test } from './clock';
import { simpleParser } from 'mailparser';
import { axeViolations, expectAccessible, shot, shotWidths, signIn } from './fixtures';

const DATA = `.tmp/e2e-data-${Number(process.env.E2E_PORT ?? 3210)}`;
const OUTBOX = `${DATA}/outbox`;

const outbox = () => {
  try {
    return readdirSync(OUTBOX).map((f) => readFileSync(`${OUTBOX}/${f}`, 'utf8'));
  } catch {
    return [];
  }
};

async function noSeriousViolation(page: Page) {
  // the preview frame holds the mail itself (sandboxed, no script): axe checks the screen around it
  const violations = await axeViolations(page, { iframes: false });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

async function shots(page: Page, name: string) {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
}

test.afterAll(() => moveServerClock(0));

test('edits the pre-stay template in French and English with variables, and sends a test', async ({ page }) => {
  await signIn(page);
  // before any campaign: the empty state (pre-stay mails are not listed as campaigns)
  await page.goto('/administration/auto-email');
  await expect(page.getByText("Pas de campagne d'Email envoyée")).toBeVisible();
  await expectAccessible(page, 'campagnes (vide)');
  await shotWidths(page, 'emails-campaigns-empty');
  // a send starts on the client list, where the guests are chosen
  await page.getByRole('button', { name: 'Nouvel envoi' }).first().click();
  await expect(page).toHaveURL(/\/users\/clients/);

  await page.goto('/administration/emails');
  await expect(page.getByRole('heading', { name: "Paramétrer les e-mails" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E-mail avant séjour' })).toBeVisible();
  const variables = page.getByRole('region', { name: 'Variables' });
  for (const v of ['#code', '#lien', '#nom', '#prenom', '#destinataire', '#expediteur']) await expect(variables.getByText(v, { exact: true })).toBeVisible();
  // a built-in template cannot be deleted
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expectAccessible(page, 'templates');
  await shots(page, 'emails-templates');

  await page.getByLabel("Objet de l'e-mail (FR)").fill('#prenom, votre séjour approche');
  await page.getByRole('form', { name: 'E-mail avant séjour' }).locator('label').filter({ hasText: /^EN/ }).click();
  await page.getByLabel("Objet de l'e-mail (EN)").fill('#prenom, your stay is coming up');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Your code: #code.');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  // the built-in template is written in every language (issue 20): no missing-translation warning
  await expect(page.getByRole('dialog').filter({ hasText: "Le template d'e-mail n'est pas traduit" })).toHaveCount(0);
  await expect(page.getByText('Le mail a bien été mis à jour')).toBeVisible();

  // the test send: its rules, then the mail in English with the variables filled
  const test = page.getByRole('form', { name: 'Envoyer un e-mail de test' });
  await test.getByRole('button', { name: 'Envoyer le test' }).click();
  await expect(test.getByText("Veuillez indiquer l'adresse e-mail de destination")).toBeVisible();
  await test.getByLabel('Destinataire').fill('marie@');
  await test.getByLabel('Expéditeur').fill('accueil');
  await test.getByRole('button', { name: 'Envoyer le test' }).click();
  await expect(test.getByText('Adresse e-mail du destinataire invalide')).toBeVisible();
  await expect(test.getByText("Adresse e-mail de l'expéditeur invalide")).toBeVisible();
  await expectAccessible(page, 'templates, test form with errors');
  await test.getByLabel('Expéditeur').fill('');
  await test.getByLabel('Langue').click();
  await page.getByRole('option', { name: 'Anglais' }).click();
  await test.getByLabel('Destinataire').fill('marie.test@example.org');
  await test.getByLabel('Prénom').fill('Marie');
  await test.getByLabel('Code').fill('ZX81');
  const before = outbox().length;
  await test.getByRole('button', { name: 'Envoyer le test' }).click();
  await expect(test.getByText("L'email de test vient d'être envoyé")).toBeVisible();
  const mail = outbox().slice(before).find((m) => m.includes('marie.test@example.org'))!;
  expect(mail).toContain('Subject: Marie, your stay is coming up');
  expect(mail).toContain('Your code: ZX81.');
  expect(mail).toContain('Content-Type: text/plain');
  expect(mail).toContain('Content-Type: text/html');

  // the activation e-mail is a built-in too: named so, no delete
  await page.getByRole('combobox', { name: "Template d'e-mail" }).click();
  await page.getByRole('option', { name: "E-mail d'activation de l'adresse e-mail" }).click();
  // picking only points at it: the editor still shows the template before, until the confirm button
  await expect(page.getByRole('heading', { name: 'E-mail avant séjour' })).toBeVisible();
  await page.getByRole('button', { name: 'Modifier ce template' }).click();
  await expect(page.getByRole('heading', { name: "E-mail d'activation de l'adresse e-mail" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);

  // a custom template: the form's rules, its label, and its deletion confirmed
  await page.getByRole('button', { name: 'Nouveau template' }).click();
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeVisible();
  await expect(page.getByText('Veuillez indiquer un nom')).toBeVisible();
  await expect(page.getByText('Vous devez indiquer le titre (version FR)')).toBeVisible();
  await expect(page.getByText('Vous devez indiquer un contenu (version FR)')).toBeVisible();
  await expectAccessible(page, 'new template with errors');
  await shotWidths(page, 'emails-template-new-errors');
  // 'Annuler' leaves the new template for the first one
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'E-mail avant séjour' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau template' }).click();
  await page.getByLabel('Nom du template').fill('Brouillon à supprimer');
  await page.getByLabel("Objet de l'e-mail (FR)").fill('Brouillon');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Texte du brouillon');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByText('Le mail a bien été créé')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Template d'e-mail personnalisé" })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: "Vous êtes sur le point de supprimer ce template d'e-mail. Cette action est irréversible" });
  await ask.getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByText('Le mail a bien été supprimé')).toBeVisible();
  const names = await (await page.request.get('/api/dashboard/emails/list')).json();
  expect(names.map((t: { name: string }) => t.name)).not.toContain('Brouillon à supprimer');
});

test('sends a custom mail to 3 clients chosen on the client list, 2 minutes ahead, then sees it sent', async ({ page }, info) => {
  test.setTimeout(120_000);
  // a retry finds the first try's template: each try names its own
  const name = info.retry ? `Soirée moules-frites ${info.retry + 1}` : 'Soirée moules-frites';
  await signIn(page);
  // a custom template
  await page.goto('/administration/emails');
  await page.getByRole('button', { name: 'Nouveau template' }).click();
  await page.getByLabel('Nom du template').fill(name);
  await page.getByLabel("Objet de l'e-mail (FR)").fill(`${name}, #prenom !`);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Bonjour #prenom, rendez-vous samedi à 19 h.');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByText('Le mail a bien été créé')).toBeVisible();

  // three clients with an address, chosen on the list
  await page.goto('/users/clients');
  const boxes = page.getByRole('checkbox', { name: /^Sélectionner la fiche / });
  await expect(boxes.first()).toBeVisible();
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await expect(page.getByText('3 fiches sélectionnées')).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer un e-mail' }).click();

  await expect(page.getByRole('heading', { name: 'Envoyer des e-mails' })).toBeVisible();
  await expect(page.getByText('3 clients sélectionnés')).toBeVisible();
  await page.getByRole('combobox', { name: "Template d'e-mail" }).click();
  await page.getByRole('option', { name, exact: true }).click();
  const preview = page.frameLocator('iframe[title^="Aperçu de l\'e-mail"]');
  await expect(preview.getByText(/rendez-vous samedi à 19 h/)).toBeVisible();
  await page.getByRole('radio', { name: 'À une date choisie' }).check();
  // in the page, whose clock is the run's pinned one (e2e/clock.ts): its local time is the field's
  const inTwoMinutes = await page.evaluate(() => {
    const d = new Date(Date.now() + 120_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  await page.getByLabel("Date et heure d'envoi").fill(inTwoMinutes);
  await noSeriousViolation(page);
  await shots(page, 'emails-send');
  const count = Number((await page.getByText(/adresses? e-mail recevron/).textContent())?.match(/\d+/)?.[0]);
  const before = outbox().length;
  await page.getByRole('button', { name: "Programmer l'envoi" }).click();

  await expect(page.getByRole('heading', { name: "Pré-programmer des envoi d'e-mails" })).toBeVisible();
  await expect(page.getByText('La campagne a bien été programmée')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(`0/${count}`)).toBeVisible();
  await expect(row.getByRole('button', { name: /Annuler l'envoi/ })).toBeVisible();
  await expectAccessible(page, 'campagnes');
  await shots(page, 'emails-campaigns');

  // three minutes later, for the server
  moveServerClock(180);
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText(`0/${count}`)).toHaveCount(0);
  // sent: the button is gone
  await expect(row.getByRole('button', { name: /Annuler l'envoi/ })).toHaveCount(0);
  await shotWidths(page, 'emails-campaigns-sent');
  // the campaign's mails only: the same three minutes may also see the hourly pre-stay scan send the seed's
  // guests their mails (from 9 a.m., for arrivals in 7 and 2 days)
  const sent = await Promise.all(outbox().slice(before).map((m) => simpleParser(m)));
  const mails = sent.filter((m) => m.subject?.startsWith(`${name}, `));
  expect(mails).toHaveLength(count);
  expect(new Set(mails.map((m) => (m.to as { text: string }).text)).size).toBe(count);
  for (const m of mails) {
    expect(m.subject).toMatch(new RegExp(`^${name}, \\S.* !$`));
    expect(m.text).toContain('rendez-vous samedi à 19 h.');
  }

  // a mail as a phone shows it: 390 px wide (the logo's cid swapped for its data by the parser)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(String(mails[0].html));
  const table = page.locator('table').nth(1);
  expect((await table.boundingBox())!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'emails-mail-390');
});

test('send now: asks first, plans one campaign for two clicks at once, and a chosen template is not lost by leaving', async ({ page }) => {
  await signIn(page);
  const campaigns = async () => (await (await page.request.get('/api/dashboard/cron_mail/list')).json()).length;
  await page.goto('/users/clients');
  const boxes = page.getByRole('checkbox', { name: /^Sélectionner la fiche / });
  await expect(boxes.first()).toBeVisible();
  for (let i = 3; i < 5; i++) await boxes.nth(i).check();
  const chosen = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/clients/find-many'));
  await page.getByRole('button', { name: 'Envoyer un e-mail' }).click();
  const files: { email1: string | null; email2: string | null; langage: string | null }[] = await (await chosen).json();
  await page.getByRole('combobox', { name: "Template d'e-mail" }).click();
  await page.getByRole('option', { name: 'E-mail avant séjour' }).click();
  // the preview is the mail as each client gets it: in their language when the template has it (fr, en), else French
  const recipientPicker = page.getByRole('combobox', { name: 'Tel que le reçoit' });
  for (const file of files.filter((f) => f.email1 || f.email2)) {
    const address = (file.email1 || file.email2)!;
    await recipientPicker.click();
    await page.getByRole('option', { name: new RegExp(`<${address.replace(/[.+]/g, '\\$&')}>`) }).click();
    const lang = file.langage === 'en' ? 'EN' : 'FR';
    await expect(page.getByText(`(${lang})`, { exact: true })).toBeVisible();
    await expect(page.frameLocator('iframe[title^="Aperçu de l\'e-mail"]').locator(`html[lang="${lang.toLowerCase()}"]`)).toHaveCount(1);
  }

  // leaving by the sidebar asks before the choice is dropped
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Utilisateurs' }).click();
  const leave = page.getByRole('dialog').filter({ hasText: 'Modifications non enregistrées' });
  await leave.getByRole('button', { name: 'Rester' }).click();
  await expect(page.getByRole('heading', { name: 'Envoyer des e-mails' })).toBeVisible();

  const before = await campaigns();
  const count = Number((await page.getByText(/adresses? e-mail recevron/).textContent())?.match(/\d+/)?.[0]);
  // two clicks in the same instant (a busy machine delivers a double-click so): one question, and Non sends nothing
  await page.getByRole('button', { name: 'Envoyer', exact: true }).evaluate((b: HTMLButtonElement) => (b.click(), b.click()));
  const ask = page.getByRole('dialog').filter({ hasText: `Vous êtes sur le point d'envoyer cet e-mail maintenant à ${count} adresse` });
  await expect(ask).toHaveCount(1);
  await ask.getByRole('button', { name: 'Non', exact: true }).click();
  expect(await campaigns()).toBe(before);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).evaluate((b: HTMLButtonElement) => (b.click(), b.click()));
  await ask.getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByText('La campagne a bien été programmée')).toBeVisible();
  expect(await campaigns()).toBe(before + 1);
});

test('cancels a campaign planned for tomorrow', async ({ page }) => {
  await signIn(page);
  const tomorrow = Math.floor(nowMs() / 1000) + 86400;
  const res = await page.request.post('/api/dashboard/cron_mail/insert', {
    data: {
      timestamp: tomorrow,
      translations: [{ lang: 'fr', title: 'Marché de demain', content: '<p>Bonjour #prenom</p>' }],
      email_list: Array.from({ length: 12 }, (_, i) => ({ email: `voisin${i}@example.org`, firstname: `V${i}` })),
    },
  });
  expect(res.ok()).toBeTruthy();
  await page.goto('/administration/auto-email');
  const row = page.getByRole('row').filter({ hasText: 'Marché de demain' });
  await expect(row.getByText('voisin9@example.org')).toBeVisible();
  await expect(row.getByText('voisin10@example.org')).toHaveCount(0);
  await row.getByRole('button', { name: 'Afficher plus (2)' }).click();
  await expect(row.getByText('voisin11@example.org')).toBeVisible();
  await row.getByRole('button', { name: 'Afficher moins' }).click();
  await expect(row.getByText('voisin11@example.org')).toHaveCount(0);

  await row.getByRole('button', { name: /Annuler l'envoi/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: "Vous êtes sur le point d'annuler l'envoi" });
  await ask.getByRole('button', { name: 'Oui', exact: true }).click();
  await expect(page.getByText("L'envoi a bien été annulé")).toBeVisible();
  await expect(row.getByText(/^Annulé le /)).toBeVisible();
  await expect(row.getByRole('button', { name: /Annuler l'envoi/ })).toHaveCount(0);
  await row.getByRole('button', { name: 'Afficher plus (2)' }).click();
  await expectAccessible(page, 'campagnes, une annulée');
  await shotWidths(page, 'emails-campaigns-cancelled');
});
