import { expect, test, type Page } from '@playwright/test';
import { GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

/**
 * Guest messages (issue 25): a guest on a phone asks for a gas bottle from the guest app; staff see it in
 * /messages/chat (badge, unread count in the sidebar), answer; the guest sees the answer arrive without
 * reloading (the event stream); staff close the conversation.
 */

/** A seeded French guest account (password 'vacances-2025', demo seed), read through the staff API. */
async function frenchGuest(page: Page) {
  const list = await (await page.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json();
  const rows = list.rows as { _id: string; email: string; firstname: string; lastname: string; langage: string | null }[];
  return rows.find((r) => r.langage === 'fr' && r.firstname && r.lastname) ?? rows[0];
}

test('a guest asks for a gas bottle, staff answer in Messagerie, the guest sees the answer without reloading', async ({ browser, page: staff }) => {
  await signIn(staff);
  const guest = await frenchGuest(staff);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const phone = await context.newPage();
  const login = await context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: guest.email, password: 'vacances-2025' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  // the guest's language is the account's: French for this one
  await context.request.post(`${GUEST_URL}/api/webapp/account/update`, { data: { langage: 'fr' } }).catch(() => null);

  // from the account, 'Messages'
  await phone.goto(`${GUEST_URL}/membres`);
  await phone.getByRole('link', { name: 'Messages' }).first().click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await phone.getByRole('button', { name: 'Nouveau message' }).click();
  // nothing chosen: the app says what is missing
  await phone.getByRole('button', { name: 'Envoyer' }).click();
  await expect(phone.getByRole('alert')).toHaveText('Choisissez un sujet.');
  await phone.getByRole('radio', { name: 'Bouteille de gaz' }).check();
  await phone.getByLabel('Votre message').fill('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?');
  await expectAccessible(phone, 'guest new message');
  await shot(phone, 'chat-guest-new-390');
  await phone.getByRole('button', { name: 'Envoyer' }).click();
  const thread = phone.getByRole('region', { name: 'Bouteille de gaz' });
  await expect(thread.getByText('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?')).toBeVisible();

  // staff: the sidebar counts it, the inbox shows it with its badge
  await staff.goto('/messages/chat');
  await expect(staff.getByRole('heading', { level: 1, name: 'Messages clients' })).toBeVisible();
  await expect(staff.getByRole('navigation', { name: "Fil d'Ariane" })).toContainText('Chat');
  const menu = staff.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByLabel(/conversations? non lues?/).first()).toBeVisible();
  const row = staff.getByRole('button', { name: new RegExp(`${guest.firstname} ${guest.lastname}.*Bouteille de gaz`) }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText("Demande d'intervention")).toBeVisible();
  await expectAccessible(staff, 'Messagerie (inbox)');
  await row.click();
  const conversation = staff.getByRole('region', { name: 'Conversation Bouteille de gaz' });
  await expect(conversation.getByText('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?')).toBeVisible();
  await staff.getByLabel('Votre réponse').fill('Bonjour, nous vous apportons une bouteille dans 10 minutes.');
  await expectAccessible(staff, 'Messagerie (conversation)');
  await shotWidths(staff, 'chat-staff');
  await staff.getByRole('button', { name: 'Envoyer' }).click();
  await expect(conversation.getByText('Bonjour, nous vous apportons une bouteille dans 10 minutes.')).toBeVisible();
  await expect(staff.getByLabel('Votre réponse')).toHaveValue('');

  // the guest's screen, never reloaded, shows the answer
  await expect(thread.getByText('Bonjour, nous vous apportons une bouteille dans 10 minutes.')).toBeVisible();
  await expect(thread.getByText('Le camping', { exact: false }).first()).toBeVisible();
  await expectAccessible(phone, 'guest conversation');
  await shot(phone, 'chat-guest-answered-390');

  // staff close it: a line in the conversation, on both sides
  await staff.getByRole('button', { name: 'Fermer la conversation' }).click();
  await expect(staff.getByText('La conversation a été fermée').first()).toBeVisible();
  await expect(thread.getByText('Conversation fermée')).toBeVisible();
  await shotWidths(staff, 'chat-staff-closed');

  // the guest's list: the conversation with its subject, read
  await phone.getByRole('button', { name: 'Mes messages' }).click();
  const list = phone.getByRole('list', { name: 'Mes messages' });
  await expect(list.getByRole('button', { name: /Bouteille de gaz/ }).first()).toBeVisible();
  await expectAccessible(phone, 'guest messages list');
  await shot(phone, 'chat-guest-list-390');
  await context.close();
});
