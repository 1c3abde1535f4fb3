import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission, Permissions } from '@campsite/shared';
import { DESK, chat, clients, deposits, desk, inventories, reviews, serviceReservations, zonedTimeToEpoch } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { CATEGORY, DEPOSIT_CONFIG, setUpDepositWorld } from '../../testing/fixtures/deposits';
import { addPushDelivery, addReviewInvitation } from '../../testing/fixtures/desk';
import { addGuest } from '../../testing/fixtures/people';
import { modelBody } from '../../testing/fixtures/reviews';
import { makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';
import { addFamily } from '../../testing/fixtures/today';
import { allFlags, type TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';
import { dayBounds } from '../today/today.service';

// Issue 33: the stay's page in one read. Each block is there with its area's flag (and the plan), absent
// (null) without; the states are the to-do list's; the timeline is what happened, newest first.

const DAY = 86400;
let clock = zonedTimeToEpoch(2026, 7, 15, 10, 0, 'Europe/Paris');
let t: TestApp, sim: Simulator, mail: MailServer;
let admin: string;
setUpDepositWorld(() => clock, (w) => ({ t, sim, mail } = w));
beforeAll(async () => {
  admin = (await t.signIn(allFlags())).cookie;
  (await t.call(deposits.updateConfig, DEPOSIT_CONFIG, admin)).answer();
  await t.deps.db.delete(jobs).where(eq(jobs.recurring, true));
});

const today = () => dayBounds(clock, t.deps.env.TIME_ZONE)[0];
const run = async () => {
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
};
const page = async (stay: string, cookie = admin, timeline?: number) => (await t.call(desk.stay, { stay_number: stay, ...(timeline ? { timeline } : {}) }, cookie)).answer();
const only = (...flags: Permission[]): Partial<Permissions> => Object.fromEntries(flags.map((f) => [f, 1]));

describe("the stay's page", () => {
  it('says who, when and where, and each area where it stands, in one read', async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY, lastname: 'Aubert', time: '15:00' });
    const guest = await addGuest(t.deps, { email: 'lena.aubert@example.fr', firstname: 'Lena', lastname: 'Aubert', langage: 'de', clientNumber: f.client, stayNumber: f.stay, notification: true });
    const p = await page(f.stay);
    expect(p.stay).toMatchObject({ stay_number: f.stay, client_number: f.client, arrival: today(), departure: today() + 7 * DAY, arrival_time: '15:00' });
    expect(p.client).toMatchObject({ client_number: f.client, firstname: 'Léa', lastname: 'Aubert', email: f.email, lang: 'fr' });
    expect(p.accommodation).toBe('Mobil-home caution');
    expect(p.guests).toEqual([{ _id: guest, firstname: 'Lena', lastname: 'Aubert', email: 'lena.aubert@example.fr', lang: 'de', activate: true, installed: false, push: true }]);
    expect(p.app.state).toBe('active');
    expect(p.deposit).toEqual({ state: { state: 'to_request', id: null, amount: null, error: null }, doc: null });
    expect(p.inventories).toEqual({ arrival: { state: 'todo', status: null }, departure: { state: 'todo', status: null } });
    expect(p.messages).toEqual([]);
    expect(p.bookings).toEqual([]);
    expect(p.reviews).toEqual([]);
    expect(p.mails).toEqual([]);
    expect(p.pushes).toEqual([]);
    expect(p.timeline).toEqual({
      rows: [
        { time: clock, area: 'app', text: DESK.eventAccount('Lena Aubert') },
        { time: clock, area: 'stay', text: DESK.eventCreated },
      ],
      more: false,
    });
  });

  it("a family's check-in from the page: each action's state on the page after, and the timeline newest first", async () => {
    clock += 10 * DAY;
    admin = (await t.signIn(allFlags())).cookie;
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY, lastname: 'Fontaine' });
    expect((await page(f.stay)).app).toEqual({ state: 'none', email: f.email, sent_time: null });

    clock += 60;
    (await t.call(clients.sendCode, { client_number: f.client }, admin)).answer();
    await run();
    clock += 60;
    const asked = (await t.call(deposits.requestStay, { stay_number: f.stay }, admin)).answer();
    await run();
    clock += 60;
    (await t.call(inventories.insert, { stay_number: f.stay, type: 'arrival' }, admin)).answer();

    const p = await page(f.stay);
    expect(p.app.state).toBe('invited');
    expect(p.deposit?.state).toMatchObject({ state: 'requested', id: asked && asked._id, amount: 150 });
    expect(p.deposit?.doc).toMatchObject({ _id: asked && asked._id, stay: f.stay, status: '', amount: 150 });
    expect(p.inventories?.arrival).toEqual({ state: 'started', status: 'uncompleted' });
    expect(p.mails).toEqual([expect.objectContaining({ kind: 'prestay', email: f.email, status: 'sent', sent_time: clock - 120 })]);
    expect(p.timeline.rows.map((r) => r.area)).toEqual(['inventory', 'deposit', 'mail', 'stay']);
    expect(p.timeline.rows[0]).toEqual({ time: clock, area: 'inventory', text: DESK.eventInventoryStarted("d'arrivée") });
    expect(p.timeline.rows[1].text).toMatch(/^Caution de 150,00\s€ demandée$/);
    // capped: the newest lines, and more to see
    expect(await page(f.stay, admin, 2)).toMatchObject({ timeline: { rows: [{ area: 'inventory' }, { area: 'deposit' }], more: true } });

    // the deposit made at Swikly by the guest
    clock += 60;
    const reference = [...sim.requests.values()].find((r) => r.body.description === `Caution – séjour ${f.stay}`)!.id;
    expect(await sim.answer(reference, true)).toBe(200);
    const made = await page(f.stay);
    expect(made.deposit?.state.state).toBe('made');
    expect(made.timeline.rows[0]).toEqual({ time: clock, area: 'deposit', text: DESK.eventDepositMade });
    expect(mail.mails.length).toBeGreaterThan(0);
  });

  it("the family's conversations and their messages, with the emails flag", async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY });
    const email = `chat.${f.client}@example.fr`;
    await addGuest(t.deps, { email, password: 'vacances-2025', firstname: 'Jan', lastname: 'Visser', langage: 'nl', clientNumber: f.client, stayNumber: f.stay });
    const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
    const guest = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    clock += 60;
    const started = (await t.call(chat.start, { subject: 'other', message: 'Bonjour, où est la piscine ?', key: `key-${f.client}` }, guest)).answer();
    const p = await page(f.stay);
    expect(p.messages).toEqual([expect.objectContaining({ _id: started.conversation._id, status: 'open', guest: 'Jan Visser', waiting: true, last_time: clock })]);
    expect(p.timeline.rows[0]).toEqual({ time: clock, area: 'message', text: DESK.eventGuestMessage('Jan') });
    clock += 60;
    (await t.call(chat.answer, { conversation: started.conversation._id, message: 'Derrière l’accueil.', key: `key-a-${f.client}` }, admin)).answer();
    const after = await page(f.stay);
    expect(after.messages?.[0].waiting).toBe(false);
    expect(after.timeline.rows[0]).toMatchObject({ time: clock, area: 'message' });
  });

  it("the family's bookings of the stay (booked and cancelled at the desk), pushes received and opened, review requests", async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY, lastname: 'Petit' });
    const guest = await addGuest(t.deps, { email: `push.${f.client}@example.fr`, firstname: 'Zoé', lastname: 'Petit', clientNumber: f.client, stayNumber: f.stay });
    const s = await makeService(t, admin);
    const b = await makeBenefit(t, admin, s._id);
    const w = await makeWorker(t, admin, s._id, [b._id]);
    const start = today() + DAY + 9 * 3600; // tomorrow 09:00 in Paris
    clock += 60;
    const booked = (await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start, client_number: f.client, identity: 'Mme Léa Petit' }, admin)).answer();
    // a booking after the stay is not the stay's
    (await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: start + 10 * DAY, client_number: f.client, identity: 'Mme Léa Petit' }, admin)).answer();
    clock += 60;
    await addPushDelivery(t.deps, { user: guest, title: 'Marché nocturne', at: clock, opened: clock + 30 });
    const model = (await t.call(reviews.insertModel, modelBody(), admin)).answer();
    if (!model || !('_id' in model)) throw new Error('questionnaire refused');
    clock += 120;
    await addReviewInvitation(t.deps, { model: model._id, stay: f.stay, client: f.client, email: f.email!, at: clock });

    const p = await page(f.stay);
    expect(p.bookings).toEqual([{ _id: booked && booked._id, service: 'Kayak', benefit: 'Balade d’une heure', start, end: start + 3600, who: 'Mme Léa Petit', source: 'dashboard', created_time: clock - 180 }]);
    expect(p.pushes).toEqual([{ _id: expect.any(String), title: 'Marché nocturne', guest: 'Zoé Petit', status: 'delivered', send_time: clock - 120, delivered_time: clock - 120, opened_time: clock - 90 }]);
    expect(p.reviews).toEqual([expect.objectContaining({ model: 'Fin de séjour', guest: 'Léa Petit', sent_time: clock, channel: 'email', answered_time: null, score: null, comments: [] })]);
    expect(p.timeline.rows.slice(0, 4).map((r) => r.text)).toEqual([
      DESK.eventReviewInvited('Fin de séjour'),
      DESK.eventPushOpened('Marché nocturne'),
      DESK.eventPush('Marché nocturne'),
      DESK.eventBooking('Kayak · Balade d’une heure'),
    ]);
    // cancelled at the desk: gone from the block
    if (!booked) throw new Error('booking refused');
    expect((await t.call(serviceReservations.delete, { id: booked._id }, admin)).answer()).toBe(true);
    expect((await page(f.stay)).bookings).toEqual([]);
  });
});

