import { describe, expect, it } from 'vitest';
import { accommodations, deposits } from '@campsite/shared';
import { deposits as depositTable, jobs } from '../../db/schema';
import { signatureHeader, type Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { CATEGORY, DEPOSIT_CONFIG as config, setUpDepositWorld, SECRET, USER_ID } from '../../testing/fixtures/deposits';
import { addGuest } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';

// The deposit flow against the simulator over HTTP (issue 25): our server listens on a port, the simulator
// on another; requests, the guest's answer and the signed callbacks all go through real sockets.

const DAY = 86400;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp, sim: Simulator, mail: MailServer, staff: string;
const { newStay, rows, rowOf, requestOf } = setUpDepositWorld(() => clock, (w) => ({ t, sim, mail, staff } = w));
const list = async (q: Parameters<typeof t.call<typeof deposits.list>>[1] = {}) => (await t.call(deposits.list, q, staff)).answer();

describe('deposits: permissions and plan', () => {
  it('401 without a session, 403 without the flag or the premium plan, on every staff call; the guest call is for guests', async () => {
    const other = await t.signIn({ inventories: 1, users: 1 });
    const essentiel = await testApp({ plan: 'essentiel' });
    const flagged = await essentiel.signIn({ deposits: 1 });
    const gets = ['webapp/config/deposit', 'webapp/deposits/list', 'webapp/deposits/find-by-stay?stay_number=1'];
    const posts = ['webapp/config/deposit/update', 'webapp/deposits/release', 'webapp/deposits/claim'];
    try {
      for (const [method, path] of [...gets.map((g) => ['GET', g]), ...posts.map((p) => ['POST', p])]) {
        const send = (app: TestApp, c?: string) => (method === 'GET' ? app.get(path, c) : app.post(path, {}, c));
        expect((await send(t)).statusCode, path).toBe(401);
        expect((await send(t, other.cookie)).statusCode, path).toBe(403);
        expect((await send(essentiel, flagged.cookie)).statusCode, path).toBe(403);
      }
      expect((await t.get('webapp/deposits/mine')).statusCode).toBe(401);
      expect((await t.get('webapp/deposits/mine', staff)).statusCode).toBe(401);
      // the accommodations' switch is open to the deposits flag (accommodations.test.ts has the rest)
      expect((await t.call(accommodations.list, undefined, (await t.signIn({ deposits: 1 })).cookie)).statusCode).toBe(200);
    } finally {
      await essentiel.close();
    }
  });
});

describe('deposits: the settings', () => {
  it("refuses a wrong key, then a wrong user ID, then a negative amount, in the spec's French, writing nothing", async () => {
    const before = (await t.call(deposits.config, undefined, staff)).answer();
    expect(before).toMatchObject({ activate: false, secret: '', secret_set: false, mode: 'simulator' });
    expect400(await t.post('webapp/config/deposit/update', { ...config, secret: 'short', userId: 'short' }, staff), 'secret', 'La clé secrète doit faire 16 caractères');
    const idRes = await t.post('webapp/config/deposit/update', { ...config, userId: 'x'.repeat(31) }, staff);
    expect400(idRes, 'userId', "L'user ID doit faire 32 caractères");
    expect(idRes.json().fields.secret).toBeUndefined();
    expect400(await t.post('webapp/config/deposit/update', { ...config, amount: -1 }, staff), 'amount', 'Le montant doit être un nombre positif ou nul');
    // switched on without any key, given or stored
    expect400(await t.post('webapp/config/deposit/update', { ...config, secret: '' }, staff), 'secret', 'La clé secrète doit faire 16 caractères');
    expect((await t.post('webapp/config/deposit/update', { ...config, secret: `${SECRET.slice(0, 15)}\u0000` }, staff)).statusCode).toBe(400);
    expect((await t.call(deposits.config, undefined, staff)).answer()).toEqual(before);
  });

  it('saves them, never answers the key in clear, and keeps the stored key when the field is left empty', async () => {
    const saved = (await t.call(deposits.updateConfig, { ...config, activate: false }, staff)).answer();
    expect(saved).toMatchObject({ activate: false, amount: 150, userId: USER_ID, secret: '', secret_set: true, secret_mask: `${'•'.repeat(14)}3x` });
    expect(JSON.stringify((await t.call(deposits.config, undefined, staff)).answer())).not.toContain(SECRET);
    const kept = (await t.call(deposits.updateConfig, { ...config, activate: false, secret: '', amount: 80.5 }, staff)).answer();
    expect(kept).toMatchObject({ amount: 80.5, secret_set: true });
  });
});

describe('deposits: the flow against the simulator', () => {
  let soon: string;
  let later: string;
  let guestCookie: string;

  it('asks nothing while the settings are off; once on, requests the stays due, once, with the amount, dates, name, e-mail and language', async () => {
    soon = (await newStay(3, CATEGORY, { firstname: 'Daan', lastname: 'Jansen', email1: 'daan@example.nl', langage: 'nl' })).stay;
    later = (await newStay(10)).stay;
    const other = (await newStay(2, 'Tente Canadienne')).stay;
    const gone = (await newStay(-20)).stay;
    await t.deps.jobs.runDue();
    expect(await rows()).toHaveLength(0);

    (await t.call(deposits.updateConfig, config, staff)).answer();
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect((await rows()).map((r) => r.stayNumber)).toEqual([soon]);
    expect(requestOf(other)).toHaveLength(0);
    expect(requestOf(gone)).toHaveLength(0);
    const [request] = requestOf(soon);
    expect(request.account).toBe(USER_ID);
    const row = await rowOf(soon);
    expect(request.body).toMatchObject({
      customId: row!.id,
      customIdMustBeUnique: true,
      language: 'nl',
      customer: { firstName: 'Daan', lastName: 'Jansen', email: 'daan@example.nl' },
      deposit: { amount: 15000 },
    });
    expect(request.body.deposit.endDate > request.body.deposit.startDate).toBe(true);
    expect(row).toMatchObject({ status: '', reference: request.id, link: `${sim.url}/r/${request.id}` });

    // the guest's mail, in Dutch, with the link
    await mail.waitFor(1);
    const sent = mail.mails.find((m) => m.to.includes('daan@example.nl'))!;
    expect(sent.subject).toBe('Uw borg voor uw verblijf');
    expect(sent.html).toContain(`${sim.url}/r/${request.id}`);
    expect(sent.html).toContain('150,00');

    // scanned again (the quarter-hour run, a second settings save): nothing asked twice
    (await t.call(deposits.updateConfig, { ...config, secret: '' }, staff)).answer();
    clock += 900;
    await t.deps.jobs.runDue();
    expect(requestOf(soon)).toHaveLength(1);
    expect(requestOf(later)).toHaveLength(0);
  });

  it('asks on the right day: the stay arriving in ten days once it is seven days away', async () => {
    clock += 2 * DAY;
    await t.deps.jobs.runDue();
    expect(requestOf(later)).toHaveLength(0);
    clock += DAY + 900;
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(requestOf(later)).toHaveLength(1);
  });

  it('asks once with two instances scanning at the same moment', async () => {
    const twin = await t.twin();
    try {
      const stays = await Promise.all([1, 2, 3, 4].map(() => newStay(2).then((s) => s.stay)));
      await Promise.all([t.deps.jobs.enqueue('deposits.scan-now', {}), twin.deps.jobs.enqueue('deposits.scan-now', {})]);
      await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
      await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
      for (const s of stays) expect(requestOf(s), s).toHaveLength(1);
    } finally {
      await twin.close();
    }
  });

  it('shows the guest their link; the guest accepts on the simulator, whose signed callback makes it Validé', async () => {
    const client = (await t.deps.db.select().from(depositTable)).find((r) => r.stayNumber === soon)!;
    await addGuest(t.deps, { email: 'daan-app@example.nl', password: 'vacances-2026', stayNumber: soon, langage: 'nl' });
    const login = await t.post('webapp/account/login', { email: 'daan-app@example.nl', password: 'vacances-2026' });
    guestCookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    expect((await t.call(deposits.mine, undefined, guestCookie)).answer()).toMatchObject({ status: 'pending', amount: 150, link: client.link });

    // the guest's page, then the answer posted by its form, as a browser does
    const pageHtml = await (await fetch(client.link!)).text();
    // in the guest's language (issue 32): Dutch
    expect(pageHtml).toContain('€ 150,00');
    expect(pageHtml).toContain('Borg accepteren');
    const answer = await fetch(client.link!, { method: 'POST', body: new URLSearchParams({ answer: 'accept' }), redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(sim.deliveries.at(-1)).toMatchObject({ request: client.reference, event: 'request.accepted', status: 200 });
    expect((await rowOf(soon))?.status).toBe('OK');
    expect((await t.call(deposits.mine, undefined, guestCookie)).answer()).toMatchObject({ status: 'accepted', link: null });
    const page = await list({ q: soon, filter: 'stay_number' });
    expect(page.rows.map((r) => [r.stay, r.status, r.amount])).toEqual([[soon, 'OK', 150]]);
  });

  it('changes nothing on a bad, stale, missing or re-serialized signature', async () => {
    const row = (await rowOf(later))!;
    const body = `{ "event": "request.refused", "data": { "id": "${row.reference}", "status": "refused" } }`;
    const post = (payload: string, signature?: string) =>
      fetch(`${t.deps.env.SWIKLY_CALLBACK_URL}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'swikly-signature': signature } : {}) }, body: payload });
    expect((await post(body, signatureHeader('W'.repeat(16), body, clock))).status).toBe(401);
    expect((await post(body, signatureHeader(SECRET, body, clock - 600))).status).toBe(401);
    expect((await post(body)).status).toBe(401);
    expect((await post(JSON.stringify(JSON.parse(body)), signatureHeader(SECRET, body, clock))).status).toBe(401);
    expect((await post(body, 't=abc,sha256=zz')).status).toBe(401);
    expect((await rowOf(later))?.status).toBe('');
    // the same body as signed: taken, and the status shown raw
    expect((await post(body, signatureHeader(SECRET, body, clock))).status).toBe(200);
    expect((await rowOf(later))?.status).toBe('Refusée');
  });

  it('applies each signed event once: a captured callback replayed within its 300 s window, or an older event delivered late, never puts a refused deposit back to OK', async () => {
    const { stay } = await newStay(2);
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    const row = (await rowOf(stay))!;
    const post = (payload: string, signature: string) =>
      fetch(`${t.deps.env.SWIKLY_CALLBACK_URL}`, { method: 'POST', headers: { 'content-type': 'application/json', 'swikly-signature': signature }, body: payload });
    const event = (status: string) => JSON.stringify({ event: `request.${status}`, data: { id: row.reference, status } });
    // the guest accepts: its callback, captured by someone on the way
    const accepted = event('accepted');
    const captured = signatureHeader(SECRET, accepted, clock);
    expect((await post(accepted, captured)).status).toBe(200);
    expect((await rowOf(stay))?.status).toBe('OK');
    // then Swikly says the hold was refused (a card that failed), a minute later
    clock += 60;
    const refused = event('refused');
    expect((await post(refused, signatureHeader(SECRET, refused, clock))).status).toBe(200);
    expect((await rowOf(stay))?.status).toBe('Refusée');
    // the captured callback, sent again 2 minutes later: acknowledged, nothing changes
    clock += 120;
    expect((await post(accepted, captured)).status).toBe(200);
    expect((await rowOf(stay))?.status).toBe('Refusée');
    // an event signed before the refusal, delivered now (a late retry): older than the state, ignored
    const late = JSON.stringify({ event: 'request.accepted', data: { id: row.reference, status: 'accepted', retry: 1 } });
    expect((await post(late, signatureHeader(SECRET, late, clock - 150))).status).toBe(200);
    expect((await rowOf(stay))?.status).toBe('Refusée');
    // the same replay on two instances at once: still nothing
    const twin = await t.twin();
    try {
      await Promise.all([post(accepted, captured), twin.app.inject({ method: 'POST', url: '/api/webapp/deposits/callback', headers: { 'content-type': 'application/json', 'swikly-signature': captured }, payload: accepted })]);
    } finally {
      await twin.close();
    }
    expect((await rowOf(stay))?.status).toBe('Refusée');
  });

  it("waits as Swikly's 429 asks: a short Retry-After inside the call, a long one by the job", async () => {
    sim.throttle(1, 1);
    const short = (await newStay(1)).stay;
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(requestOf(short)).toHaveLength(1);

    sim.throttle(1, 600);
    const long = (await newStay(1)).stay;
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(requestOf(long)).toHaveLength(0);
    expect((await t.deps.db.select().from(jobs)).some((j) => j.kind === 'deposits.request' && j.status === 'queued' && j.runAt >= clock + 600)).toBe(true);
    clock += 601;
    await t.deps.jobs.runDue();
    expect(requestOf(long)).toHaveLength(1);
  });
});

describe('deposits: the list', () => {
  it('filters on the two boxes, searches by stay, client and location, sorts numbers as numbers', async () => {
    const all = await list({ per_page: 100 });
    expect(all.total).toBe((await rows()).length);
    const ok = await list({ deposited: true });
    expect(ok.rows.every((r) => r.status === 'OK')).toBe(true);
    const notOk = await list({ not_deposited: true });
    expect(ok.total + notOk.total).toBe(all.total);
    expect((await list({ deposited: true, not_deposited: true })).total).toBe(all.total);
    const one = all.rows[0];
    expect((await list({ q: one.client_number, filter: 'client_number' })).rows.map((r) => r.client_number)).toContain(one.client_number);
    expect((await list({ q: ' M12 ', filter: 'location' })).total).toBe(all.total);
    expect((await list({ q: 'M1', filter: 'location' })).total).toBe(0);
    const byStay = (await list({ sort: 'stay', order: 'desc', per_page: 100 })).rows.map((r) => r.stay);
    expect(byStay).toEqual([...byStay].sort((a, b) => b.padStart(24, '0').localeCompare(a.padStart(24, '0'))));
    expect((await list({ page: 99 })).total).toBe(all.total);
  });
});

