import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSITS, deposits } from '@campsite/shared';
import { jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { CATEGORY, DEPOSIT_CONFIG as config, depositStay, setUpDepositWorld } from '../../testing/fixtures/deposits';
import { addGuest } from '../../testing/fixtures/people';
import type { TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';
import { guestBase } from '../../lib/guest-url';

// Issue 32: the detail of a deposit says when it was made (not when it was asked) and has its actions:
// resend the link, cancel the request, request now. Each checks the deposits flag, is one transaction, and
// counts a mail to the guest in the per-address and per-staff buckets.

const DAY = 86400;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp, sim: Simulator, mail: MailServer, staff: string;
const world = setUpDepositWorld(() => clock, (w) => ({ t, sim, mail, staff } = w));
beforeAll(async () => {
  (await t.call(deposits.updateConfig, config, staff)).answer();
});

const requestsOf = world.requestOf;
const rowOf = async (stay: string) => (await world.rowOf(stay))!;
const run = async () => {
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
};
/** A stay due now, scanned: its deposit asked at the simulator and mailed. */
async function askedStay(email: string, arrivalIn = 3) {
  const { stay } = await depositStay(t.deps, clock, arrivalIn, CATEGORY, { email1: email });
  await t.deps.jobs.enqueue('deposits.scan-now', {});
  await run();
  return { stay, row: await rowOf(stay) };
}
const mailsTo = (email: string) => mail.mails.filter((m) => m.to.includes(email));

describe('deposits: the detail', () => {
  it("'Date de dépôt' is empty until the guest deposits, then the moment they did", async () => {
    const { stay, row } = await askedStay('date@example.nl');
    const before = (await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().deposit!;
    expect(before.deposited_time).toBeNull();
    clock += 3600;
    expect(await sim.answer(row.reference!, true)).toBe(200);
    const after = (await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().deposit!;
    expect(after).toMatchObject({ status: 'OK', deposited_time: clock });
  });

  it('the actions: 401 without a session, 403 without the deposits flag, false for an unknown deposit', async () => {
    const other = (await t.signIn({ inventories: 1 })).cookie;
    for (const path of ['webapp/deposits/resend', 'webapp/deposits/cancel', 'webapp/deposits/request-now']) {
      expect((await t.post(path, { id: 'x' })).statusCode, path).toBe(401);
      expect((await t.post(path, { id: 'x' }, other)).statusCode, path).toBe(403);
      expect((await t.post(path, { id: 'f'.repeat(24) }, staff)).json(), path).toBe(false);
    }
  });
});

describe('deposits: resend the link', () => {
  it("mails the link again, to the client's address; past five within the hour, refused with the wait, nothing queued", async () => {
    const total = mail.mails.length;
    const { row } = await askedStay('resend@example.nl');
    await mail.waitFor(total + 1);
    expect(mailsTo('resend@example.nl')).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await t.call(deposits.resend, { id: row.id }, staff)).statusCode).toBe(200);
    await run();
    await mail.waitFor(total + 6);
    expect(mailsTo('resend@example.nl')).toHaveLength(6);
    expect(mailsTo('resend@example.nl').every((m) => m.html.includes(row.link!))).toBe(true);
    const queued = (await t.deps.db.select().from(jobs)).filter((j) => j.kind === 'deposits.mail').length;
    const refused = await t.call(deposits.resend, { id: row.id }, staff);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Cette adresse a déjà reçu plusieurs e-mails dans l'heure\. Réessayez dans /);
    expect((await t.deps.db.select().from(jobs)).filter((j) => j.kind === 'deposits.mail')).toHaveLength(queued);
  });

  it('refuses a deposit already made, in French', async () => {
    const { row } = await askedStay('made@example.nl');
    await sim.answer(row.reference!, true);
    expect400(await t.post('webapp/deposits/resend', { id: row.id }, staff), 'id', DEPOSITS.cannotResend);
  });
});

describe('deposits: cancel, then request again', () => {
  it("cancels at Swikly a request the guest has not answered: 'Annulée', not asked again by the scan, nothing for the guest", async () => {
    const { stay, row } = await askedStay('cancel@example.nl');
    await addGuest(t.deps, { email: 'cancel-app@example.nl', password: 'vacances-2026', stayNumber: stay, langage: 'nl' });
    const doc = (await t.call(deposits.cancel, { id: row.id }, staff)).answer();
    expect(doc).toMatchObject({ status: 'Annulée' });
    await run();
    expect(sim.requests.get(row.reference!)?.status).toBe('cancelled');
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await run();
    expect(requestsOf(stay)).toHaveLength(1);
    const login = await t.post('webapp/account/login', { email: 'cancel-app@example.nl', password: 'vacances-2026' });
    const guest = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    expect((await t.call(deposits.mine, undefined, guest)).answer()).toBe(false);
    // cancelled twice: refused, nothing changes
    expect400(await t.post('webapp/deposits/cancel', { id: row.id }, staff), 'id', DEPOSITS.cannotCancel);

    // asked again: a new request (a new reference of ours), with its mail
    const sent = mailsTo('cancel@example.nl').length;
    const again = (await t.call(deposits.requestNow, { id: row.id }, staff)).answer();
    expect(again).toMatchObject({ status: '', stay });
    expect(again && again._id).not.toBe(row.id);
    await run();
    const made = requestsOf(stay);
    expect(made).toHaveLength(2);
    expect(made[1].body.customId).toBe(again && again._id);
    await mail.waitFor(mail.mails.length - mailsTo('cancel@example.nl').length + sent + 1);
    expect(mailsTo('cancel@example.nl')).toHaveLength(sent + 1);
    expect(mailsTo('cancel@example.nl').at(-1)!.html).toContain(made[1].id);
    // the request is out: asking again is refused
    expect400(await t.post('webapp/deposits/request-now', { id: again && again._id }, staff), 'id', DEPOSITS.cannotRequest);
  });

  it('asks a guest the automatic request missed once arrived, at the desk', async () => {
    const { stay } = await depositStay(t.deps, clock, 1, CATEGORY, { email1: 'desk@example.nl' });
    sim.outage(1000);
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await run();
    sim.outage(0);
    clock += 2 * DAY;
    await run();
    const row = await rowOf(stay);
    expect(row.error).toBe(DEPOSITS.arrivedBeforeRequest);
    expect(requestsOf(stay)).toHaveLength(0);
    (await t.call(deposits.requestNow, { id: row.id }, staff)).answer();
    await run();
    expect(requestsOf(stay)).toHaveLength(1);
    expect((await rowOf(stay)).link).toBeTruthy();
    // cancelled, then the stay over (its departure day gone): nothing can be asked any more, nothing written
    const made = await rowOf(stay);
    (await t.call(deposits.cancel, { id: made.id }, staff)).answer();
    clock += 8 * DAY;
    expect400(await t.post('webapp/deposits/request-now', { id: made.id }, staff), 'id', DEPOSITS.stayOver);
    expect(await rowOf(stay)).toMatchObject({ id: made.id, status: 'Annulée' });
  });
});

describe('deposits: the simulator speaks the guest\'s language', () => {
  it("a German guest's page is in German, and answering it brings them back to 'Meine Kaution' in the app", async () => {
    const { stay } = await depositStay(t.deps, clock, 3, CATEGORY, { email1: 'jonas@example.de', langage: 'de', firstname: 'Jonas' });
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await run();
    const row = await rowOf(stay);
    const html = await (await fetch(row.link!)).text();
    expect(html).toContain('<html lang="de">');
    for (const words of ['Kaution hinterlegen', 'Kaution akzeptieren', 'Ablehnen', '150,00 €', 'Zeitraum']) expect(html).toContain(words);
    expect(html).not.toContain('Accepter la caution');
    const answer = await fetch(row.link!, { method: 'POST', body: new URLSearchParams({ answer: 'accept' }), redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${guestBase(t.deps)}/konto/caution`);
    expect((await rowOf(stay)).status).toBe('OK');
    // the page, opened again from the mail: the outcome and the way back, in German
    const done = await (await fetch(row.link!)).text();
    expect(done).toContain('Kaution akzeptiert. Danke!');
    expect(done).toContain('Zurück zur App');
  });
});
