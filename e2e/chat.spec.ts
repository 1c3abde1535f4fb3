import { expect, type Browser, type FileChooser, type Page } from '@playwright/test';
import { test } from './clock';
import sharp from 'sharp';
import { startPushEndpoint, type PushEndpoint } from '../apps/server/src/testing/push-endpoint';
import { GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

/**
 * Guest messages (issue 25): a guest on a phone asks for a gas bottle from the guest app; staff see it in
 * /messages/chat (badge, unread count in the sidebar), answer with a photo and a text; the guest sees both
 * arrive without reloading (the event stream), and their device gets a push whose tap opens the
 * conversation, through the sign-in on a phone signed out; another guest sees nothing of it; staff close it.
 * The push service is the test's own (HTTPS on E2E_PORT + 2, decrypting each push as a phone would).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** this journey's device on the test's push service (the notifications journey uses 1 and 2) */
const DEVICE = 25;

let push: PushEndpoint;
test.beforeAll(async () => {
  push = await startPushEndpoint({ port: PORT + 2 });
});
test.afterAll(async () => {
  await push?.close();
});

/** The seeded guest accounts (password 'vacances-2025', demo seed), read through the staff API: a French one first. */
async function guests(page: Page) {
  const list = await (await page.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json();
  const rows = list.rows as { _id: string; email: string; firstname: string; lastname: string; langage: string | null }[];
  const french = rows.find((r) => r.langage === 'fr' && r.firstname && r.lastname) ?? rows[0];
  return { french, other: rows.find((r) => r._id !== french._id)! };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  return { context, page: await context.newPage() };
}

/** A photo of the campsite's gas store, as a staff member's camera would give it. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f7d4f' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="800"><rect x="420" y="180" width="360" height="520" rx="60" fill="#d9822b"/></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

test('a guest asks for a gas bottle, staff answer with a photo in Messagerie, the guest sees it live and the push opens the conversation', async ({ browser, page: staff }) => {
  test.setTimeout(120_000);
  // the file pickers staff open, caught from the start (a listener set just before a key press could come after it)
  const choosers: FileChooser[] = [];
  staff.on('filechooser', (c) => choosers.push(c));
  const nextChooser = async () => {
    await expect.poll(() => choosers.length).toBeGreaterThan(0);
    return choosers.shift()!;
  };
  await signIn(staff);
  const { french: guest, other } = await guests(staff);
  // an automatic push waits out the quiet hours: none during the journey, whatever the hour
  const settings = await (await staff.request.get('/api/dashboard/notifications/settings')).json();
  expect((await staff.request.post('/api/dashboard/notifications/settings/update', { data: { quiet_start: '00:00', quiet_end: '00:00' } })).ok()).toBeTruthy();
  const { context, page: guestPhone } = await phone(browser);
  try {
    const login = await context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: guest.email, password: 'vacances-2025' } });
    expect(login.ok(), await login.text()).toBeTruthy();
    // the guest's language is the account's: French for this one
    await context.request.post(`${GUEST_URL}/api/webapp/account/update`, { data: { langage: 'fr' } }).catch(() => null);
    // their device, on the test's push service, tied to their account
    const sub = await context.request.post(`${GUEST_URL}/api/webapp/notifications/subscribe`, { data: { ...push.device(DEVICE), lang: 'fr' } });
    expect(sub.ok(), await sub.text()).toBeTruthy();

    // from the account, 'Messages'
    await guestPhone.goto(`${GUEST_URL}/membres`);
    await guestPhone.getByRole('link', { name: 'Messages' }).first().click();
    await expect(guestPhone.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // the phone's tab names the screen, then the establishment (issue 32)
    await expect(guestPhone).toHaveTitle(/^Messages · .+/);
    await guestPhone.getByRole('button', { name: 'Nouveau message' }).click();
    // nothing chosen: the app says what is missing
    await guestPhone.getByRole('button', { name: 'Envoyer' }).click();
    await expect(guestPhone.getByRole('alert')).toHaveText('Choisissez un sujet.');
    await guestPhone.getByRole('radio', { name: 'Bouteille de gaz' }).check();
    await guestPhone.getByLabel('Votre message').fill('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?');
    await expectAccessible(guestPhone, 'guest new message');
    await shot(guestPhone, 'chat-guest-new-390');
    await guestPhone.getByRole('button', { name: 'Envoyer' }).click();
    const thread = guestPhone.getByRole('region', { name: 'Bouteille de gaz' });
    await expect(thread.getByText('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?')).toBeVisible();
    // the conversation has its own address
    await expect(guestPhone).toHaveURL(/\/membres\/messages\/[\w-]+$/);
    const conversationPath = new URL(guestPhone.url()).pathname;

    // staff: the sidebar counts it, the inbox shows it with its badge
    await staff.goto('/messages/chat');
    await expect(staff.getByRole('heading', { level: 1, name: 'Messages clients' })).toBeVisible();
    await expect(staff.getByRole('navigation', { name: "Fil d'Ariane" })).toContainText('Chat');
    const menu = staff.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByLabel(/conversations? non lues?/).first()).toBeVisible();
    // so does the tab's title (issue 32), and the row says the guest's language
    await expect(staff).toHaveTitle(/^\(\d+\) Messagerie · .+/);
    const row = staff.getByRole('button', { name: new RegExp(`${guest.firstname} ${guest.lastname}.*Bouteille de gaz`) }).first();
    await expect(row).toBeVisible();
    await expect(row.getByText("Demande d'intervention")).toBeVisible();
    await expect(row.getByText('Français')).toBeVisible();
    await expectAccessible(staff, 'Messagerie (inbox)');
    await row.click();
    const conversation = staff.getByRole('region', { name: 'Conversation Bouteille de gaz' });
    await expect(conversation.getByText('Bonjour, notre bouteille de gaz est vide. Pouvez-vous en apporter une ?')).toBeVisible();
    await staff.getByLabel('Votre réponse').fill('Bonjour, nous vous apportons une bouteille dans 10 minutes.');
    await expectAccessible(staff, 'Messagerie (conversation)');
    await shotWidths(staff, 'chat-staff');

    // a photo beside the answer, chosen from the keyboard: a file that is not a photo is refused first
    const attach = conversation.getByRole('button', { name: 'Joindre une photo' });
    await attach.focus();
    await staff.keyboard.press('Enter');
    await (await nextChooser()).setFiles({ name: 'reglement.txt', mimeType: 'text/plain', buffer: Buffer.from('Règlement intérieur') });
    await expect(conversation.getByRole('alert')).toHaveText('« reglement.txt » ne peut pas être joint : choisissez une photo au format JPEG ou PNG.');
    await attach.press('Enter');
    await (await nextChooser()).setFiles({ name: 'reserve-gaz.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const preview = conversation.getByRole('img', { name: 'Photo à envoyer : reserve-gaz.jpg' });
    await expect(preview).toBeVisible();
    await expect(conversation.getByRole('alert')).toHaveCount(0);
    // the text typed before is still there
    await expect(staff.getByLabel('Votre réponse')).toHaveValue('Bonjour, nous vous apportons une bouteille dans 10 minutes.');
    await expectAccessible(staff, 'Messagerie (answer with a photo)');
    await shotWidths(staff, 'chat-staff-photo');
    await conversation.getByRole('button', { name: 'Envoyer' }).click();
    await expect(conversation.getByText('Bonjour, nous vous apportons une bouteille dans 10 minutes.')).toBeVisible();
    await expect(conversation.getByRole('img', { name: 'Photo jointe' })).toBeVisible();
    await expect(preview).toHaveCount(0);
    await expect(staff.getByLabel('Votre réponse')).toHaveValue('');
    await shotWidths(staff, 'chat-staff-photo-sent');

    // the guest's screen, never reloaded, shows the answer and the photo (read through their own picture call)
    await expect(thread.getByText('Bonjour, nous vous apportons une bouteille dans 10 minutes.')).toBeVisible();
    await expect(thread.getByText('Le camping', { exact: false }).first()).toBeVisible();
    const seen = thread.getByRole('img', { name: 'Photo jointe' });
    await expect(seen).toBeVisible();
    await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
    await expectAccessible(guestPhone, 'guest conversation');
    await shot(guestPhone, 'chat-guest-answered-390');

    // the device got a push for the photo and one for the text; each opens the conversation's French address
    await expect.poll(() => push.received.filter((r) => r.device === DEVICE && r.status === 201).length, { timeout: 30_000 }).toBe(2);
    const pushes = push.received.filter((r) => r.device === DEVICE).map((r) => r.payload as { title: string; body: string; url: string; lang: string });
    expect(pushes.map((p) => p.body).sort()).toEqual(['Bonjour, nous vous apportons une bouteille dans 10 minutes.', '📷 Photo']);
    for (const p of pushes) expect(p).toMatchObject({ lang: 'fr', title: 'Nouveau message du camping', url: conversationPath });

    // the tap on a phone signed out: the sign-in, then the conversation
    const away = await phone(browser);
    await away.page.goto(`${GUEST_URL}${pushes[0].url}`);
    await expect(away.page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await away.page.getByLabel('Adresse e-mail').fill(guest.email);
    await away.page.getByLabel('Mot de passe').fill('vacances-2025');
    await expectAccessible(away.page, 'sign-in before the conversation');
    await shot(away.page, 'chat-guest-push-sign-in-390');
    await away.page.getByRole('button', { name: 'Se connecter' }).click();
    const opened = away.page.getByRole('region', { name: 'Bouteille de gaz' });
    await expect(opened.getByText('Bonjour, nous vous apportons une bouteille dans 10 minutes.')).toBeVisible();
    await expect(opened.getByRole('img', { name: 'Photo jointe' })).toBeVisible();
    await expect(away.page).toHaveURL(`${GUEST_URL}${conversationPath}`);
    await shot(away.page, 'chat-guest-push-opened-390');
    await away.context.close();

    // another guest with that address sees nothing of it, not even its photo
    const stranger = await phone(browser);
    expect((await stranger.context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: other.email, password: 'vacances-2025' } })).ok()).toBeTruthy();
    await stranger.page.goto(`${GUEST_URL}${conversationPath}`);
    await expect(stranger.page.getByText('Cette conversation est introuvable.')).toBeVisible();
    await expect(stranger.page.getByText('Bonjour, nous vous apportons')).toHaveCount(0);
    await expect(stranger.page.getByRole('img', { name: 'Photo jointe' })).toHaveCount(0);
    await stranger.context.close();

    // staff close it: a line in the conversation, on both sides
    await staff.getByRole('button', { name: 'Fermer la conversation' }).click();
    await expect(staff.getByText('La conversation a été fermée').first()).toBeVisible();
    await expect(thread.getByText('Conversation fermée')).toBeVisible();
    await shotWidths(staff, 'chat-staff-closed');

    // the guest's list: the conversation with its subject, read, a link to its address
    await guestPhone.getByRole('link', { name: 'Mes messages' }).click();
    const list = guestPhone.getByRole('list', { name: 'Mes messages' });
    await expect(list.getByRole('link', { name: /Bouteille de gaz/ }).first()).toHaveAttribute('href', conversationPath);
    await expectAccessible(guestPhone, 'guest messages list');
    await shot(guestPhone, 'chat-guest-list-390');
  } finally {
    // this device and the quiet hours as they were, for the journeys after this one
    await context.request.post(`${GUEST_URL}/api/webapp/notifications/unsubscribe`, { data: { endpoint: push.device(DEVICE).endpoint } }).catch(() => null);
    await staff.request.post('/api/dashboard/notifications/settings/update', { data: { quiet_start: settings.quiet_start, quiet_end: settings.quiet_end } }).catch(() => null);
    await context.close();
  }
});
