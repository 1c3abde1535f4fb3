import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE } from '@campsite/shared';
import { clients, emailCampaigns, throttleHits } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addClient } from '../../testing/fixtures/people';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { CODE_MAILS_PER_STAFF } from './client-actions.service';

/**
 * A client's card in reach (issue 20): the code mailed from the card (through the campaign path and the
 * real SMTP server, in the client's language, throttled per recipient and per staff member), the contact
 * details corrected, the printed card's content. The erasure has its own file (erase.test.ts).
 */
let t: TestApp;
let smtp: MailServer;
let clock = 1_760_000_000;
let staff: { cookie: string; userId: string };
let reader: string;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
  staff = await t.signIn({ users: 1 });
  reader = (await t.signIn({ emails: 1 })).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const campaigns = async () => (await t.deps.db.select({ id: emailCampaigns.id }).from(emailCampaigns)).length;

describe('send the code from the card', () => {
  it("mails a German client their code and the app's link in German, through the campaign path", async () => {
    const c = await addClient(t.deps, { client_number: '7001', lastname: 'Schmidt', firstname: 'Jonas', langage: 'de', email1: 'jonas@example.de' });
    const res = await t.post('dashboard/clients/send-code', { client_number: '7001' }, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'jonas@example.de' });
    await t.deps.jobs.runDue();
    await smtp.waitFor(1);
    const mail = smtp.mails.find((m) => m.to.includes('jonas@example.de'))!;
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain(c.activationCode);
    expect(mail.text).toContain(`?code=${c.activationCode}`);
  });

  it('answers false for an unknown client, a French 400 for a client without e-mail, 403 without the users flag; nothing is queued', async () => {
    await addClient(t.deps, { client_number: '7002', email1: null, email2: null });
    const before = await campaigns();
    expect((await t.post('dashboard/clients/send-code', { client_number: 'nope' }, staff.cookie)).json()).toBe(false);
    const none = await t.post('dashboard/clients/send-code', { client_number: '7002' }, staff.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PEOPLE.noClientEmail);
    expect((await t.post('dashboard/clients/send-code', { client_number: '7001' }, reader)).statusCode).toBe(403);
    expect(await campaigns()).toBe(before);
  });

  it('one address gets at most 5 mails an hour, even from parallel clicks; the 6th is a 429 saying when to retry, and writes nothing', async () => {
    clock += 7200;
    await addClient(t.deps, { client_number: '7003', email1: 'famille@example.fr' });
    const before = await campaigns();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('dashboard/clients/send-code', { client_number: '7003' }, staff.cookie)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].json().message).toBe(PEOPLE.tooManyClientMails('60 minutes'));
    expect(await campaigns()).toBe(before + 5);
    // 25 minutes later the first mail is still in the hour: 35 minutes to wait (Retry-After in seconds)
    clock += 25 * 60;
    const later = await t.post('dashboard/clients/send-code', { client_number: '7003' }, staff.cookie);
    expect([later.json().message, later.headers['retry-after']]).toEqual([PEOPLE.tooManyClientMails('35 minutes'), String(35 * 60)]);
    clock += 36 * 60;
    expect((await t.post('dashboard/clients/send-code', { client_number: '7003' }, staff.cookie)).statusCode).toBe(200);
  });

  it(`a staff member sends at most ${CODE_MAILS_PER_STAFF} code mails an hour`, async () => {
    clock += 7200;
    const busy = await t.signIn({ users: 1 });
    await t.deps.db.insert(throttleHits).values(Array.from({ length: CODE_MAILS_PER_STAFF }, (_, i) => ({ bucket: `staff-mail:${busy.userId}`, time: clock - 3000 + i })));
    await addClient(t.deps, { client_number: '7004', email1: 'autre@example.fr' });
    const res = await t.post('dashboard/clients/send-code', { client_number: '7004' }, busy.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(PEOPLE.tooManyStaffMails('10 minutes'));
    // another staff member is not held back by it
    expect((await t.post('dashboard/clients/send-code', { client_number: '7004' }, staff.cookie)).statusCode).toBe(200);
  });
});

describe('correct the contact details', () => {
  it('changes the e-mails, phones and language given, clears those sent empty, keeps the others, and says who edited', async () => {
    await addClient(t.deps, { client_number: '7101', email1: 'ancien@example.fr', phone1: '06 11 22 33 44', phone2: '06 00 00 00 00', langage: 'fr' });
    const res = await t.post('dashboard/clients/update-contact', { client_number: '7101', email1: ' nouveau@example.fr ', phone2: '', langage: 'en' }, staff.cookie);
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({ client_number: '7101', email1: 'nouveau@example.fr', phone1: '06 11 22 33 44', phone2: null, langage: 'en', edited_time: clock });
    expect(card.stays).toEqual([]);
    const [row] = await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '7101'));
    expect(row.editedBy).not.toBe('test');
    expect(row.email1Key).toBe('nouveau@example.fr');
  });

  it('refuses a bad e-mail or phone with the form rules, field by field, and changes nothing', async () => {
    const [before] = await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '7101'));
    const res = await t.post('dashboard/clients/update-contact', { client_number: '7101', email1: 'pas-une-adresse', phone1: '06 AB', phone3: '+33 6 12 34 56 78' }, staff.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email1: PEOPLE.roomEmailInvalid, phone1: PEOPLE.roomPhoneInvalid });
    const long = await t.post('dashboard/clients/update-contact', { client_number: '7101', email2: `${'a'.repeat(95)}@example.fr` }, staff.cookie);
    expect(long.json().fields).toMatchObject({ email2: PEOPLE.contactEmailLong });
    const [after] = await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '7101'));
    expect(after).toEqual(before);
  });

  it('false for an unknown client, 403 without the users flag', async () => {
    expect((await t.post('dashboard/clients/update-contact', { client_number: 'nope', phone1: '0612345678' }, staff.cookie)).json()).toBe(false);
    expect((await t.post('dashboard/clients/update-contact', { client_number: '7101', phone1: '0612345678' }, reader)).statusCode).toBe(403);
  });

  it('parallel corrections of one file each apply whole, one after the other (the row is locked)', async () => {
    const phones = Array.from({ length: 12 }, (_, i) => `06 12 34 56 ${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(phones.map((p) => t.post('dashboard/clients/update-contact', { client_number: '7101', phone1: p, phone3: p }, staff.cookie)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '7101'));
    // never one call's phone1 with another's phone3
    expect(row.phone1).toBe(row.phone3);
    expect(phones).toContain(row.phone1);
  });
});

describe('the printed card', () => {
  it("gives the app's sign-up page with the code, in the client's language when the app offers it", async () => {
    const de = await addClient(t.deps, { client_number: '7201', lastname: 'Müller', firstname: 'Lena', langage: 'de' });
    const res = await t.get('dashboard/clients/print-card?client_number=7201', staff.cookie);
    expect(res.json()).toEqual({
      client_number: '7201', civility: null, firstname: 'Lena', lastname: 'Müller', activation_code: de.activationCode,
      link: `http://localhost:3001/konto?code=${de.activationCode}`, establishment: 'Camping des Pins',
    });
    const pl = await addClient(t.deps, { client_number: '7202', langage: 'pl' });
    expect((await t.get('dashboard/clients/print-card?client_number=7202', staff.cookie)).json().link).toMatch(new RegExp(`^http://localhost:3001/[^?]*\\?code=${pl.activationCode}$`));
    expect((await t.get('dashboard/clients/print-card?client_number=nope', staff.cookie)).json()).toBe(false);
    expect((await t.get('dashboard/clients/print-card?client_number=7201', reader)).statusCode).toBe(403);
  });
});

