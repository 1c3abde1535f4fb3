import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { startPushEndpoint, type PushEndpoint } from '../apps/server/src/testing/push-endpoint';
import { moveServerClock, test } from './clock';
import { ADMIN, GUEST_URL, expectAccessible, shot, shotWidths, signIn } from './fixtures';

/**
 * The inbox reception lives in (issue 33), end to end, with machine translation through the server's own
 * stand-in (TRANSLATION=simulator in playwright.config.ts; its words are apps/server/src/integrations/
 * translation/phrasebook.ts). A German guest on a phone writes about their gas bottle; reception at 1024 px
 * finds it in 'Non attribuées' with its French translation marked as a machine translation, takes it, adds an
 * internal note, answers with a saved reply (its German version) and with a French sentence sent translated;
 * the guest reads both in German, the translated one marked 'Maschinelle Übersetzung', and never the note.
 * The admin, in another browser at 1024 px with browser notifications allowed and the tab in the background,
 * gets a notification with the guest's name, the tab's title counting the unread conversation, and sees
 * the assignment and the close in their list within 5 s without reloading. The guest, away from the
 * conversation, is told by a push at once, then by an e-mail once the server's clock is 16 minutes on; each
 * answer says so ('Notification envoyée à …', 'E-mail envoyé à …'), then 'Lu à …' once the guest reads.
 * The push service is the test's own (HTTPS on E2E_PORT + 2, as in e2e/chat.spec.ts), the mails the server's
 * outbox in its data directory (as in e2e/emails.spec.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** this journey's device on the test's push service (chat.spec.ts uses 25, the notifications journey 1 and 2) */
const DEVICE = 33;
const OUTBOX = `.tmp/e2e-data-${PORT}/outbox`;
const outbox = () => {
  try {
    return readdirSync(OUTBOX).map((f) => readFileSync(`${OUTBOX}/${f}`, 'utf8'));
  } catch {
    return [];
  }
};

let push: PushEndpoint;
test.beforeAll(async () => {
  push = await startPushEndpoint({ port: PORT + 2 });
});
test.afterAll(async () => {
  moveServerClock(0);
  await push?.close();
});
const RECEPTION = { login: 'accueil', password: 'equipe-2025', name: 'Nathalie Rivière' };
/** the saved reply of this journey, in French and German (the phrase book's sentences) */
const REPLY = {
  fr: 'Nous arrivons dans dix minutes avec une bouteille pleine.',
  de: 'Wir kommen in zehn Minuten mit einer vollen Flasche.',
};
const GUEST_MESSAGE = 'Guten Tag, unsere Gasflasche ist leer. Können Sie uns eine neue bringen?';
const FRENCH_OF_IT = 'Bonjour, notre bouteille de gaz est vide. Pouvez-vous nous en apporter une nouvelle ?';
const NOTE = 'Client allemand : vérifier la consigne de la bouteille vide à la livraison.';

/** A staff member at 1024 px, signed in, in a browser of their own. */
async function desk(browser: Browser, who: { login: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  await signIn(page, who.login, who.password);
  return { context, page };
}

/**
 * The admin's browser with notifications allowed (Playwright grants the permission: no prompt), every
 * notification the page makes kept in `window.notices`, and the tab's visibility ours to say: the dashboard
 * notifies only while the tab is in the background (document.hidden), which a test browser's tab never is.
 */
async function adminWithNotices(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    const w = window as unknown as { notices: { title: string; body?: string }[]; shown: Notification[]; background: boolean };
    w.notices = [];
    w.shown = [];
    w.background = false;
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.background });
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.notices.push({ title, body: options?.body });
        w.shown.push(this);
      }
    } as typeof Notification;
  });
  const page = await context.newPage();
  await signIn(page, ADMIN.login, ADMIN.password);
  return { context, page };
}

/** The screen at both widths, shot from the top of the page (a full-page shot of a scrolled window draws the header mid-page). */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shotWidths(page, name);
}

/** The tab's unread count: '(2) Messagerie · …' is 2, no parentheses is 0. */
const titleCount = async (page: Page) => Number((await page.title()).match(/^\((\d+)\) /)?.[1] ?? 0);

