import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission, Permissions } from '@campsite/shared';
import { DESK, chat, clients, deposits, desk, inventories, serviceReservations, zonedTimeToEpoch } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { CATEGORY, DEPOSIT_CONFIG, setUpDepositWorld } from '../../testing/fixtures/deposits';
import { addGuest } from '../../testing/fixtures/people';
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