describe('who may read it', () => {
  it('shows each block only with its flag (absent, not an error), and its lines of the timeline with it', async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY });
    (await t.call(inventories.insert, { stay_number: f.stay, type: 'arrival' }, admin)).answer();
    const bare = await page(f.stay, (await t.signIn(only('users'))).cookie);
    expect(bare).toMatchObject({ deposit: null, inventories: null, messages: null, bookings: null, reviews: null, mails: null, pushes: null });
    expect(bare.timeline.rows.map((r) => r.area)).toEqual(['stay']);
    const blocks = { deposits: 'deposit', inventories: 'inventories', emails: 'messages', services: 'bookings', reviews: 'reviews', notifications: 'pushes' } as const;
    for (const [flag, block] of Object.entries(blocks)) {
      const p = await page(f.stay, (await t.signIn(only('users', flag as Permission))).cookie);
      expect(p[block], flag).not.toBeNull();
      const others = Object.values(blocks).filter((b) => b !== block && !(flag === 'emails' && b === 'messages'));
      for (const other of others) expect(p[other], `${flag}: ${other}`).toBeNull();
    }
    const withInventories = await page(f.stay, (await t.signIn(only('users', 'inventories'))).cookie);
    expect(withInventories.timeline.rows.map((r) => r.area)).toEqual(['inventory', 'stay']);
    // the e-mails go with the messages (the emails flag)
    expect((await page(f.stay, (await t.signIn(only('users', 'emails'))).cookie)).mails).toEqual([]);
  });

  it('is refused without the users flag, to a guest session and without a session; an unknown stay is a French 404', async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY });
    const { users: _users, ...others } = allFlags();
    expect((await t.call(desk.stay, { stay_number: f.stay }, (await t.signIn({ ...others, users: 0 })).cookie)).statusCode).toBe(403);
    expect((await t.call(desk.stay, { stay_number: f.stay })).statusCode).toBe(401);
    const email = `guest.${f.client}@example.fr`;
    await addGuest(t.deps, { email, password: 'vacances-2025', clientNumber: f.client, stayNumber: f.stay });
    const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
    const guest = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    expect((await t.call(desk.stay, { stay_number: f.stay }, guest)).statusCode).toBe(401);
    const unknown = await t.call(desk.stay, { stay_number: 'NOPE-1' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DESK.stayUnknown('NOPE-1'));
    expect((await t.get('dashboard/desk/stay?stay_number=', admin)).statusCode).toBe(400);
  });

  it("each block's actions are refused without its area's flag, and nothing is written", async () => {
    const f = await addFamily(t.deps, { arrival: today(), category: CATEGORY });
    const usersOnly = (await t.signIn(only('users'))).cookie;
    const refused = [
      await t.call(deposits.requestStay, { stay_number: f.stay }, usersOnly),
      await t.call(deposits.resend, { id: 'a'.repeat(24) }, usersOnly),
      await t.call(deposits.release, { stay_number: f.stay }, usersOnly),
      await t.call(deposits.claim, { stay_number: f.stay, amount: 10, reason: 'Vaisselle cassée' }, usersOnly),
      await t.call(inventories.insert, { stay_number: f.stay, type: 'arrival' }, usersOnly),
      await t.call(chat.answer, { conversation: 'a'.repeat(24), message: 'Bonjour', key: 'key-refused-1' }, usersOnly),
      await t.call(serviceReservations.delete, { id: 'a'.repeat(24) }, usersOnly),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
    // the app's link is the users flag's (the client card's)
    const noUsers = (await t.signIn(only('deposits', 'inventories', 'emails'))).cookie;
    expect((await t.call(clients.sendCode, { client_number: f.client }, noUsers)).statusCode).toBe(403);
    const p = await page(f.stay);
    expect(p.deposit?.state.state).toBe('to_request');
    expect(p.inventories?.arrival.state).toBe('todo');
    expect(p.app.state).toBe('none');
  });
});
