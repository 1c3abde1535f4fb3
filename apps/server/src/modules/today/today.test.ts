import { beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup, TodayStays } from '@campsite/shared';
import { DEPOSITS, accommodations, clients, deposits, inventories, today, zonedTimeToEpoch } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { CATEGORY, DEPOSIT_CONFIG, setUpDepositWorld } from '../../testing/fixtures/deposits';
import { addFamily, type FamilyInput } from '../../testing/fixtures/today';
import { allFlags, type TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';
import { dayBounds } from './today.service';

// Issue 33: the reception's to-do list, arrivals and departures of today and tomorrow. Each stay's row says
// where each area stands, its figures count what its rows say, and a stay drops off once nothing is left.

const DAY = 86400;
const TENT = 'Tente Canadienne';
// a fixed day in summer, 10:00 in the establishment's zone (the tests' TIME_ZONE)
let clock = zonedTimeToEpoch(2026, 7, 15, 10, 0, 'Europe/Paris');
let t: TestApp, sim: Simulator, mail: MailServer, setup: AccommodationSetup, tentSetup: AccommodationSetup;
let admin: string;
setUpDepositWorld(() => clock, (w) => ({ t, sim, mail, setup } = w));
beforeAll(async () => {
  admin = (await t.signIn(allFlags())).cookie;
  (await t.call(deposits.updateConfig, DEPOSIT_CONFIG, admin)).answer();
  // the clock jumps days between tests: the recurring jobs (backups, statistics, scans) would all run at
  // each jump; the list is asked from here, never by the scan
  await t.deps.db.delete(jobs).where(eq(jobs.recurring, true));
  const tent = (await t.call(accommodations.list, undefined, admin)).answer().find((a) => a.name === 'Tente sans caution')!;
  tentSetup = (await t.call(accommodations.find, { id: tent._id }, admin)).answer() as AccommodationSetup;
});

const days = () => dayBounds(clock, t.deps.env.TIME_ZONE);
/**
 * A new day for a test: its own arrivals and departures, untouched by the other tests' (their stays last a
 * week); signed in again, a session lasting 14 days.
 */
async function nextDay() {
  clock += 10 * DAY;
  admin = (await t.signIn(allFlags())).cookie;
}
const family = (f: Partial<FamilyInput> & { day?: 0 | 1 }) => addFamily(t.deps, { arrival: days()[f.day ?? 0], category: CATEGORY, ...f });
const run = async () => {
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
};
const arrivals = async (cookie = admin) => (await t.call(today.arrivals, undefined, cookie)).answer();
const departures = async (cookie = admin) => (await t.call(today.departures, undefined, cookie)).answer();
const rowOf = (list: TodayStays, stay: string) => list.rows.find((r) => r.stay_number === stay);
/** Every count of a type's setup as expected (`short`: one item fewer on the first). */
const counts = (short = 0, of = setup) => of.inventory.flatMap((c) => c.objects.map((o, i) => ({ _id: o._id, count: i === 0 ? o.quantity - short : o.quantity })));
/** The figures say what the rows say: per day, the rows left are the figure 'left'. */
function expectFiguresOfRows(list: TodayStays) {
  expect(list.rows.filter((r) => r.day === 'today')).toHaveLength(list.figures.today.left);
  expect(list.rows.filter((r) => r.day === 'tomorrow')).toHaveLength(list.figures.tomorrow.left);
}
/** A deposit requested from the list, made at Swikly by the guest. */
async function madeDeposit(stay: string) {
  const asked = (await t.call(deposits.requestStay, { stay_number: stay }, admin)).answer();
  if (!asked) throw new Error('no deposit');
  await run();
  const reference = [...sim.requests.values()].find((r) => r.body.description === `Caution – séjour ${stay}`)!.id;
  expect(await sim.answer(reference, true)).toBe(200);
}

describe('arrivals', () => {
  it("says where each area stands for each family, and its figures count the stays and those left, per day", async () => {
    await nextDay();
    const a = await family({ lastname: 'Aubert', time: '15:00' });
    const b = await family({ lastname: 'Bernard', category: TENT, account: 'pending', time: '16:00' });
    const c = await family({ lastname: 'Carpentier', account: 'active', time: '17:00' });
    const d = await family({ lastname: 'Dubois', day: 1, category: 'Emplacement nu', email: null });
    const e = await family({ lastname: 'Étienne', day: 1, category: 'Emplacement nu', account: 'active' });
    (await t.call(inventories.insert, { stay_number: b.stay, type: 'arrival', answers: counts(0, tentSetup).slice(0, 1) }, admin)).answer();
    // Carpentier: an account, the deposit made, the arrival inventory done: nothing left
    await madeDeposit(c.stay);
    (await t.call(inventories.insert, { stay_number: c.stay, type: 'arrival', answers: counts() }, admin)).answer();

    const list = await arrivals();
    expect(list.today).toBe(days()[0]);
    expect(list.tomorrow).toBe(days()[1]);
    expect(list.figures).toEqual({ today: { total: 3, left: 2 }, tomorrow: { total: 2, left: 1 } });
    expectFiguresOfRows(list);
    expect(list.rows.map((r) => r.lastname)).toEqual(['Aubert', 'Bernard', 'Dubois']);
    expect(rowOf(list, a.stay)).toEqual({
      stay_number: a.stay, client_number: a.client, firstname: 'Léa', lastname: 'Aubert', location: expect.any(String), accommodation: 'Mobil-home caution',
      day: 'today', time: '15:00',
      app: { state: 'none', email: a.email, sent_time: null },
      deposit: { state: 'to_request', id: null, amount: null, error: null },
      inventory: { state: 'todo', status: null },
      messages: 0,
      bookings: 0,
    });
    expect(rowOf(list, b.stay)).toMatchObject({
      accommodation: 'Tente sans caution',
      app: { state: 'pending', email: b.accountEmail },
      deposit: { state: 'none' },
      inventory: { state: 'started', status: 'uncompleted' },
    });
    // tomorrow: a pitch of no type (no inventory, no deposit), a client without an address
    expect(rowOf(list, d.stay)).toMatchObject({ day: 'tomorrow', accommodation: 'Emplacement nu', app: { state: 'none', email: null }, deposit: { state: 'none' }, inventory: { state: 'none' } });
    expect(rowOf(list, e.stay)).toBeUndefined();
    expect(rowOf(list, c.stay)).toBeUndefined();
  });

  it("a family's check-in: the app's link mailed, the deposit asked then made, the inventory done: the row changes, then drops off", async () => {
    await nextDay();
    const f = await family({ lastname: 'Fontaine' });
    const before = await arrivals();
    expect(before.figures.today).toEqual({ total: 1, left: 1 });

    const sent = mail.mails.length;
    expect((await t.call(clients.sendCode, { client_number: f.client }, admin)).answer()).toEqual({ email: f.email });
    await run();
    await mail.waitFor(sent + 1);
    const code = mail.mails.slice(sent).find((m) => m.to.includes(f.email!));
    expect(code?.text).toMatch(/code=[A-Z0-9]{8}/);
    expect(rowOf(await arrivals(), f.stay)?.app).toEqual({ state: 'invited', email: f.email, sent_time: clock });

    const asked = (await t.call(deposits.requestStay, { stay_number: f.stay }, admin)).answer();
    expect(asked).toMatchObject({ stay: f.stay, status: '', amount: 150 });
    expect(rowOf(await arrivals(), f.stay)?.deposit).toMatchObject({ state: 'requested', id: asked && asked._id, amount: 150 });
    // a second click (another member, at once) makes no second deposit
    expect400(await t.call(deposits.requestStay, { stay_number: f.stay }, admin), 'id', DEPOSITS.cannotRequest);
    await run();
    const reference = [...sim.requests.values()].filter((r) => r.body.description === `Caution – séjour ${f.stay}`);
    expect(reference).toHaveLength(1);
    expect(await sim.answer(reference[0].id, true)).toBe(200);
    expect(rowOf(await arrivals(), f.stay)?.deposit?.state).toBe('made');

    (await t.call(inventories.insert, { stay_number: f.stay, type: 'arrival', answers: counts().slice(0, 2) }, admin)).answer();
    expect(rowOf(await arrivals(), f.stay)?.inventory).toEqual({ state: 'started', status: 'uncompleted' });
    (await t.call(inventories.insert, { stay_number: f.stay, type: 'arrival', answers: counts(1) }, admin)).answer();
    const after = await arrivals();
    expect(rowOf(after, f.stay)).toBeUndefined();
    expect(after.figures.today).toEqual({ total: 1, left: 0 });
  });

  it('asks the deposit of a stay whose accommodation asks none: refused in French, nothing written', async () => {
    await nextDay();
    const g = await family({ category: TENT });
    expect400(await t.call(deposits.requestStay, { stay_number: g.stay }, admin), 'id', DEPOSITS.noDepositAsked);
    expect(await t.call(deposits.requestStay, { stay_number: 'inconnu' }, admin).then((r) => r.json())).toBe(false);
    expect((await t.deps.db.query.deposits.findMany()).filter((r) => r.stayNumber === g.stay)).toHaveLength(0);
  });
});

describe('departures', () => {
  it('a departure is left while its inventory is to do or its deposit to settle; released, it drops off', async () => {
    await nextDay();
    const leaving = await family({ nights: 2, lastname: 'Garnier' });
    const tent = await family({ nights: 2, category: TENT, lastname: 'Hervé' });
    // asked and made at arrival; two days later they leave
    await madeDeposit(leaving.stay);
    clock += 2 * DAY;
    let list = await departures();
    expectFiguresOfRows(list);
    expect(rowOf(list, leaving.stay)).toMatchObject({ day: 'today', app: null, deposit: { state: 'made' }, inventory: { state: 'todo' } });
    expect(rowOf(list, tent.stay)).toMatchObject({ deposit: { state: 'none' }, inventory: { state: 'todo' } });

    (await t.call(inventories.insert, { stay_number: leaving.stay, type: 'departure', answers: counts() }, admin)).answer();
    (await t.call(inventories.insert, { stay_number: tent.stay, type: 'departure', answers: counts(0, tentSetup) }, admin)).answer();
    list = await departures();
    expect(rowOf(list, tent.stay)).toBeUndefined();
    expect(rowOf(list, leaving.stay)).toMatchObject({ deposit: { state: 'made' }, inventory: { state: 'done', status: 'completed' } });
    expect(list.figures.today).toEqual({ total: 2, left: 1 });

    (await t.call(deposits.release, { stay_number: leaving.stay }, admin)).answer();
    list = await departures();
    expect(rowOf(list, leaving.stay)).toBeUndefined();
    expect(list.figures.today).toEqual({ total: 2, left: 0 });
  });
});

describe('who sees what', () => {
  it('arrivals and departures need the users flag; each area shows in a row only with its flag, and only counts then', async () => {
    await nextDay();
    const a = await family({ lastname: 'Ibert' });
    (await t.call(clients.sendCode, { client_number: a.client }, admin)).answer();
    await run();
    for (const def of [today.arrivals, today.departures]) {
      expect((await t.call(def)).statusCode).toBe(401);
      expect((await t.call(def, undefined, (await t.signIn({ homepage: 1, deposits: 1, inventories: 1, emails: 1 })).cookie)).statusCode).toBe(403);
    }
    // the app's link went: for a member who sees only the people, nothing is left of this family
    const users = (await t.signIn({ users: 1 })).cookie;
    const seen = await arrivals(users);
    expect(rowOf(seen, a.stay)).toBeUndefined();
    expect(seen.figures.today).toEqual({ total: 1, left: 0 });
    // with the deposits and inventories flags, its deposit and its inventory are left
    const desk = (await t.signIn({ users: 1, deposits: 1, inventories: 1 })).cookie;
    expect(rowOf(await arrivals(desk), a.stay)).toMatchObject({ deposit: { state: 'to_request' }, inventory: { state: 'todo' }, messages: null, bookings: null });
  });

  it('without the premium plan, deposits, inventories and bookings are not shown, whatever the flags', async () => {
    await nextDay();
    const a = await family({ lastname: 'Jacob', email: null });
    const { DEFAULT_ADMIN, getAdminConfig, setEntry } = await import('../../platform/settings/settings.repository');
    const kept = await getAdminConfig(t.deps.db);
    await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, ...kept, features: 'essentiel' });
    try {
      expect(rowOf(await arrivals(), a.stay)).toMatchObject({ app: { state: 'none' }, deposit: null, inventory: null, bookings: null, messages: 0 });
    } finally {
      await setEntry(t.deps.db, 'admin', kept);
    }
  });
});
