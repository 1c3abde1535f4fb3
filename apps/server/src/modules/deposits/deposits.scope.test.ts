import { describe, expect, it } from 'vitest';
import { DEPOSITS, accommodations, deposits } from '@campsite/shared';
import { deposits as depositTable, jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { DEPOSIT_CONFIG as config, depositStay, setUpDepositWorld } from '../../testing/fixtures/deposits';
import type { TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';

// Issue 32: switching deposits on sent 44 requests and 44 mails within the minute, to guests on site since
// a week; raising the lead time sent 18 more. Now the screen reads how many a save asks at once, staff may
// choose 'from now on only', and an arrived guest is never asked automatically.

const DAY = 86400;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp, sim: Simulator, mail: MailServer, staff: string;
const world = setUpDepositWorld(() => clock, (w) => ({ t, sim, mail, staff } = w));

const newStay = async (arrivalIn: number) => (await world.newStay(arrivalIn)).stay;
const requestOf = world.requestOf;
const asked = async () => (await t.deps.db.select().from(depositTable)).map((r) => r.stayNumber).sort();
const mailJobs = async () => (await t.deps.db.select().from(jobs)).filter((j) => j.kind === 'deposits.mail').length;
const preview = async (q: { activate: boolean; days: number }) => (await t.call(deposits.preview, q, staff)).answer();
const scan = async () => {
  await t.deps.jobs.enqueue('deposits.scan-now', {});
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
};

describe('deposits: what switching on or widening asks at once', () => {
  let onSite: string;
  let today: string;
  let inThree: string;
  let inTen: string;
  let inTwelve: string;
  let inTwenty: string;

  it('counts, before saving, only the guests not yet arrived; saved, asks them and never an arrived one', async () => {
    onSite = await newStay(-6); // on site since six days, leaving tomorrow
    today = await newStay(-0.25); // arriving today (a day is kept at its midnight)
    inThree = await newStay(3);
    inTen = await newStay(10);
    inTwelve = await newStay(12);
    inTwenty = await newStay(20);
    expect(await preview({ activate: false, days: 7 })).toMatchObject({ count: 0 });
    const counted = await preview({ activate: true, days: 7 });
    expect(counted).toEqual({ count: 1, until: clock + 7 * DAY });

    (await t.call(deposits.updateConfig, config, staff)).answer();
    await scan();
    expect(await asked()).toEqual([inThree]);
    expect(requestOf(inThree)).toHaveLength(1);
    expect(requestOf(onSite)).toHaveLength(0);
    expect(requestOf(today)).toHaveLength(0);
    await mail.waitFor(1);
    expect(mail.mails).toHaveLength(1);
    // nothing left to ask with these settings
    expect((await preview({ activate: true, days: 7 })).count).toBe(0);
  });

  it("raising the lead time: says how many; 'from now on only' asks none of them, ever, and asks the bookings made after", async () => {
    expect((await preview({ activate: true, days: 14 })).count).toBe(2);
    (await t.call(deposits.updateConfig, { ...config, secret: '', days: 14, from_now: true }, staff)).answer();
    await scan();
    expect(await asked()).toEqual([inThree]);
    expect(await mailJobs()).toBe(1);
    expect((await preview({ activate: true, days: 14 })).count).toBe(0);

    // a booking made after the choice, arriving within the lead time: asked
    clock += 60;
    const booked = await newStay(11);
    expect((await preview({ activate: true, days: 14 })).count).toBe(1);
    await scan();
    expect(requestOf(booked)).toHaveLength(1);

    // days later, the stays left out are still not asked; the one further than the lead time then is, when due
    clock += 7 * DAY;
    await scan();
    expect(requestOf(inTen)).toHaveLength(0);
    expect(requestOf(inTwelve)).toHaveLength(0);
    expect(requestOf(inTwenty)).toHaveLength(1);
  });

  it('a request held until the guest arrived (Swikly down) is not made: the reason is kept for staff', async () => {
    const soon = await newStay(1);
    sim.outage(1000);
    await scan();
    expect(requestOf(soon)).toHaveLength(0);
    sim.outage(0);
    clock += 2 * DAY;
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(requestOf(soon)).toHaveLength(0);
    const row = (await t.deps.db.select().from(depositTable)).find((r) => r.stayNumber === soon);
    expect(row).toMatchObject({ reference: null, error: DEPOSITS.arrivedBeforeRequest });
  });

  it("a type switched to Oui: its stays due now are counted, and 'from now on only' leaves them out", async () => {
    const tent = (await t.call(accommodations.list, undefined, staff)).answer().find((a) => a.name === 'Tente sans caution')!;
    const pitched = (await depositStay(t.deps, clock, 2, 'Tente Canadienne')).stay;
    const onSite = (await depositStay(t.deps, clock, -2, 'Tente Canadienne')).stay;
    expect((await t.call(deposits.preview, { activate: true, days: 14, type: tent._id }, staff)).answer().count).toBe(1);
    (await t.call(accommodations.updateDeposit, { id: tent._id, deposit: true, from_now: true }, staff)).answer();
    await scan();
    expect(requestOf(pitched)).toHaveLength(0);
    expect(requestOf(onSite)).toHaveLength(0);
    clock += 60;
    const later = (await depositStay(t.deps, clock, 3, 'Tente Canadienne')).stay;
    await scan();
    expect(requestOf(later)).toHaveLength(1);
  });

  it('refuses a lead time of 0 days (nobody could be asked) in French, writing nothing', async () => {
    const before = (await t.call(deposits.config, undefined, staff)).answer();
    expect400(await t.post('webapp/config/deposit/update', { ...config, secret: '', days: 0 }, staff), 'days', 'Le délai doit être un nombre de jours entre 1 et 60');
    expect((await t.call(deposits.config, undefined, staff)).answer()).toEqual(before);
    expect((await t.get('webapp/config/deposit/preview?activate=1&days=7')).statusCode).toBe(401);
    expect((await t.get('webapp/config/deposit/preview?activate=1&days=7', (await t.signIn({ inventories: 1 })).cookie)).statusCode).toBe(403);
  });
});