/** A German demo guest's phone at 390 px, signed in (the account's language is German). */
async function germanPhone(browser: Browser, staff: Page) {
  const list = await (await staff.request.get('/api/webapp/users/list?activate=yes&per_page=100')).json();
  const rows = list.rows as { _id: string; email: string; firstname: string; lastname: string; langage: string | null }[];
  const guest = rows.find((r) => r.langage === 'de' && r.firstname && r.lastname);
  expect(guest, 'a German demo guest').toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const login = await context.request.post(`${GUEST_URL}/api/webapp/account/login`, { data: { email: guest!.email, password: 'vacances-2025' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { guest: guest!, context, page: await context.newPage() };
}

test('a German guest writes, reception takes it, notes, answers with a saved reply and a translation; the admin sees it all live', async ({ browser }) => {
  test.setTimeout(180_000);
  // a retry, on the same server, writes a reply of its own name
  const replyName = `Bouteille de gaz en route${test.info().retry ? ` (${test.info().retry})` : ''}`;
  const reception = await desk(browser, RECEPTION);
  const admin = await adminWithNotices(browser);
  const phone = await germanPhone(browser, reception.page);
  const guestName = `${phone.guest.firstname} ${phone.guest.lastname}`;
  // the guest's phone, on the test's push service, tied to their account
  const sub = await phone.context.request.post(`${GUEST_URL}/api/webapp/notifications/subscribe`, { data: { ...push.device(DEVICE), lang: 'de' } });
  expect(sub.ok(), await sub.text()).toBeTruthy();
  try {
    // ---------------------------------------------------------------- reception writes a saved reply once
    const staff = reception.page;
    await staff.goto('/messages/reponses');
    await expect(staff.getByRole('heading', { level: 1, name: 'Réponses enregistrées' })).toBeVisible();
    await staff.getByRole('button', { name: 'Nouvelle réponse' }).first().click();
    await staff.getByLabel('Nom').fill(replyName);
    await staff.getByLabel('Texte (FR)').fill(REPLY.fr);
    await staff.locator('label').filter({ hasText: /^DE/ }).click();
    await staff.getByLabel('Texte (DE)').fill(REPLY.de);
    await expectAccessible(staff, 'saved reply form');
    await shot(staff, 'inbox-reply-form-1024');
    await staff.getByRole('button', { name: 'Créer' }).click();
    // the languages left without a text (the demo's English and Dutch) are said before it is saved
    const missing = staff.getByRole('dialog', { name: 'Traductions manquantes' });
    await expect(missing).toContainText("Cette réponse n'est pas traduite dans toutes les langues de l'établissement");
    await expect(missing).toContainText('EN, NL');
    await missing.getByRole('button', { name: 'Oui' }).click();
    await expect(staff.getByText('La réponse a été créée')).toBeVisible();
    await expect(staff.getByRole('cell', { name: replyName, exact: true })).toBeVisible();

    // ---------------------------------------------------------------- the admin: notifications on, the tab in the background
    const other = admin.page;
    await other.goto('/messages/chat');
    await expect(other.getByRole('heading', { level: 1, name: 'Messages clients' })).toBeVisible();
    await expect(other.getByText('Mise à jour en direct')).toBeVisible();
    await other.getByRole('button', { name: 'Activer les notifications du navigateur' }).click();
    await expect(other.getByRole('button', { name: 'Désactiver les notifications du navigateur' })).toHaveAttribute('aria-pressed', 'true');
    // the unread count as the server has it, once the title shows it (read from the title alone, it could be
    // the title before its count arrived: a rehearsal then counted two more, not one)
    const unreadBefore = ((await (await other.request.get('/api/webapp/conversations/unread')).json()) as { count: number }).count;
    await expect.poll(() => titleCount(other)).toBe(unreadBefore);
    // the admin's page is never loaded again from here: every change below comes through the stream
    let reloads = 0;
    other.on('load', () => reloads++);
    await other.evaluate(() => ((window as unknown as { background: boolean }).background = true));

    // reception waits on 'Non attribuées', open ones
    await staff.goto('/messages/chat?vue=unassigned&filtre=open');
    await expect(staff.getByText('Mise à jour en direct')).toBeVisible();

    // ---------------------------------------------------------------- the German guest writes from the app
    const guest = phone.page;
    await guest.goto(`${GUEST_URL}/konto`);
    await guest.getByRole('link', { name: 'Nachrichten' }).first().click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    await guest.getByRole('button', { name: 'Neue Nachricht' }).click();
    await guest.getByRole('radio', { name: 'Gasflasche' }).check();
    await guest.getByLabel('Ihre Nachricht').fill(GUEST_MESSAGE);
    await guest.getByRole('button', { name: 'Senden' }).click();
    const thread = guest.getByRole('region', { name: 'Gasflasche' });
    await expect(thread.getByText(GUEST_MESSAGE)).toBeVisible();

    // the admin's tab, in the background: a notification with the guest's name, the title counts one more
    await expect.poll(() => other.evaluate(() => (window as unknown as { notices: { title: string; body?: string }[] }).notices)).toContainEqual({ title: `Nouveau message de ${guestName}`, body: GUEST_MESSAGE });
    await expect.poll(() => titleCount(other)).toBe(unreadBefore + 1);
    await expect(other).toHaveTitle(new RegExp(`^\\(${unreadBefore + 1}\\) Messagerie · `));

    // ---------------------------------------------------------------- reception: 'Non attribuées', its French translation
    const rowName = new RegExp(`^${guestName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*Bouteille de gaz`);
    const row = staff.getByRole('button', { name: rowName }).first();
    await expect(row).toBeVisible();
    await expect(row.getByText('Allemand')).toBeVisible();
    await expect(row.getByText('Non attribuée', { exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: 'Non lu' })).toBeVisible();
    await expectAccessible(staff, 'inbox, unassigned');
    await shots(staff, 'inbox-unassigned');
    await row.click();
    const conversation = staff.getByRole('region', { name: 'Conversation Bouteille de gaz' });
    await expect(conversation.getByText('Langue : Allemand', { exact: false })).toBeVisible();
    const original = conversation.getByText(GUEST_MESSAGE);
    await expect(original).toBeVisible();
    await expect(original).toHaveAttribute('lang', 'de');
    await expect(conversation.getByText("Traduction automatique de l'allemand")).toBeVisible();
    await expect(conversation.getByText(FRENCH_OF_IT)).toBeVisible();
    // read by staff: every member's count goes back, the admin's tab too
    await expect.poll(() => titleCount(other)).toBe(unreadBefore);

    // ---------------------------------------------------------------- 'M'attribuer': the admin's list follows within 5 s
    const adminRow = other.getByRole('button', { name: rowName }).first();
    await expect(adminRow.getByText('Non attribuée', { exact: true })).toBeVisible();
    await conversation.getByRole('button', { name: "M'attribuer" }).click();
    // within 5 s of the click, on the admin's screen (the stream; nothing reloads it)
    await expect(adminRow.getByText(`Attribuée à ${RECEPTION.name}`)).toBeVisible({ timeout: 5_000 });
    await expect(staff.getByText(`Conversation attribuée à ${RECEPTION.name}`)).toBeVisible();
    await expect(conversation.getByText(`Attribuée à ${RECEPTION.name} par Nathalie`)).toBeVisible();
    // gone from reception's 'Non attribuées', there in 'Mes conversations'
    await expect(row).toHaveCount(0);
    await staff.getByText(/^Mes conversations/).click();
    await expect(staff).toHaveURL(/vue=mine/);
    await expect(row).toBeVisible();
    await expect(row.getByText(`Attribuée à ${RECEPTION.name}`)).toBeVisible();

    // ---------------------------------------------------------------- an internal note
    const composer = staff.locator('form').filter({ has: staff.getByRole('button', { name: 'Envoyer' }) });
    await composer.locator('label').filter({ hasText: /^Note interne$/ }).click();
    await staff.getByRole('textbox', { name: 'Note interne' }).fill(NOTE);
    await expect(staff.getByText('Le client ne voit jamais les notes internes.')).toBeVisible();
    await expectAccessible(staff, 'conversation, writing a note');
    await staff.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(conversation.getByText(NOTE)).toBeVisible();
    await expect(staff.getByRole('textbox', { name: 'Note interne' })).toHaveValue('');

    // ---------------------------------------------------------------- the guest goes back to their list: nothing read from now on
    await guest.getByRole('link', { name: 'Meine Nachrichten' }).click();
    const guestRow = guest.getByRole('list', { name: 'Meine Nachrichten' }).getByRole('link', { name: /Gasflasche/ }).first();
    await expect(guestRow).toBeVisible();
    const conversationPath = (await guestRow.getAttribute('href'))!;
    expect(conversationPath).toMatch(/^\/konto\/messages\/[\w-]+$/);

    // ---------------------------------------------------------------- the saved reply, in German
    await staff.locator('form').locator('label').filter({ hasText: /^Réponse au client$/ }).click();
    await staff.getByRole('button', { name: 'Réponse enregistrée' }).click();
    const picker = staff.getByRole('dialog');
    await expect(picker.getByRole('textbox', { name: 'Rechercher une réponse' })).toBeFocused();
    await picker.getByRole('textbox', { name: 'Rechercher une réponse' }).fill('gaz en route');
    const choice = picker.getByRole('listitem').filter({ hasText: replyName }).first();
    await expect(choice).toContainText(REPLY.de);
    await expectAccessible(staff, 'saved replies picker');
    await shots(staff, 'inbox-reply-picker');
    await choice.click();
    const box = staff.getByRole('textbox', { name: 'Votre réponse' });
    await expect(box).toHaveValue(REPLY.de);
    // the box has the focus (it went back to the picker's button before: Ctrl+Entrée sent nothing)
    await expect(box).toBeFocused();
    await expect(staff.getByText("Réponse insérée en allemand : relisez-la avant d'envoyer.", { exact: false })).toBeVisible();
    const translate = staff.getByRole('checkbox', { name: 'Envoyer traduit en allemand' });
    await expect(translate).toBeChecked();
    await staff.keyboard.press('Control+Enter');
    const sent = conversation.locator('[data-side="staff"]').filter({ hasText: REPLY.de });
    await expect(sent).toBeVisible();
    // already German: nothing is marked as a machine translation
    await expect(sent.getByText(/traduction automatique/)).toHaveCount(0);
    await expect(box).toHaveValue('');

    // ---------------------------------------------------------------- a French sentence sent translated
    await box.fill('Merci beaucoup !');
    await expect(translate).toBeChecked();
    await staff.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const thanks = conversation.locator('[data-side="staff"]').filter({ hasText: 'Merci beaucoup !' });
    await expect(thanks.getByText('Envoyé traduit en allemand (traduction automatique)')).toBeVisible();
    await expect(thanks.getByText('Vielen Dank!')).toBeVisible();

    // what was sent to tell the guest: a push for each answer, in German, opening the conversation; not read yet
    for (const answer of [sent, thanks]) await expect(answer.getByText(/^Notification envoyée à \d\d:\d\d · Pas encore lu$/)).toBeVisible();
    await expect.poll(() => push.received.filter((r) => r.device === DEVICE && r.status === 201).length, { timeout: 30_000 }).toBe(2);
    const pushes = push.received.filter((r) => r.device === DEVICE).map((r) => r.payload as { body: string; url: string; lang: string });
    expect(pushes.map((p) => p.body).sort()).toEqual(['Vielen Dank!', REPLY.de]);
    for (const p of pushes) expect(p).toMatchObject({ lang: 'de', url: conversationPath });
    await expectAccessible(staff, 'conversation answered');
    await shots(staff, 'inbox-answered');

    // still unread 15 minutes later: the e-mail, in German, with the conversation's link; the answers say so
    const mailsBefore = outbox().length;
    moveServerClock(16 * 60);
    for (const answer of [sent, thanks]) await expect(answer.getByText(/^Notification envoyée à \d\d:\d\d · E-mail envoyé à \d\d:\d\d · Pas encore lu$/)).toBeVisible({ timeout: 20_000 });
    const mails = (await Promise.all(outbox().slice(mailsBefore).map((m) => simpleParser(m)))).filter((m) => (m.to as { text: string } | undefined)?.text.includes(phone.guest.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${GUEST_URL}${conversationPath}`);
    expect(mails[0].text).not.toContain('Vielen Dank!');

    // ---------------------------------------------------------------- the guest reads German, the note never
    await expect(guestRow.getByText('Neu')).toBeVisible();
    await guestRow.click();
    await expect(thread.getByText(REPLY.de)).toBeVisible();
    await expect(thread.getByText('Vielen Dank!')).toBeVisible();
    await expect(thread.getByText(/Maschinelle Übersetzung/)).toHaveCount(1);
    await expect(thread.getByText('Merci beaucoup !')).toHaveCount(0);
    await expect(guest.getByText(NOTE)).toHaveCount(0);
    await expect(guest.getByText(/consigne/)).toHaveCount(0);
    await expectAccessible(guest, 'guest thread, answered');
    await shot(guest, 'inbox-guest-answered-390');
    // the original is one tap away
    await thread.getByRole('button', { name: 'Original anzeigen' }).click();
    await expect(thread.getByText('Merci beaucoup !')).toBeVisible();
    await thread.getByRole('button', { name: 'Übersetzung anzeigen' }).click();
    await expect(thread.getByText('Vielen Dank!')).toBeVisible();
    // nor does any guest call carry the note
    const asGuest = await phone.context.request.post(`${GUEST_URL}/api/webapp/chat/thread`, { data: { conversation: conversationPath.split('/').pop() } });
    expect(asGuest.ok(), await asGuest.text()).toBeTruthy();
    expect(await asGuest.text()).not.toContain('consigne');
    // staff read when the guest read it
    for (const answer of [sent, thanks]) await expect(answer.getByText(/ · E-mail envoyé à \d\d:\d\d · Lu à \d\d:\d\d$/)).toBeVisible();
    // the server's clock back to the run's (16 minutes on until the guest read: the times follow each other)
    moveServerClock(0);

    // ---------------------------------------------------------------- closed: 'Fermées', on both desks
    await staff.getByText(/^En cours$/).click();
    await expect(staff).toHaveURL(/filtre=open/);
    await expect(row).toBeVisible();
    await conversation.getByRole('button', { name: 'Fermer la conversation' }).click();
    // within 5 s of the click, on the admin's screen too
    await expect(adminRow.getByText('Conversation fermée')).toBeVisible({ timeout: 5_000 });
    expect(reloads).toBe(0);
    await expect(staff.getByText('La conversation a été fermée').first()).toBeVisible();
    await expect(row).toHaveCount(0);
    await staff.getByText(/^Fermées$/).click();
    await expect(staff).toHaveURL(/filtre=closed/);
    await expect(row).toBeVisible();
    await expect(row.getByText('Conversation fermée')).toBeVisible();
    await expectAccessible(staff, 'inbox, mine closed');
    await shots(staff, 'inbox-closed');
    await expect(thread.getByText('Unterhaltung geschlossen')).toBeVisible();

    // one notification in all: the guest's message; staff's answers, the note, the assignment and the close make none
    expect(await other.evaluate(() => (window as unknown as { notices: unknown[] }).notices)).toEqual([{ title: `Nouveau message de ${guestName}`, body: GUEST_MESSAGE }]);

    // the admin's screen, back in the foreground: the same conversation, the note among its lines
    await other.evaluate(() => ((window as unknown as { background: boolean }).background = false));
    await expectAccessible(other, 'admin inbox');
    // a click on the notification opens its conversation (as the system's would: its onclick)
    await other.evaluate(() => (window as unknown as { shown: Notification[] }).shown[0].onclick?.(new Event('click')));
    await expect(other).toHaveURL(new RegExp(`/messages/chat\\?c=${conversationPath.split('/').pop()}$`));
    await expect(adminRow).toHaveAttribute('aria-current', 'true');
    const seen = other.getByRole('region', { name: 'Conversation Bouteille de gaz' });
    await expect(seen.getByText(NOTE)).toBeVisible();
    await expect(seen.getByRole('combobox', { name: 'Attribuée à' })).toHaveValue(RECEPTION.name);
    await shots(other, 'inbox-admin');
  } finally {
    moveServerClock(0);
    await phone.context.request.post(`${GUEST_URL}/api/webapp/notifications/unsubscribe`, { data: { endpoint: push.device(DEVICE).endpoint } }).catch(() => null);
    await Promise.all([reception.context.close(), admin.context.close(), phone.context.close()]);
  }
});
